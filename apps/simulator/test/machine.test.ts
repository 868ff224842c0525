/**
 * Simulated machines against a real broker (Mosquitto on 127.0.0.1:1883; an embedded Aedes for the
 * broker-restart case): everything they send matches the protocol's schemas, and they obey commands
 * once per commandId.
 */
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { commandMessage, eventsMessage, ackMessage, statusMessage, topicFor } from '@brewfleet/contracts';
import { SimulatedMachine } from '../src/machine.ts';
import { MOSQUITTO, aedesBroker, observer, serial } from './helpers/broker.ts';

const started: SimulatedMachine[] = [];

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
      // A cup whose channel ran short fails without quality data (see debug-and-channels.test.ts).
      const cups = parsed.data!.events.filter((e) => e.type === 'production' && e.result === 'completed');
      expect(cups.length).toBeGreaterThan(30);
      if (family === 'coffee') expect(cups.every((c) => c.type === 'production' && c.coffee)).toBe(true);
      if (family === 'tea')
        expect(cups.every((c) => c.type === 'production' && c.tea?.length === 3)).toBe(true);
      await watch.client.endAsync();
    },
  );

  it('obeys a command once per commandId, acknowledging each delivery', async () => {
    const m = await machine();
    const sn = m.serialNumber;
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
    // The repeat is answered again with the outcome (its first answer may have been lost), not run again.
    expect(stages).toEqual(['received', 'succeeded', 'received', 'succeeded']);
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
    const first = await aedesBroker();
    const url = first.url;
    const m = await machine({ url });
    await first.close();
    const second = await aedesBroker(first.port);
    const sn = m.serialNumber;
    const watch = await observer(url, topicFor(sn, 'status'));
    const back = await watch.waitFor((x) => x.body.online === true, 15_000);
    expect(back.body.online).toBe(true);
    await watch.client.endAsync();
    await m.stop();
    await second.close();
  });
});
