/**
 * Simulated machines against a real broker (Mosquitto on 127.0.0.1:1883; an embedded Aedes for the
 * broker-restart case): everything they send matches the protocol's schemas, and they obey commands
 * once per commandId.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { Aedes } from 'aedes';
import { commandMessage, eventsMessage, ackMessage, statusMessage, topicFor } from '@brewfleet/contracts';
import { SimulatedMachine } from '../src/machine.ts';

const MOSQUITTO = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const serial = () => `SIMTEST-${crypto.randomBytes(4).toString('hex')}`;
const started: SimulatedMachine[] = [];

async function observer(url: string, topic: string) {
  const client = await mqtt.connectAsync(url, { clientId: `observer-${crypto.randomUUID()}` });
  const messages: Array<{ topic: string; body: any; retain: boolean }> = [];
  client.on('message', (t, p, packet) =>
    messages.push({ topic: t, body: JSON.parse(p.toString()), retain: packet.retain }),
  );
  await client.subscribeAsync(topic, { qos: 1 });
  const waitFor = async (pred: (m: (typeof messages)[number]) => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const hit = messages.find(pred);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(
      `no matching message on ${topic} within ${ms} ms; got ${JSON.stringify(messages.slice(-5))}`,
    );
  };
  return { client, messages, waitFor };
}

async function machine(opts: Partial<ConstructorParameters<typeof SimulatedMachine>[0]> = {}) {
  const m = new SimulatedMachine({
    url: MOSQUITTO,
    serialNumber: serial(),
    secret: 's',
    family: 'coffee',
    cupsPerMinute: 0,
    flushMs: 100,
    ...opts,
  });
  started.push(m);
  await m.start();
  return m;
}
afterAll(async () => {
  await Promise.all(started.map((m) => m.stop().catch(() => {})));
});

describe('a simulated machine', () => {
  it('keeps a retained status and leaves a last will when its link drops', async () => {
    const sn = serial();
    const watch = await observer(MOSQUITTO, topicFor(sn, 'status'));
    const m = new SimulatedMachine({
      url: MOSQUITTO,
      serialNumber: sn,
      secret: 's',
      family: 'tea',
      cupsPerMinute: 0,
    });
    await m.start();
    const online = await watch.waitFor((x) => x.body.online === true);
    expect(statusMessage.safeParse(online.body).success).toBe(true);
    m.crash();
    const offline = await watch.waitFor((x) => x.body.online === false, 10_000);
    expect(offline.body).toEqual({ v: 1, online: false });
    await watch.client.endAsync();
  });

  it.each(['coffee', 'tea', 'ice-sand', 'milk-frother', 'blender'] as const)(
    'sends %s events that match the protocol',
    async (family) => {
      const sn = serial();
      const watch = await observer(MOSQUITTO, topicFor(sn, 'events'));
      const m = await machine({ serialNumber: sn, family });
      for (let i = 0; i < 40; i++) m.makeCup();
      const batch = await watch.waitFor(() => true);
      const parsed = eventsMessage.safeParse(batch.body);
      expect(parsed.success, JSON.stringify(parsed.error?.issues?.slice(0, 3))).toBe(true);
      const cups = parsed.data!.events.filter((e) => e.type === 'production');
      expect(cups.length).toBeGreaterThan(30);
      if (family === 'coffee') expect(cups.every((c) => c.type === 'production' && c.coffee)).toBe(true);
      if (family === 'tea')
        expect(cups.every((c) => c.type === 'production' && c.tea?.length === 3)).toBe(true);
      await watch.client.endAsync();
    },
  );

  it('obeys a command once per commandId, acknowledging each delivery', async () => {
    const m = await machine();
    const sn = (m as unknown as { opts: { serialNumber: string } }).opts.serialNumber;
    const watch = await observer(MOSQUITTO, topicFor(sn, 'ack'));
    const commandId = crypto.randomUUID();
    const command = commandMessage.parse({
      v: 1,
      commandId,
      type: 'lock',
      issuedAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await watch.client.publishAsync(topicFor(sn, 'cmd'), JSON.stringify(command), { qos: 1 });
    await watch.waitFor((x) => x.body.stage === 'succeeded');
    expect(m.status.locked).toBe(true);
    await watch.client.publishAsync(topicFor(sn, 'cmd'), JSON.stringify(command), { qos: 1 });
    await new Promise((r) => setTimeout(r, 500));
    const stages = watch.messages.filter((x) => x.body.commandId === commandId).map((x) => x.body.stage);
    expect(stages).toEqual(['received', 'succeeded', 'received']);
    expect(m.executed).toEqual([commandId]);
    expect(watch.messages.every((x) => ackMessage.safeParse(x.body).success)).toBe(true);
    // A locked machine makes no cups.
    m.makeCup();
    const expired = {
      ...command,
      commandId: crypto.randomUUID(),
      type: 'unlock',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    };
    await watch.client.publishAsync(topicFor(sn, 'cmd'), JSON.stringify(expired), { qos: 1 });
    const failed = await watch.waitFor(
      (x) => x.body.commandId === expired.commandId && x.body.stage === 'failed',
    );
    expect(failed.body.reason).toBe('expired');
    expect(m.status.locked).toBe(true);
    await watch.client.endAsync();
  });

  it('reconnects and announces itself after the broker goes away', async () => {
    const listen = async (port: number) => {
      const broker = await Aedes.createBroker();
      const server = net.createServer(broker.handle);
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
      return { broker, server, port: (server.address() as net.AddressInfo).port };
    };
    const first = await listen(0);
    const url = `mqtt://127.0.0.1:${first.port}`;
    const m = await machine({ url });
    await new Promise<void>((r) => first.broker.close(() => r()));
    await new Promise<void>((r) => first.server.close(() => r()));
    const second = await listen(first.port);
    const sn = (m as unknown as { opts: { serialNumber: string } }).opts.serialNumber;
    const watch = await observer(url, topicFor(sn, 'status'));
    const back = await watch.waitFor((x) => x.body.online === true, 15_000);
    expect(back.body.online).toBe(true);
    await watch.client.endAsync();
    await m.stop();
    await new Promise<void>((r) => second.broker.close(() => r()));
    await new Promise<void>((r) => second.server.close(() => r()));
  });
});
