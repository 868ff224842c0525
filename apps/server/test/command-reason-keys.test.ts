/**
 * Why the server ended a command is stored as a key and its parameters beside the English reason
 * (migration 0022), so the console words it in the reader's language: a command past its expiry,
 * a menu command replaced by a newer menu. The command list, the live stream's source rows and a
 * release's progress carry them. (A command too large for its machine: protocol-answers.test.ts.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFleetTest, type FleetTest } from './helpers/fleet.ts';

const PASSWORD = 'Reason-Strong-Pass-2';
let f: FleetTest;
let token = '';
let storeId = '';
let deviceId = '';

async function ok(method: string, url: string, body?: unknown, as = token) {
  const res = await f.t.call(method, url, { token: as, body, lang: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const commandRow = async (id: string) =>
  (await ok('POST', '/api/coffee/device-command/list', { deviceId, limit: 100 })).list.find(
    (c: { id: string }) => c.id === id,
  );

beforeAll(async () => {
  f = await startFleetTest();
  await ok(
    'POST',
    '/api/coffee/merchant',
    { name: 'Formosa', loginAccount: 'formosa', password: f.t.encrypt(PASSWORD) },
    f.admin,
  );
  token = await f.t.login('formosa', PASSWORD);
  const store = await ok('POST', '/api/coffee/store', { name: 'Taipei', type: 'pick-up' });
  storeId = store.id;
  // Never connected: its commands wait, and end as the server decides.
  deviceId = (await f.register({ merchantId: store.merchantId, storeId })).id;
  const beans = await ok('POST', '/api/coffee/material', { name: 'Beans', unit: 'g' });
  const latte = await ok('POST', '/api/coffee/product', {
    name: 'Latte',
    code: 'LATTE',
    family: 'coffee',
    price: '3.50',
    recipe: {
      steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40, temperatureC: 93 } }],
    },
    materials: [{ materialId: beans.id, amount: 18 }],
  });
  await ok('POST', '/api/coffee/store-product', { storeId, productId: latte.id });
}, 30_000);
afterAll(() => f.close());

it('a command past its expiry ends expired, with the key `expired`', async () => {
  const [lock] = (await ok('POST', '/api/coffee/device/lock', { ids: [deviceId] }, f.admin)).commands;
  expect(await commandRow(lock.id)).toMatchObject({ state: 'queued', reason: null, reasonKey: null });
  await f.t.sql(`update device_command set expires_at = now() - interval '1 second' where id = $1`, [
    lock.id,
  ]);
  await f.fleet.delivery.runOnce();
  expect(await commandRow(lock.id)).toMatchObject({
    state: 'expired',
    reason: 'expired',
    reasonKey: 'expired',
    reasonParams: null,
  });
});

it('a menu command replaced by a newer menu says so, in the list and in the release’s progress', async () => {
  const first = await ok('POST', '/api/coffee/menu-release', { name: 'Spring', storeId });
  await ok('POST', '/api/coffee/menu-release/push', { id: first.id });
  const second = await ok('POST', '/api/coffee/menu-release', { name: 'Summer', storeId });
  await ok('POST', '/api/coffee/menu-release/push', { id: second.id });
  const progress = await ok('GET', `/api/coffee/menu-release/progress?id=${first.id}`);
  expect(progress.machines).toEqual([
    expect.objectContaining({
      state: 'expired',
      reason: 'superseded by a newer menu',
      reasonKey: 'supersededByMenu',
      reasonParams: null,
    }),
  ]);
  expect(await commandRow(progress.machines[0].commandId)).toMatchObject({
    reasonKey: 'supersededByMenu',
  });
  // The newer one is still under way, with no reason.
  const now = await ok('GET', `/api/coffee/menu-release/progress?id=${second.id}`);
  expect(now.machines[0]).toMatchObject({ state: 'queued', reason: null, reasonKey: null });
});
