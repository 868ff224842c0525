/**
 * Mosquitto as the external broker with its dynamic-security plugin (MQTT_DYNSEC): a Mosquitto of
 * this test's own, on a free port, that admits nobody but the accounts the server keeps there. Real
 * MQTT clients: a machine connects with the secret the console showed, a wrong secret is refused,
 * another machine's topics are refused, a new secret locks the old one out, a deleted machine is
 * refused, imported machines get accounts from new secrets in bulk; and the server still hears
 * machines and commands them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROTOCOL_VERSION, topicFor } from '@brewfleet/contracts';
import { quietMachine, startFleetTest, uniqueSerial, waitFor, type FleetTest } from './helpers/fleet.ts';
import { multipartFile } from './helpers/multipart.ts';
import { cupEvent } from './helpers/machine-events.ts';

const ADMIN = 'bf-admin';
const ADMIN_SECRET = crypto.randomBytes(12).toString('hex');
/** Where Debian (and most distributions) put the plugin. */
const PLUGIN = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
  '/usr/lib64/mosquitto_dynamic_security.so',
].find((p) => fs.existsSync(p));

let broker: ChildProcess;
let url: string;
let f: FleetTest;
const clients: MqttClient[] = [];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

beforeAll(async () => {
  if (!PLUGIN) throw new Error('mosquitto_dynamic_security.so not found: install Debian’s mosquitto');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-dynsec-'));
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', path.join(dir, 'dynsec.json'), ADMIN, ADMIN_SECRET]);
  const port = await freePort();
  fs.writeFileSync(
    path.join(dir, 'mosquitto.conf'),
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      // Started as root, Mosquitto would switch to its own user, who cannot read this folder.
      `user ${os.userInfo().username}`,
      `plugin ${PLUGIN}`,
      `plugin_opt_config_file ${path.join(dir, 'dynsec.json')}`,
      '',
    ].join('\n'),
  );
  broker = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  url = `mqtt://127.0.0.1:${port}`;
  await waitFor(
    () =>
      new Promise<boolean>((resolve) =>
        net
          .connect(port, '127.0.0.1')
          .once('connect', function (this: net.Socket) {
            this.destroy();
            resolve(true);
          })
          .once('error', () => resolve(false)),
      ),
    10_000,
    'mosquitto listening',
  );
  f = await startFleetTest({
    mqttUrl: `mqtt://${ADMIN}:${ADMIN_SECRET}@127.0.0.1:${port}`,
    shareGroup: 'dynsec-test',
    dynsecAdmin: ADMIN,
  });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await f?.close();
  broker?.kill();
});

const connect = async (serialNumber: string, password: string) => {
  const client = await mqtt.connectAsync(url, {
    clientId: serialNumber,
    username: serialNumber,
    password,
    protocolVersion: 5,
    reconnectPeriod: 0,
  });
  clients.push(client);
  return client;
};
const refusal = (serialNumber: string, password: string) =>
  connect(serialNumber, password).then(
    () => null,
    (e: { code?: number }) => e.code,
  );
/** The account is made just after the answer: a machine installed a moment later gets in. */
async function connectOnceProvisioned(serialNumber: string, password: string) {
  await waitFor(async () => (await refusal(serialNumber, password)) === null, 5000, 'account in Mosquitto');
  return connect(serialNumber, password);
}

it('admits a machine with its secret only, to its own topics only, and hears it', async () => {
  const m = await f.register();
  const other = await f.register();
  const client = await connectOnceProvisioned(m.serialNumber, m.secret);
  // 0x86 bad user name or password, or 0x87 not authorized: Mosquitto's words for a wrong secret.
  expect([0x86, 0x87]).toContain(await refusal(m.serialNumber, 'not-the-secret'));
  expect([0x86, 0x87]).toContain(await refusal('NO-SUCH-MACHINE', m.secret));
  expect((await client.subscribeAsync(topicFor(m.serialNumber, 'cmd'), { qos: 1 }))[0].qos).toBe(1);
  await expect(client.subscribeAsync(topicFor(other.serialNumber, 'cmd'), { qos: 1 })).rejects.toThrow(
    /Not authorized/,
  );
  const cup = cupEvent({ productCode: 'LATTE-L' });
  const body = JSON.stringify({ v: PROTOCOL_VERSION, events: [cup] });
  await expect(client.publishAsync(topicFor(other.serialNumber, 'events'), body, { qos: 1 })).rejects.toThrow(
    /Not authorized/,
  );
  await client.publishAsync(topicFor(m.serialNumber, 'events'), body, { qos: 1 });
  const count = async (id: string) =>
    (await f.t.sql(`select count(*)::int as n from production_record where device_id = $1`, [id]))[0].n;
  await waitFor(async () => (await count(m.id)) === 1, 5000, 'the cup');
  expect(await count(other.id)).toBe(0);
});

it('commands a machine through Mosquitto', async () => {
  const m = await f.register();
  await connectOnceProvisioned(m.serialNumber, m.secret).then((c) => c.endAsync());
  const machine = quietMachine(url, m, { mqttVersion: 5 });
  await machine.start();
  try {
    const res = await f.t.call('POST', '/api/coffee/device/lock', { token: f.admin, body: { ids: [m.id] } });
    const [{ id }] = res.json().data.commands;
    await f.fleet.delivery.runOnce();
    const state = async () =>
      (await f.t.sql(`select state from device_command where id = $1`, [id]))[0].state;
    await waitFor(async () => (await state()) === 'succeeded', 10_000, 'lock succeeded');
  } finally {
    await machine.stop();
  }
});

it('locks the old secret out when a new one is issued, and a deleted machine out for good', async () => {
  const m = await f.register();
  const client = await connectOnceProvisioned(m.serialNumber, m.secret);
  const closed = new Promise<void>((r) => client.once('close', () => r()));
  const res = await f.t.call('POST', '/api/coffee/device/credentials', {
    token: f.admin,
    body: { id: m.id },
  });
  const { secret } = res.json().data;
  await closed;
  expect([0x86, 0x87]).toContain(await refusal(m.serialNumber, m.secret));
  (await connectOnceProvisioned(m.serialNumber, secret)).end(true);

  const del = await f.t.call('DELETE', '/api/coffee/device', { token: f.admin, body: { ids: [m.id] } });
  expect(del.statusCode, del.body).toBe(200);
  await waitFor(async () => (await refusal(m.serialNumber, secret)) !== null, 5000, 'account removed');
});

it('gives imported machines accounts when they get new secrets in bulk', async () => {
  const serials = [uniqueSerial('DYN'), uniqueSerial('DYN')];
  const csv = ['name,serialNumber,modelId', ...serials.map((sn) => `${sn},${sn},${f.modelId}`)].join('\n');
  const { payload, contentType } = multipartFile(Buffer.from(csv), 'machines.csv', 'text/csv');
  const imported = await f.t.app.inject({
    method: 'POST',
    url: '/api/coffee/device/import?dryRun=false',
    headers: { token: f.admin, 'content-type': contentType },
    payload,
  });
  expect(imported.statusCode, imported.body).toBe(200);
  const ids = (await f.t.sql(`select id::text from device where serial_number = any($1)`, [serials])).map(
    (r) => r.id as string,
  );
  const res = await f.t.call('POST', '/api/coffee/device/credentials/bulk', {
    token: f.admin,
    body: { ids },
  });
  expect(res.statusCode, res.body).toBe(200);
  for (const m of res.json().data.machines as Array<{ serialNumber: string; secret: string }>)
    (await connectOnceProvisioned(m.serialNumber, m.secret)).end(true);
});

it('tells a machine through Mosquitto which events it refused, and keeps the rest', async () => {
  const m = await f.register();
  const client = await connectOnceProvisioned(m.serialNumber, m.secret);
  const answers: Array<{ channel: string; events?: Array<{ eventId?: string; code: string }> }> = [];
  client.on('message', (_topic, payload) => answers.push(JSON.parse(payload.toString())));
  expect((await client.subscribeAsync(topicFor(m.serialNumber, 'rejected'), { qos: 1 }))[0].qos).toBe(1);
  const bad = { ...cupEvent(), ts: 'yesterday' };
  const body = JSON.stringify({ v: PROTOCOL_VERSION, events: [cupEvent(), bad] });
  await client.publishAsync(topicFor(m.serialNumber, 'events'), body, { qos: 1 });
  await waitFor(() => answers.length, 5000, 'the answer');
  expect(answers[0]).toMatchObject({
    channel: 'events',
    events: [{ eventId: bad.eventId, code: 'invalid' }],
  });
  // The answer leaves as the message is read; the good cup is written with the gateway's next batch.
  const cups = async () =>
    (await f.t.sql(`select count(*)::int as n from production_record where device_id = $1`, [m.id]))[0]
      .n as number;
  await waitFor(async () => (await cups()) > 0, 5000, 'the good cup');
  expect(await cups()).toBe(1);
});

it('acknowledges and drops an MQTT 3.1.1 publish to another machine’s topic, keeping the connection', async () => {
  const m = await f.register();
  const other = await f.register();
  await connectOnceProvisioned(m.serialNumber, m.secret).then((c) => c.endAsync());
  const client = await mqtt.connectAsync(url, {
    clientId: m.serialNumber,
    username: m.serialNumber,
    password: m.secret,
    protocolVersion: 4,
    clean: false,
    reconnectPeriod: 0,
  });
  clients.push(client);
  const status = JSON.stringify({ v: PROTOCOL_VERSION, online: true });
  await client.publishAsync(topicFor(other.serialNumber, 'status'), status, { qos: 1 });
  await client.publishAsync(topicFor(m.serialNumber, 'status'), status, { qos: 1, retain: true });
  await waitFor(
    async () => (await f.t.sql(`select online from device where id = $1`, [m.id]))[0].online as boolean,
    5000,
    'its own status',
  );
  expect(client.connected).toBe(true);
  expect((await f.t.sql(`select online from device where id = $1`, [other.id]))[0].online).toBe(false);
});
