/**
 * Menu distribution end to end on the embedded broker: a store's menu built from what it sells,
 * pushed to its machines (simulated, checking recipes against their own ranges), acknowledged or
 * rejected with reasons, received by a machine that was offline, pushed again, rolled back; and a
 * product of one merchant never reaches another merchant's machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SimulatedMachine } from '@brewfleet/simulator';
import { quietMachine, startFleetTest, waitFor, type FleetTest } from './helpers/fleet.ts';

const PASSWORD = 'Menus-Strong-Pass-4';
let f: FleetTest;
let alpha: string;
let storeId: string;
let alphaId: string;
/** Alpha's beans: a drink uses materials. */
let materials: Array<{ materialId: string; amount: number }>;
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
async function run(m: { serialNumber: string; secret: string }, stateDir?: string) {
  const machine = quietMachine(f.url, m, { stateDir });
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
  alphaId = m.id;
  alpha = await f.t.login('alpha', PASSWORD);
  storeId = (await ok('POST', '/api/coffee/store', { name: 'Alpha Quay', type: 'pick-up' })).id;
  for (let i = 0; i < 3; i++) registered.push(await f.register({ merchantId: m.id, storeId }));
  const beans = await ok('POST', '/api/coffee/material', { name: 'Beans', unit: 'g' });
  materials = [{ materialId: beans.id, amount: 18 }];
  const espresso = await ok('POST', '/api/coffee/product', {
    name: 'Espresso',
    code: 'ESP',
    kind: 'drink',
    family: 'coffee',
    price: '2.80',
    recipe: recipe(93),
    materials,
  });
  const lungo = await ok('POST', '/api/coffee/product', {
    name: 'Lungo',
    code: 'LUN',
    kind: 'drink',
    family: 'coffee',
    price: '3.20',
    recipe: recipe(92, 110),
    materials,
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
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'menus-test-'));
afterAll(async () => {
  await Promise.all(machines.map((m) => m.stop()));
  await f.close();
  fs.rmSync(stateDir, { recursive: true, force: true });
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
    materials,
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

it('freezes recipe combinations, options, orderable and snacks into the release and the machine’s menu', async () => {
  const size = await ok('POST', '/api/coffee/option-type', { name: 'Size' });
  const large = await ok('POST', '/api/coffee/option', {
    name: 'Large',
    optionTypeId: size.id,
    amountFactor: 1.4,
    priceChange: '0.60',
  });
  const cookie = await ok('POST', '/api/coffee/snack', { name: 'Cookie', price: '1.20' });
  const flat = await ok('POST', '/api/coffee/product', {
    name: 'Flat white',
    code: 'FLAT',
    kind: 'drink',
    family: 'coffee',
    price: '3.50',
    recipe: recipe(92, 60),
    materials,
    optionTypeIds: [size.id],
    // 18 g of powder × 1.3 stays within the grinder's 25 g (× 1.5 would not: catalog-rules.test.ts).
    recipeCombos: [{ optionIds: [large.id], amountFactor: 1.3, priceChange: '0.80' }],
    orderable: false,
    showSnacks: true,
    snackIds: [cookie.id],
  });
  const release = await ok('POST', '/api/coffee/menu-release', {
    name: 'With combos',
    deviceIds: [registered[0].id],
    productIds: [flat.id],
  });
  const frozen = {
    code: 'FLAT',
    // The option's type says how the customer chooses: one size at most, and one must be chosen.
    options: [
      {
        id: large.id,
        type: 'Size',
        name: 'Large',
        priceChange: '0.60',
        amountFactor: 1.4,
        isDefault: false,
        multiple: false,
        required: true,
      },
    ],
    combos: [{ optionIds: [large.id], amountFactor: 1.3, priceChange: '0.80' }],
    orderable: false,
    showSnacks: true,
    snacks: [{ id: cookie.id, name: 'Cookie', price: '1.20' }],
  };
  expect(release.content.products).toMatchObject([frozen]);
  await ok('POST', '/api/coffee/menu-release/push', { id: release.id });
  await waitFor(async () => (await progress(release.id)).state === 'done', 10_000, 'taken');
  const [command] = await f.t.sql(
    `select params from device_command where menu_release_id = $1 and device_id = $2`,
    [release.id, registered[0].id],
  );
  expect(command.params.menu.products).toMatchObject([frozen]);
  expect(machines[0].menu!.products).toMatchObject([frozen]);
  // A later change in the catalog does not change what was frozen.
  await ok('PUT', '/api/coffee/product', { id: flat.id, recipeCombos: [] });
  expect(
    (await ok('GET', `/api/coffee/menu-release/${release.id}`, undefined)).content.products,
  ).toMatchObject([frozen]);
});

it('menu status follows the machine’s own word: no menuVersion is no menu, and a state directory keeps it', async () => {
  const id = registered[1].id;
  const version = (await device(id)).menu_version;
  expect((await device(id)).menu_status).toBe('updated');
  // Going away says nothing about the menu.
  await machines[1].stop();
  await waitFor(async () => (await device(id)).online === false, 10_000, 'offline');
  expect(await device(id)).toMatchObject({ menu_version: version, menu_status: 'updated' });
  // Back without its menu (no state kept): its status has no menuVersion, so it is not updated.
  const forgetful = await run(registered[1], stateDir);
  await waitFor(async () => (await device(id)).online === true, 10_000, 'online');
  expect(await device(id)).toMatchObject({ menu_version: null, menu_status: 'not-updated' });
  // Pushed again, it takes the menu and keeps it in its state directory.
  const [{ release }] = await f.t.sql(
    `select menu_release_id::text as release from device_command where device_id = $1 and state = 'succeeded'
     order by created_at desc limit 1`,
    [id],
  );
  await ok('POST', '/api/coffee/menu-release/push', { id: release, deviceIds: [id] });
  await waitFor(async () => (await device(id)).menu_status === 'updated', 10_000, 'taken again');
  await forgetful.stop();
  await waitFor(async () => (await device(id)).online === false, 10_000, 'offline again');
  const restarted = await run(registered[1], stateDir);
  expect(restarted.menu?.version).toBe(version);
  await waitFor(async () => (await device(id)).online === true, 10_000, 'online again');
  expect(await device(id)).toMatchObject({ menu_version: version, menu_status: 'updated' });
  // A machine that loses its menu while online says so in its next status.
  restarted.menu = null;
  delete restarted.status.menuVersion;
  restarted.publishStatus();
  await waitFor(async () => (await device(id)).menu_status === 'not-updated', 10_000, 'menu lost');
  expect((await device(id)).menu_version).toBeNull();
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
  // Nor can the platform build a release for Bravo holding Alpha's product: Bravo would read it.
  const releases = async () => (await f.t.sql(`select count(*)::int as n from menu_release`))[0].n;
  const before = await releases();
  const foreign = await f.t.call('POST', '/api/coffee/menu-release', {
    token: f.admin,
    lang: 'en',
    body: {
      name: 'Mixed',
      deviceIds: [theirs.id, registered[0].id],
      productIds: [esp.id],
      merchantId: other.id,
    },
  });
  expect([foreign.statusCode, foreign.json().msg]).toEqual([
    400,
    'ESP belongs to another merchant than Bravo',
  ]);
  // Not through a store's products either.
  const viaStore = await f.t.call('POST', '/api/coffee/menu-release', {
    token: f.admin,
    body: { name: 'Via store', storeId, merchantId: other.id },
  });
  expect(viaStore.statusCode).toBe(400);
  expect(await releases()).toBe(before);
  // Alpha's release may list Bravo's machine, but the push leaves it out, with a reason code.
  const release = await ok(
    'POST',
    '/api/coffee/menu-release',
    { name: 'Mixed', deviceIds: [theirs.id, registered[0].id], productIds: [esp.id], merchantId: alphaId },
    f.admin,
  );
  const pushed = await ok('POST', '/api/coffee/menu-release/push', { id: release.id }, f.admin);
  expect(pushed.skipped).toEqual([
    { deviceId: theirs.id, serialNumber: theirs.serialNumber, reason: 'no-product-for-machine' },
  ]);
  const commands = await f.t.sql(`select count(*)::int as n from device_command where device_id = $1`, [
    theirs.id,
  ]);
  expect(commands[0].n).toBe(0);
});

it('sends no product switched off for the store, whether chosen by hand or sold there, and says how options are chosen', async () => {
  const extras = await ok('POST', '/api/coffee/option-type', {
    name: 'Extras',
    multiple: true,
    required: false,
  });
  const shot = await ok('POST', '/api/coffee/option', { name: 'Extra shot', optionTypeId: extras.id });
  const off = await ok('POST', '/api/coffee/product', {
    name: 'Ristretto',
    code: 'RIS',
    kind: 'drink',
    family: 'coffee',
    price: '2.40',
    recipe: recipe(93, 20),
    materials,
    optionTypeIds: [extras.id],
  });
  const sellingOff = await ok('POST', '/api/coffee/store-product', {
    storeId,
    productId: off.id,
    available: false,
  });
  const [esp] = (await ok('POST', '/api/coffee/product/list', { code: 'ESP' })).list;
  const codes = (content: { products: Array<{ code: string }> }) => content.products.map((p) => p.code);
  // Chosen by hand for the store: left out, like a store's own list leaves it out.
  const chosen = await ok('POST', '/api/coffee/menu-release', {
    name: 'Chosen',
    storeId,
    productIds: [off.id, esp.id],
  });
  expect(codes(chosen.content)).toEqual(['ESP']);
  const sold = await ok('POST', '/api/coffee/menu-release', { name: 'Sold', storeId });
  expect(codes(sold.content)).not.toContain('RIS');
  // Only it: nothing these machines may make.
  const alone = await f.t.call('POST', '/api/coffee/menu-release', {
    token: alpha,
    lang: 'en',
    body: { name: 'Alone', storeId, productIds: [off.id] },
  });
  expect([alone.statusCode, alone.json().msg]).toEqual([
    400,
    'The menu has no product these machines can make',
  ]);
  // Chosen for a machine of the store, named by id: the machine's store decides when it is pushed.
  const byMachine = await ok('POST', '/api/coffee/menu-release', {
    name: 'By machine',
    deviceIds: [registered[0].id],
    productIds: [off.id, esp.id],
  });
  expect(codes(byMachine.content)).toEqual(['ESP', 'RIS']);
  await ok('POST', '/api/coffee/menu-release/push', { id: byMachine.id });
  const sent = async (releaseId: string) =>
    (
      await f.t.sql(`select params from device_command where menu_release_id = $1 and device_id = $2`, [
        releaseId,
        registered[0].id,
      ])
    )[0].params.menu.products as Array<{ code: string; options: unknown[] }>;
  expect((await sent(byMachine.id)).map((p) => p.code)).toEqual(['ESP']);
  // Switched on again, it goes, its option telling the machine several may be chosen, or none.
  await ok('PUT', '/api/coffee/store-product', { id: sellingOff.id, available: true });
  const again = await ok('POST', '/api/coffee/menu-release', {
    name: 'Back on',
    deviceIds: [registered[0].id],
    productIds: [off.id],
  });
  await ok('POST', '/api/coffee/menu-release/push', { id: again.id });
  expect(await sent(again.id)).toMatchObject([
    {
      code: 'RIS',
      options: [{ id: shot.id, type: 'Extras', name: 'Extra shot', multiple: true, required: false }],
    },
  ]);
});
