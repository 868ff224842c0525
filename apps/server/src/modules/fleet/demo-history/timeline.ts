/**
 * A demo machine's past weeks, lived in memory by the simulator's own pieces (its cups with their
 * quality data, channel levels, fault codes): cups in the stores' opening hours, channels that drain
 * and get refilled, cleanings when due, faults raised and cleared, spells offline and a few remote
 * commands. Each kind of history is then written by its own file in one or two set-based statements.
 * Seeded by the serial number, so a machine's history is the same on every first start.
 */
import {
  ChannelLevels,
  FAULTS,
  PEAK_CUSTOMERS_PER_HOUR,
  WEEKDAY_DEMAND,
  WEEKEND_DEMAND,
  isWeekend,
  lineCount,
  lineQuantity,
  emptyChannelCup,
  makeCup,
  type Cup,
  type Family,
  type FaultSpec,
  type Product,
} from '@brewfleet/simulator';
import { seededRandom } from '@brewfleet/contracts';
import { CUPS_SINCE_BASIC, type DemoRole } from './roles.ts';

export const HISTORY_DAYS = 15;
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The demo stores are in Taipei, Kaohsiung and Hong Kong (UTC+8), open 07:00–22:00. */
const UTC_OFFSET_HOURS = 8;
const OPENS = 7;
const CLOSES = 22;
/** How recently the parts of roles.ts began. */
const ALARM_SINCE_MINUTES = 25;
const OFFLINE_SINCE_MINUTES = 135;
const SHORT_SINCE_HOURS = 3;

export interface HistoryChannel {
  channel: number;
  capacityG: number;
  lowLevelG: number;
  shelfLifeHours: number | null;
}

export interface HistoryMachine {
  id: string;
  serialNumber: string;
  family: Family;
  /** The model's maintenance intervals, in cups. */
  basicEvery: number;
  deepEvery: number;
  channels: HistoryChannel[];
  /** What it makes: its store's menu, or the family's factory products before any. */
  products: Array<Product & { recipeVersion?: number }>;
  role?: DemoRole;
}

export interface HistoryCup {
  eventId: string;
  at: Date;
  cup: Cup;
}
export interface HistoryFault {
  eventId: string;
  fault: FaultSpec;
  raisedAt: Date;
  clearedAt: Date | null;
}
export interface HistoryCleaning {
  eventId: string;
  kind: 'rinse' | 'basic' | 'deep';
  result: 'completed' | 'failed';
  durationSeconds: number;
  at: Date;
}
export interface HistoryCommand {
  commandId: string;
  type: 'lock' | 'unlock' | 'restart';
  state: 'succeeded' | 'expired';
  createdAt: Date;
  finishedAt: Date;
}
export interface HistoryLevel {
  channel: number;
  grams: number;
  filledAt: Date;
}

/** One machine's past, oldest first in each list. */
export interface MachineHistory {
  machine: HistoryMachine;
  cups: HistoryCup[];
  faults: HistoryFault[];
  cleanings: HistoryCleaning[];
  refills: Array<{ channel: number; at: Date }>;
  offline: Array<{ from: Date; to: Date | null }>;
  commands: HistoryCommand[];
  levels: HistoryLevel[];
  /** When it was last heard of (now, unless it is offline). */
  lastSeenAt: Date;
}

const localHour = (t: number) => (new Date(t).getUTCHours() + UTC_OFFSET_HOURS) % 24;
const isOpen = (t: number) => localHour(t) >= OPENS && localHour(t) < CLOSES;
const localDay = (t: number) => Math.floor((t + UTC_OFFSET_HOURS * HOUR) / (24 * HOUR));

export function liveHistory(machine: HistoryMachine, now: number): MachineHistory {
  const random = seededRandom(machine.serialNumber);
  const between = (from: number, to: number) => from + random() * (to - from);
  const eventId = (() => {
    let n = 0;
    return (kind: string) => `demo-${kind}-${machine.serialNumber}-${++n}`;
  })();
  const start = now - HISTORY_DAYS * 24 * HOUR;
  const role = machine.role;
  const end = role === 'offline' ? now - OFFLINE_SINCE_MINUTES * MINUTE : now;
  const h: MachineHistory = {
    machine,
    cups: [],
    faults: [],
    cleanings: [],
    refills: [],
    offline: [],
    commands: [],
    levels: [],
    lastSeenAt: new Date(end),
  };

  // Faults and spells offline first: cups are not made while either lasts (a critical fault stops
  // the machine; a warning does not).
  const faults = FAULTS[machine.family];
  for (let t = start + between(0, 48) * HOUR; t < end - 2 * HOUR; t += between(24, 96) * HOUR) {
    const fault = faults[Math.floor(random() * faults.length)];
    const minutes = fault.severity === 'critical' ? between(10, 90) : between(5, 60);
    h.faults.push({
      eventId: eventId('fault'),
      fault,
      raisedAt: new Date(t),
      clearedAt: new Date(t + minutes * MINUTE),
    });
  }
  if (role === 'alarm') {
    const critical = faults.find((f) => f.severity === 'critical') ?? faults[0];
    h.faults.push({
      eventId: eventId('fault'),
      fault: critical,
      raisedAt: new Date(now - ALARM_SINCE_MINUTES * MINUTE),
      clearedAt: null,
    });
  }
  for (let t = start + between(24, 120) * HOUR; t < end - 6 * HOUR; t += between(96, 240) * HOUR)
    h.offline.push({ from: new Date(t), to: new Date(t + between(10, 120) * MINUTE) });
  if (role === 'offline') h.offline.push({ from: new Date(end), to: null });
  const stopped = (t: number) =>
    h.faults.some(
      (f) =>
        f.fault.severity === 'critical' &&
        f.raisedAt.getTime() <= t &&
        (!f.clearedAt || t < f.clearedAt.getTime()),
    ) || h.offline.some((o) => o.from.getTime() <= t && (!o.to || t < o.to.getTime()));

  // Channels: a deep cleaning and a fresh fill before the history starts, then drained by cups and
  // refilled to the brim by staff a while after a channel runs low, or, at opening, a material that
  // would pass its shelf life during the day replaced by as much as the channel will use before the
  // new one expires (its pace since the last fill, a margin and the low level's reserve). Most
  // channels use a twentieth to a quarter of themselves a day against a shelf life of three days:
  // replaced with a full channel, up to 20 of the demo's 47 read full around midday, and most of
  // what was put in would be thrown away.
  const levels = new ChannelLevels(
    machine.channels.map((c) => ({ channel: c.channel, material: '', capacityG: c.capacityG })),
  );
  for (const c of machine.channels) levels.set(c.channel, c.capacityG * between(0.45, 1));
  const filledAt = new Map(machine.channels.map((c) => [c.channel, start - between(1, 20) * HOUR]));
  /** Each channel's level just after its last fill: what it used since is that less its level now. */
  const loaded = new Map(machine.channels.map((c) => [c.channel, levels.level(c.channel)]));
  const lowSince = new Map<number, number>();
  const refill = (c: HistoryChannel, t: number, grams = c.capacityG) => {
    levels.set(c.channel, grams);
    filledAt.set(c.channel, t);
    loaded.set(c.channel, levels.level(c.channel));
    lowSince.delete(c.channel);
    h.refills.push({ channel: c.channel, at: new Date(t) });
  };
  const replace = (c: HistoryChannel, shelfLifeHours: number, t: number) => {
    const perHour =
      (loaded.get(c.channel)! - levels.level(c.channel)) / ((t - filledAt.get(c.channel)!) / HOUR);
    const needed = c.lowLevelG + perHour * shelfLifeHours * between(1.25, 1.6);
    refill(c, t, Math.max(needed, c.capacityG * 0.3));
  };
  const shortChannel =
    role === 'short-of-milk' ? (machine.channels.find((c) => c.channel === 1) ?? null) : null;
  h.cleanings.push({
    eventId: eventId('cleaning'),
    kind: 'deep',
    result: 'completed',
    durationSeconds: Math.round(between(900, 1800)),
    at: new Date(start - HOUR),
  });

  // Customers come as the live machine's do (the simulator's day shape in local time, at its
  // family's busiest-hour pace, each machine ±15 %): drawn at the busiest hour's rate, each kept
  // with its hour's share of it. The stores are closed at night. Each orders as the live customers
  // do (composeOrder's 1–3 lines of 1–3 cups), and the machine makes the cups one after another; a
  // failed cup ends the order there. The next customer's cups come a minute or two after (choosing
  // and paying), so an order's cups lie together and apart from the next order's: the orders'
  // demo history makes its orders of these cups (orders/demo-history-cups.ts).
  const peakGap = HOUR / (PEAK_CUSTOMERS_PER_HOUR[machine.family] * between(0.85, 1.15));
  const demand = (t: number) => {
    const local = new Date(t + UTC_OFFSET_HOURS * HOUR);
    return (isWeekend(local.getUTCDay()) ? WEEKEND_DEMAND : WEEKDAY_DEMAND)[local.getUTCHours()];
  };
  const basicEvery = () => Math.round(machine.basicEvery * between(0.8, 0.95));
  let nextBasic = basicEvery();
  let sinceBasic = 0;
  let day = -1;
  let t = start;
  /** When the machine's last cup came out. */
  let freeAt = start;
  for (;;) {
    t += -Math.log(1 - random()) * peakGap;
    if (t >= end) break;
    if (!isOpen(t) || random() >= demand(t) || stopped(t)) continue;
    if (localDay(t) !== day && isOpen(t)) {
      // Opening: a rinse, and materials that would expire today replaced.
      day = localDay(t);
      h.cleanings.push({
        eventId: eventId('cleaning'),
        kind: 'rinse',
        result: 'completed',
        durationSeconds: Math.round(between(20, 40)),
        at: new Date(t - 5 * MINUTE),
      });
      for (const c of machine.channels)
        if (c.shelfLifeHours && filledAt.get(c.channel)! < t - (c.shelfLifeHours - 18) * HOUR)
          replace(c, c.shelfLifeHours, t - 4 * MINUTE);
    }
    for (const c of machine.channels) {
      const since = lowSince.get(c.channel);
      const holding = c === shortChannel && t > now - SHORT_SINCE_HOURS * HOUR;
      if (since !== undefined && !holding && isOpen(t) && t - since > between(20, 90) * MINUTE) refill(c, t);
    }
    const order = Array.from({ length: lineCount(random) }, () => ({
      product: machine.products[Math.floor(random() * machine.products.length)],
      quantity: lineQuantity(random),
    }));
    let startAt = Math.max(t, freeAt + between(75, 120) * 1000);
    customer: for (const { product, quantity } of order)
      for (let n = 0; n < quantity; n++) {
        // The machine nearly due for maintenance has a grinder wearing: over its last 20 hours its
        // grind drifts ~2.5 degrees coarser (about 6 sd), which the extraction-drift scan finds
        // before bad cups rise (docs/extraction-drift.md).
        const grindDrift =
          role === 'nearly-due' ? Math.min(2.5, Math.max(0, (startAt - (now - 20 * HOUR)) / (6 * HOUR))) : 0;
        const made = makeCup(machine.family, random, {
          product,
          recipeVersion: product.recipeVersion,
          grindDrift,
        });
        const cup = levels.covers(made.materials) ? made : emptyChannelCup(made);
        const at = startAt + cup.cupOutSeconds * 1000;
        if (at >= end) break customer;
        cup.startedAt = new Date(startAt).toISOString();
        h.cups.push({ eventId: eventId('cup'), at: new Date(at), cup });
        freeAt = at;
        startAt = at + between(3, 10) * 1000;
        for (const low of levels.drain(cup.materials)) lowSince.set(low, at);
        if (cup.result !== 'completed') break customer;
        sinceBasic++;
        if (sinceBasic >= nextBasic) {
          const failed = random() < 0.03;
          h.cleanings.push({
            eventId: eventId('cleaning'),
            kind: 'basic',
            result: failed ? 'failed' : 'completed',
            durationSeconds: Math.round(between(300, 600)),
            at: new Date(at + 2 * MINUTE),
          });
          if (!failed) {
            sinceBasic = 0;
            nextBasic = basicEvery();
          }
        }
      }
    // Arrivals go on from the last cup: no one is served twice at once.
    t = Math.max(t, freeAt);
  }
  if (shortChannel && !levels.isLow(shortChannel.channel))
    levels.set(shortChannel.channel, shortChannel.lowLevelG * between(0.3, 0.8));
  h.levels = machine.channels.map((c) => ({
    channel: c.channel,
    grams: Math.round(levels.level(c.channel) * 10) / 10,
    filledAt: new Date(filledAt.get(c.channel)!),
  }));
  const target = role && CUPS_SINCE_BASIC[role];
  if (target !== undefined) lastMaintenanceBefore(h, target);

  // A few remote commands: the store locked overnight now and then, a restart after a fault.
  for (let t = start + between(24, 72) * HOUR; t < end - 12 * HOUR; t += between(48, 120) * HOUR) {
    const type = random() < 0.5 ? 'restart' : 'lock';
    const expired = random() < 0.08;
    const command = (type: HistoryCommand['type'], at: number): HistoryCommand => ({
      commandId: `demo-${machine.serialNumber}-${h.commands.length + 1}`,
      type,
      state: expired ? 'expired' : 'succeeded',
      createdAt: new Date(at),
      finishedAt: new Date(at + (expired ? 600_000 : between(1, 4) * 1000)),
    });
    h.commands.push(command(type, t));
    if (type === 'lock' && !expired) h.commands.push(command('unlock', t + between(6, 10) * HOUR));
  }
  h.cleanings.sort((a, b) => a.at.getTime() - b.at.getTime());
  h.refills.sort((a, b) => a.at.getTime() - b.at.getTime());
  return h;
}

/**
 * The machine's last completed basic maintenance moved so that exactly `cups` completed cups follow
 * it (those after it never happened: staff skipped them), which makes it due, or nearly, as its
 * model's interval decides.
 */
function lastMaintenanceBefore(h: MachineHistory, cups: number) {
  const completed = h.cups.filter((c) => c.cup.result === 'completed');
  const after = completed[completed.length - cups - 1];
  const next = completed[completed.length - cups];
  if (!after || !next) return;
  h.cleanings = h.cleanings.filter((c) => c.kind === 'rinse' || c.at <= after.at);
  h.cleanings.push({
    eventId: `demo-cleaning-${h.machine.serialNumber}-maintenance`,
    kind: 'basic',
    result: 'completed',
    durationSeconds: 420,
    at: new Date((after.at.getTime() + next.at.getTime()) / 2),
  });
}
