/**
 * The catalog a sub-merchant inherits, through HTTP: its machines sell its parent's products, so its
 * lists show its ancestors' products, materials, options … marked `inherited` with the owner's
 * name; it may use them in its own products and sell them in its stores, and may not change or
 * delete them (403, naming the owner). Another chain still sees nothing of them (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/multipart.ts';

const PASSWORD = 'Inherit-Strong-Pass-7';
type Lang = 'en' | 'zh' | 'tw';
let t: TestApp;
let admin: string;
const alpha = { id: '', token: '', beans: '', size: '', large: '', product: '' };
const north = { id: '', token: '', beans: '' };
const far = { id: '', token: '' };
const bravo = { id: '', token: '' };

async function call(method: string, url: string, body: unknown, token: string, lang: Lang = 'en') {
  return t.call(method as 'POST', url, { token, body, lang });
}
async function ok(method: string, url: string, body: unknown, token: string) {
  const res = await call(method, url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const espresso = (code: string, materialId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Espresso',
  code,
  family: 'coffee',
  price: '2.80',
  recipe: { steps: [{ action: 'brew', channel: 1, params: { powderG: 15, waterMl: 40, temperatureC: 93 } }] },
  materials: [{ materialId, amount: 15 }],
  ...overrides,
});
async function merchant(name: string, login: string, parentId?: string) {
  const m = await ok(
    'POST',
    '/api/coffee/merchant',
    { name, loginAccount: login, password: t.encrypt(PASSWORD), parentId },
    admin,
  );
  return { id: m.id as string, token: await t.login(login, PASSWORD) };
}
const list = async (resource: string, token: string, filters: Record<string, unknown> = {}) =>
  (await ok('POST', `/api/coffee/${resource}/list`, { limit: 500, ...filters }, token)).list as Array<
    Record<string, any>
  >;
const byName = (rows: Array<Record<string, any>>) =>
  Object.fromEntries(rows.map((r) => [r.name, r.inherited ? `from ${r.ownerName}` : 'own']));

beforeAll(async () => {
  t = await startTestApp({ logLevel: process.env.TEST_LOG ?? 'silent' });
  admin = await t.adminToken();
  Object.assign(alpha, await merchant('Alpha Coffee', 'alpha'));
  Object.assign(north, await merchant('Alpha North', 'alpha-north', alpha.id));
  Object.assign(far, await merchant('Alpha Far North', 'alpha-far', north.id));
  Object.assign(bravo, await merchant('Bravo Tea', 'bravo'));
  alpha.beans = (
    await ok('POST', '/api/coffee/material', { name: 'Alpha beans', unit: 'g' }, alpha.token)
  ).id;
  north.beans = (
    await ok('POST', '/api/coffee/material', { name: 'North beans', unit: 'g' }, north.token)
  ).id;
  alpha.size = (await ok('POST', '/api/coffee/option-type', { name: 'Size' }, alpha.token)).id;
  alpha.large = (
    await ok(
      'POST',
      '/api/coffee/option',
      { name: 'Large', optionTypeId: alpha.size, amountFactor: 1.2 },
      alpha.token,
    )
  ).id;
  alpha.product = (await ok('POST', '/api/coffee/product', espresso('ALPHA-1', alpha.beans), alpha.token)).id;
});
afterAll(() => t.close());

describe('a sub-merchant’s lists', () => {
  it('show its ancestors’ rows marked with their owner, its own unmarked; the parent sees no mark', async () => {
    const products = await list('product', north.token);
    expect(products.map((p) => [p.code, p.inherited ?? false, p.ownerName ?? null])).toEqual([
      ['ALPHA-1', true, 'Alpha Coffee'],
    ]);
    expect(byName(await list('material', north.token))).toEqual({
      'Alpha beans': 'from Alpha Coffee',
      'North beans': 'own',
    });
    expect(byName(await list('option-type', north.token))).toEqual({ Size: 'from Alpha Coffee' });
    expect(byName(await list('option', north.token))).toEqual({ Large: 'from Alpha Coffee' });
    // Two levels up: a grandchild inherits from both, each row named by its own owner.
    expect(byName(await list('material', far.token))).toEqual({
      'Alpha beans': 'from Alpha Coffee',
      'North beans': 'from Alpha North',
    });
    // The parent sees its subtree as before: its rows and North's, nothing inherited.
    expect(byName(await list('material', alpha.token))).toEqual({
      'Alpha beans': 'own',
      'North beans': 'own',
    });
    // Another chain sees none of them.
    expect(await list('material', bravo.token)).toEqual([]);
    expect(await list('product', bravo.token)).toEqual([]);
  });

  it('read one inherited row, and offer it in pickers of what a merchant may use', async () => {
    const one = await ok('GET', `/api/coffee/product/${alpha.product}`, undefined, north.token);
    expect([one.code, one.inherited, one.ownerName]).toEqual(['ALPHA-1', true, 'Alpha Coffee']);
    const options = await ok(
      'GET',
      `/api/coffee/material/select?merchantId=${north.id}`,
      undefined,
      north.token,
    );
    expect(options.map((o: { label: string }) => o.label).sort()).toEqual(['Alpha beans', 'North beans']);
    // Filtered by a merchant, a list is what that merchant may use: for the platform too.
    expect(byName(await list('material', admin, { merchantId: north.id }))).toEqual({
      'Alpha beans': 'from Alpha Coffee',
      'North beans': 'own',
    });
    const missing = await call('GET', `/api/coffee/product/${alpha.product}`, undefined, bravo.token);
    expect(missing.statusCode).toBe(404);
  });
});

describe('an inherited row', () => {
  it('cannot be updated or deleted by the sub-merchant (403 naming the owner), and stays as it was', async () => {
    const update = await call(
      'PUT',
      '/api/coffee/product',
      { id: alpha.product, price: '0.10' },
      north.token,
    );
    expect([update.statusCode, update.json().msg]).toEqual([
      403,
      'This record belongs to Alpha Coffee: it can be used, not changed',
    ]);
    const remove = await call('DELETE', '/api/coffee/product', { ids: [alpha.product] }, north.token, 'tw');
    expect([remove.statusCode, remove.json().msg]).toEqual([
      403,
      '該記錄屬於 Alpha Coffee：可以使用，不能修改',
    ]);
    for (const [resource, id] of [
      ['material', alpha.beans],
      ['option-type', alpha.size],
      ['option', alpha.large],
    ]) {
      const renamed = await call('PUT', `/api/coffee/${resource}`, { id, name: 'Mine now' }, north.token);
      expect(renamed.statusCode, resource).toBe(403);
      const deleted = await call('POST', `/api/coffee/${resource}/delete`, { ids: [id] }, far.token);
      expect(deleted.statusCode, resource).toBe(403);
    }
    // Mixed with one of its own, the whole delete is refused.
    const mixed = await call(
      'DELETE',
      '/api/coffee/material',
      { ids: [north.beans, alpha.beans] },
      north.token,
    );
    expect(mixed.statusCode).toBe(403);
    const [row] = await t.sql(`select price::text, name from product where id = $1`, [alpha.product]);
    expect(row).toEqual({ price: '2.80', name: 'Espresso' });
    expect((await t.sql(`select name from material where id = $1`, [alpha.beans]))[0].name).toBe(
      'Alpha beans',
    );
    expect((await t.sql(`select count(*)::int as n from material where id = $1`, [north.beans]))[0].n).toBe(
      1,
    );
    // Another chain still gets a 404, as for any row it does not see.
    const foreign = await call('PUT', '/api/coffee/material', { id: alpha.beans, name: 'x' }, bravo.token);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('a sub-merchant’s own products', () => {
  it('may use its parent’s materials, specifications and options, and its stores sell the parent’s products', async () => {
    const mine = await ok(
      'POST',
      '/api/coffee/product',
      espresso('NORTH-1', alpha.beans, {
        optionTypeIds: [alpha.size],
        recipeCombos: [{ optionIds: [alpha.large], amountFactor: 1.2 }],
      }),
      north.token,
    );
    expect([mine.merchantId, mine.materials]).toEqual([north.id, [{ materialId: alpha.beans, amount: 15 }]]);
    // Edited later, still with the parent's beans.
    await ok('PUT', '/api/coffee/product', { id: mine.id, name: 'North espresso' }, north.token);
    expect(byName(await list('product', north.token))).toEqual({
      Espresso: 'from Alpha Coffee',
      'North espresso': 'own',
    });
    // The parent's product on a store of North.
    const store = await ok('POST', '/api/coffee/store', { name: 'North Pier', type: 'pick-up' }, north.token);
    const sale = await ok(
      'POST',
      '/api/coffee/store-product',
      { storeId: store.id, productId: alpha.product },
      north.token,
    );
    expect(sale.productId).toBe(alpha.product);
    // Another chain's material is still refused.
    const bravoBeans = await ok(
      'POST',
      '/api/coffee/material',
      { name: 'Bravo beans', unit: 'g' },
      bravo.token,
    );
    const stray = await call('POST', '/api/coffee/product', espresso('NORTH-2', bravoBeans.id), north.token);
    expect(stray.statusCode).toBe(400);
  });
});

describe('the pictures of inherited products', () => {
  const upload = (token: string, content: Buffer, name: string, type: string) =>
    uploadFile(t.app, token, content, name, type);
  const fetched = async (id: string, token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/coffee/upload/${id}`, headers: { token } })).statusCode;

  it('show to the sub-merchants below, not to another chain; other uploads stay the parent’s', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#6f4e37' } })
      .png()
      .toBuffer();
    const image = await upload(alpha.token, png, 'espresso.png', 'image/png');
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(1024)]);
    const video = await upload(alpha.token, mp4, 'advert.mp4', 'video/mp4');
    expect(await fetched(image, alpha.token)).toBe(200);
    expect(await fetched(image, north.token)).toBe(200);
    expect(await fetched(image, far.token)).toBe(200);
    expect(await fetched(image, bravo.token)).toBe(404);
    expect(await fetched(video, north.token)).toBe(404);
    // Nothing flows upwards: the parent does see its subtree's images, another chain never.
    const own = await upload(north.token, png, 'north.png', 'image/png');
    expect(await fetched(own, alpha.token)).toBe(200);
    expect(await fetched(own, bravo.token)).toBe(404);
  });
});
