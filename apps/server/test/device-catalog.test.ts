/**
 * Device types and models through HTTP: an edit reaches the machines registered with them — the
 * family and automation a machine copied from its model's type, and the maintenance due after its
 * model's cup counts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { uniqueSerial } from './helpers/fleet.ts';

let t: TestApp;
let admin: string;

async function ok(method: string, url: string, body?: unknown) {
  const res = await t.call(method as 'POST', url, { token: admin, body, lang: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const machine = async (id: string) =>
  (await t.sql(`select family, automation, maintenance_due from device where id = $1`, [id]))[0];

beforeAll(async () => {
  t = await startTestApp({ logLevel: process.env.TEST_LOG ?? 'silent' });
  admin = await t.adminToken();
});
afterAll(() => t.close());

describe('device types and models', () => {
  it('pass an edit of family, automation or maintenance counts on to their machines', async () => {
    const coffee = await ok('POST', '/api/coffee/device-type', {
      name: `Espresso ${crypto.randomUUID()}`,
      family: 'coffee',
      automation: 'semi-automatic',
    });
    const tea = await ok('POST', '/api/coffee/device-type', {
      name: `Steeper ${crypto.randomUUID()}`,
      family: 'tea',
      automation: 'automatic',
    });
    const model = await ok('POST', '/api/coffee/device-model', {
      name: 'Bar One',
      code: `B1-${crypto.randomUUID()}`,
      deviceTypeId: coffee.id,
      basicMaintenanceCups: 500,
      deepMaintenanceCups: 5000,
    });
    const serialNumber = uniqueSerial('CAT');
    const device = await ok('POST', '/api/coffee/device', {
      name: serialNumber,
      serialNumber,
      modelId: model.id,
    });
    expect(await machine(device.id)).toEqual({
      family: 'coffee',
      automation: 'semi-automatic',
      maintenance_due: false,
    });
    await t.sql(`update device set cups_since_basic = 40, cups_since_deep = 40 where id = $1`, [device.id]);

    await ok('PUT', '/api/coffee/device-type', { id: coffee.id, automation: 'automatic' });
    expect(await machine(device.id)).toMatchObject({ automation: 'automatic' });
    // Its detail page is now the automatic one's.
    expect((await ok('GET', `/api/coffee/device/detail?id=${device.id}`)).device.automation).toBe(
      'automatic',
    );

    await ok('PUT', '/api/coffee/device-model', { id: model.id, basicMaintenanceCups: 30 });
    expect(await machine(device.id)).toMatchObject({ maintenance_due: true });
    expect((await ok('POST', '/api/coffee/device/counters', { serialNumber })).maintenance).toBe(1);
    await ok('PUT', '/api/coffee/device-model', { id: model.id, basicMaintenanceCups: 100 });
    expect(await machine(device.id)).toMatchObject({ maintenance_due: false });

    await ok('PUT', '/api/coffee/device-model', { id: model.id, deviceTypeId: tea.id });
    expect(await machine(device.id)).toEqual({
      family: 'tea',
      automation: 'automatic',
      maintenance_due: false,
    });
  });

  it('are titled "Device Name/Model" in the menu, also on a database seeded before', async () => {
    const titles = async () => (await t.sql(`select en_name, name, tw_name from menu where id = 1312`))[0];
    expect(await titles()).toEqual({
      en_name: 'Device Name/Model',
      name: '设备名称/型号',
      tw_name: '設備名稱/型號',
    });
    // As earlier versions seeded it, with the Taiwan title renamed by an administrator.
    await t.sql(
      `update menu set en_name = 'Device Model', name = '设备型号', tw_name = '機型' where id = 1312`,
    );
    await t.sql(
      fs.readFileSync(new URL('../migrations/0016_device_model_menu_title.sql', import.meta.url), 'utf8'),
    );
    expect(await titles()).toEqual({ en_name: 'Device Name/Model', name: '设备名称/型号', tw_name: '機型' });
  });
});
