/**
 * Perishable materials over a week (Mosquitto; the machine's clock advanced, its ticks run by hand):
 * staff replace a material at the morning round before it passes its shelf life, reported as any
 * refill is (docs/device-protocol.md §4.6: levels; the channel emptied, then its new level, a rise
 * by more than 20 % of the capacity that restarts the shelf life), so that by the server's rule no
 * channel is ever past its shelf life. Staff who refill nothing (the demo's machine short of milk)
 * replace nothing either.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventsMessage, seededRandom, topicFor, type MachineEvent } from '@brewfleet/contracts';
import { SimulatedMachine, type MachineOptions } from '../src/machine.ts';
import { CHANNELS } from '../src/channels.ts';
import { localTime } from '../src/orders.ts';
import { MOSQUITTO, observer, serial } from './helpers/broker.ts';

const HOUR = 3_600_000;
const SHELF_LIFE_HOURS = 72;
const ZONE = 'Asia/Taipei';
/** Monday 5 January 2026, midnight in Taipei: long past, so the machine's real events come after. */
const START = Date.parse('2026-01-04T16:00:00Z');
const DAYS = 7;
/** A tick every quarter of an hour, a customer each by the hour's share (orders.ts). */
const TICK_MS = 15 * 60_000;

const started: SimulatedMachine[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(started.splice(0).map((m) => m.stop().catch(() => {})));
});

/**
 * A coffee machine whose channels were filled the evening before START, all but the water with a
 * shelf life of three days (as the demo's), run for DAYS on a clock advanced tick by tick: every
 * event it sent, in order.
 */
async function runAcrossShelfLife(opts: Partial<MachineOptions> = {}) {
  const m = new SimulatedMachine({
    url: MOSQUITTO,
    serialNumber: serial(),
    secret: 's',
    family: 'coffee',
    cupsPerMinute: 0,
    flushMs: 100,
    faultChance: 0,
    timeZone: ZONE,
    random: seededRandom('shelf-life'),
    initial: {
      levels: CHANNELS.coffee.map((c) => ({
        channel: c.channel,
        grams: c.capacityG,
        filledAt: new Date(START - HOUR).toISOString(),
        shelfLifeHours: c.material === 'water' ? null : SHELF_LIFE_HOURS,
      })),
    },
    ...opts,
  });
  started.push(m);
  await m.start();
  const watch = await observer(MOSQUITTO, topicFor(m.serialNumber, 'events'));
  // Only Date is faked: the connection's timers run as ever, and nothing is sent while the clock runs.
  vi.useFakeTimers({ toFake: ['Date'] });
  for (let t = START; t < START + DAYS * 24 * HOUR; t += TICK_MS) {
    vi.setSystemTime(t);
    m.tick();
  }
  vi.useRealTimers();
  // The last event, on the real clock: once it is in, so is everything before it.
  m.clean('rinse');
  m.flush();
  const events = () =>
    watch.messages.flatMap((x) => {
      const parsed = eventsMessage.safeParse(x.body);
      expect(parsed.success, JSON.stringify(parsed.error?.issues?.slice(0, 3))).toBe(true);
      return parsed.data!.events as MachineEvent[];
    });
  const end = Date.now() + 10_000;
  while (!events().some((e) => Date.parse(e.ts) > START + DAYS * 24 * HOUR) && Date.now() < end)
    await new Promise((r) => setTimeout(r, 50));
  await watch.client.endAsync();
  return events().filter((e) => Date.parse(e.ts) <= START + DAYS * 24 * HOUR);
}

/**
 * What the server makes of the levels (protocol §4.6): per channel, the times its shelf life
 * (re)started — a level above the one before it by more than 20 % of the capacity — and the levels
 * it was emptied to.
 */
function fillsOf(events: MachineEvent[]) {
  const fills = new Map<number, number[]>();
  const emptied: Array<{ channel: number; at: number }> = [];
  const last = new Map<number, number>();
  for (const e of events) {
    if (e.type !== 'material') continue;
    for (const l of e.levels) {
      const before = last.get(l.channel) ?? l.capacityG;
      if (l.grams > before + Math.max(l.capacityG * 0.2, 1))
        fills.set(l.channel, [...(fills.get(l.channel) ?? []), Date.parse(e.ts)]);
      if (l.grams === 0 && before > 0) emptied.push({ channel: l.channel, at: Date.parse(e.ts) });
      last.set(l.channel, l.grams);
    }
  }
  return { fills, emptied };
}

describe('perishable materials', () => {
  it('are replaced at the morning round before they pass their shelf life, reported as refills', async () => {
    const events = await runAcrossShelfLife();
    expect(events.filter((e) => e.type === 'production').length).toBeGreaterThan(150);
    const { fills, emptied } = fillsOf(events);
    const perishable = CHANNELS.coffee.filter((c) => c.material !== 'water');
    for (const c of perishable) {
      // From the fill before START to the end of the week, never longer than the shelf life apart.
      const times = [START - HOUR, ...(fills.get(c.channel) ?? []), START + DAYS * 24 * HOUR];
      const gaps = times.slice(1).map((t, i) => (t - times[i]) / HOUR);
      expect(Math.max(...gaps), `channel ${c.channel} (${c.material}): ${JSON.stringify(gaps)}`).toBeLessThan(
        SHELF_LIFE_HOURS,
      );
    }
    // Replacements: the channel emptied, then filled, at the round (07:00 in Taipei, or just after),
    // once a day at most; the water, which keeps, never.
    expect(emptied.length).toBeGreaterThanOrEqual(perishable.length * 2);
    for (const { channel, at } of emptied) {
      expect(channel).not.toBe(4);
      expect(localTime(new Date(at), ZONE).hour).toBe(7);
      expect(fills.get(channel)).toContain(at);
    }
    const days = emptied.map((x) => `${x.channel}/${localTime(new Date(x.at), ZONE).day}`);
    expect(new Set(days).size).toBe(days.length);
  });

  it('are left alone by staff who refill nothing (the demo machine short of milk)', async () => {
    const events = await runAcrossShelfLife({ refillChance: 0 });
    const { fills, emptied } = fillsOf(events);
    expect(emptied).toEqual([]);
    expect([...fills.values()].flat()).toEqual([]);
  });
});
