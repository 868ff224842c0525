/**
 * The operation log's export reads as its screen does: each action as a sentence in the request's
 * language ('Signed in', '修改門市'), not as the key the log stores (`auth.login`, `store.update`).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Language } from '@brewfleet/contracts';
import { RESOURCE_TEXTS } from '@brewfleet/contracts/i18n/resource-texts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin = '';

/** The export's action column, oldest first, as CSV in `lang`. */
async function exportedActions(lang: Language): Promise<string[]> {
  const res = await t.call('POST', '/api/coffee/operation-log/export', {
    token: admin,
    body: { format: 'csv', sort: 'createdAt' },
    lang,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...lines] = res.body.replace('\uFEFF', '').trim().split('\r\n');
  // Headed as the screen heads the column, in the same language.
  const at = header.split(',').indexOf(RESOURCE_TEXTS['operation-log'].fields.action[lang]);
  expect(at).toBeGreaterThanOrEqual(0);
  // Quoted cells (a path with a comma) are not among these actions.
  return lines.map((line) => line.split(',')[at]);
}

beforeAll(async () => {
  t = await startTestApp({ logLevel: process.env.TEST_LOG ?? 'silent' });
  admin = await t.adminToken();
  const merchant = await t.call('POST', '/api/coffee/merchant', {
    token: admin,
    body: { name: 'Lantern', loginAccount: 'lantern', password: t.encrypt('Log-Export-Pass-9') },
  });
  expect(merchant.statusCode, merchant.body).toBe(200);
  const store = await t.call('POST', '/api/coffee/store', {
    token: admin,
    body: { name: 'Dock', type: 'pick-up', merchantId: merchant.json().data.id },
  });
  expect(store.statusCode, store.body).toBe(200);
  await t.call('PUT', '/api/coffee/store', {
    token: admin,
    body: { id: store.json().data.id, name: 'Pier' },
  });
}, 30_000);
afterAll(() => t.close());

it('writes each action as the sentence the System log shows, in the request’s language', async () => {
  const inEnglish = await exportedActions('en');
  expect(inEnglish).toEqual(
    expect.arrayContaining(['Signed in', 'Created a record in Stores', 'Edited a record in Stores']),
  );
  expect(inEnglish).not.toContain('auth.login');
  expect(inEnglish).not.toContain('store.update');

  const inTraditional = await exportedActions('tw');
  expect(inTraditional).toEqual(expect.arrayContaining(['登入', '新增門市', '修改門市']));
  const inSimplified = await exportedActions('zh');
  expect(inSimplified).toEqual(expect.arrayContaining(['登录', '新增门店', '修改门店']));
});
