/**
 * What a machine maker's own client found (docs/device-protocol.md), on the embedded broker with real
 * MQTT 3.1.1 and 5 clients: a refused publish is dropped with the connection kept; a command larger
 * than the machine's Maximum Packet Size fails, saying so, without holding up the next; the good
 * events of a message are kept and the machine is told which were refused; events buffered while
 * offline keep their own time.
 */
import crypto from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, rejectedMessage, topicFor, type RejectedMessage } from '@brewfleet/contracts';
import { startFleetTest, waitFor, type FleetTest } from './helpers/fleet.ts';
import { cupEvent } from './helpers/machine-events.ts';

let f: FleetTest;
const clients: MqttClient[] = [];
beforeAll(async () => {
  f = await startFleetTest();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await f.close();
});

const call = (method: string, url: string, body?: unknown) => f.t.call(method, url, { token: f.admin, body });
async function ok(res: Awaited<ReturnType<typeof call>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const detail = async (id: string) => ok(await call('GET', `/api/coffee/device/detail?id=${id}`));

/** A machine as a maker's client connects: its own session kept, MQTT 3.1.1 or 5. */
async function machine(opts: IClientOptions = {}) {
  const m = await f.register();
  const client = await mqtt.connectAsync(f.url, {
    clientId: m.serialNumber,
    username: m.serialNumber,
    password: m.secret,
    clean: false,
    reconnectPeriod: 500,
    ...opts,
  });
  clients.push(client);
  let reconnects = 0;
  client.on('reconnect', () => reconnects++);
  const commands: Array<{ commandId: string; type: string }> = [];
  const rejected: RejectedMessage[] = [];
  client.on('message', (topic, payload) => {
    const body = JSON.parse(payload.toString());
    if (topic === topicFor(m.serialNumber, 'rejected')) rejected.push(rejectedMessage.parse(body));
    else commands.push(body);
  });
  await client.subscribeAsync([topicFor(m.serialNumber, 'cmd'), topicFor(m.serialNumber, 'rejected')], {
    qos: 1,
  });
  const publish = (channel: 'status' | 'events' | 'ack', body: object) =>
    client.publishAsync(topicFor(m.serialNumber, channel), JSON.stringify({ v: PROTOCOL_VERSION, ...body }), {
      qos: 1,
    });
  return { ...m, client, commands, rejected, publish, reconnects: () => reconnects };
}

const cups = async (deviceId: string) =>
  (await f.t.sql(`select product_code from production_record where device_id = $1`, [deviceId]))
    .map((r) => r.product_code as string)
    .sort();

describe('a publish the broker refuses', () => {
  for (const protocolVersion of [4, 5] as const) {
    it(`is dropped and the connection kept (MQTT ${protocolVersion === 4 ? '3.1.1' : '5'})`, async () => {
      const m = await machine({ protocolVersion });
      const other = await f.register();
      const answer = m.client
        .publishAsync(topicFor(other.serialNumber, 'status'), JSON.stringify({ v: 1, online: true }), {
          qos: 1,
        })
        .then(
          () => 'acknowledged',
          (error: Error & { code?: number }) => `refused ${error.code}`,
        );
      const noAnswer = new Promise<string>((r) => setTimeout(() => r('no answer'), 5000));
      const refused = Promise.race([answer, noAnswer]);
      // MQTT 3.1.1 has no refusal: acknowledged and dropped. MQTT 5: PUBACK 0x87 (135) Not authorized.
      expect(await refused).toBe(protocolVersion === 4 ? 'acknowledged' : 'refused 135');
      await m.publish('status', { online: true, firmware: 'after-refusal', ts: new Date().toISOString() });
      await waitFor(async () => (await detail(m.id)).device.firmware === 'after-refusal', 5000, 'the status');
      await new Promise((r) => setTimeout(r, 1000));
      expect(m.client.connected).toBe(true);
      expect(m.reconnects()).toBe(0);
      // The other machine heard nothing of it.
      expect((await detail(other.id)).device.online).toBe(false);
    });
  }
});

describe('a command larger than the machine takes (MQTT 5 Maximum Packet Size)', () => {
  it('fails with the sizes in the console, and the next command still goes', async () => {
    const m = await machine({
      protocolVersion: 5,
      properties: { maximumPacketSize: 4096, receiveMaximum: 1, sessionExpiryInterval: 86_400 },
    });
    await m.publish('status', { online: true, ts: new Date().toISOString() });
    await waitFor(async () => (await detail(m.id)).device.online, 5000, 'online');
    const preset = await ok(
      await call('POST', '/api/coffee/preset-command', {
        name: `Big ${crypto.randomUUID()}`,
        action: 'load-table',
        args: { table: 'x'.repeat(7000) },
      }),
    );
    const [big] = (
      await ok(await call('POST', '/api/coffee/device/debug', { ids: [m.id], presetId: preset.id }))
    ).commands;
    const failed = await waitFor(
      async () => {
        const c = (await detail(m.id)).commands.find((x: { id: string }) => x.id === big.id);
        return c?.state === 'failed' && c;
      },
      10_000,
      'the large command failed',
    );
    expect(failed.reason).toMatch(
      /too large for the machine: \d+ bytes, its MQTT Maximum Packet Size is 4096/,
    );
    // Beside the English text, a key and its sizes: the console words it in the reader's language.
    expect(failed).toMatchObject({ reasonKey: 'tooLarge', reasonParams: { limit: 4096 } });
    expect(failed.reasonParams.bytes).toBeGreaterThan(7000);
    const [lock] = (await ok(await call('POST', '/api/coffee/device/lock', { ids: [m.id] }))).commands;
    await waitFor(() => m.commands.some((c) => c.commandId === lock.commandId), 10_000, 'the lock command');
    expect(m.commands.map((c) => c.type)).toEqual(['lock']);
    const journal = await ok(
      await call('POST', '/api/coffee/device-log/list', { deviceId: m.id, limit: 100 }),
    );
    const line = journal.list.find((l: { messageKey: string }) => l.messageKey === 'commandTooLarge');
    expect(line?.params).toMatchObject({ type: 'debug', limit: 4096 });
    expect(line.params.bytes).toBeGreaterThan(7000);
  });
});

describe('events the gateway refuses', () => {
  it('keeps the good events of a message and tells the machine which it refused, and why', async () => {
    const m = await machine();
    const before = f.fleet.gateway.stats().malformed;
    const nul = cupEvent({ productCode: 'NUL\u0000CODE' });
    const noTime = { ...cupEvent({ productCode: 'NO-TIME' }), ts: 'yesterday' };
    await m.publish('events', {
      events: [cupEvent({ productCode: 'GOOD-1' }), nul, noTime, cupEvent({ productCode: 'GOOD-2' })],
    });
    await waitFor(async () => (await cups(m.id)).length === 2, 5000, 'the good cups');
    expect(await cups(m.id)).toEqual(['GOOD-1', 'GOOD-2']);
    const answer = await waitFor(() => m.rejected[0], 5000, 'the answer');
    expect(answer).toMatchObject({ v: 1, channel: 'events' });
    expect(answer.code).toBeUndefined();
    expect(answer.events).toEqual([
      { index: 1, eventId: nul.eventId, code: 'nul-character', reason: 'NUL character' },
      { index: 2, eventId: noTime.eventId, code: 'invalid', reason: expect.stringMatching(/^ts: /) },
    ]);
    await f.fleet.gateway.flush();
    expect(f.fleet.gateway.stats().malformed - before).toBe(2);
  });

  it('keeps 500 events of a larger message and refuses the rest by eventId, to be sent again', async () => {
    const m = await machine({ protocolVersion: 5 });
    const events = Array.from({ length: 501 }, (_, i) => cupEvent({ productCode: `C${i}` }));
    await m.publish('events', { events });
    await waitFor(async () => (await cups(m.id)).length === 500, 10_000, '500 cups');
    const answer = await waitFor(() => m.rejected[0], 5000, 'the answer');
    expect(answer.events).toEqual([
      { index: 500, eventId: events[500].eventId, code: 'too-many-events', reason: expect.any(String) },
    ]);
    // Sent again on its own, it is kept.
    await m.publish('events', { events: [events[500]] });
    await waitFor(async () => (await cups(m.id)).length === 501, 5000, 'the last cup');
  });

  it('answers a message refused whole, naming its events', async () => {
    const m = await machine();
    const events = [cupEvent()];
    await m.publish('events', { v: 2, events });
    await m.client.publishAsync(topicFor(m.serialNumber, 'ack'), '{not json', { qos: 1 });
    await waitFor(() => m.rejected.length === 2, 5000, 'two answers');
    // The unreadable message is answered at once, the events with their batch: in either order.
    expect([...m.rejected].sort((a, b) => a.channel.localeCompare(b.channel))).toEqual([
      expect.objectContaining({ channel: 'ack', code: 'not-json', reason: 'not JSON' }),
      expect.objectContaining({
        channel: 'events',
        code: 'invalid',
        reason: 'v: Invalid input: expected 1',
        events: [expect.objectContaining({ index: 0, eventId: events[0].eventId, code: 'invalid' })],
      }),
    ]);
  });
});

describe('events buffered while offline', () => {
  it('keep their own time when the machine’s clock is right', async () => {
    const m = await machine();
    await m.publish('status', { online: true, ts: new Date().toISOString() });
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    await m.publish('events', {
      events: [cupEvent({ productCode: 'BUFFERED', ts: twoHoursAgo, startedAt: twoHoursAgo })],
    });
    const cup = await waitFor(
      async () =>
        (await f.t.sql(`select produced_at from production_record where device_id = $1`, [m.id]))[0],
      5000,
      'the buffered cup',
    );
    expect(new Date(cup.produced_at as string).toISOString()).toBe(twoHoursAgo);
    expect((await detail(m.id)).device.clockSkewed).toBe(false);
  });
});
