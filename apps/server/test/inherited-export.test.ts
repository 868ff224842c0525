/**
 * An export holds exactly what the list shows: a sub-merchant's catalog lists carry its ancestors'
 * rows (crud/inherited.ts), so its export does too, each inherited row naming its owner in the
 * column `owner` (empty for the caller's own rows). As the regional sub-merchant of a chain, like
 * the demo's formosa-north; another chain's rows stay out.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const PASSWORD = 'Export-Strong-Pass-6';
let t: TestApp;
let admin = '';
const formosa = { id: '', token: '' };
const north = { id: '', token: '' };
const harbour = { id: '', token: '' };

async function ok(method: string, url: string, body: unknown, token: string) {
  const res = await t.call(method, url, { token, body, lang: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function merchant(name: string, login: string, parentId?: string) {
  const m = await ok(
    'POST',
    '/api/coffee/merchant',
    { name, loginAccount: login, password: t.encrypt(PASSWORD), parentId },
    admin,
  );
  return { id: m.id as string, token: await t.login(login, PASSWORD) };
}
/**
 * The exported CSV (in English) as rows of { column: cell }, the columns named by their field keys
 * again (no cell here holds a comma or a quote).
 */
async function exported(resource: string, token: string, filters: Record<string, unknown> = {}) {
  const res = await t.call('POST', `/api/coffee/${resource}/export`, {
    token,
    body: { format: 'csv', ...filters },
    lang: 'en',
  });
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...lines] = res.body.replace('\uFEFF', '').trim().split('\r\n');
  const keys: Record<string, string> = { ID: 'id', Owner: 'owner', 'Material name': 'name' };
  const columns = header.split(',').map((label) => keys[label] ?? label);
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell])));
}
const listed = async (resource: string, token: string, filters: Record<string, unknown> = {}) =>
  (await ok('POST', `/api/coffee/${resource}/list`, { limit: 500, ...filters }, token)).list as Array<
    Record<string, any>
  >;

beforeAll(async () => {
  t = await startTestApp({ logLevel: process.env.TEST_LOG ?? 'silent' });
  admin = await t.adminToken();
  Object.assign(formosa, await merchant('Formosa Brew Co', 'formosa'));
  Object.assign(north, await merchant('Formosa Brew North', 'formosa-north', formosa.id));
  Object.assign(harbour, await merchant('Harbour Tea House', 'harbour-tea'));
  await ok('POST', '/api/coffee/material', { name: 'Formosa beans', unit: 'g' }, formosa.token);
  await ok('POST', '/api/coffee/material', { name: 'Formosa milk', unit: 'ml' }, formosa.token);
  await ok('POST', '/api/coffee/material', { name: 'North syrup', unit: 'ml' }, north.token);
  await ok('POST', '/api/coffee/material', { name: 'Harbour leaves', unit: 'g' }, harbour.token);
}, 30_000);
afterAll(() => t.close());

it('a sub-merchant exports what its list shows, inherited rows naming their owner', async () => {
  const rows = await exported('material', north.token, { sort: 'name' });
  expect(rows.map((r) => [r.name, r.owner])).toEqual([
    ['Formosa beans', 'Formosa Brew Co'],
    ['Formosa milk', 'Formosa Brew Co'],
    ['North syrup', ''],
  ]);
  // The same rows as the list, which marks the same ones inherited.
  const list = await listed('material', north.token, { sort: 'name' });
  expect(rows.map((r) => r.id)).toEqual(list.map((r) => r.id));
  expect(list.map((r) => r.ownerName ?? '')).toEqual(rows.map((r) => r.owner));
});

it('filters as the list does: a name, and a merchant meaning what that merchant may use', async () => {
  expect((await exported('material', north.token, { name: 'milk' })).map((r) => r.name)).toEqual([
    'Formosa milk',
  ]);
  const forNorth = await exported('material', formosa.token, { merchantId: north.id, sort: 'name' });
  expect(forNorth.map((r) => r.name)).toEqual(['Formosa beans', 'Formosa milk', 'North syrup']);
  expect(forNorth.map((r) => r.id)).toEqual(
    (await listed('material', formosa.token, { merchantId: north.id, sort: 'name' })).map((r) => r.id),
  );
});

it('the parent’s own rows have no owner, and another chain exports nothing of the chain’s', async () => {
  const parent = await exported('material', formosa.token, { sort: 'name' });
  expect(parent.map((r) => [r.name, r.owner])).toEqual([
    ['Formosa beans', ''],
    ['Formosa milk', ''],
    ['North syrup', ''],
  ]);
  expect((await exported('material', harbour.token)).map((r) => r.name)).toEqual(['Harbour leaves']);
});
