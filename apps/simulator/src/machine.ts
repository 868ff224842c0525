/**
 * One simulated machine speaking docs/device-protocol.md: it connects with its credentials and a
 * last will, keeps its retained status, sends heartbeats, makes cups with realistic (and now and
 * then bad) quality data from channels that drain and get refilled, raises and clears faults, runs
 * cleanings, and obeys commands (debug actions included) exactly once per commandId. It listens on
 * its `rejected` topic: events refused as beyond a message's 500 go out again, the others are kept
 * in `rejected` (what a real machine would log) and dropped.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import {
  MAX_EVENTS_PER_MESSAGE,
  PROTOCOL_VERSION,
  commandMessage,
  menuContent,
  rejectedMessage,
  topicFor,
  type MachineEvent,
  type RejectedMessage,
} from '@brewfleet/contracts';
import { emptyChannelCup, makeCup, type Cup } from './production.ts';
import { composeOrder, demandAt, localTime, orderNumber } from './orders.ts';
import { checkMenu, productOfMenu } from './menu.ts';
import type { MenuContent } from '@brewfleet/contracts';
import { CHANNELS, ChannelLevels, LOW_LEVEL_SHARE, type Level } from './channels.ts';
import { FAULTS, type Family } from './families.ts';
import { runDebugAction } from './debug-actions.ts';
import { checkChannelLayout, reportedLevels } from './channel-layout.ts';
import { checkAppOrder } from './app-order.ts';
import { dueForReplacement, openedAt, replacementGrams } from './shelf-life.ts';
import type { ChannelsCommandParams } from '@brewfleet/contracts';

export interface MachineOptions {
  url: string;
  serialNumber: string;
  secret: string;
  family: Family;
  /** Cups per minute while idle and unlocked (one tick of the machine's life per cup). */
  cupsPerMinute: number;
  heartbeatSeconds?: number;
  /** How often events are flushed as one batch. */
  flushMs?: number;
  /** Levels are reported every this many cups (and whenever a channel crosses below 15 %). */
  materialEveryCups?: number;
  /**
   * Chance per tick that staff notice a low channel and refill it. Staff also replace a perishable
   * material before it expires (shelf-life.ts), unless this is 0: then no one tends the channels.
   */
  refillChance?: number;
  /** Chance per tick that a fault is raised, and that an active one is cleared. */
  faultChance?: number;
  clearChance?: number;
  /**
   * Where the machine stands when it starts, as the server last knew it (a real machine keeps its
   * levels, counters and active faults across a restart): without it, full channels, no fault.
   */
  initial?: MachineStart;
  /**
   * Connection errors (refused credentials, broker gone); the machine keeps retrying. Without it,
   * a refusal at start makes start() reject.
   */
  onError?: (error: Error) => void;
  random?: () => number;
  /** MQTT 3.1.1 (4, the default) or MQTT 5 (5): the protocol allows either. */
  mqttVersion?: 4 | 5;
  /**
   * Where the machine keeps what a real one keeps in flash: its menu and the commands it answered
   * (`<stateDir>/<serial>.json`). Without it, a restarted machine has no menu and runs a repeated
   * command again.
   */
  stateDir?: string;
  /**
   * The machine's IANA time zone ("Asia/Taipei"): customers come by the day's shape in its local
   * time (orders.ts: morning and afternoon peaks, quieter weekends), a tick being the busiest hour's
   * pace. Without it, a customer every tick, whatever the hour.
   */
  timeZone?: string;
  /**
   * Customers in the busiest hour (orders.ts PEAK_CUSTOMERS_PER_HOUR): each tick then brings one
   * with that hour's share of them. Without it, one a tick at the busiest hour.
   */
  customersPerHour?: number;
  /**
   * With a menu, each customer is an order (the `order` and `order-status` events, its cups naming
   * their order line); false: cups only, as before orders. Default true.
   */
  sells?: boolean;
  /** Percent of sales tax added at the till where prices exclude tax (US, CA); absent: included. */
  salesTaxRate?: string;
}

/** What a machine keeps across restarts (see MachineOptions.stateDir). */
interface SavedState {
  menu: MenuContent | null;
  seen: Array<[string, CommandOutcome]>;
}

interface CommandOutcome {
  stage: 'succeeded' | 'failed';
  reason?: string;
  details?: Array<{ productCode?: string; message: string }>;
}

export interface MachineStart {
  /**
   * Its channels' levels; and, as the server knows them, when each was last filled (ISO time) and
   * its material's shelf life in hours (0 or none: it keeps), until a `channels` command says.
   */
  levels?: Array<{
    channel: number;
    grams: number;
    filledAt?: string | null;
    shelfLifeHours?: number | null;
  }>;
  cupsSinceBasic?: number;
  cupsSinceDeep?: number;
  faultCodes?: string[];
}

export interface MachineState {
  online: boolean;
  state: 'idle' | 'making' | 'cleaning' | 'fault' | 'off';
  locked: boolean;
  faultCodes: string[];
  /** The menu version it runs (reported in its status). */
  menuVersion?: string;
}

const REMEMBERED_COMMANDS = 1000;
/** Events sent lately, by eventId, for sending again those the server asks for again. */
const REMEMBERED_EVENTS = 5000;
/** Answers from the server kept for a look (tests, demos). */
const REMEMBERED_REJECTIONS = 100;
/** Per tick: a fault raised, an active fault cleared, a rinse. */
const FAULT_CHANCE = 0.004;
const CLEAR_CHANCE = 0.25;
const RINSE_CHANCE = 0.02;
/** Customers who give up on the screen before paying. */
const CANCEL_SHARE = 0.02;
/** Cleanings fall due after roughly this many cups (each machine's interval varies ±25 %). */
const BASIC_EVERY_CUPS = 200;
const DEEP_EVERY_CUPS = 2000;

export class SimulatedMachine {
  readonly status: MachineState = { online: false, state: 'idle', locked: false, faultCodes: [] };
  readonly executed: string[] = [];
  readonly serialNumber: string;
  readonly family: Family;
  /** Chance per tick that staff refill a low channel (from the options; tests and demos change it). */
  refillChance: number;
  /** Chance per tick of a new fault, and of an active one clearing (demos hold a fault with 0). */
  faultChance: number;
  clearChance: number;
  /** Cleanings run when due; a demo turns this off to let a machine fall due for maintenance. */
  autoCleaning = true;
  private client: MqttClient | null = null;
  private pending: MachineEvent[] = [];
  private sent = new Map<string, MachineEvent>();
  /** What the server refused of its messages lately (`rejected` answers), oldest first. */
  readonly rejected: RejectedMessage[] = [];
  private timers: NodeJS.Timeout[] = [];
  /** Commands run, with their outcome: a repeat is answered with it again, not run again. */
  private seen = new Map<string, CommandOutcome>();
  private readonly levels: ChannelLevels;
  /** Per channel: when its material was put in (a perishable one is replaced before it expires). */
  private readonly filledAt = new Map<number, number>();
  /** Per channel: the level it was last seen loaded to, and when (its fill, or the start): its pace since. */
  private readonly loaded = new Map<number, { at: number; grams: number }>();
  /** Shelf life per channel as the server knew it at the start; a channel layout's replaces it. */
  private readonly startShelfLife = new Map<number, number>();
  private readonly random: () => number;
  private startedAt = Date.now();
  private cupsSinceMaterialEvent = 0;
  private cupsSinceBasic = 0;
  private cupsSinceDeep = 0;
  private readonly basicEvery: number;
  private readonly deepEvery: number;
  /** Grinders drift coarser or finer with use; calibrate-grinder sets them back. */
  private grindDrift = 0;
  /** The adopted menu: once there is one, only its products are made. */
  menu: MenuContent | null = null;
  /** Orders taken today (local time): the sequence of the order number. */
  private orderDay = '';
  private orderSeq = 0;
  /** The channel configuration the console distributed (`channels` command), once there is one. */
  channelLayout: ChannelsCommandParams | null = null;

  constructor(private readonly opts: MachineOptions) {
    this.random = opts.random ?? Math.random;
    this.serialNumber = opts.serialNumber;
    this.family = opts.family;
    this.refillChance = opts.refillChance ?? 0.2;
    this.faultChance = opts.faultChance ?? FAULT_CHANCE;
    this.clearChance = opts.clearChance ?? CLEAR_CHANCE;
    this.levels = new ChannelLevels(CHANNELS[opts.family]);
    const initial = opts.initial ?? {};
    const now = Date.now();
    for (const l of initial.levels ?? []) {
      if (!this.levels.has(l.channel)) continue;
      this.levels.set(l.channel, l.grams);
      const filledAt = l.filledAt ? Date.parse(l.filledAt) : NaN;
      if (Number.isFinite(filledAt)) this.filledAt.set(l.channel, filledAt);
      if (l.shelfLifeHours) this.startShelfLife.set(l.channel, l.shelfLifeHours);
    }
    for (const { channel, grams } of this.levels.snapshot()) {
      if (!this.filledAt.has(channel)) this.filledAt.set(channel, now);
      this.loaded.set(channel, { at: now, grams });
    }
    this.cupsSinceBasic = initial.cupsSinceBasic ?? 0;
    this.cupsSinceDeep = initial.cupsSinceDeep ?? 0;
    const known = FAULTS[opts.family].map((f) => f.code);
    this.status.faultCodes = (initial.faultCodes ?? []).filter((c) => known.includes(c));
    if (this.criticalFaultActive()) this.status.state = 'fault';
    this.basicEvery = Math.round(BASIC_EVERY_CUPS * (0.75 + this.random() / 2));
    this.deepEvery = Math.round(DEEP_EVERY_CUPS * (0.75 + this.random() / 2));
    this.loadState();
  }

  private stateFile(): string | null {
    if (!this.opts.stateDir) return null;
    return path.join(this.opts.stateDir, `${this.opts.serialNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.json`);
  }

  /** Back from a restart: the menu it ran and the commands it answered, as it saved them. */
  private loadState() {
    const file = this.stateFile();
    if (!file || !fs.existsSync(file)) return;
    try {
      const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<SavedState>;
      const menu = menuContent.safeParse(saved.menu);
      if (menu.success) {
        this.menu = menu.data;
        this.status.menuVersion = menu.data.version;
      }
      for (const [id, outcome] of (saved.seen ?? []).slice(-REMEMBERED_COMMANDS)) this.seen.set(id, outcome);
    } catch (error) {
      // An unreadable file is a machine that lost its memory: it starts without a menu, reports
      // none, and the console shows it is not updated.
      this.opts.onError?.(new Error(`state ${file} unreadable: ${(error as Error).message}`));
    }
  }

  /** Written whole to a new file, then renamed over the old: a crash never leaves half a file. */
  private saveState() {
    const file = this.stateFile();
    if (!file) return;
    const state: SavedState = { menu: this.menu, seen: [...this.seen] };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(state));
    fs.renameSync(`${file}.tmp`, file);
  }

  private topic = (channel: Parameters<typeof topicFor>[1]) => topicFor(this.opts.serialNumber, channel);

  async start(): Promise<void> {
    this.startedAt = Date.now();
    const client = mqtt.connect(this.opts.url, {
      clientId: this.opts.serialNumber,
      username: this.opts.serialNumber,
      password: this.opts.secret,
      clean: false,
      keepalive: 60,
      protocolVersion: this.opts.mqttVersion ?? 4,
      // MQTT 5 ends a session at disconnect unless told otherwise; the protocol asks for ≥ 1 day.
      ...(this.opts.mqttVersion === 5 && { properties: { sessionExpiryInterval: 86_400 } }),
      reconnectPeriod: 2000,
      // A refused secret may be rotated or registered later: keep trying, as a real machine does.
      reconnectOnConnackError: true,
      will: {
        topic: this.topic('status'),
        payload: Buffer.from(JSON.stringify({ v: PROTOCOL_VERSION, online: false })),
        qos: 1,
        retain: true,
      },
    });
    this.client = client;
    client.on('message', (topic, payload) =>
      topic === this.topic('rejected') ? this.onRejected(payload) : this.onCommand(payload),
    );
    // After the broker comes back: subscribe again and say where we are.
    client.on('connect', () => {
      client.subscribe([this.topic('cmd'), this.topic('rejected')], { qos: 1 });
      this.status.online = true;
      // The status first, then what was kept while away: its clock is judged by the status (§5).
      this.publishStatus();
      this.flush();
    });
    client.on('close', () => (this.status.online = false));
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', reject);
      });
    } catch (error) {
      // With onError the machine lives on and keeps retrying (it may be registered later); without,
      // a machine that cannot connect is an error of the caller's and leaves nothing running.
      if (!this.opts.onError) {
        client.end(true);
        this.client = null;
        throw error;
      }
      this.opts.onError(error as Error);
    }
    client.on('error', (error) => this.opts.onError?.(error));
    const every = (ms: number, fn: () => void) => this.timers.push(setInterval(fn, ms));
    every((this.opts.heartbeatSeconds ?? 30) * 1000, () => this.heartbeat());
    every(this.opts.flushMs ?? 1000, () => this.flush());
    if (this.opts.cupsPerMinute > 0) {
      // Machines of a fleet start together; a random phase keeps their cups from coming in waves.
      const period = 60_000 / this.opts.cupsPerMinute;
      this.timers.push(
        setTimeout(() => {
          this.tick();
          every(period, () => this.tick());
        }, this.random() * period),
      );
    }
  }

  /** A goodbye: the last batch, a retained offline status (a clean disconnect fires no will). */
  async stop(): Promise<void> {
    this.timers.forEach(clearTimeout);
    this.flush();
    // A clean DISCONNECT discards the last will: the offline status says it instead (protocol §1).
    if (this.client?.connected)
      this.publish('status', { online: false, ts: new Date().toISOString() }, 1, true);
    await this.client?.endAsync();
  }

  /** The link drops without a goodbye: the broker publishes the last will. */
  crash(): void {
    this.timers.forEach(clearTimeout);
    this.client?.stream.destroy();
    this.client?.end(true);
  }

  /** Channel levels now (grams and capacity per channel). */
  channelLevels(): Level[] {
    return this.levels.snapshot();
  }

  /** For tests and demos: set a channel's level without telling the server. */
  setLevel(channel: number, grams: number): void {
    this.levels.set(channel, grams);
  }

  private publish(
    channel: 'status' | 'heartbeat' | 'events' | 'ack',
    body: object,
    qos: 0 | 1 = 1,
    retain = false,
  ) {
    this.client?.publish(this.topic(channel), JSON.stringify({ v: PROTOCOL_VERSION, ...body }), {
      qos,
      retain,
    });
  }

  publishStatus() {
    this.publish('status', { ...this.status, ts: new Date().toISOString() }, 1, true);
  }

  private heartbeat() {
    this.publish(
      'heartbeat',
      {
        ts: new Date().toISOString(),
        uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
        rssi: -50 - Math.round(this.random() * 30),
      },
      0,
    );
  }

  /** Sends pending events, 500 a message; while away they wait here, keeping their own times. */
  flush() {
    if (!this.client?.connected) return;
    while (this.pending.length) {
      const events = this.pending.splice(0, MAX_EVENTS_PER_MESSAGE);
      for (const e of events) this.sent.set(e.eventId, e);
      for (const id of this.sent.keys()) {
        if (this.sent.size <= REMEMBERED_EVENTS) break;
        this.sent.delete(id);
      }
      this.publish('events', { events });
    }
  }

  /**
   * The server refused some of what it sent: events beyond a message's limit go out again with the
   * next batch; anything else would be refused again as it is, so it is only noted.
   */
  private onRejected(payload: Buffer) {
    let answer: RejectedMessage;
    try {
      answer = rejectedMessage.parse(JSON.parse(payload.toString('utf8')));
    } catch {
      return;
    }
    this.rejected.push(answer);
    if (this.rejected.length > REMEMBERED_REJECTIONS) this.rejected.shift();
    for (const refused of answer.events ?? []) {
      const event = refused.eventId ? this.sent.get(refused.eventId) : undefined;
      if (event && refused.code === 'too-many-events') this.pending.push(event);
    }
  }

  /** An event now, or at `body.ts` when given (an order's earlier steps). */
  private event(body: object) {
    this.pending.push({
      eventId: crypto.randomUUID(),
      ts: new Date().toISOString(),
      ...body,
    } as MachineEvent);
  }

  private materialEvent() {
    this.cupsSinceMaterialEvent = 0;
    this.event({ type: 'material', levels: reportedLevels(this.levels, this.channelLayout) });
  }

  private setState(state: MachineState['state']) {
    if (this.status.state === state) return;
    this.status.state = state;
    this.publishStatus();
  }

  /**
   * One step of the machine's life, once per cup interval: a cleaning ends, faults come and go,
   * cleanings fall due, staff replace perishable materials at opening and refill low channels, and
   * a cup is made when the machine can.
   */
  tick() {
    if (this.status.state === 'off') return;
    if (this.status.state === 'cleaning') this.setState('idle');
    if (this.status.faultCodes.length && this.random() < this.clearChance) this.clearFault();
    else if (this.random() < this.faultChance) this.raiseFault();
    if (this.status.state === 'idle' && this.autoCleaning) {
      if (this.cupsSinceDeep >= this.deepEvery) this.clean('deep');
      else if (this.cupsSinceBasic >= this.basicEvery) this.clean('basic');
      else if (this.random() < RINSE_CHANCE) this.clean('rinse');
    }
    this.replacePerishables();
    for (const channel of this.levels.low()) {
      if (this.random() >= this.refillChance) continue;
      this.levels.refill(channel);
      this.filled(channel, Date.now());
      this.materialEvent();
    }
    // A customer now? By the local hour's share of the busiest hour's pace, when the zone is known,
    // and by the customers an hour at that pace when given (a tick is then the machine's clock, not
    // a customer: its faults, cleanings and refills keep their pace).
    const perTick =
      this.opts.customersPerHour === undefined || !(this.opts.cupsPerMinute > 0)
        ? 1
        : (this.opts.customersPerHour * 60_000) / this.opts.cupsPerMinute / 3_600_000;
    if (this.opts.timeZone || perTick < 1) {
      const demand = this.opts.timeZone ? demandAt(new Date(), this.opts.timeZone) : 1;
      if (this.random() >= demand * perTick) return;
    }
    if (this.menu && this.opts.sells !== false) this.takeOrder();
    else this.makeCup();
  }

  /** A channel just filled: its material's shelf life starts, and its pace is counted from here. */
  private filled(channel: number, at: number) {
    this.filledAt.set(channel, at);
    this.loaded.set(channel, { at, grams: this.levels.level(channel) });
  }

  /** A channel's shelf life in hours (0: it keeps): its layout's, once it has one; else the start's. */
  private shelfLifeHours(channel: number): number {
    if (this.channelLayout)
      return this.channelLayout.channels.find((c) => c.channel === channel)?.shelfLifeHours ?? 0;
    return this.startShelfLife.get(channel) ?? 0;
  }

  /**
   * Staff at the morning round (shelf-life.ts): a material that would pass its shelf life before the
   * next day's round is emptied and the channel filled afresh. Reported by levels, as any refill (§4.6):
   * the channels emptied, then their new levels — a rise the server takes for a refill, which
   * restarts the shelf life. Both at the same instant, in that order, so that no earlier level comes
   * between them. Staff who refill nothing (refillChance 0: the demo's machine short of milk) replace
   * nothing either.
   */
  private replacePerishables() {
    if (!(this.refillChance > 0)) return;
    const now = Date.now();
    const opening = openedAt(now, this.opts.timeZone);
    if (opening === null) return;
    const due = this.levels
      .snapshot()
      .filter((l) =>
        dueForReplacement(this.filledAt.get(l.channel)!, this.shelfLifeHours(l.channel), opening),
      );
    if (!due.length) return;
    const ts = new Date(now).toISOString();
    for (const l of due) this.levels.set(l.channel, 0);
    this.event({ type: 'material', levels: reportedLevels(this.levels, this.channelLayout), ts });
    for (const l of due) {
      const grams = replacementGrams({
        capacityG: l.capacityG,
        lowLevelG: l.capacityG * LOW_LEVEL_SHARE,
        level: l.grams,
        loaded: this.loaded.get(l.channel)!,
        now,
        shelfLifeHours: this.shelfLifeHours(l.channel),
        random: this.random,
      });
      this.levels.set(l.channel, Math.round(grams * 10) / 10);
      this.filled(l.channel, now);
    }
    this.cupsSinceMaterialEvent = 0;
    this.event({ type: 'material', levels: reportedLevels(this.levels, this.channelLayout), ts });
  }

  /** One cup, when the machine can make one: from full channels, or failed when one is short. */
  makeCup() {
    if (this.status.locked || this.status.state !== 'idle') return;
    // With a menu, a product customers may order from it; before any, the factory products.
    const offered = this.menu?.products.filter((p) => p.orderable !== false);
    if (offered && !offered.length) return;
    this.brew(offered?.[Math.floor(this.random() * offered.length)]);
  }

  /**
   * One customer's order, as a machine with a screen reports it: the order when they confirm, then
   * paid (what the terminal or cash box took), processing, a cup per unit of each line naming its
   * line, completed. About 2 in 100 give up before paying (cancelled); a cup that fails stops the
   * order (rejected, with the reason). Prices follow the protocol's rule from the adopted menu.
   */
  takeOrder() {
    if (!this.menu || this.status.locked || this.status.state !== 'idle') return;
    const offered = this.menu.products.filter((p) => p.orderable !== false);
    if (!offered.length) return;
    const now = Date.now();
    const local = localTime(new Date(now), this.opts.timeZone);
    if (local.day !== this.orderDay) {
      // A machine without memory of its numbers starts the day's sequence at the seconds since
      // midnight, so a restart never reuses a number of the same day (at most one order a second).
      this.orderDay = local.day;
      this.orderSeq = local.secondsOfDay;
    }
    const orderNo = orderNumber(this.opts.serialNumber, local.day, ++this.orderSeq);
    const { order, products } = composeOrder(this.menu, offered, this.random, {
      orderNo,
      pickupCode: String(1000 + Math.floor(this.random() * 9000)),
      salesTaxRate: this.opts.salesTaxRate,
    });
    // The customer chose a minute ago, paid, and the cups came out just now (each cup's startedAt
    // is its own, counted back from now).
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();
    const status = (status: string, secondsAgo: number, more: Record<string, unknown> = {}) =>
      this.event({ type: 'order-status', orderNo, status, ts: at(secondsAgo), ...more });
    this.event({ ...order, ts: at(60) });
    if (this.random() < CANCEL_SHARE) return status('cancelled', 40, { reason: 'cancelled by the customer' });
    status('paid', 45, { received: order.payment.amount });
    status('processing', 44);
    for (const [i, line] of order.lines.entries())
      for (let unit = 0; unit < line.quantity; unit++) {
        const failure = this.brew(products[i], { orderNo, line: line.line });
        if (failure) return status('rejected', 0, { reason: failure });
      }
    status('completed', 0);
  }

  /**
   * An app order taken (device protocol §4.9): processing, a cup per unit of each line naming its
   * line, then completed — or rejected with the reason when a cup fails.
   */
  private makeAppOrder(
    orderNo: string,
    lines: ReadonlyArray<{ line: number; quantity: number }>,
    products: ReadonlyArray<MenuContent['products'][number]>,
  ) {
    const status = (status: string, more: Record<string, unknown> = {}) =>
      this.event({ type: 'order-status', orderNo, status, ...more });
    status('processing');
    for (const [i, line] of lines.entries())
      for (let unit = 0; unit < line.quantity; unit++) {
        const failure = this.brew(products[i], { orderNo, line: line.line });
        if (failure) return status('rejected', { reason: failure });
      }
    status('completed');
  }

  /** One cup of `choice` (else a factory product); the reason it failed, or null when made. */
  private brew(choice?: MenuContent['products'][number], order?: Cup['order']): string | null {
    const cup = makeCup(this.opts.family, this.random, {
      grindDrift: this.grindDrift,
      ...(choice ? { product: productOfMenu(choice), recipeVersion: choice.recipeVersion } : {}),
    });
    if (order) cup.order = order;
    if (!this.levels.covers(cup.materials)) {
      this.event({ ...emptyChannelCup(cup), ...(order ? { order } : {}) });
      const short = cup.materials.find((m) => !this.levels.covers([m]));
      return short ? `channel ${short.channel} is short of material` : 'a channel is short of material';
    }
    const crossedLow = this.levels.drain(cup.materials);
    this.event(cup);
    this.cupsSinceBasic++;
    this.cupsSinceDeep++;
    if (this.opts.family === 'coffee') this.grindDrift += (this.random() - 0.45) * 0.02;
    this.cupsSinceMaterialEvent++;
    if (crossedLow.length || this.cupsSinceMaterialEvent >= (this.opts.materialEveryCups ?? 10))
      this.materialEvent();
    return cup.result === 'failed' ? 'the cup failed at the machine' : null;
  }

  /** Cups made since the last basic (or deep) cleaning, as the machine counts them. */
  get cupsSinceMaintenance(): number {
    return this.cupsSinceBasic;
  }

  clean(kind: 'rinse' | 'basic' | 'deep') {
    const seconds = { rinse: [20, 40], basic: [300, 600], deep: [900, 1800] }[kind];
    const failed = kind !== 'rinse' && this.random() < 0.03;
    this.event({
      type: 'cleaning',
      kind,
      durationSeconds: Math.round(seconds[0] + this.random() * (seconds[1] - seconds[0])),
      result: failed ? 'failed' : 'completed',
    });
    // A failed cleaning stays due; the state shows `cleaning` until the next tick.
    if (!failed && kind !== 'rinse') this.cupsSinceBasic = 0;
    if (!failed && kind === 'deep') this.cupsSinceDeep = 0;
    this.setState('cleaning');
  }

  /** A fault of the family's (this one, or one not active yet at random). */
  raiseFault(code?: string) {
    const candidates = FAULTS[this.opts.family].filter(
      (f) => !this.status.faultCodes.includes(f.code) && (!code || f.code === code),
    );
    if (!candidates.length) return;
    const fault = candidates[Math.floor(this.random() * candidates.length)];
    this.event({ type: 'fault', ...fault });
    this.status.faultCodes = [...this.status.faultCodes, fault.code];
    if (fault.severity === 'critical') this.status.state = 'fault';
    this.publishStatus();
  }

  clearFault() {
    if (!this.status.faultCodes.length) return;
    const [code, ...rest] = this.status.faultCodes;
    const fault = FAULTS[this.opts.family].find((f) => f.code === code);
    this.event({ type: 'fault-cleared', code, severity: fault?.severity ?? 'warning' });
    this.status.faultCodes = rest;
    if (this.status.state === 'fault' && !this.criticalFaultActive()) this.status.state = 'idle';
    this.publishStatus();
  }

  private criticalFaultActive() {
    return FAULTS[this.opts.family].some(
      (f) => f.severity === 'critical' && this.status.faultCodes.includes(f.code),
    );
  }

  private onCommand(payload: Buffer) {
    let parsed;
    try {
      parsed = commandMessage.parse(JSON.parse(payload.toString('utf8')));
    } catch {
      return; // not a command of this protocol: ignored
    }
    const { commandId, type, expiresAt, params } = parsed;
    const ack = (
      stage: 'received' | 'succeeded' | 'failed',
      reason?: string,
      details?: Array<{ productCode?: string; message: string }>,
    ) => {
      if (stage !== 'received') {
        this.seen.set(commandId, { stage, reason, details });
        this.saveState();
      }
      this.publish('ack', {
        commandId,
        stage,
        ts: new Date().toISOString(),
        ...(reason ? { reason } : {}),
        ...(details?.length ? { details } : {}),
      });
    };
    const before = this.seen.get(commandId);
    ack('received');
    // A redelivery or a retry whose answer was lost: answered again with the outcome, not run again.
    if (before) return ack(before.stage, before.reason, before.details);
    if (this.seen.size >= REMEMBERED_COMMANDS) this.seen.delete(this.seen.keys().next().value!);
    if (Date.parse(expiresAt) < Date.now()) return ack('failed', 'expired');
    this.executed.push(commandId);
    if (type === 'menu') {
      const verdict = checkMenu(this.opts.family, params);
      if (!verdict.ok) return ack('failed', verdict.reason, verdict.details);
      this.menu = verdict.menu;
      this.status.menuVersion = verdict.menu.version;
      this.publishStatus();
      return ack('succeeded');
    }
    if (type === 'channels') {
      const verdict = checkChannelLayout(this.levels, params);
      if (!verdict.ok) return ack('failed', verdict.reason);
      this.channelLayout = verdict.layout;
      // The console's new channels have no level yet: report them at once.
      this.materialEvent();
      return ack('succeeded');
    }
    if (type === 'app-order') {
      // Taken (succeeded) before it is made; its making is reported as the machine's own orders are.
      const verdict = checkAppOrder(params, { ...this.status, menu: this.menu, levels: this.levels });
      if (!verdict.ok) return ack('failed', verdict.reason);
      ack('succeeded');
      return this.makeAppOrder(verdict.order.orderNo, verdict.order.lines, verdict.products);
    }
    if (type === 'debug') {
      const outcome = runDebugAction(
        {
          family: this.opts.family,
          state: this.status.state,
          levels: this.levels,
          event: (body) => this.event(body),
          materialEvent: () => this.materialEvent(),
          calibrateGrinder: () => (this.grindDrift = 0),
        },
        params,
      );
      return outcome.ok ? ack('succeeded') : ack('failed', outcome.reason);
    }
    switch (type) {
      case 'lock':
      case 'unlock':
        this.status.locked = type === 'lock';
        break;
      case 'shutdown':
        this.status.state = 'off';
        break;
      case 'startup':
      case 'restart':
        this.status.state = this.criticalFaultActive() ? 'fault' : 'idle';
        break;
    }
    this.publishStatus();
    ack('succeeded');
  }
}
