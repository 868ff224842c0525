/**
 * Menu distribution end to end on the embedded broker: a store's menu built from what it sells,
 * pushed to its machines (simulated, checking recipes against their own ranges), acknowledged or
 * rejected with reasons, received by a machine that was offline, pushed again, rolled back; and a
 * product of one merchant never reaches another merchant's machine.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SimulatedMachine } from '@brewfleet/simulator';
import { startFleetTest, waitFor, type FleetTest } from './helpers/fleet.ts';

const PASSWORD = 'Menus-Strong-Pass-4';
let f: FleetTest;
let alpha: string;
let storeId: string;
const machines: SimulatedMachine[] = [];
const registered: Array<{ id: string; serialNumber: string; secret: string }> = [];

async function ok(method: string, url: string, body: unknown, token = alpha) {
  const res = await f.t.call(method as 'POST', url, { token, body, lang: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const recipe = (temperatureC: number, water = 40) => ({
  steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: water, temperatureC } }],
});
async function run(m: { serialNumber: string; secret: string }) {
  const machine = new SimulatedMachine({
    url: f.url,
    serialNumber: m.serialNumber,
    secret: m.secret,
    family: 'coffee',
    cupsPerMinute: 0,
  });
  await machine.start();
  machines.push(machine);
  return machine;
}
const device = async (id: string) => (await f.t.sql(`select * from device where id = $1`, [id]))[0];
const progress = (id: string) => ok('GET', `/api/coffee/menu-release/progress?id=${id}`, undefined);

beforeAll(async () => {
  f = await startFleetTest();
  const m = await ok(
    'POST',
    '/api/coffee/merchant',
    { name: 'Alpha', loginAccount: 'alpha', password: f.t.encrypt(PASSWORD) },
    f.admin,
  );
  alpha = await f.t.login('alpha', PASSWORD);
  storeId = (await ok('POST', '/api/coffee/store', { name: 'Alpha Quay', type: 'pick-up' })).id;
  for (let i = 0; i < 3; i++) registered.push(await f.register({ merchantId: m.id, storeId }));
  const espresso = await ok('POST', '/api/coffee/product', {
    name: 'Espresso',
    code: 'ESP',
    kind: 'drink',
    family: 'coffee',
    price: '2.80',
    recipe: recipe(93),
  });
  const lungo = await ok('POST', '/api/coffee/product', {
    name: 'Lungo',
    code: 'LUN',
    kind: 'drink',
    family: 'coffee',
    price: '3.20',
    recipe: recipe(92, 110),
  });
  await ok('POST', '/api/coffee/store-product', { storeId, productId: espresso.id, price: '2.60' });
  await ok('POST', '/api/coffee/store-product', { storeId, productId: lungo.id });
  // One machine sells the lungo dearer.
  await ok('POST', '/api/coffee/machine-product', {
    deviceId: registered[0].id,
    productId: lungo.id,
    price: '3.90',
  });
}, 30_000);
afterAll(async () => {
  await Promise.all(machines.map((m) => m.stop()));
  await f.close();
});

let first: string;
it('pushes a store’s menu; machines that are online take it, one that is offline gets it when it returns', async () => {
  await run(registered[0]);
  await run(registered[1]);
  const release = await ok('POST', '/api/coffee/menu-release', { name: 'Autumn menu', storeId });
  first = release.id;
  expect(release).toMatchObject({ state: 'draft', targets: 3 });
  expect(release.content.products.map((p: any) => [p.code, p.price])).toEqual([
    ['ESP', '2.60'],
    ['LUN', '3.20'],
  ]);
  const pushed = await ok('POST', '/api/coffee/menu-release/push', { id: release.id });
  expect(pushed).toMatchObject({ version: release.version, queued: 3, skipped: [] });
  await waitFor(async () => (await progress(release.id)).succeeded === 2, 10_000, 'two machines took it');
  const now = await progress(release.id);
  expect(now.state).toBe('pushing');
  expect(now.machines.find((m: any) => m.deviceId === registered[2].id)).toMatchObject({
    state: 'queued',
    online: false,
  });
  expect((await device(registered[0].id)).menu_status).toBe('updated');
  expect((await device(registered[2].id)).menu_status).toBe('not-updated');
  // The machine's own price, and cups only of menu products.
  expect(machines[0].menu!.products.map((p) => [p.code, p.price])).toEqual([
    ['ESP', '2.60'],
    ['LUN', '3.90'],
  ]);
  for (let i = 0; i < 5; i++) machines[0].makeCup();
  await run(registered[2]);
  await waitFor(
    async () => (await progress(release.id)).state === 'done',
    10_000,
    'the third took it on return',
  );
  expect((await device(registered[2].id)).menu_version).toBe(release.version);
  await waitFor(
    async () =>
      (
        await f.t.sql(`select count(*)::int as n from production_record where device_id = $1`, [
          registered[0].id,
        ])
      )[0].n >= 1,
    5000,
    'cups written',
  );
  const codes = await f.t.sql(`select distinct product_code from production_record where device_id = $1`, [
    registered[0].id,
  ]);
  for (const { product_code } of codes) expect(['ESP', 'LUN']).toContain(product_code);
});

it('a machine rejects a recipe its hardware cannot make, with reasons; roll back restores the earlier menu', async () => {
  // The platform widened the range beyond what these machines do.
  await f.t.sql(`update product_parameter set max = 99 where family = 'coffee' and key = 'temperatureC'`);
  await ok('POST', '/api/coffee/product', {
    name: 'Scald',
    code: 'HOT',
    kind: 'drink',
    family: 'coffee',
    price: '3.00',
    recipe: recipe(98),
  });
  const [hot] = (await ok('POST', '/api/coffee/product/list', { code: 'HOT' })).list;
  await ok('POST', '/api/coffee/store-product', { storeId, productId: hot.id });
  const release = await ok('POST', '/api/coffee/menu-release', { name: 'Winter menu', storeId });
  await ok('POST', '/api/coffee/menu-release/push', { id: release.id });
  await waitFor(async () => (await progress(release.id)).state === 'partial', 10_000, 'all rejected');
  const rejected = (await progress(release.id)).machines[0];
  expect(rejected.state).toBe('failed');
  expect(rejected.details).toEqual([
    { productCode: 'HOT', message: 'Step 1: temperatureC 98 is outside 80–96 °C' },
  ]);
  expect((await device(registered[0].id)).menu_status).toBe('not-updated');
  // Pushing again to the machines that failed fails again: the recipe is the problem.
  await ok('POST', '/api/coffee/menu-release/push', { id: release.id, deviceIds: [registered[0].id] });
  await waitFor(
    async () => (await progress(release.id)).machines.every((m: any) => m.state === 'failed'),
    10_000,
    'again',
  );
  const rollback = await ok('POST', '/api/coffee/menu-release/rollback', { id: first });
  expect(rollback.version).not.toBe(release.version);
  await waitFor(async () => (await progress(rollback.id)).state === 'done', 10_000, 'rolled back');
  for (const m of registered) expect((await device(m.id)).menu_status).toBe('updated');
  expect(machines.every((m) => m.menu!.version === rollback.version)).toBe(true);
});

it('never puts one merchant’s product on another merchant’s machine', async () => {
  const other = await ok(
    'POST',
    '/api/coffee/merchant',
    { name: 'Bravo', loginAccount: 'bravo', password: f.t.encrypt(PASSWORD) },
    f.admin,
  );
  const theirs = await f.register({ merchantId: other.id });
  const [esp] = (await ok('POST', '/api/coffee/product/list', { code: 'ESP' })).list;
  // Alpha cannot even address Bravo's machine.
  const refused = await f.t.call('POST', '/api/coffee/menu-release', {
    token: alpha,
    body: { name: 'x', deviceIds: [theirs.id] },
  });
  expect(refused.statusCode).toBe(400);
  // The platform can build such a release, but the push leaves Bravo's machine out.
  const release = await ok(
    'POST',
    '/api/coffee/menu-release',
    { name: 'Mixed', deviceIds: [theirs.id, registered[0].id], productIds: [esp.id], merchantId: other.id },
    f.admin,
  );
  const pushed = await ok('POST', '/api/coffee/menu-release/push', { id: release.id }, f.admin);
  expect(pushed.skipped.map((s: any) => s.deviceId)).toEqual([theirs.id]);
  const commands = await f.t.sql(`select count(*)::int as n from device_command where device_id = $1`, [
    theirs.id,
  ]);
  expect(commands[0].n).toBe(0);
});
