/**
 * The machine registry through HTTP: validation with clear messages, import, binding to a merchant
 * and store, the list counters, the detail page, the map, machines per merchant, channel
 * configurations distributed to machines, refills, and debugging commands from presets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipartFile } from './helpers/multipart.ts';
import { uniqueSerial } from './helpers/fleet.ts';

const PASSWORD = 'Registry-Strong-Pass-5';
let t: TestApp;
let admin: string;
let modelId: string;
let typeId: string;
let merchant: { id: string; token: string; storeId: string };

async function call(method: string, url: string, body?: unknown, token = admin) {
  return t.call(method as 'POST', url, { token, body, lang: 'en' });
}
async function ok(method: string, url: string, body?: unknown, token = admin) {
  const res = await call(method, url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  t = await startTestApp({ logLevel: process.env.TEST_LOG ?? 'silent' });
  admin = await t.adminToken();
  typeId = (
    await ok('POST', '/api/coffee/device-type', {
      name: 'Espresso',
      family: 'coffee',
      automation: 'semi-automatic',
    })
  ).id;
  modelId = (
    await ok('POST', '/api/coffee/device-model', { name: 'Lever', code: 'LV-1', deviceTypeId: typeId })
  ).id;
  const m = await ok('POST', '/api/coffee/merchant', {
    name: 'Delta Drinks',
    loginAccount: 'delta',
    password: t.encrypt(PASSWORD),
  });
  const token = await t.login('delta', PASSWORD);
  const store = await ok(
    'POST',
    '/api/coffee/store',
    { name: 'Delta Dock', type: 'pick-up', latitude: 22.3, longitude: 114.17 },
    token,
  );
  merchant = { id: m.id, token, storeId: store.id };
});
afterAll(() => t.close());

describe('registering machines', () => {
  it('takes family and automation from the model and answers the secret once', async () => {
    const serialNumber = uniqueSerial('REG');
    const d = await ok('POST', '/api/coffee/device', { name: 'Bar 1', serialNumber, modelId });
    expect(d).toMatchObject({
      family: 'coffee',
      automation: 'semi-automatic',
      online: false,
      menuStatus: 'not-updated',
    });
    expect(d.secret).toMatch(/^[\w-]{43}$/);
    const again = await ok('GET', `/api/coffee/device/${d.id}`);
    expect(again.secret).toBeUndefined();
    expect(JSON.stringify(again)).not.toContain(d.secret);
  });

  it('refuses a bad serial number, a taken one and a store of another merchant, with clear messages', async () => {
    const bad = await call('POST', '/api/coffee/device', { name: 'x', serialNumber: 'has space', modelId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('Serial number');
    const serialNumber = uniqueSerial('REG');
    await ok('POST', '/api/coffee/device', { name: 'x', serialNumber, modelId });
    const taken = await call('POST', '/api/coffee/device', { name: 'y', serialNumber, modelId });
    expect([taken.statusCode, taken.json().msg]).toEqual([
      409,
      'A machine with this serial number already exists',
    ]);
    const other = await ok('POST', '/api/coffee/merchant', {
      name: 'Echo',
      loginAccount: 'echo',
      password: t.encrypt(PASSWORD),
    });
    const wrongStore = await call('POST', '/api/coffee/device', {
      name: 'z',
      serialNumber: uniqueSerial('REG'),
      modelId,
      merchantId: other.id,
      storeId: merchant.storeId,
    });
    expect([wrongStore.statusCode, wrongStore.json().msg]).toEqual([
      400,
      'The store does not belong to the chosen merchant',
    ]);
    const inUse = await call('DELETE', '/api/coffee/device-model', { ids: [modelId] });
    expect(inUse.statusCode).toBe(409);
  });

  it('imports machines from a spreadsheet, all or nothing', async () => {
    const a = uniqueSerial('IMP');
    const b = uniqueSerial('IMP');
    const csv = [
      'name,serialNumber,modelId,location',
      `Kiosk A,${a},${modelId},Gate 1`,
      `Kiosk B,${b},${modelId},Gate 2`,
    ].join('\n');
    const { payload, contentType } = multipartFile(Buffer.from(csv), 'machines.csv', 'text/csv');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/coffee/device/import?dryRun=false',
      headers: { token: admin, 'content-type': contentType, cookie: 'language=en' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.imported).toBe(2);
    const rows = await t.sql(
      `select family, secret_hash is not null as keyed from device where serial_number in ($1, $2)`,
      [a, b],
    );
    expect(rows).toEqual([
      { family: 'coffee', keyed: true },
      { family: 'coffee', keyed: true },
    ]);
  });
});

describe('binding and views', () => {
  let deviceId: string;
  beforeAll(async () => {
    deviceId = (
      await ok('POST', '/api/coffee/device', {
        name: 'Dock machine',
        serialNumber: uniqueSerial('BND'),
        modelId,
      })
    ).id;
  });

  it('binds a machine to a merchant’s store; the merchant then sees it, and only the platform unbinds', async () => {
    expect((await ok('POST', '/api/coffee/device/list', {}, merchant.token)).total).toBe(0);
    const bound = await ok('POST', '/api/coffee/device/bind', {
      ids: [deviceId],
      merchantId: merchant.id,
      storeId: merchant.storeId,
    });
    expect(bound).toMatchObject({ updated: 1, merchantId: merchant.id, storeId: merchant.storeId });
    const seen = await ok('POST', '/api/coffee/device/list', {}, merchant.token);
    expect(seen.list.map((d: any) => d.id)).toEqual([deviceId]);
    const unbind = await call(
      'POST',
      '/api/coffee/device/bind',
      { ids: [deviceId], merchantId: null },
      merchant.token,
    );
    expect(unbind.statusCode).toBe(403);
    const log = await ok('POST', '/api/coffee/device-log/list', { deviceId }, merchant.token);
    expect(log.list.map((l: any) => l.kind)).toContain('bind');
  });

  it('goes only to the merchants it is available to, when they are named', async () => {
    const other = await ok('POST', '/api/coffee/merchant', {
      name: 'Foxtrot',
      loginAccount: 'foxtrot',
      password: t.encrypt(PASSWORD),
    });
    const sub = await ok('POST', '/api/coffee/merchant', {
      name: 'Foxtrot South',
      loginAccount: 'foxtrot-south',
      parentId: other.id,
      password: t.encrypt(PASSWORD),
    });
    const reserved = await ok('POST', '/api/coffee/device', {
      name: 'Reserved',
      serialNumber: uniqueSerial('AVL'),
      modelId,
      availableMerchantIds: [other.id],
    });
    const refused = await call('POST', '/api/coffee/device/bind', {
      ids: [reserved.id],
      merchantId: merchant.id,
    });
    expect([refused.statusCode, refused.json().msg]).toEqual([
      400,
      'This machine is not available to that merchant (see its available merchants)',
    ]);
    expect((await ok('GET', `/api/coffee/device/${reserved.id}`)).merchantId).toBeNull();
    // A merchant below a named one may have it.
    expect(
      await ok('POST', '/api/coffee/device/bind', { ids: [reserved.id], merchantId: sub.id }),
    ).toMatchObject({
      merchantId: sub.id,
    });
    const createdFor = await call('POST', '/api/coffee/device', {
      name: 'Reserved 2',
      serialNumber: uniqueSerial('AVL'),
      modelId,
      merchantId: merchant.id,
      availableMerchantIds: [other.id],
    });
    expect(createdFor.statusCode).toBe(400);
  });

  it('counts machines by condition, with the list’s other filters', async () => {
    await t.sql(`update device set locked = true, alarm = true where id = $1`, [deviceId]);
    const counters = await ok('POST', '/api/coffee/device/counters', {}, merchant.token);
    expect(counters).toEqual({ all: 1, offline: 1, shortage: 0, alarm: 1, locked: 1, maintenance: 0 });
    const none = await ok('POST', '/api/coffee/device/counters', { name: 'no such machine' }, merchant.token);
    expect(none.all).toBe(0);
    const locked = await ok('POST', '/api/coffee/device/list', { locked: true }, merchant.token);
    expect(locked.total).toBe(1);
  });

  it('shows the detail, the map (at the store’s place) and the machines per merchant', async () => {
    const detail = await ok('GET', `/api/coffee/device/detail?id=${deviceId}`, undefined, merchant.token);
    expect(detail).toMatchObject({
      modelName: 'Lever',
      typeName: 'Espresso',
      merchantName: 'Delta Drinks',
      storeName: 'Delta Dock',
      maintenance: { basic: { every: 500, due: false }, deep: { every: 5000 } },
      today: { cups: 0 },
    });
    const map = await ok('POST', '/api/coffee/device/map', {}, merchant.token);
    expect(map.points).toEqual([
      expect.objectContaining({
        id: deviceId,
        latitude: 22.3,
        longitude: 114.17,
        status: 'offline',
        storeName: 'Delta Dock',
      }),
    ]);
    expect(map.tileUrl).toBeNull();
    const summary = await ok('POST', '/api/coffee/device/merchant-summary', {}, merchant.token);
    expect(summary).toEqual([
      expect.objectContaining({ merchantName: 'Delta Drinks', total: 1, offline: 1, locked: 1 }),
    ]);
  });

  it('distributes a channel configuration, and a refill restarts the shelf life', async () => {
    for (const [n, material, low] of [
      [1, 'coffee beans', 300],
      [2, 'milk powder', 200],
    ] as const)
      await ok(
        'POST',
        '/api/coffee/channel-config',
        {
          configName: 'Espresso bar',
          name: material,
          channelNumber: n,
          material,
          capacityG: 2000,
          lowLevelG: low,
          shelfLifeHours: 48,
        },
        merchant.token,
      );
    const res = await ok(
      'POST',
      '/api/coffee/channel-config/distribute',
      { configName: 'Espresso bar', deviceIds: [deviceId] },
      merchant.token,
    );
    expect(res).toMatchObject({ devices: 1, channels: 2 });
    // The machine is told too: one `channels` command, waiting until it is online.
    expect(res.commands).toEqual([expect.objectContaining({ deviceId, type: 'channels', state: 'queued' })]);
    const channels = await ok(
      'POST',
      '/api/coffee/device-channel/list',
      { deviceId, sort: 'channelNumber' },
      merchant.token,
    );
    expect(channels.list.map((c: any) => [c.channelNumber, c.material, c.configName])).toEqual([
      [1, 'coffee beans', 'Espresso bar'],
      [2, 'milk powder', 'Espresso bar'],
    ]);
    // A channel filled three days ago is past its 48 h: a shortage, until refilled.
    await t.sql(
      `update device_channel set filled_at = now() - interval '72 hours', level_g = 1500 where device_id = $1`,
      [deviceId],
    );
    await ok(
      'PUT',
      '/api/coffee/device-channel',
      { id: channels.list[0].id, filledAt: new Date(Date.now() - 72 * 3600_000).toISOString() },
      merchant.token,
    );
    expect(
      (await ok('GET', `/api/coffee/device/${deviceId}`, undefined, merchant.token)).materialShortage,
    ).toBe(true);
    await ok(
      'POST',
      '/api/coffee/device-channel/refill',
      { ids: channels.list.map((c: any) => c.id) },
      merchant.token,
    );
    const after = await ok('GET', `/api/coffee/device/${deviceId}`, undefined, merchant.token);
    expect(after.materialShortage).toBe(false);
    // A refill moves stock: with an Idempotency-Key a retry answers the first one again (CONTRACT §3).
    const refill = (ids: string[]) =>
      t.call('POST', '/api/coffee/device-channel/refill', {
        token: merchant.token,
        lang: 'en',
        body: { ids },
        headers: { 'idempotency-key': 'refill-once' },
      });
    const all = channels.list.map((c: any) => c.id as string);
    const first = await refill(all);
    expect(first.statusCode, first.body).toBe(200);
    const again = await refill(all);
    expect(again.json()).toEqual(first.json());
    expect((await refill(all.slice(0, 1))).statusCode).toBe(422);
    const missing = await call(
      'POST',
      '/api/coffee/channel-config/distribute',
      { configName: 'Nope', deviceIds: [deviceId] },
      merchant.token,
    );
    expect([missing.statusCode, missing.json().msg]).toEqual([
      400,
      'No channel configuration with this name',
    ]);
  });

  it('refuses a low level above the capacity, and a channel the machine’s model does not have', async () => {
    const over = await call(
      'POST',
      '/api/coffee/channel-config',
      { configName: 'Tall bar', name: 'beans', channelNumber: 1, capacityG: 2000, lowLevelG: 2500 },
      merchant.token,
    );
    expect([over.statusCode, over.json().msg, over.json().errors?.[0]?.field]).toEqual([
      400,
      'The low level (2500 g) is above the capacity (2000 g): the channel would always read short',
      'lowLevelG',
    ]);
    const [channel] = (
      await ok('POST', '/api/coffee/device-channel/list', { deviceId, sort: 'channelNumber' }, merchant.token)
    ).list;
    // An edit is checked against what it keeps: the capacity lowered under the low level.
    const lowered = await call(
      'PUT',
      '/api/coffee/device-channel',
      { id: channel.id, capacityG: 100 },
      merchant.token,
    );
    expect([lowered.statusCode, lowered.json().errors?.[0]?.field]).toEqual([400, 'lowLevelG']);
    // The model (Lever) has the default 6 channels.
    const seventh = await call(
      'POST',
      '/api/coffee/device-channel',
      { deviceId, name: 'syrup', channelNumber: 7, capacityG: 1000 },
      merchant.token,
    );
    expect([seventh.statusCode, seventh.json().msg, seventh.json().errors?.[0]?.field]).toEqual([
      400,
      'Machine Dock machine has 6 channels: there is no channel 7',
      'channelNumber',
    ]);
    await ok(
      'POST',
      '/api/coffee/channel-config',
      { configName: 'Eight', name: 'syrup', channelNumber: 8, capacityG: 1000, lowLevelG: 100 },
      merchant.token,
    );
    const before = await ok('POST', '/api/coffee/device-channel/list', { deviceId }, merchant.token);
    const distributed = await call(
      'POST',
      '/api/coffee/channel-config/distribute',
      { configName: 'Eight', deviceIds: [deviceId] },
      merchant.token,
    );
    expect([distributed.statusCode, distributed.json().msg]).toEqual([
      400,
      'Machine Dock machine has 6 channels: there is no channel 8',
    ]);
    const after = await ok('POST', '/api/coffee/device-channel/list', { deviceId }, merchant.token);
    expect(after.list.map((c: any) => [c.channelNumber, c.capacityG, c.configName])).toEqual(
      before.list.map((c: any) => [c.channelNumber, c.capacityG, c.configName]),
    );
  });

  it('queues a preset debugging command with its action and arguments', async () => {
    const [preset] = await t.sql(`select id::text from preset_command where action = 'dispense'`);
    const { commands } = await ok(
      'POST',
      '/api/coffee/device/debug',
      { ids: [deviceId], presetId: preset.id },
      merchant.token,
    );
    const [row] = await t.sql(`select type, params, state, max_attempts from device_command where id = $1`, [
      commands[0].id,
    ]);
    expect(row).toEqual({
      type: 'debug',
      params: { action: 'dispense', args: { channel: 1, grams: 5 } },
      state: 'queued',
      max_attempts: 3,
    });
  });

  it('offers a machine the presets of its family and those of none', async () => {
    const names = async (family: string) =>
      (await ok('GET', `/api/coffee/preset-command/select?family=${family}`, undefined, merchant.token))
        .map((o: { label: string }) => o.label)
        .sort();
    const all = await t.sql(`select name from preset_command where family is null order by name`);
    const general = all.map((p) => p.name as string).sort();
    expect(await names('tea')).toEqual(general);
    expect(await names('coffee')).toEqual([...general, 'Calibrate the grinder'].sort());
    // Machines of several families take only the presets of none.
    expect(await names('none')).toEqual(general);
    const bad = await call(
      'GET',
      '/api/coffee/preset-command/select?family=espresso',
      undefined,
      merchant.token,
    );
    expect(bad.statusCode).toBe(400);
  });
});
