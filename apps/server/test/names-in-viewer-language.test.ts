/**
 * Catalog names in the viewer's language beyond the lists: pickers (`GET …/select`) label a row with
 * its name in the request's language (cookie `language`, else Accept-Language), falling back to the
 * default name, and a keyword finds a row by any of its names; the products a release preview says
 * are missing and the machine type on the detail page are named in that language too.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Language } from '@brewfleet/contracts';
import { startFleetTest, type FleetTest } from './helpers/fleet.ts';

const PASSWORD = 'Names-Viewer-Pass-4';
let f: FleetTest;
let token = '';
let storeId = '';
let deviceId = '';
const ids: Record<string, string> = {};

async function ok(method: string, url: string, body?: unknown, lang: Language = 'en', as = token) {
  const res = await f.t.call(method, url, { token: as, body, lang });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const labels = (options: Array<{ label: string }>) => options.map((o) => o.label);

beforeAll(async () => {
  f = await startFleetTest();
  await ok(
    'POST',
    '/api/coffee/merchant',
    { name: 'Formosa', loginAccount: 'formosa', password: f.t.encrypt(PASSWORD) },
    'en',
    f.admin,
  );
  token = await f.t.login('formosa', PASSWORD);
  const store = await ok('POST', '/api/coffee/store', { name: 'Taipei', type: 'pick-up' });
  storeId = store.id;
  deviceId = (await f.register({ merchantId: store.merchantId, storeId })).id;
  ids.beans = (
    await ok('POST', '/api/coffee/material', {
      name: 'Coffee beans',
      names: { zh: '咖啡豆', tw: '咖啡豆' },
      unit: 'g',
    })
  ).id;
  await ok('POST', '/api/coffee/material', { name: 'Water', unit: 'ml' });
  const product = (code: string, name: string, names?: Record<string, string>) =>
    ok('POST', '/api/coffee/product', {
      name,
      names,
      code,
      family: 'coffee',
      price: '3.50',
      recipe: {
        steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40, temperatureC: 93 } }],
      },
      materials: [{ materialId: ids.beans, amount: 18 }],
    });
  ids.latte = (await product('LATTE', 'Latte', { en: 'Latte', zh: '拿铁', tw: '拿鐵' })).id;
  ids.mocha = (await product('MOCHA', 'Mocha', { tw: '摩卡' })).id;
  await ok('POST', '/api/coffee/store-product', { storeId, productId: ids.latte });
}, 30_000);
afterAll(() => f.close());

it('pickers label rows in the request’s language, falling back to the default name', async () => {
  expect(labels(await ok('GET', '/api/coffee/material/select', undefined, 'tw'))).toEqual(
    expect.arrayContaining(['咖啡豆', 'Water']),
  );
  expect(labels(await ok('GET', '/api/coffee/material/select', undefined, 'en'))).toEqual(
    expect.arrayContaining(['Coffee beans', 'Water']),
  );
  // Simplified Chinese has no mocha of its own: the default name.
  expect(labels(await ok('GET', '/api/coffee/product/select', undefined, 'zh')).sort()).toEqual([
    'Mocha',
    '拿铁',
  ]);
  // A store's product is named by its product, in that language, then by its store.
  expect(labels(await ok('GET', '/api/coffee/store-product/select', undefined, 'tw'))).toEqual([
    '拿鐵 · Taipei',
  ]);
  // Without the cookie, Accept-Language decides.
  const res = await f.t.call('GET', '/api/coffee/product/select', {
    token,
    headers: { 'accept-language': 'zh-TW,zh;q=0.9' },
  });
  expect(labels(res.json().data).sort()).toEqual(['拿鐵', '摩卡']);
});

it('a keyword finds a row by any of its names, whatever the request’s language', async () => {
  expect(labels(await ok('GET', '/api/coffee/product/select?keyword=拿鐵', undefined, 'en'))).toEqual([
    'Latte',
  ]);
  expect(labels(await ok('GET', '/api/coffee/product/select?keyword=latte', undefined, 'tw'))).toEqual([
    '拿鐵',
  ]);
  expect(labels(await ok('GET', '/api/coffee/store-product/select?keyword=拿铁', undefined, 'en'))).toEqual([
    'Latte · Taipei',
  ]);
  // Language codes are keys, not names: they match nothing.
  expect(await ok('GET', '/api/coffee/product/select?keyword=tw', undefined, 'en')).toEqual([]);
});

it('a release preview names missing products, and the detail page the machine type, in that language', async () => {
  const release = await ok('POST', '/api/coffee/menu-release', { name: 'Spring', storeId });
  const missing = await ok(
    'GET',
    `/api/coffee/menu-release/missing-products?id=${release.id}`,
    undefined,
    'tw',
  );
  expect(missing.products.map((p: { name: string }) => p.name)).toEqual(['摩卡']);

  const [type] = await f.t.sql(
    `select t.id::text, t.name from device_type t join device_model m on m.device_type_id = t.id
     join device d on d.model_id = m.id where d.id = $1`,
    [deviceId],
  );
  await ok('PUT', '/api/coffee/device-type', { id: type.id, names: { tw: '全自動咖啡機' } }, 'en', f.admin);
  const inTw = await ok('GET', `/api/coffee/device/detail?id=${deviceId}`, undefined, 'tw');
  expect(inTw.typeName).toBe('全自動咖啡機');
  const inZh = await ok('GET', `/api/coffee/device/detail?id=${deviceId}`, undefined, 'zh');
  expect(inZh.typeName).toBe(type.name);
});
