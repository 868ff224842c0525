/**
 * Uploads follow the row they are saved on: uploads are tenant rows, so an image the platform (or a
 * superior merchant) uploaded and saved on another tenant's store, merchant or product becomes that
 * row's merchant's and store's — its users load it. An upload of another tenant is still refused as
 * a reference, and stays its owner's.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STORE_STAFF_MENUS } from '@brewfleet/contracts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipartFile } from './helpers/multipart.ts';

const PASSWORD = 'Follow-Strong-Pass-3';
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

async function ok(method: string, url: string, body: unknown, token: string) {
  const res = await t.call(method, url, { token, body, lang: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function upload(token: string) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2b6cb0' } })
    .png()
    .toBuffer();
  const { payload, contentType } = multipartFile(png, 'photo.png', 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/coffee/upload',
    headers: { token, 'content-type': contentType },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}
/** Whether `token`'s user may load the upload. */
const loads = async (id: string, token: string) =>
  (await t.call('GET', `/api/coffee/upload/${id}`, { token })).statusCode;

beforeAll(async () => {
  t = await startTestApp({ logLevel: process.env.TEST_LOG ?? 'silent' });
  tokens.admin = await t.adminToken();
  const merchant = async (name: string, login: string, parentId?: string) => {
    const m = await ok(
      'POST',
      '/api/coffee/merchant',
      { name, loginAccount: login, password: t.encrypt(PASSWORD), parentId },
      tokens.admin,
    );
    tokens[login] = await t.login(login, PASSWORD);
    return m.id as string;
  };
  ids.lantern = await merchant('Lantern Coffee', 'lantern');
  ids.east = await merchant('Lantern East', 'lantern-east', ids.lantern);
  ids.bravo = await merchant('Bravo Tea', 'bravo');
  ids.store = (
    await ok('POST', '/api/coffee/store', { name: 'Dock', type: 'pick-up' }, tokens['lantern-east'])
  ).id;
  const role = await ok(
    'POST',
    '/api/coffee/role',
    { roleName: 'store-staff', roleTitle: 'Store staff', menuIdList: [...STORE_STAFF_MENUS] },
    tokens['lantern-east'],
  );
  await ok(
    'POST',
    '/api/coffee/account',
    {
      account: 'dock-staff',
      name: 'Dock staff',
      password: t.encrypt(PASSWORD),
      storeId: ids.store,
      roleIds: [role.id],
    },
    tokens['lantern-east'],
  );
  tokens.staff = await t.login('dock-staff', PASSWORD);
}, 30_000);
afterAll(() => t.close());

it('a store photo the platform saves on a merchant’s store is the store’s: its merchant and staff load it', async () => {
  const photo = await upload(tokens.admin);
  expect(await loads(photo, tokens['lantern-east'])).toBe(404);
  await ok('PUT', '/api/coffee/store', { id: ids.store, photo }, tokens.admin);
  expect(await loads(photo, tokens['lantern-east'])).toBe(200);
  expect(await loads(photo, tokens.staff)).toBe(200);
  // The superior merchant still sees its sub-merchant's rows; another chain does not.
  expect(await loads(photo, tokens.lantern)).toBe(200);
  expect(await loads(photo, tokens.bravo)).toBe(404);
  const [row] = await t.sql(`select merchant_id::text, store_id::text from upload where id = $1`, [photo]);
  expect(row).toEqual({ merchant_id: ids.east, store_id: ids.store });

  // On create too: a store the platform opens for the merchant, with its photo.
  const second = await upload(tokens.admin);
  const store = await ok(
    'POST',
    '/api/coffee/store',
    { name: 'Pier', type: 'pick-up', merchantId: ids.east, photo: second },
    tokens.admin,
  );
  expect(store.merchantId).toBe(ids.east);
  expect(await loads(second, tokens['lantern-east'])).toBe(200);
});

it('a superior merchant’s images on its sub-merchant’s product and logo are the sub-merchant’s', async () => {
  const [front, back, logo] = [
    await upload(tokens.lantern),
    await upload(tokens.lantern),
    await upload(tokens.lantern),
  ];
  const beans = await ok(
    'POST',
    '/api/coffee/material',
    { name: 'Beans', unit: 'g', merchantId: ids.east },
    tokens.lantern,
  );
  await ok(
    'POST',
    '/api/coffee/product',
    {
      name: 'Latte',
      code: 'LATTE',
      family: 'coffee',
      price: '3.50',
      merchantId: ids.east,
      images: [front, back],
      recipe: {
        steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40, temperatureC: 93 } }],
      },
      materials: [{ materialId: beans.id, amount: 18 }],
    },
    tokens.lantern,
  );
  expect(await loads(front, tokens['lantern-east'])).toBe(200);
  expect(await loads(back, tokens['lantern-east'])).toBe(200);
  // The merchant logo, which had a special case of its own before.
  await ok('PUT', '/api/coffee/merchant', { id: ids.east, logo }, tokens.lantern);
  expect(await loads(logo, tokens['lantern-east'])).toBe(200);
});

it('another tenant’s upload cannot be taken by naming it: refused, and it stays its owner’s', async () => {
  const theirs = await upload(tokens.bravo);
  const res = await t.call('PUT', '/api/coffee/store', {
    token: tokens['lantern-east'],
    body: { id: ids.store, photo: theirs },
    lang: 'en',
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors[0].field).toBe('photo');
  expect(await loads(theirs, tokens['lantern-east'])).toBe(404);
  expect(await loads(theirs, tokens.bravo)).toBe(200);
  const [row] = await t.sql(`select merchant_id::text from upload where id = $1`, [theirs]);
  expect(row.merchant_id).toBe(ids.bravo);
});
