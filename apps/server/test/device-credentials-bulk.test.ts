/**
 * New secrets for many machines at once (POST /api/coffee/device/credentials/bulk): machines
 * imported from a spreadsheet, whose secrets nobody ever saw, get secrets they connect with over
 * MQTT; a created machine's old secret stops working; a machine of another merchant among the ids
 * refuses the whole request and changes nothing; the operation log and the machines' logs record it.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIALS_BULK_MAX } from '@brewfleet/contracts';
import { startFleetTest, uniqueSerial, type FleetTest } from './helpers/fleet.ts';
import { multipartFile } from './helpers/multipart.ts';

const PASSWORD = 'Bulk-Secrets-Pass-7';
const BULK = '/api/coffee/device/credentials/bulk';
let f: FleetTest;
let alpha: { id: string; token: string };
let bravo: { id: string; token: string };
const clients: MqttClient[] = [];

async function ok(res: Awaited<ReturnType<FleetTest['t']['call']>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const bulk = (ids: string[], token: string) => f.t.call('POST', BULK, { token, body: { ids }, lang: 'en' });

async function merchant(name: string, login: string) {
  const m = await ok(
    await f.t.call('POST', '/api/coffee/merchant', {
      token: f.admin,
      body: { name, loginAccount: login, password: f.t.encrypt(PASSWORD) },
    }),
  );
  return { id: m.id as string, token: await f.t.login(login, PASSWORD) };
}

/** Machines for `merchantId` through the import endpoint, as a fleet arrives from a spreadsheet. */
async function importMachines(merchantId: string, count: number) {
  const serials = Array.from({ length: count }, () => uniqueSerial('BLK'));
  const csv = [
    'name,serialNumber,modelId,merchantId',
    ...serials.map((sn) => `${sn},${sn},${f.modelId},${merchantId}`),
  ].join('\n');
  const { payload, contentType } = multipartFile(Buffer.from(csv), 'machines.csv', 'text/csv');
  const res = await f.t.app.inject({
    method: 'POST',
    url: '/api/coffee/device/import?dryRun=false',
    headers: { token: f.admin, 'content-type': contentType, cookie: 'language=en' },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.imported).toBe(count);
  const rows = await f.t.sql(
    `select id::text, serial_number from device where serial_number = any($1) order by serial_number`,
    [serials],
  );
  return rows.map((r) => ({ id: r.id as string, serialNumber: r.serial_number as string }));
}

async function connect(serialNumber: string, secret: string) {
  const client = await mqtt.connectAsync(f.url, {
    clientId: serialNumber,
    username: serialNumber,
    password: secret,
    reconnectPeriod: 0,
  });
  clients.push(client);
  return client;
}
const REFUSED = /not authorized|Connection refused/i;

const hashes = async (ids: string[]) =>
  (
    await f.t.sql(`select id::text, secret_hash from device where id = any($1::bigint[]) order by id`, [ids])
  ).map((r) => `${r.id}:${r.secret_hash}`);
const credentialLogs = async (ids: string[]) =>
  (
    await f.t.sql(
      `select count(*)::int as n from device_log where kind = 'credentials' and device_id = any($1::bigint[])`,
      [ids],
    )
  )[0].n as number;

beforeAll(async () => {
  f = await startFleetTest();
  alpha = await merchant('Alpha Bulk', 'alphabulk');
  bravo = await merchant('Bravo Bulk', 'bravobulk');
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await f.close();
});

describe('new secrets for many machines', () => {
  it('gives imported machines secrets they connect with, and locks a created machine’s old secret out', async () => {
    const imported = await importMachines(alpha.id, 3);
    const created = await f.register({ merchantId: alpha.id });
    const before = await connect(created.serialNumber, created.secret);
    const closed = new Promise<void>((r) => before.once('close', () => r()));

    const ids = [...imported.map((m) => m.id), created.id];
    // A repeated id is one machine, one secret.
    const { machines } = await ok(await bulk([...ids, created.id], alpha.token));
    expect(machines.map((m: { id: string }) => m.id)).toEqual(ids);
    expect(machines.map((m: { serialNumber: string }) => m.serialNumber)).toEqual([
      ...imported.map((m) => m.serialNumber),
      created.serialNumber,
    ]);
    const secrets = machines.map((m: { secret: string }) => m.secret);
    expect(new Set(secrets).size).toBe(ids.length);
    for (const s of secrets) expect(s).toMatch(/^[\w-]{43}$/);

    for (const [i, m] of imported.entries())
      expect((await connect(m.serialNumber, secrets[i])).connected, m.serialNumber).toBe(true);
    await closed;
    await expect(connect(created.serialNumber, created.secret)).rejects.toThrow(REFUSED);
    expect((await connect(created.serialNumber, secrets[ids.length - 1])).connected).toBe(true);

    // Only hashes are kept, and each machine's log says a new secret was issued.
    const stored = await hashes(ids);
    for (const s of secrets) expect(stored.join()).not.toContain(s);
    expect(await credentialLogs(ids)).toBe(ids.length);
    const [audit] = await f.t.sql(
      `select action, permission, target_id, outcome, account from operation_log
        where path = $1 and outcome = 'success' order by id desc limit 1`,
      [BULK],
    );
    expect(audit).toMatchObject({
      action: 'device.credentials',
      permission: 'coffee:device:credentials',
      outcome: 'success',
      account: 'alphabulk',
    });
    expect(String(audit.target_id).split(',').sort()).toEqual([...ids, created.id].sort());
  });

  it('refuses the whole request for a machine of another merchant, changing nothing', async () => {
    const own = await importMachines(alpha.id, 2);
    const [theirs] = await importMachines(bravo.id, 1);
    const ids = [...own.map((m) => m.id), theirs.id];
    const before = await hashes(ids);
    const logsBefore = await credentialLogs(ids);

    const refused = await bulk(ids, alpha.token);
    expect([refused.statusCode, refused.json().msg]).toEqual([404, 'Machine not found']);
    expect(await hashes(ids)).toEqual(before);
    expect(await credentialLogs(ids)).toBe(logsBefore);
    const [audit] = await f.t.sql(
      `select outcome, status_code from operation_log where path = $1 order by id desc limit 1`,
      [BULK],
    );
    expect(audit).toEqual({ outcome: 'failure', status_code: 404 });

    // Bravo's own machine is Bravo's to re-key; the platform may re-key anyone's.
    expect((await ok(await bulk([theirs.id], bravo.token))).machines).toHaveLength(1);
    expect((await ok(await bulk(ids, f.admin))).machines).toHaveLength(3);
  });

  it('asks for at least one machine and at most the limit', async () => {
    expect((await bulk([], alpha.token)).statusCode).toBe(400);
    const tooMany = Array.from({ length: CREDENTIALS_BULK_MAX + 1 }, (_, i) => String(i + 1));
    expect((await bulk(tooMany, alpha.token)).statusCode).toBe(400);
  });
});
