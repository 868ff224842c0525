/**
 * A new product is on a store's menu only once the store sells it: the release preview asks which
 * of the merchant's products (its own and those it inherits) the store's machines could make but
 * the store does not sell, and adds them to the store's products — a draft is then built again.
 * Through HTTP, as the sub-merchant of a chain, whose machines sell its parent's products.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFleetTest, type FleetTest } from './helpers/fleet.ts';

const PASSWORD = 'Missing-Strong-Pass-5';
let f: FleetTest;
const parent = { id: '', token: '' };
const north = { id: '', token: '', storeId: '' };
const products: Record<string, string> = {};

async function call(method: string, url: string, body: unknown, token: string) {
  return f.t.call(method as 'POST', url, { token, body, lang: 'en' });
}
async function ok(method: string, url: string, body: unknown, token: string) {
  const res = await call(method, url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const codes = (release: { content: { products: Array<{ code: string }> } }) =>
  release.content.products.map((p) => p.code);

async function product(token: string, code: string, beans: string, overrides: Record<string, unknown> = {}) {
  const p = await ok(
    'POST',
    '/api/coffee/product',
    {
      name: code,
      code,
      family: 'coffee',
      price: '3.00',
      recipe: {
        steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40, temperatureC: 93 } }],
      },
      materials: [{ materialId: beans, amount: 18 }],
      ...overrides,
    },
    token,
  );
  products[code] = p.id;
}

beforeAll(async () => {
  f = await startFleetTest();
  const merchant = async (name: string, login: string, parentId?: string) => {
    const m = await ok(
      'POST',
      '/api/coffee/merchant',
      { name, loginAccount: login, password: f.t.encrypt(PASSWORD), parentId },
      f.admin,
    );
    return { id: m.id as string, token: await f.t.login(login, PASSWORD) };
  };
  Object.assign(parent, await merchant('Formosa', 'formosa'));
  Object.assign(north, await merchant('Formosa North', 'formosa-north', parent.id));
  north.storeId = (
    await ok('POST', '/api/coffee/store', { name: 'Keelung', type: 'pick-up' }, north.token)
  ).id;
  await f.register({ merchantId: north.id, storeId: north.storeId });
  const beans = (await ok('POST', '/api/coffee/material', { name: 'Beans', unit: 'g' }, parent.token)).id;
  await product(parent.token, 'LATTE', beans);
  await product(parent.token, 'AMERICANO', beans);
  // Not for the menu: hidden, not orderable, another family's.
  await product(parent.token, 'HIDDEN', beans, { listed: false });
  await product(parent.token, 'ASKED', beans, { orderable: false });
  await product(parent.token, 'FROTH', beans, {
    family: 'milk-frother',
    recipe: { steps: [{ action: 'froth', params: { milkMl: 200, foamS: 10, temperatureC: 60 } }] },
  });
  // North's own new product, and the store sells only the latte so far.
  await product(north.token, 'NORTH-MOCHA', beans);
  await ok(
    'POST',
    '/api/coffee/store-product',
    { storeId: north.storeId, productId: products.LATTE },
    north.token,
  );
}, 30_000);
afterAll(() => f.close());

it('names the products the store’s machines could sell but the store does not, and adds them to a draft', async () => {
  const release = await ok(
    'POST',
    '/api/coffee/menu-release',
    { name: 'Spring', storeId: north.storeId },
    north.token,
  );
  expect(codes(release)).toEqual(['LATTE']);
  const missing = await ok(
    'GET',
    `/api/coffee/menu-release/missing-products?id=${release.id}`,
    undefined,
    north.token,
  );
  expect(missing.products.map((p: { code: string }) => p.code).sort()).toEqual(['AMERICANO', 'NORTH-MOCHA']);

  const added = await ok(
    'POST',
    '/api/coffee/menu-release/add-missing-products',
    { id: release.id },
    north.token,
  );
  expect(added).toEqual({ added: 2, rebuilt: true });
  const sold = await ok('POST', '/api/coffee/store-product/list', { storeId: north.storeId }, north.token);
  expect(sold.list.map((s: { productId: string }) => s.productId).sort()).toEqual(
    [products.LATTE, products.AMERICANO, products['NORTH-MOCHA']].sort(),
  );
  const again = await ok('GET', `/api/coffee/menu-release/${release.id}`, undefined, north.token);
  expect(codes(again).sort()).toEqual(['AMERICANO', 'LATTE', 'NORTH-MOCHA']);
  expect(again.version).toBe(release.version);
  expect(
    (await ok('GET', `/api/coffee/menu-release/missing-products?id=${release.id}`, undefined, north.token))
      .products,
  ).toEqual([]);
});

it('leaves a pushed release as it was sent, and answers 404 for another merchant’s release', async () => {
  await product(
    north.token,
    'NORTH-NEW',
    (await ok('POST', '/api/coffee/material', { name: 'B2', unit: 'g' }, north.token)).id,
  );
  const release = await ok(
    'POST',
    '/api/coffee/menu-release',
    { name: 'Summer', storeId: north.storeId },
    north.token,
  );
  await ok('POST', '/api/coffee/menu-release/push', { id: release.id }, north.token);
  const added = await ok(
    'POST',
    '/api/coffee/menu-release/add-missing-products',
    { id: release.id },
    north.token,
  );
  expect(added).toEqual({ added: 1, rebuilt: false });
  const same = await ok('GET', `/api/coffee/menu-release/${release.id}`, undefined, north.token);
  expect(codes(same)).toEqual(codes(release));

  const other = await ok(
    'POST',
    '/api/coffee/merchant',
    { name: 'Harbour', loginAccount: 'harbour', password: f.t.encrypt(PASSWORD) },
    f.admin,
  );
  const harbour = await f.t.login('harbour', PASSWORD);
  expect(other.id).toBeTruthy();
  const foreign = await call(
    'GET',
    `/api/coffee/menu-release/missing-products?id=${release.id}`,
    undefined,
    harbour,
  );
  expect(foreign.statusCode).toBe(404);
  const write = await call(
    'POST',
    '/api/coffee/menu-release/add-missing-products',
    { id: release.id },
    harbour,
  );
  expect(write.statusCode).toBe(404);
});
