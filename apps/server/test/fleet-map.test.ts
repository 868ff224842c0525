/**
 * The machine map through HTTP: machines are placed at their own coordinates or their store's, and
 * the answer says what the map cannot show (machines with no place, points past the cap) for the
 * same scope and filters as the points, so a merchant never learns of another merchant's machines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_POINT_LIMIT } from '@brewfleet/contracts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { uniqueSerial } from './helpers/fleet.ts';

const PASSWORD = 'Map-Strong-Pass-7';
let t: TestApp;
let admin: string;
let modelId: string;

interface Merchant {
  id: string;
  token: string;
}
let alpha: Merchant & { placedStore: string; bareStore: string };
let bravo: Merchant;
/** Alpha's machines, by how they are placed. */
const a = { own: '', byStore: '', inBareStore: '', storeless: '' };
const b = { own: '', unplaced: '' };

async function ok(method: string, url: string, body?: unknown, token = admin) {
  const res = await t.call(method as 'POST', url, { token, body, lang: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function merchant(name: string, account: string): Promise<Merchant> {
  const m = await ok('POST', '/api/coffee/merchant', {
    name,
    loginAccount: account,
    password: t.encrypt(PASSWORD),
  });
  return { id: m.id, token: await t.login(account, PASSWORD) };
}

async function device(body: Record<string, unknown>): Promise<string> {
  const serialNumber = uniqueSerial('MAP');
  return (await ok('POST', '/api/coffee/device', { name: serialNumber, serialNumber, modelId, ...body })).id;
}

const map = (body: Record<string, unknown>, token: string) =>
  ok('POST', '/api/coffee/device/map', body, token);
const ids = (answer: { points: Array<{ id: string }> }) => answer.points.map((p) => p.id).sort();

beforeAll(async () => {
  t = await startTestApp({ logLevel: process.env.TEST_LOG ?? 'silent' });
  admin = await t.adminToken();
  const type = await ok('POST', '/api/coffee/device-type', {
    name: 'Tea extractor',
    family: 'coffee',
    automation: 'automatic',
  });
  modelId = (
    await ok('POST', '/api/coffee/device-model', { name: 'Steeper', code: 'ST-1', deviceTypeId: type.id })
  ).id;

  const alphaM = await merchant('Alpha Brews', 'alpha-map');
  const placedStore = await ok(
    'POST',
    '/api/coffee/store',
    { name: 'Alpha Pier', type: 'pick-up', latitude: 25.03, longitude: 121.56 },
    alphaM.token,
  );
  const bareStore = await ok(
    'POST',
    '/api/coffee/store',
    { name: 'Alpha Attic', type: 'pick-up' },
    alphaM.token,
  );
  alpha = { ...alphaM, placedStore: placedStore.id, bareStore: bareStore.id };
  bravo = await merchant('Bravo Beans', 'bravo-map');

  a.own = await device({ merchantId: alpha.id, latitude: 24.1, longitude: 120.6 });
  a.byStore = await device({ merchantId: alpha.id, storeId: alpha.placedStore });
  a.inBareStore = await device({ merchantId: alpha.id, storeId: alpha.bareStore });
  a.storeless = await device({ merchantId: alpha.id });
  b.own = await device({ merchantId: bravo.id, latitude: 22.3, longitude: 114.2 });
  b.unplaced = await device({ merchantId: bravo.id });
});
afterAll(() => t?.close());

describe('the machine map', () => {
  it('places machines at their own or their store’s coordinates and counts the others as unplaced', async () => {
    const answer = await map({}, alpha.token);
    expect(ids(answer)).toEqual([a.own, a.byStore].sort());
    expect(answer.points.find((p: { id: string }) => p.id === a.byStore)).toMatchObject({
      latitude: 25.03,
      longitude: 121.56,
      storeId: alpha.placedStore,
      storeName: 'Alpha Pier',
      placedBy: 'store',
    });
    expect(answer.points.find((p: { id: string }) => p.id === a.own)).toMatchObject({ placedBy: 'device' });
    expect(answer).toMatchObject({
      tileUrl: null,
      placed: 2,
      unplaced: 2,
      limit: MAP_POINT_LIMIT,
      truncated: false,
    });
    // The machines left out are named, for the page to lead to each of them.
    expect(answer.unplacedMachines.map((m: { id: string }) => m.id).sort()).toEqual(
      [a.inBareStore, a.storeless].sort(),
    );
  });

  it("never counts another merchant's machines, even when the filter names that merchant", async () => {
    expect(await map({}, bravo.token)).toMatchObject({ placed: 1, unplaced: 1 });
    const prying = await map({ merchantId: bravo.id }, alpha.token);
    expect(prying).toMatchObject({
      points: [],
      placed: 0,
      unplaced: 0,
      unplacedMachines: [],
      truncated: false,
    });
    expect((await map({}, bravo.token)).unplacedMachines.map((m: { id: string }) => m.id)).toEqual([
      b.unplaced,
    ]);
  });

  it('applies the merchant and store filters to the counts as to the points', async () => {
    const all = await map({}, admin);
    expect(all).toMatchObject({ placed: 3, unplaced: 3 });
    const ofAlpha = await map({ merchantId: alpha.id }, admin);
    expect(ids(ofAlpha)).toEqual([a.own, a.byStore].sort());
    expect(ofAlpha).toMatchObject({ placed: 2, unplaced: 2 });
    const bare = await map({ storeId: alpha.bareStore }, alpha.token);
    expect(bare).toMatchObject({ points: [], placed: 0, unplaced: 1 });
    const placed = await map({ storeId: alpha.placedStore }, alpha.token);
    expect(ids(placed)).toEqual([a.byStore]);
    expect(placed).toMatchObject({ placed: 1, unplaced: 0 });
  });

  it('moves a pin: a machine placed by its store gets a place of its own, a store moves its machines', async () => {
    // What the map's position editor sends: a machine dragged on its own …
    await ok('PUT', '/api/coffee/device', { id: a.byStore, latitude: 25.05, longitude: 121.52 }, alpha.token);
    let point = (await map({}, alpha.token)).points.find((p: { id: string }) => p.id === a.byStore);
    expect(point).toMatchObject({ latitude: 25.05, longitude: 121.52, placedBy: 'device' });
    // … and a store moved, which carries every machine of it without a place of its own.
    await ok('PUT', '/api/coffee/device', { id: a.byStore, latitude: null, longitude: null }, alpha.token);
    await ok(
      'PUT',
      '/api/coffee/store',
      { id: alpha.bareStore, latitude: 24.8, longitude: 121.0 },
      alpha.token,
    );
    const moved = await map({}, alpha.token);
    point = moved.points.find((p: { id: string }) => p.id === a.inBareStore);
    expect(point).toMatchObject({ latitude: 24.8, longitude: 121, placedBy: 'store' });
    expect(moved.points.find((p: { id: string }) => p.id === a.byStore)).toMatchObject({ latitude: 25.03 });
    // Another merchant's pin cannot be moved: its id is unknown to the caller.
    const prying = await t.call('PUT', '/api/coffee/device', {
      token: alpha.token,
      body: { id: b.own, latitude: 0, longitude: 0 },
      lang: 'en',
    });
    expect(prying.statusCode).toBe(404);
    await ok(
      'PUT',
      '/api/coffee/store',
      { id: alpha.bareStore, latitude: null, longitude: null },
      alpha.token,
    );
  });

  it('says when the points stop at the cap, and how many matched', async () => {
    const charlie = await merchant('Charlie Cups', 'charlie-map');
    // Through the API this would take minutes; the rows are what registration writes.
    await t.sql(
      `insert into device (merchant_id, name, serial_number, model_id, family, automation, latitude, longitude)
       select $1, 'Bulk ' || lpad(g::text, 5, '0'), 'BULK-' || g, $2, 'coffee', 'automatic', 23.0, 120.2
       from generate_series(1, $3::int) g`,
      [charlie.id, modelId, MAP_POINT_LIMIT + 7],
    );
    await device({ merchantId: charlie.id });
    const answer = await map({}, charlie.token);
    expect(answer.points).toHaveLength(MAP_POINT_LIMIT);
    expect(answer.points[0].name).toBe('Bulk 00001');
    expect(answer).toMatchObject({ placed: MAP_POINT_LIMIT + 7, unplaced: 1, truncated: true });
    // Merchants far below the cap are not told their map is cut.
    expect((await map({}, alpha.token)).truncated).toBe(false);
  });

  it('colours a machine that needs maintenance, below the more urgent conditions', async () => {
    const delta = await merchant('Delta Drips', 'delta-map');
    const place = { merchantId: delta.id, latitude: 31.2, longitude: 121.5 };
    const due = await device(place);
    const dueButShort = await device(place);
    const dueOffline = await device(place);
    const fine = await device(place);
    // The flags the gateway writes: online, and cups past the model's basic maintenance (500 cups).
    await t.sql(
      `update device d set online = d.id <> $3, material_shortage = d.id = $2, maintenance_due = d.id <> $4,
              cups_since_basic = case when d.id <> $4 then m.basic_maintenance_cups + 1 else 0 end
       from device_model m where m.id = d.model_id and d.id = any($1::bigint[])`,
      [[due, dueButShort, dueOffline, fine], dueButShort, dueOffline, fine],
    );
    const statusOf = Object.fromEntries(
      (await map({}, delta.token)).points.map((p: { id: string; status: string }) => [p.id, p.status]),
    );
    expect(statusOf).toEqual({
      [due]: 'maintenance',
      [dueButShort]: 'shortage',
      [dueOffline]: 'offline',
      [fine]: 'online',
    });
  });
});
