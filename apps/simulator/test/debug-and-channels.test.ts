/**
 * Debug actions and channel levels, through Mosquitto: each action is acknowledged (succeeded, or
 * failed with its reason), channels drain into material events, an empty channel fails the cup
 * rather than going negative, and a refill shows as a level back at capacity.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ackMessage, eventsMessage, topicFor, type MachineEvent } from '@brewfleet/contracts';
import { SimulatedMachine, type MachineOptions } from '../src/machine.ts';
import { CHANNELS } from '../src/channels.ts';
import { MOSQUITTO, observer, serial } from './helpers/broker.ts';

const started: SimulatedMachine[] = [];
afterAll(async () => {
  await Promise.all(started.map((m) => m.stop().catch(() => {})));
});

/** A machine making no cups of its own, with a watcher on all its topics. */
async function watchedMachine(opts: Partial<MachineOptions> = {}) {
  const m = new SimulatedMachine({
    url: MOSQUITTO,
    serialNumber: serial(),
    secret: 's',
    family: 'coffee',
    cupsPerMinute: 0,
    flushMs: 50,
    ...opts,
  });
  started.push(m);
  await m.start();
  const watch = await observer(MOSQUITTO, topicFor(m.serialNumber, 'events').replace(/events$/, '+'));
  const events = () =>
    watch.messages
      .filter((x) => x.topic.endsWith('/events'))
      .flatMap((x) => eventsMessage.parse(x.body).events as MachineEvent[]);
  const outcome = async (commandId: string) => {
    const done = await watch.waitFor(
      (x) => x.body.commandId === commandId && (x.body.stage === 'succeeded' || x.body.stage === 'failed'),
    );
    expect(ackMessage.safeParse(done.body).success).toBe(true);
    return { stage: done.body.stage as string, reason: done.body.reason as string | undefined };
  };
  const debug = async (action: string, args?: object) =>
    outcome(await watch.command(m.serialNumber, 'debug', args ? { action, args } : { action }));
  return { m, watch, events, debug };
}

const waitUntil = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('debug actions', () => {
  it('runs the known actions and refuses the others with a reason', async () => {
    const { m, watch, events, debug } = await watchedMachine();

    expect(await debug('rinse')).toEqual({ stage: 'succeeded', reason: undefined });
    await waitUntil(() => events().some((e) => e.type === 'cleaning' && e.kind === 'rinse'));

    expect(await debug('dispense', { channel: 2, grams: 100 })).toEqual({
      stage: 'succeeded',
      reason: undefined,
    });
    await waitUntil(() => events().some((e) => e.type === 'material'));
    const material = events().find((e) => e.type === 'material')!;
    expect(material.type === 'material' && material.levels.find((l) => l.channel === 2)).toEqual({
      channel: 2,
      grams: 1400,
      capacityG: 1500,
    });
    expect(m.channelLevels().find((l) => l.channel === 2)!.grams).toBe(1400);

    expect(await debug('calibrate-grinder')).toEqual({ stage: 'succeeded', reason: undefined });
    expect(await debug('diagnostics')).toEqual({ stage: 'succeeded', reason: undefined });
    expect(await debug('self-destruct')).toEqual({
      stage: 'failed',
      reason: 'unsupported action self-destruct',
    });
    expect(await debug('dispense', { channel: 9, grams: 5 })).toEqual({
      stage: 'failed',
      reason: 'no channel 9',
    });
    expect(await debug('dispense', { channel: 1 })).toEqual({
      stage: 'failed',
      reason: 'dispense needs args {channel, grams}',
    });
    m.setLevel(3, 0);
    expect(await debug('dispense', { channel: 3, grams: 5 })).toEqual({
      stage: 'failed',
      reason: 'channel 3 is empty',
    });
    await watch.client.endAsync();
  });

  it('calibrates the grinder of coffee machines only', async () => {
    const { watch, debug } = await watchedMachine({ family: 'tea' });
    expect(await debug('calibrate-grinder')).toEqual({
      stage: 'failed',
      reason: 'unsupported on this family',
    });
    expect(await debug('rinse')).toEqual({ stage: 'succeeded', reason: undefined });
    await watch.client.endAsync();
  });

  it('refuses hardware actions while the machine is off', async () => {
    const { m, watch, debug } = await watchedMachine();
    await watch.command(m.serialNumber, 'shutdown');
    await waitUntil(() => m.status.state === 'off');
    expect(await debug('rinse')).toEqual({ stage: 'failed', reason: 'machine is off' });
    expect(await debug('diagnostics')).toEqual({ stage: 'succeeded', reason: undefined });
    await watch.client.endAsync();
  });
});

describe('channels', () => {
  it('drain into material events, fail cups when empty, and show refills', async () => {
    // A milk frother has one channel (12 kg of milk), and each cup takes 150–250 g of it.
    const capacity = CHANNELS['milk-frother'][0].capacityG;
    const { m, watch, events } = await watchedMachine({
      family: 'milk-frother',
      materialEveryCups: 5,
      refillChance: 0,
    });
    const cups = () => events().filter((e) => e.type === 'production');
    const levelsReported = () => events().flatMap((e) => (e.type === 'material' ? [e.levels[0].grams] : []));

    for (let i = 0; i < 5; i++) m.makeCup();
    await waitUntil(() => levelsReported().length === 1);
    expect(levelsReported()[0]).toBeLessThan(capacity);
    expect(levelsReported()[0]).toBe(m.channelLevels()[0].grams);

    // Down to empty: a material event when the level crosses below 15 %, then failed cups.
    for (let i = 0; i < 95; i++) m.makeCup();
    await waitUntil(() => cups().length === 100);
    const level = m.channelLevels()[0].grams;
    expect(level).toBeGreaterThanOrEqual(0);
    expect(level).toBeLessThan(250);
    // Once the milk left is less than any cup takes, every cup fails and nothing is dispensed.
    const made = cups().flatMap((c) => (c.type === 'production' ? [c] : []));
    const refused = made.filter((c) => c.result === 'failed' && c.materials.length === 0);
    expect(refused.length).toBeGreaterThan(15);
    expect(made.slice(-10).every((c) => c.result === 'failed' && c.materials.length === 0)).toBe(true);
    // What the cups report taking is what left the channel (a mechanical failure may have dispensed).
    const drawn = made.reduce((sum, c) => sum + (c.materials[0]?.grams ?? 0), 0);
    expect(Math.abs(capacity - drawn - level)).toBeLessThan(0.5);
    // Every fifth completed cup reports, and so does the crossing below 15 % (1800 g).
    const crossing = levelsReported().find((g) => g < 0.15 * capacity);
    expect(crossing).toBeGreaterThan(0.15 * capacity - 260);

    // Staff refill a low channel: the level jumps back to capacity and a material event says so.
    const reportedBefore = levelsReported().length;
    m.refillChance = 1;
    m.tick();
    await waitUntil(() => levelsReported().length > reportedBefore);
    expect(levelsReported()[reportedBefore]).toBe(capacity);
    await watch.client.endAsync();
  });
});
