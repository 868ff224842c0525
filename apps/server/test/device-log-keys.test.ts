/**
 * Machine-log lines carry a message key and parameters besides their English text, so the console
 * words them in the reader's language: binding (by merchant and store name, never id), commands from
 * queued to their end, online and offline (also for silence), and cleanings. Through HTTP and a bare
 * MQTT client on the embedded broker.
 */
import crypto from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markSilentMachinesOffline } from '../src/modules/fleet/presence-jobs.ts';
import { startFleetTest, waitFor, type FleetTest } from './helpers/fleet.ts';
import { bareMachine } from './helpers/machine-events.ts';

const PASSWORD = 'Journal-Strong-Pass-7';
let f: FleetTest;
let merchant: { id: string; name: string; token: string; storeId: string; storeName: string };
const clients: MqttClient[] = [];

interface LogRow {
  kind: string;
  message: string;
  messageKey: string | null;
  params: Record<string, unknown> | null;
}

async function ok(method: string, url: string, body?: unknown, token = f.admin) {
  const res = await f.t.call(method as 'POST', url, { token, body, lang: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/** The machine's log through the list API, oldest first, as `token` sees it. */
const journal = async (deviceId: string, token = f.admin): Promise<LogRow[]> =>
  (await ok('POST', '/api/coffee/device-log/list', { deviceId, limit: 100, sort: 'at' }, token)).list;
const lineOf = (rows: LogRow[], key: string) => rows.find((r) => r.messageKey === key);

beforeAll(async () => {
  f = await startFleetTest();
  const suffix = crypto.randomBytes(3).toString('hex');
  const name = `Golden Bean ${suffix}`;
  const m = await ok('POST', '/api/coffee/merchant', {
    name,
    loginAccount: `bean${suffix}`,
    password: f.t.encrypt(PASSWORD),
  });
  const token = await f.t.login(`bean${suffix}`, PASSWORD);
  const storeName = `Harbour Kiosk ${suffix}`;
  const store = await ok('POST', '/api/coffee/store', { name: storeName, type: 'pick-up' }, token);
  merchant = { id: m.id, name, token, storeId: store.id, storeName };
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await f.close();
});

describe('machine-log message keys', () => {
  it('names the merchant and store a machine is bound to, for the merchant to read', async () => {
    const m = await f.register();
    await ok('POST', '/api/coffee/device/bind', {
      ids: [m.id],
      merchantId: merchant.id,
      storeId: merchant.storeId,
    });
    const line = lineOf(await journal(m.id, merchant.token), 'boundToStore');
    expect(line).toMatchObject({
      kind: 'bind',
      params: { merchant: merchant.name, store: merchant.storeName },
      message: `merchant ${merchant.name}, store ${merchant.storeName}`,
    });
    // Names, not ids: neither the text nor the parameters carry the merchant's or store's id.
    const said = JSON.stringify([line!.message, line!.params]);
    expect(said).not.toContain(merchant.id);
    expect(said).not.toContain(merchant.storeId);

    await ok('POST', '/api/coffee/device/bind', { ids: [m.id], merchantId: merchant.id });
    expect(lineOf(await journal(m.id), 'bound')).toMatchObject({
      params: { merchant: merchant.name },
      message: `merchant ${merchant.name}`,
    });
    await ok('POST', '/api/coffee/device/bind', { ids: [m.id], merchantId: null });
    expect(lineOf(await journal(m.id), 'unbound')).toMatchObject({ kind: 'bind', message: 'unbound' });
  });

  it('keys online and offline, a cleaning, and silence', async () => {
    const m = await f.register();
    const machine = await bareMachine(f.url, m, clients);
    await machine.publish('status', { online: true, ts: new Date().toISOString(), state: 'idle' });
    await waitFor(async () => lineOf(await journal(m.id), 'online'), 5000, 'online line');
    await machine.publish('events', {
      events: [
        {
          eventId: crypto.randomUUID(),
          type: 'cleaning',
          ts: new Date().toISOString(),
          kind: 'deep',
          durationSeconds: 540,
          result: 'completed',
        },
      ],
    });
    const cleaning = await waitFor(async () => lineOf(await journal(m.id), 'cleaning'), 5000, 'cleaning');
    expect(cleaning).toMatchObject({
      kind: 'cleaning',
      params: { kind: 'deep', result: 'completed' },
      message: 'deep: completed',
    });
    await machine.publish('status', { online: false });
    const offline = await waitFor(async () => lineOf(await journal(m.id), 'offline'), 5000, 'offline');
    expect(offline).toMatchObject({ kind: 'offline', message: 'offline', params: null });
    expect(lineOf(await journal(m.id), 'online')).toMatchObject({ kind: 'online', message: 'online' });

    // Back online, then silent past the heartbeat limit: the presence job takes it offline.
    await machine.publish('status', { online: true, ts: new Date().toISOString() });
    await waitFor(async () => (await journal(m.id)).filter((r) => r.messageKey === 'online').length === 2);
    await f.t.sql(`update device set last_seen_at = now() - interval '1 hour' where id = $1`, [m.id]);
    await markSilentMachinesOffline(f.t.database.db, f.t.app.domainEvents);
    expect(lineOf(await journal(m.id), 'noHeartbeat')).toMatchObject({
      kind: 'offline',
      message: 'no heartbeat',
    });
  });

  it('keys a command queued, and its end with the machine’s reason as given', async () => {
    const m = await f.register();
    const machine = await bareMachine(f.url, m, clients);
    await machine.publish('status', { online: true, ts: new Date().toISOString() });
    await waitFor(async () => (await f.t.sql(`select online from device where id = $1`, [m.id]))[0].online);

    await ok('POST', '/api/coffee/device/lock', { ids: [m.id] });
    expect(lineOf(await journal(m.id), 'commandQueued')).toMatchObject({
      kind: 'command',
      params: { type: 'lock', account: 'admin' },
      message: 'lock: queued by admin',
    });
    await f.fleet.delivery.runOnce();
    const lock = (await waitFor(() => machine.commands.find((c) => c.type === 'lock'), 5000, 'lock'))!;
    await machine.publish('ack', {
      commandId: lock.commandId,
      stage: 'succeeded',
      ts: new Date().toISOString(),
    });
    const done = await waitFor(async () => lineOf(await journal(m.id), 'commandFinished'), 5000, 'done');
    expect(done).toMatchObject({ params: { type: 'lock', state: 'succeeded' }, message: 'lock: succeeded' });

    await ok('POST', '/api/coffee/device/restart', { ids: [m.id] });
    await f.fleet.delivery.runOnce();
    const restart = (await waitFor(
      () => machine.commands.find((c) => c.type === 'restart'),
      5000,
      'restart',
    ))!;
    await machine.publish('ack', {
      commandId: restart.commandId,
      stage: 'failed',
      ts: new Date().toISOString(),
      reason: 'door open',
    });
    const failed = await waitFor(
      async () => lineOf(await journal(m.id), 'commandFinishedReason'),
      5000,
      'failed',
    );
    expect(failed).toMatchObject({
      params: { type: 'restart', state: 'failed', reason: 'door open' },
      message: 'restart: failed (door open)',
    });
  });
});
