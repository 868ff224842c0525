/**
 * The device side on the embedded broker, with real MQTT clients: credentials and topic access from
 * the database, ingestion of every message kind, duplicates and malformed messages, and commands
 * from queued to succeeded, including for a machine that was offline when the command was issued.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import mqttPacket from 'mqtt-packet';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, topicFor } from '@brewfleet/contracts';
import { quietMachine, startFleetTest, uniqueSerial, waitFor, type FleetTest } from './helpers/fleet.ts';
import { ADMIN_PASSWORD } from './helpers/test-app.ts';
import { openLive } from './helpers/machine-events.ts';
import { provision, startFleet } from '@brewfleet/simulator';

let f: FleetTest;
const clients: MqttClient[] = [];
beforeAll(async () => {
  f = await startFleetTest();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await f.close();
});

async function connect(serialNumber: string, secret: string, extra: mqtt.IClientOptions = {}) {
  const client = await mqtt.connectAsync(f.url, {
    clientId: serialNumber,
    username: serialNumber,
    password: secret,
    reconnectPeriod: 0,
    ...extra,
  });
  clients.push(client);
  return client;
}

const now = () => new Date().toISOString();
const production = (overrides: Record<string, unknown> = {}) => ({
  eventId: crypto.randomUUID(),
  type: 'production',
  ts: now(),
  productCode: 'LATTE-L',
  method: 'scan-code',
  result: 'completed',
  startedAt: now(),
  cupOutSeconds: 31.5,
  extractionSeconds: 27,
  coffee: {
    soakFlowMlPerS: 1.2,
    soakTimeS: 4,
    extractionFlowMlPerS: 1.6,
    pressureBar: 9.1,
    temperatureC: 92.5,
    powderG: 18.2,
    tampingForceN: 150,
    cakeThicknessMm: 11.5,
    chamberPosition: 2,
    grindDegree1: 14,
    grindDegree2: 15,
  },
  materials: [{ channel: 1, grams: 18.2 }],
  ...overrides,
});
const send = (client: MqttClient, sn: string, events: unknown[]) =>
  client.publishAsync(topicFor(sn, 'events'), JSON.stringify({ v: PROTOCOL_VERSION, events }), { qos: 1 });
const count = async (table: string, deviceId: string) =>
  (await f.t.sql(`select count(*)::int as n from ${table} where device_id = $1`, [deviceId]))[0].n as number;
const device = async (id: string) => (await f.t.sql(`select * from device where id = $1`, [id]))[0];

describe('credentials and topic access', () => {
  it('refuses a wrong secret, an unknown machine and a client id that is not the serial number', async () => {
    const m = await f.register();
    await expect(connect(m.serialNumber, 'not-the-secret')).rejects.toThrow(
      /not authorized|Connection refused/i,
    );
    await expect(connect('NO-SUCH-MACHINE', m.secret)).rejects.toThrow(/not authorized|Connection refused/i);
    await expect(
      mqtt.connectAsync(f.url, {
        clientId: 'other',
        username: m.serialNumber,
        password: m.secret,
        reconnectPeriod: 0,
      }),
    ).rejects.toThrow(/not authorized|Connection refused/i);
    const ok = await connect(m.serialNumber, m.secret);
    expect(ok.connected).toBe(true);
  });

  it('keeps a machine to its own topics', async () => {
    const a = await f.register();
    const b = await f.register();
    const client = await connect(a.serialNumber, a.secret);
    // Refused with a SUBACK failure code (128), which mqtt.js reports as an error.
    await expect(client.subscribeAsync(topicFor(b.serialNumber, 'cmd'), { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    const own = await client.subscribeAsync(topicFor(a.serialNumber, 'cmd'), { qos: 1 });
    expect(own[0].qos).toBe(1);
    // A publish to another machine's topic is dropped (Aedes closes the offending connection).
    client.publish(topicFor(b.serialNumber, 'events'), JSON.stringify({ v: 1, events: [production()] }), {
      qos: 0,
    });
    await new Promise((r) => setTimeout(r, 300));
    await f.fleet.gateway.flush();
    expect(await count('production_record', b.id)).toBe(0);
  });

  it('a new secret locks the old one out at once', async () => {
    const m = await f.register();
    const client = await connect(m.serialNumber, m.secret, { reconnectPeriod: 0 });
    const closed = new Promise<void>((r) => client.once('close', () => r()));
    const res = await f.t.call('POST', '/api/coffee/device/credentials', {
      token: f.admin,
      body: { id: m.id },
    });
    expect(res.statusCode).toBe(200);
    const { secret } = res.json().data;
    expect(secret).not.toBe(m.secret);
    await closed;
    await expect(connect(m.serialNumber, m.secret)).rejects.toThrow(/not authorized|Connection refused/i);
    expect((await connect(m.serialNumber, secret)).connected).toBe(true);
    const [row] = await f.t.sql(`select secret_hash from device where id = $1`, [m.id]);
    expect(row.secret_hash).not.toContain(secret);
  });
});

describe('ingestion', () => {
  it('writes a cup once, however often it is resent, and counts it toward maintenance', async () => {
    const m = await f.register();
    const client = await connect(m.serialNumber, m.secret);
    const cup = production();
    await send(client, m.serialNumber, [cup]);
    await send(client, m.serialNumber, [cup, production()]);
    await waitFor(async () => (await count('production_record', m.id)) === 2, 5000, 'two cups');
    await f.fleet.gateway.flush();
    expect(await count('production_record', m.id)).toBe(2);
    expect(f.fleet.gateway.stats().duplicates).toBeGreaterThanOrEqual(1);
    const [row] = await f.t.sql(
      `select coffee, product_code, method from production_record where event_id = $1`,
      [cup.eventId],
    );
    expect(row).toMatchObject({ product_code: 'LATTE-L', method: 'scan-code', coffee: { pressureBar: 9.1 } });
    await send(client, m.serialNumber, [production()]);
    await waitFor(async () => (await device(m.id)).maintenance_due, 5000, 'maintenance due after 3 cups');
    expect((await device(m.id)).total_cups).toBe(3);
  });

  it('counts and drops what does not match, and keeps the good events of a batch', async () => {
    const m = await f.register();
    const client = await connect(m.serialNumber, m.secret);
    const before = f.fleet.gateway.stats().malformed;
    await client.publishAsync(topicFor(m.serialNumber, 'events'), 'not json', { qos: 1 });
    await client.publishAsync(topicFor(m.serialNumber, 'heartbeat'), JSON.stringify({ v: 1 }), { qos: 0 });
    await send(client, m.serialNumber, [production({ cupOutSeconds: -4 }), production()]);
    await waitFor(async () => (await count('production_record', m.id)) === 1, 5000, 'the good cup');
    expect(f.fleet.gateway.stats().malformed - before).toBe(3);
  });

  it('follows status, faults, cleanings and channel levels', async () => {
    const m = await f.register();
    const client = await connect(m.serialNumber, m.secret, {
      will: {
        topic: topicFor(m.serialNumber, 'status'),
        payload: Buffer.from('{"v":1,"online":false}'),
        qos: 1,
        retain: true,
      },
    });
    await client.publishAsync(
      topicFor(m.serialNumber, 'status'),
      JSON.stringify({
        v: 1,
        online: true,
        ts: now(),
        state: 'idle',
        locked: false,
        faultCodes: [],
        firmware: '2.4.1',
      }),
      { qos: 1, retain: true },
    );
    await waitFor(async () => (await device(m.id)).online, 5000, 'online');
    await send(client, m.serialNumber, [
      {
        eventId: crypto.randomUUID(),
        type: 'fault',
        ts: now(),
        code: 'E-WATER-LOW',
        message: 'Water tank below 10 %',
      },
    ]);
    await waitFor(async () => (await device(m.id)).alarm, 5000, 'alarm');
    await send(client, m.serialNumber, [
      { eventId: crypto.randomUUID(), type: 'fault-cleared', ts: now(), code: 'E-WATER-LOW' },
      {
        eventId: crypto.randomUUID(),
        type: 'cleaning',
        ts: now(),
        kind: 'deep',
        durationSeconds: 540,
        result: 'completed',
      },
      {
        eventId: crypto.randomUUID(),
        type: 'material',
        ts: now(),
        levels: [
          { channel: 1, grams: 100, capacityG: 2000 },
          { channel: 2, grams: 1500, capacityG: 2000 },
        ],
      },
    ]);
    await waitFor(
      async () => !(await device(m.id)).alarm && (await count('cleaning_record', m.id)) === 1,
      5000,
      'cleared',
    );
    const [fault] = await f.t.sql(`select active, cleared_at from fault_log where device_id = $1`, [m.id]);
    expect(fault.active).toBe(false);
    expect((await device(m.id)).last_deep_maintenance_at).not.toBeNull();
    // Channels the machine reports appear; a low one is a shortage once it has a low level.
    const channels = await f.t.sql(
      `select id::text, channel_number, level_g from device_channel where device_id = $1 order by 2`,
      [m.id],
    );
    expect(channels.map((c) => [c.channel_number, c.level_g])).toEqual([
      [1, 100],
      [2, 1500],
    ]);
    const res = await f.t.call('PUT', '/api/coffee/device-channel', {
      token: f.admin,
      body: { id: channels[0].id, lowLevelG: 200 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await device(m.id)).material_shortage).toBe(true);
    // A refill (the level jumps back up) restarts the channel's shelf life and ends the shortage.
    await send(client, m.serialNumber, [
      {
        eventId: crypto.randomUUID(),
        type: 'material',
        ts: now(),
        levels: [{ channel: 1, grams: 1950, capacityG: 2000 }],
      },
    ]);
    await waitFor(async () => !(await device(m.id)).material_shortage, 5000, 'refilled');
    const log = await f.t.sql(`select kind from device_log where device_id = $1`, [m.id]);
    // 'command': the channel edited by hand above is told to the machine as its new layout.
    expect(new Set(log.map((l) => l.kind))).toEqual(
      new Set(['online', 'fault', 'fault-cleared', 'cleaning', 'channel-refill', 'state', 'command']),
    );
    const [told] = await f.t.sql(`select type, params from device_command where device_id = $1`, [m.id]);
    expect(told.type).toBe('channels');
    expect(told.params.channels.map((c: { channel: number }) => c.channel)).toEqual([1, 2]);
    // The link drops: the broker publishes the last will.
    client.stream.destroy();
    await waitFor(async () => !(await device(m.id)).online, 5000, 'offline by last will');
  });
});

describe('remote operation', () => {
  it('takes a status as the truth about faults raised before it, in the same batch too', async () => {
    const m = await f.register();
    const client = await connect(m.serialNumber, m.secret);
    const status = (faultCodes: string[], ts: string) =>
      client.publishAsync(
        topicFor(m.serialNumber, 'status'),
        JSON.stringify({ v: 1, online: true, ts, state: 'idle', faultCodes }),
        { qos: 1, retain: true },
      );
    const fault = (code: string, ts: string) => ({ eventId: crypto.randomUUID(), type: 'fault', ts, code });
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    await status([], at(0));
    await waitFor(async () => (await device(m.id)).online, 5000, 'online');
    const faults = async () =>
      Object.fromEntries(
        (await f.t.sql(`select code, active from fault_log where device_id = $1`, [m.id])).map((r) => [
          r.code,
          r.active,
        ]),
      );
    // A fault raised, then over by the machine's next status: sent back to back, one batch. The
    // status is the later word: the fault is closed and the machine not left in alarm without a code.
    await Promise.all([send(client, m.serialNumber, [fault('E-BRIEF', at(-1000))]), status([], at(0))]);
    await waitFor(async () => 'E-BRIEF' in (await faults()), 5000, 'fault stored');
    await f.fleet.gateway.flush();
    expect(await faults()).toEqual({ 'E-BRIEF': false });
    expect((await device(m.id)).alarm).toBe(false);
    // A fault raised after a status (its time later than the status's) is news the status cannot
    // know of: it stays open, in one batch as well.
    await Promise.all([status([], at(0)), send(client, m.serialNumber, [fault('E-LATER', at(1000))])]);
    await waitFor(async () => 'E-LATER' in (await faults()), 5000, 'second fault stored');
    await f.fleet.gateway.flush();
    expect(await faults()).toEqual({ 'E-BRIEF': false, 'E-LATER': true });
    expect((await device(m.id)).alarm).toBe(true);
  });

  it('makes no channel 0 of a level, so a layout told back to the machine keeps to its schema', async () => {
    const m = await f.register();
    const client = await connect(m.serialNumber, m.secret);
    await send(client, m.serialNumber, [
      {
        eventId: crypto.randomUUID(),
        type: 'material',
        ts: now(),
        levels: [
          { channel: 0, grams: 500, capacityG: 1000 },
          { channel: 3, grams: 700, capacityG: 1000 },
        ],
      },
    ]);
    const numbers = async () =>
      (
        await f.t.sql(`select channel_number from device_channel where device_id = $1 order by 1`, [m.id])
      ).map((r) => r.channel_number);
    await waitFor(async () => (await numbers()).length > 0, 5000, 'channels');
    await f.fleet.gateway.flush();
    expect(await numbers()).toEqual([3]);
  });

  it('delivers a command to a machine that was offline when it returns, once, and follows its states', async () => {
    const m = await f.register();
    const res = await f.t.call('POST', '/api/coffee/device/lock', { token: f.admin, body: { ids: [m.id] } });
    expect(res.statusCode, res.body).toBe(200);
    const [{ id: commandId }] = res.json().data.commands;
    await f.fleet.delivery.runOnce();
    const state = async () => (await f.t.sql(`select * from device_command where id = $1`, [commandId]))[0];
    expect((await state()).state).toBe('queued');

    const machine = quietMachine(f.url, m);
    await machine.start();
    try {
      await waitFor(async () => (await state()).state === 'succeeded', 10_000, 'command succeeded');
      await waitFor(async () => (await device(m.id)).locked, 5000, 'machine locked');
      // A retry of the same command (the job thinks the answer was lost) is not run twice.
      await f.t.sql(`update device_command set state = 'sent', next_attempt_at = now() where id = $1`, [
        commandId,
      ]);
      await f.fleet.delivery.runOnce();
      await waitFor(async () => (await state()).state === 'succeeded', 5000, 'acknowledged again');
      const { command_id: sent } = await state();
      expect(machine.executed.filter((id) => id === sent)).toHaveLength(1);
    } finally {
      await machine.stop();
    }
    const audit = await f.t.sql(`select action from operation_log where action = 'device.lock'`);
    expect(audit.length).toBeGreaterThanOrEqual(1);
    const journal = await f.t.sql(
      `select message from device_log where device_id = $1 and kind = 'command'`,
      [m.id],
    );
    expect(journal.map((j) => j.message)).toEqual(expect.arrayContaining(['lock: succeeded']));
  });

  it('sends again at once a command a machine missed, when it says it is online', async () => {
    const m = await f.register();
    // The machine's row says online (a server restarted, a demo's first start) but nobody listens:
    // the command is published into the void and waits for its next retry, minutes away.
    await f.t.sql(`update device set online = true where id = $1`, [m.id]);
    const res = await f.t.call('POST', '/api/coffee/device/lock', { token: f.admin, body: { ids: [m.id] } });
    expect(res.statusCode, res.body).toBe(200);
    const [{ id: commandId }] = res.json().data.commands;
    const state = async () => (await f.t.sql(`select * from device_command where id = $1`, [commandId]))[0];
    // Sent by this run or by the job's own, woken by the command (its row is then locked to this one).
    await waitFor(
      async () => (await f.fleet.delivery.runOnce(), (await state()).state === 'sent'),
      5000,
      'the command published',
    );
    await f.t.sql(
      `update device_command set sent_at = now() - interval '10 seconds',
              next_attempt_at = now() + interval '5 minutes' where id = $1`,
      [commandId],
    );
    // It connects with a fresh session (the broker kept nothing for it) and reports online.
    const machine = quietMachine(f.url, m);
    await machine.start();
    try {
      await waitFor(async () => (await state()).state === 'succeeded', 10_000, 'the command taken at once');
      expect((await state()).attempts).toBe(2);
    } finally {
      await machine.stop();
    }
  });

  it('expires a command nobody answered', async () => {
    const m = await f.register();
    const res = await f.t.call('POST', '/api/coffee/device/restart', {
      token: f.admin,
      body: { ids: [m.id] },
    });
    const [{ id }] = res.json().data.commands;
    await f.t.sql(`update device_command set expires_at = now() - interval '1 second' where id = $1`, [id]);
    await f.fleet.delivery.runOnce();
    const [row] = await f.t.sql(`select state from device_command where id = $1`, [id]);
    expect(row.state).toBe('expired');
  });
});

describe('live state and external broker hooks', () => {
  it('streams a command’s states and the machine’s new state to the console (server-sent events)', async () => {
    const m = await f.register();
    const machine = quietMachine(f.url, m);
    await machine.start();
    await waitFor(async () => (await device(m.id)).online, 5000, 'online');
    const address = await f.t.app.listen({ port: 0, host: '127.0.0.1' });
    const live = await openLive(address, f.admin, m.id);
    expect(live.contentType).toContain('text/event-stream');
    const seen = live.seen;
    await f.t.call('POST', '/api/coffee/device/lock', { token: f.admin, body: { ids: [m.id] } });
    try {
      await waitFor(
        () =>
          seen.some((e) => e.kind === 'command' && e.state === 'succeeded') &&
          seen.some((e) => e.kind === 'device' && e.locked),
        10_000,
        'live events',
      );
      const states = seen.filter((e) => e.kind === 'command').map((e) => e.state);
      expect(states.at(-1)).toBe('succeeded');
      expect(seen.every((e) => e.kind !== 'device' || e.id === m.id)).toBe(true);
    } finally {
      await live.close();
      await machine.stop();
    }
  });

  it('answers an external broker’s authentication and access questions like the embedded broker', async () => {
    const m = await f.register();
    const ask = (url: string, body: object) => f.t.call('POST', url, { body });
    const ok = await ask('/api/mqtt/auth', {
      clientid: m.serialNumber,
      username: m.serialNumber,
      password: m.secret,
    });
    expect([ok.statusCode, ok.json()]).toEqual([200, { result: 'allow' }]);
    const wrong = await ask('/api/mqtt/auth', {
      clientid: m.serialNumber,
      username: m.serialNumber,
      password: 'guess',
    });
    expect([wrong.statusCode, wrong.json()]).toEqual([403, { result: 'deny' }]);
    const acl = (topic: string, action: string) =>
      ask('/api/mqtt/acl', { clientid: m.serialNumber, username: m.serialNumber, topic, action }).then(
        (r) => r.json().result,
      );
    expect(await acl(topicFor(m.serialNumber, 'events'), 'publish')).toBe('allow');
    expect(await acl(topicFor(m.serialNumber, 'cmd'), 'subscribe')).toBe('allow');
    expect(await acl(topicFor('SOMEONE-ELSE', 'events'), 'publish')).toBe('deny');
    expect(await acl(topicFor(m.serialNumber, 'cmd'), 'publish')).toBe('deny');
    expect(await acl('bf/v1/d/+/cmd', 'subscribe')).toBe('deny');
  });
});

describe('simulator provisioning', () => {
  it('registers machines through the API, issues secrets, and they connect with them', async () => {
    const address = f.t.app.server.listening
      ? `http://127.0.0.1:${(f.t.app.server.address() as { port: number }).port}`
      : await f.t.app.listen({ port: 0, host: '127.0.0.1' });
    const serialNumbers = [uniqueSerial('PRV'), uniqueSerial('PRV')];
    const provided = await provision({
      server: address,
      account: 'admin',
      password: ADMIN_PASSWORD,
      serialNumbers,
      familyOf: (i) => (i ? 'tea' : 'coffee'),
    });
    expect(provided.map((m) => [m.serialNumber, m.family])).toEqual([
      [serialNumbers[0], 'coffee'],
      [serialNumbers[1], 'tea'],
    ]);
    // Provisioning again reuses the machines and issues new secrets.
    const again = await provision({
      server: address,
      account: 'admin',
      password: ADMIN_PASSWORD,
      serialNumbers,
      familyOf: () => 'coffee',
    });
    expect(again.map((m) => m.family)).toEqual(['coffee', 'tea']);
    const fleet = await startFleet({ url: f.url, machines: again, cupsPerMinute: 0 });
    try {
      expect(fleet.machines.every((m) => m.status.online)).toBe(true);
    } finally {
      await fleet.stop();
    }
  });
});

describe('MQTT 5 machines on the embedded broker', () => {
  const v5 = { protocolVersion: 5 as const, properties: { sessionExpiryInterval: 86_400 }, clean: false };

  it('refuses wrong credentials with a v5 reason code and keeps a v5 machine to its own topics', async () => {
    const m = await f.register();
    const other = await f.register();
    const refused = await connect(m.serialNumber, 'not-the-secret', v5).catch((e: { code?: number }) => e);
    // 0x87 "Not authorized" (Aedes's refusal of a wrong secret, translated to MQTT 5).
    expect((refused as { code?: number }).code).toBe(0x87);
    const client = await connect(m.serialNumber, m.secret, v5);
    expect(client.options.protocolVersion).toBe(5);
    const own = await client.subscribeAsync(topicFor(m.serialNumber, 'cmd'), { qos: 1 });
    expect(own[0].qos).toBe(1);
    await expect(client.subscribeAsync(topicFor(other.serialNumber, 'cmd'), { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    // Unsubscribing answers one reason code per topic, as MQTT 5 requires.
    await client.unsubscribeAsync([topicFor(m.serialNumber, 'cmd')]);
  });

  it('sends a v5 machine no more unacknowledged commands than its Receive Maximum', async () => {
    const m = await f.register();
    // A bare v5 client on a socket, so that what arrives is seen as it is on the wire (mqtt.js reads
    // the next packet only once it has acknowledged the last).
    const socket = net.connect(Number(new URL(f.url).port), '127.0.0.1');
    const parser = mqttPacket.parser({ protocolVersion: 5 });
    const got: mqttPacket.Packet[] = [];
    parser.on('packet', (p) => got.push(p));
    socket.on('data', (chunk) => parser.parse(chunk));
    const write = (packet: mqttPacket.Packet) =>
      socket.write(mqttPacket.generate(packet, { protocolVersion: 5 }));
    try {
      write({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 5,
        clean: true,
        keepalive: 30,
        clientId: m.serialNumber,
        username: m.serialNumber,
        password: Buffer.from(m.secret),
        properties: { receiveMaximum: 1 },
      });
      write({
        cmd: 'subscribe',
        messageId: 1,
        subscriptions: [{ topic: topicFor(m.serialNumber, 'cmd'), qos: 1 }],
      });
      await waitFor(async () => got.some((p) => p.cmd === 'suback'), 5000, 'subscribed');
      for (const n of [1, 2, 3])
        await f.mqtt.client.publishAsync(topicFor(m.serialNumber, 'cmd'), `{"n":${n}}`, { qos: 1 });
      const publishes = () => got.filter((p): p is mqttPacket.IPublishPacket => p.cmd === 'publish');
      const settle = () => new Promise((r) => setTimeout(r, 300));
      await waitFor(async () => publishes().length === 1, 5000, 'the first command');
      await settle();
      expect(publishes()).toHaveLength(1);
      write({ cmd: 'puback', messageId: publishes()[0].messageId });
      await waitFor(async () => publishes().length === 2, 5000, 'the second, once the first is acknowledged');
      await settle();
      expect(publishes()).toHaveLength(2);
      write({ cmd: 'puback', messageId: publishes()[1].messageId });
      await waitFor(async () => publishes().length === 3, 5000, 'the third');
      expect(publishes().map((p) => p.payload.toString())).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    } finally {
      socket.destroy();
    }
  });

  it('runs a v5 machine end to end: events once, a command obeyed, offline by its last will', async () => {
    const m = await f.register();
    const machine = quietMachine(f.url, m, { mqttVersion: 5 });
    await machine.start();
    try {
      await waitFor(async () => (await device(m.id)).online, 5000, 'online');
      const res = await f.t.call('POST', '/api/coffee/device/lock', {
        token: f.admin,
        body: { ids: [m.id] },
      });
      const [{ id: commandId }] = res.json().data.commands;
      await f.fleet.delivery.runOnce();
      const state = async () =>
        (await f.t.sql(`select state from device_command where id = $1`, [commandId]))[0];
      await waitFor(async () => (await state()).state === 'succeeded', 10_000, 'lock succeeded');
      await waitFor(async () => (await device(m.id)).locked, 5000, 'locked');
    } finally {
      await machine.stop();
    }

    const client = await connect(m.serialNumber, m.secret, {
      ...v5,
      will: {
        topic: topicFor(m.serialNumber, 'status'),
        payload: Buffer.from('{"v":1,"online":false}'),
        qos: 1,
        retain: true,
      },
    });
    const cup = production();
    await send(client, m.serialNumber, [cup]);
    await send(client, m.serialNumber, [cup]);
    await client.publishAsync(
      topicFor(m.serialNumber, 'status'),
      JSON.stringify({ v: 1, online: true, ts: now(), state: 'idle', locked: true, faultCodes: [] }),
      { qos: 1, retain: true },
    );
    await waitFor(async () => (await count('production_record', m.id)) === 1, 5000, 'the cup');
    await waitFor(async () => (await device(m.id)).online, 5000, 'online again');
    await f.fleet.gateway.flush();
    expect(await count('production_record', m.id)).toBe(1);
    client.stream.destroy();
    await waitFor(async () => !(await device(m.id)).online, 5000, 'offline by last will');
  });
});

it('reads a CONNECT that arrives a byte at a time, in MQTT 5 and in 3.1.1', async () => {
  const { port } = new URL(f.url);
  const connackOf = async (protocolVersion: 4 | 5) => {
    const bytes = mqttPacket.generate(
      { cmd: 'connect', protocolId: 'MQTT', protocolVersion, clean: true, clientId: 'nobody', keepalive: 30 },
      { protocolVersion },
    );
    const socket = net.connect(Number(port), '127.0.0.1');
    const parser = mqttPacket.parser({ protocolVersion });
    const answer = new Promise<mqttPacket.IConnackPacket>((resolve) =>
      parser.on('packet', (p) => resolve(p as mqttPacket.IConnackPacket)),
    );
    socket.on('data', (chunk) => parser.parse(chunk));
    for (const byte of bytes) {
      socket.write(Buffer.from([byte]));
      await new Promise((r) => setTimeout(r, 2));
    }
    const connack = await answer;
    socket.destroy();
    return connack;
  };
  // No credentials: refused, each in its own version's words.
  expect((await connackOf(5)).reasonCode).toBe(0x87);
  expect((await connackOf(4)).returnCode).toBe(5);
});
