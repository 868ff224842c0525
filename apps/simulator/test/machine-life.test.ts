/**
 * A machine's working life, a few thousand ticks fast-forwarded (Mosquitto): faults of its family
 * raised and cleared with the status following, rinses and basic and deep cleanings, refills of low
 * channels, and everything it publishes valid under the protocol's schemas.
 */
import { describe, expect, it } from 'vitest';
import {
  eventsMessage,
  seededRandom,
  statusMessage,
  topicFor,
  type MachineEvent,
} from '@brewfleet/contracts';
import { SimulatedMachine } from '../src/machine.ts';
import { FAULTS } from '../src/families.ts';
import { MOSQUITTO, observer, serial } from './helpers/broker.ts';

describe('a machine over thousands of cups', () => {
  it('has faults, cleanings and refills, all within the protocol', async () => {
    const m = new SimulatedMachine({
      url: MOSQUITTO,
      serialNumber: serial(),
      secret: 's',
      family: 'coffee',
      cupsPerMinute: 0,
      flushMs: 50,
      random: seededRandom(5),
    });
    await m.start();
    const watch = await observer(MOSQUITTO, topicFor(m.serialNumber, 'events').replace(/events$/, '+'));
    for (let i = 0; i < 4000; i++) {
      m.tick();
      if (i % 500 === 0) m.flush();
    }
    m.flush();
    const events = () =>
      watch.messages
        .filter((x) => x.topic.endsWith('/events'))
        .flatMap((x) => eventsMessage.parse(x.body).events as MachineEvent[]);
    const end = Date.now() + 10_000;
    while (events().filter((e) => e.type === 'production').length < 3000 && Date.now() < end)
      await new Promise((r) => setTimeout(r, 100));

    const all = events();
    const cups = all.filter((e) => e.type === 'production');
    expect(cups.length).toBeGreaterThan(3000);
    const codes = new Set(FAULTS.coffee.map((f) => f.code));
    const raised = all.filter((e) => e.type === 'fault');
    const cleared = all.filter((e) => e.type === 'fault-cleared');
    expect(raised.length).toBeGreaterThan(3);
    expect(raised.every((e) => e.type === 'fault' && codes.has(e.code))).toBe(true);
    expect(cleared.length).toBeGreaterThanOrEqual(raised.length - 2);
    const kinds = new Set(all.flatMap((e) => (e.type === 'cleaning' ? [e.kind] : [])));
    expect([...kinds].sort()).toEqual(['basic', 'deep', 'rinse']);
    // A refill: some channel's reported level goes up (to its capacity).
    const refills = all.filter(
      (e) => e.type === 'material' && e.levels.some((l) => l.grams === l.capacityG && l.capacityG > 0),
    );
    expect(refills.length).toBeGreaterThan(10);
    expect(cups.some((c) => c.type === 'production' && c.badCup)).toBe(true);

    const statuses = watch.messages.filter((x) => x.topic.endsWith('/status')).map((x) => x.body);
    expect(statuses.every((s) => statusMessage.safeParse(s).success)).toBe(true);
    expect(statuses.some((s) => s.state === 'fault')).toBe(true);
    expect(statuses.some((s) => s.state === 'cleaning')).toBe(true);
    await watch.client.endAsync();
    await m.stop();
  });
});
