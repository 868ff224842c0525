/**
 * What a machine's move, a machine's deletion and a release's deletion do to menus and commands, and
 * how menu versions are numbered:
 * - a machine moved to another merchant leaves its old owner's open commands behind, ended ("the
 *   machine moved to another merchant"): the new owner reads none of them, the machine is sent none,
 *   its assigned menu is cleared and the old owner's release finishes, counting it as failed; a move
 *   to another store of the same merchant ends the old store's menu, not the machine's operations;
 *   deleting a machine ends its commands the same way;
 * - versions are the day in the caller's zone and a number that only goes up, unique per merchant;
 * - a release machines run or still receive cannot be deleted (409, in the caller's language).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SimulatedMachine } from '@brewfleet/simulator';
import { quietMachine, startFleetTest, waitFor, type FleetTest } from './helpers/fleet.ts';

const PASSWORD = 'Moves-Strong-Pass-7';
let f: FleetTest;
let alpha = '';
let bravo = '';
let alphaId = '';
let bravoId = '';
let storeA1 = '';
let storeA2 = '';
let storeB1 = '';
let productId = '';
const machines: SimulatedMachine[] = [];

async function call(
  method: string,
  url: string,
  body?: unknown,
  token = alpha,
  lang: 'en' | 'zh' | 'tw' = 'en',
) {
  return f.t.call(method as 'POST', url, { token, body, lang });
}
async function ok(method: string, url: string, body?: unknown, token = alpha) {
  const res = await call(method, url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const device = async (id: string) => (await f.t.sql(`select * from device where id = $1`, [id]))[0];
const progress = (id: string, token = alpha) =>
  ok('GET', `/api/coffee/menu-release/progress?id=${id}`, undefined, token);
const commandsOf = async (deviceId: string, token: string) =>
  (await ok('POST', '/api/coffee/device-command/list', { deviceId, limit: 100 }, token)).list as Array<{
    id: string;
    type: string;
    state: string;
    reasonKey: string | null;
  }>;
/** The date in a zone, as a version starts. */
const dayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

beforeAll(async () => {
  f = await startFleetTest();
  const a = await ok(
    'POST',
    '/api/coffee/merchant',
    { name: 'Alpha', loginAccount: 'alpha-moves', password: f.t.encrypt(PASSWORD) },
    f.admin,
  );
  const b = await ok(
    'POST',
    '/api/coffee/merchant',
    { name: 'Bravo', loginAccount: 'bravo-moves', password: f.t.encrypt(PASSWORD) },
    f.admin,
  );
  alphaId = a.id;
  bravoId = b.id;
  alpha = await f.t.login('alpha-moves', PASSWORD);
  bravo = await f.t.login('bravo-moves', PASSWORD);
  storeA1 = (await ok('POST', '/api/coffee/store', { name: 'Alpha Quay', type: 'pick-up' })).id;
  storeA2 = (await ok('POST', '/api/coffee/store', { name: 'Alpha Hill', type: 'pick-up' })).id;
  storeB1 = (await ok('POST', '/api/coffee/store', { name: 'Bravo Row', type: 'pick-up' }, bravo)).id;
  const beans = await ok('POST', '/api/coffee/material', { name: 'Beans', unit: 'g' });
  const secret = await ok('POST', '/api/coffee/product', {
    name: 'Alpha secret blend',
    code: 'ASB',
    kind: 'drink',
    family: 'coffee',
    price: '4.20',
    recipe: {
      steps: [{ action: 'brew', channel: 1, params: { powderG: 19, waterMl: 44, temperatureC: 91 } }],
    },
    materials: [{ materialId: beans.id, amount: 19 }],
  });
  productId = secret.id;
  for (const storeId of [storeA1, storeA2])
    await ok('POST', '/api/coffee/store-product', { storeId, productId });
}, 30_000);
afterAll(async () => {
  await Promise.all(machines.map((m) => m.stop()));
  await f.close();
});

it('a machine moved to another merchant leaves the old owner’s open commands behind, ended, and is sent none of them', async () => {
  const moved = await f.register({ merchantId: alphaId, storeId: storeA1 });
  // Away: Alpha's menu and lock wait for it.
  const release = await ok('POST', '/api/coffee/menu-release', {
    name: 'Alpha menu',
    deviceIds: [moved.id],
    productIds: [productId],
  });
  await ok('POST', '/api/coffee/menu-release/push', { id: release.id });
  const [lock] = (await ok('POST', '/api/coffee/device/lock', { ids: [moved.id] })).commands;
  expect((await device(moved.id)).assigned_menu_version).toBe(release.version);

  await ok(
    'POST',
    '/api/coffee/device/bind',
    { ids: [moved.id], merchantId: bravoId, storeId: storeB1 },
    f.admin,
  );

  // The new owner sees the machine, none of Alpha's commands, and cannot read Alpha's menu.
  expect(await commandsOf(moved.id, bravo)).toEqual([]);
  const menuCommand = (await commandsOf(moved.id, alpha)).find((c) => c.type === 'menu')!;
  expect(
    (await call('GET', `/api/coffee/device-command/${menuCommand.id}`, undefined, bravo)).statusCode,
  ).toBe(404);
  // Alpha keeps them, ended with the reason.
  expect((await commandsOf(moved.id, alpha)).map((c) => [c.type, c.state, c.reasonKey]).sort()).toEqual([
    ['lock', 'expired', 'machineMoved'],
    ['menu', 'expired', 'machineMoved'],
  ]);
  // Its release finishes: the machine counts as failed, with the reason, in Alpha's progress.
  const now = await progress(release.id);
  expect(now).toMatchObject({ state: 'partial', targets: 1, succeeded: 0, failed: 1 });
  expect(now.machines).toEqual([
    expect.objectContaining({
      deviceId: moved.id,
      state: 'expired',
      reason: 'the machine moved to another merchant',
      reasonKey: 'machineMoved',
    }),
  ]);
  // No menu assigned any more.
  expect(await device(moved.id)).toMatchObject({ assigned_menu_version: null, menu_status: 'not-updated' });

  // When it comes back, it is sent nothing of Alpha's.
  const machine = quietMachine(f.url, moved);
  await machine.start();
  machines.push(machine);
  await waitFor(async () => (await device(moved.id)).online, 10_000, 'the machine online');
  await f.fleet.delivery.runOnce();
  await new Promise((r) => setTimeout(r, 500));
  expect(machine.menu).toBeNull();
  expect(machine.executed).not.toContain(lock.commandId);
  expect(machine.status.locked).toBe(false);
});

it('a move to another store of the same merchant ends the old store’s menu, and keeps the machine’s operations', async () => {
  const moved = await f.register({ merchantId: alphaId, storeId: storeA1 });
  const release = await ok('POST', '/api/coffee/menu-release', { name: 'Quay menu', storeId: storeA1 });
  await ok('POST', '/api/coffee/menu-release/push', { id: release.id });
  const [lock] = (await ok('POST', '/api/coffee/device/lock', { ids: [moved.id] })).commands;

  await ok(
    'POST',
    '/api/coffee/device/bind',
    { ids: [moved.id], merchantId: alphaId, storeId: storeA2 },
    f.admin,
  );

  const commands = await commandsOf(moved.id, alpha);
  expect(commands.find((c) => c.type === 'menu')).toMatchObject({
    state: 'expired',
    reasonKey: 'machineMovedStore',
  });
  expect(commands.find((c) => c.id === lock.id)).toMatchObject({ state: 'queued', reasonKey: null });
  const [row] = await f.t.sql(`select store_id::text from device_command where id = $1`, [lock.id]);
  expect(row.store_id).toBe(storeA2);
  expect(await device(moved.id)).toMatchObject({ assigned_menu_version: null, menu_status: 'not-updated' });
  const machine = (await progress(release.id)).machines.find((m: any) => m.deviceId === moved.id);
  expect(machine).toMatchObject({ state: 'expired', reasonKey: 'machineMovedStore' });
});

it('deleting a machine ends its open commands: a release pushing to it finishes', async () => {
  const gone = await f.register({ merchantId: alphaId, storeId: storeA2 });
  const release = await ok('POST', '/api/coffee/menu-release', {
    name: 'Hill menu',
    deviceIds: [gone.id],
    productIds: [productId],
  });
  await ok('POST', '/api/coffee/menu-release/push', { id: release.id });
  expect((await progress(release.id)).state).toBe('pushing');
  await ok('POST', '/api/coffee/device/delete', { ids: [gone.id] }, f.admin);
  expect(await progress(release.id)).toMatchObject({ state: 'partial', targets: 1, failed: 1 });
});

it('numbers versions by the day in the caller’s zone, never giving a number twice, even after deletions or at once', async () => {
  await f.register({ merchantId: alphaId, storeId: storeA1 });
  // One zone is a day ahead of UTC's date or the other a day behind, whatever the hour.
  for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
    const release = await ok('POST', '/api/coffee/menu-release', {
      name: `Menu in ${timeZone}`,
      storeId: storeA1,
      timeZone,
    });
    expect(release.version.split('.')[0]).toBe(dayIn(timeZone));
  }
  const create = () =>
    ok('POST', '/api/coffee/menu-release', { name: 'Draft', storeId: storeA1, timeZone: 'Asia/Taipei' });
  const first = await create();
  const second = await create();
  const third = await create();
  // Drafts no machine ever got may go; their numbers stay taken.
  await ok('POST', '/api/coffee/menu-release/delete', { ids: [first.id, third.id] });
  const fourth = await create();
  const [day, n] = second.version.split('.');
  expect([first.version, third.version, fourth.version]).toEqual([
    `${day}.${Number(n) - 1}`,
    `${day}.${Number(n) + 1}`,
    `${day}.${Number(n) + 2}`,
  ]);
  // A roll back is a new version too.
  const rolled = await ok('POST', '/api/coffee/menu-release/rollback', {
    id: second.id,
    timeZone: 'Asia/Taipei',
  });
  const [copy] = await f.t.sql(`select version from menu_release where id = $1`, [rolled.id]);
  expect(copy.version).toBe(`${day}.${Number(n) + 3}`);
  // Releases made at once each get their own number.
  const together = await Promise.all(Array.from({ length: 6 }, () => create()));
  const versions = together.map((r) => r.version as string);
  expect(new Set(versions).size).toBe(6);
  expect(versions.map((v) => Number(v.split('.')[1])).sort((x, y) => x - y)).toEqual(
    [4, 5, 6, 7, 8, 9].map((k) => Number(n) + k),
  );
  // And the database refuses a duplicate whoever writes it.
  await expect(
    f.t.sql(
      `insert into menu_release (merchant_id, store_id, name, version, content) values ($1, $2, 'Copy', $3, '{}')`,
      [alphaId, storeA1, second.version],
    ),
  ).rejects.toThrow(/menu_release_version_key|duplicate/);
});

it('refuses to delete a release machines run or still receive, saying how many, in the caller’s language', async () => {
  const pier = (await ok('POST', '/api/coffee/store', { name: 'Alpha Pier', type: 'pick-up' })).id;
  await ok('POST', '/api/coffee/store-product', { storeId: pier, productId: productId });
  const running = await f.register({ merchantId: alphaId, storeId: pier });
  const away = await f.register({ merchantId: alphaId, storeId: pier });
  const machine = quietMachine(f.url, running);
  await machine.start();
  machines.push(machine);
  const release = await ok('POST', '/api/coffee/menu-release', { name: 'Pier menu', storeId: pier });
  await ok('POST', '/api/coffee/menu-release/push', { id: release.id });
  await waitFor(async () => (await progress(release.id)).succeeded === 1, 10_000, 'the machine took it');

  const refused = await call('POST', '/api/coffee/menu-release/delete', { ids: [release.id] }, alpha, 'zh');
  expect(refused.statusCode).toBe(409);
  expect(refused.json().msg).toBe(
    '无法删除此菜单：1 台机器正在使用，另有 1 台仍在接收。请先向它们推送其他菜单',
  );
  const en = await call('POST', '/api/coffee/menu-release/delete', { ids: [release.id] });
  expect(en.json().msg).toMatch(/1 machine\(s\) run it and it is still being sent to 1/);
  expect(await f.t.sql(`select 1 from menu_release where id = $1`, [release.id])).toHaveLength(1);

  // Once they run another menu (the one away is moved elsewhere), it may go.
  const next = await ok('POST', '/api/coffee/menu-release', {
    name: 'Pier menu 2',
    deviceIds: [running.id],
    productIds: [productId],
  });
  await ok('POST', '/api/coffee/menu-release/push', { id: next.id });
  await waitFor(async () => machine.menu?.version === next.version, 10_000, 'the machine took the next one');
  await waitFor(async () => (await progress(next.id)).succeeded === 1, 10_000, 'the server heard it');
  await ok(
    'POST',
    '/api/coffee/device/bind',
    { ids: [away.id], merchantId: alphaId, storeId: storeA1 },
    f.admin,
  );
  expect(await ok('POST', '/api/coffee/menu-release/delete', { ids: [release.id] })).toEqual({ deleted: 1 });
  // The one it runs now stays.
  expect((await call('POST', '/api/coffee/menu-release/delete', { ids: [next.id] })).statusCode).toBe(409);
});
