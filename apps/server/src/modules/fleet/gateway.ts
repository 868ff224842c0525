/**
 * The device gateway: it hears what machines publish (docs/device-protocol.md), checks each message
 * against its schema, and writes what it learned in batches (ingest.ts). With an external broker it
 * subscribes through an MQTT 5 shared subscription, so that several server processes split the
 * machines' messages and each message reaches one of them. Nothing a machine sends can stop it: a
 * message or event that does not parse or match is counted, logged (rate-limited) and dropped, the
 * good events of its message are kept, and the machine is told what was refused and why on its
 * `rejected` topic (rejections.ts).
 */
import type { MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  MACHINE_PUBLISHES,
  MAX_CLOCK_SKEW_SECONDS,
  MAX_EVENTS_PER_MESSAGE,
  PROTOCOL_VERSION,
  TOPIC_ROOT,
  ackMessage,
  heartbeatMessage,
  machineEvent,
  parseTopic,
  statusMessage,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { batchSize, emptyBatch, writeBatch, type Batch, type KnownDevice, type Presence } from './ingest.ts';
import type { FleetBus } from './fleet-bus.ts';
import type { Publisher } from '../../platform/events/domain-events.ts';
import { containsNul, issueText, Rejections, type Answer } from './rejections.ts';
import { fastProduction } from './production-fast-path.ts';
import type { MachineEventWriters } from './machine-events.ts';

export interface GatewayStats {
  /** Messages received on the machine topics. */
  messages: number;
  /** Events and presence updates written. */
  written: number;
  /** Events already written before (the same eventId again). */
  duplicates: number;
  /** Messages or events that did not parse or match their schema. */
  malformed: number;
  /** Messages from serial numbers not in the registry. */
  unknownDevice: number;
  /** Batches written, and the last one's size and time. */
  batches: number;
  lastBatchSize: number;
  lastBatchMs: number;
  /** Waiting to be written now. */
  pending: number;
  /** Batches that failed to write (retried with the next one). */
  failedBatches: number;
}

export interface Gateway {
  stats(): GatewayStats;
  /** Write what is pending now (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface GatewayOptions {
  db: Db;
  client: MqttClient;
  log: FastifyBaseLogger;
  /**
   * Subscribe through `$share/<group>/…` (external MQTT 5 broker, several server processes of one
   * deployment); null: a plain subscription (the embedded broker, one process).
   */
  shareGroup: string | null;
  bus?: FleetBus;
  /** Where what the machines' messages amount to is published (in each batch's transaction). */
  events: Publisher;
  /** Writers of the machine events other modules own (orders); none: such events are refused as unknown. */
  writers?: MachineEventWriters;
  /** Longest wait before a batch is written (ms). */
  flushMs?: number;
  /** A batch is written at once when it holds this many events (status, heartbeat, ack: one each). */
  maxBatch?: number;
  /**
   * Batches written at the same time, each for its own share of the machines (by serial number):
   * one machine's messages stay in order, and the gateway's parsing overlaps the database's writing.
   */
  lanes?: number;
}

/**
 * Whether PostgreSQL refused a statement for the values in it (SQLSTATE class 22, data exception, or
 * 23, integrity constraint) rather than for being away: only the former is the messages' fault.
 */
function refusedForItsData(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^2[23]/.test(e.code)) return true;
  }
  return false;
}

const SUBSCRIBED = MACHINE_PUBLISHES;
/** How long a registry lookup is trusted (a bind in another process is seen after this). */
const DEVICE_TTL_MS = 30_000;
/** Above this many pending events the gateway stops reading from the broker until it catches up. */
const HIGH_WATER = 200_000;

/** The events are checked one by one, and past MAX_EVENTS_PER_MESSAGE refused one by one. */
const eventsEnvelope = z.object({
  v: z.literal(PROTOCOL_VERSION),
  events: z.array(z.unknown()).min(1),
});

const TOO_MANY = `beyond the ${MAX_EVENTS_PER_MESSAGE} events of one message: send it again in another`;

/**
 * Whether a time (already checked as ISO 8601 with an offset) is written as `toISOString` writes it:
 * `YYYY-MM-DDTHH:MM:SS.sssZ`, which it would give back unchanged.
 */
const isUtcMillis = (ts: string) =>
  ts.length === 24 && ts.charCodeAt(23) === 90 /* Z */ && ts.charCodeAt(19) === 46; /* . */

export function topicFilters(shareGroup: string | null): string[] {
  return SUBSCRIBED.map((c) => `${shareGroup ? `$share/${shareGroup}/` : ''}${TOPIC_ROOT}/+/${c}`);
}

export async function startGateway(opts: GatewayOptions): Promise<Gateway> {
  const { db, client, log } = opts;
  const flushMs = opts.flushMs ?? 100;
  const maxBatch = opts.maxBatch ?? 5000;
  const writers = Math.max(1, opts.lanes ?? 2);
  const others = opts.writers;
  const stats: GatewayStats = {
    messages: 0,
    written: 0,
    duplicates: 0,
    malformed: 0,
    unknownDevice: 0,
    batches: 0,
    lastBatchSize: 0,
    lastBatchMs: 0,
    pending: 0,
    failedBatches: 0,
  };

  /** Raw messages by serial number, resolved against the registry when the batch is written. */
  type Raw = {
    serialNumber: string;
    channel: (typeof SUBSCRIBED)[number];
    body: unknown;
    receivedAt: Date;
    /** Events it carries (a batch of events counts each). */
    weight: number;
    /** Its text has a NUL escape somewhere: each event is looked at for one. */
    nul: boolean;
    /** Checked once already: a batch written again (by halves, or after a failure) counts and answers nothing twice. */
    checked?: boolean;
  };
  /** One writer's share of the machines: what waits, and the batch being written. */
  interface Lane {
    queue: Raw[];
    weight: number;
    timer: NodeJS.Timeout | null;
    running: Promise<void> | null;
    /** When its last batch began (performance.now()). */
    lastStart: number;
  }
  const lanes: Lane[] = Array.from({ length: writers }, () => ({
    queue: [],
    weight: 0,
    timer: null,
    running: null,
    lastStart: -Infinity,
  }));
  const laneOf = (serialNumber: string) => {
    let h = 0;
    for (let i = 0; i < serialNumber.length; i++) h = (h * 31 + serialNumber.charCodeAt(i)) | 0;
    return lanes[Math.abs(h) % lanes.length];
  };
  const pendingWeight = () => lanes.reduce((sum, l) => sum + l.weight, 0);
  const devices = new Map<string, { device: KnownDevice | null; until: number }>();
  opts.bus?.on('deviceChanged', (sn) => devices.delete(sn));
  opts.bus?.on('credentialsRotated', (sn) => devices.delete(sn));

  let warnings = 0;
  let warningsReset = Date.now();
  const malformed = (topic: string, reason: string) => {
    stats.malformed++;
    // At most 20 warnings a minute: a broken machine must not flood the log.
    if (Date.now() - warningsReset > 60_000) {
      warnings = 0;
      warningsReset = Date.now();
    }
    if (++warnings <= 20) log.warn({ topic, reason }, 'malformed machine message dropped');
  };

  const rejections = new Rejections(client);

  client.on('message', (topic, payload) => {
    const parsed = parseTopic(topic);
    if (!parsed || !(SUBSCRIBED as readonly string[]).includes(parsed.channel)) return;
    const channel = parsed.channel as Raw['channel'];
    stats.messages++;
    let body: unknown;
    const text = payload.toString('utf8');
    const refuse = (code: 'not-json' | 'nul-character', reason: string) => {
      malformed(topic, reason);
      rejections.message(parsed.serialNumber, channel, code, reason);
    };
    // PostgreSQL stores no NUL character (text or jsonb); a raw one is no JSON either.
    if (text.includes('\u0000')) return refuse('nul-character', 'NUL character');
    try {
      body = JSON.parse(text);
    } catch {
      return refuse('not-json', 'not JSON');
    }
    const events = (body as { events?: unknown })?.events;
    const weight = parsed.channel === 'events' && Array.isArray(events) ? Math.max(1, events.length) : 1;
    const lane = laneOf(parsed.serialNumber);
    lane.queue.push({
      serialNumber: parsed.serialNumber,
      channel,
      body,
      receivedAt: new Date(),
      weight,
      // An escaped NUL (or, rarely, an escaped backslash before "u0000"): looked at closely later.
      nul: text.includes('\\u0000'),
    });
    lane.weight += weight;
    schedule(lane, lane.weight >= maxBatch ? 0 : flushMs);
    if (!paused && pendingWeight() > HIGH_WATER) {
      paused = true;
      client.stream.pause();
      log.warn({ pending: pendingWeight() }, 'gateway behind: reading from the broker paused');
    }
  });
  let paused = false;

  async function resolve(serials: string[]): Promise<void> {
    const now = Date.now();
    const missing = serials.filter((sn) => (devices.get(sn)?.until ?? 0) < now);
    if (!missing.length) return;
    const found = await inScope(db, SYSTEM, (tx) =>
      rows<{
        id: string;
        serial_number: string;
        clock_skewed: boolean;
        merchant_id: string | null;
        store_id: string | null;
      }>(
        tx,
        sql`select id::text, serial_number, clock_skewed, merchant_id::text, store_id::text
            from device where serial_number in ${missing}`,
      ),
    );
    const bySerial = new Map(
      found.map((d) => [
        d.serial_number,
        {
          id: d.id,
          serialNumber: d.serial_number,
          clockSkewed: d.clock_skewed,
          merchantId: d.merchant_id,
          storeId: d.store_id,
        },
      ]),
    );
    for (const sn of missing)
      devices.set(sn, { device: bySerial.get(sn) ?? null, until: now + DEVICE_TTL_MS });
  }

  /**
   * Validate and sort raw messages into a batch. What does not match is counted and dropped, and the
   * machine is told (the first time a message is looked at only).
   */
  function toBatch(raws: Raw[]): Batch {
    const batch = emptyBatch();
    // In the order the writers were accepted (orders before their statuses), whatever the batch's order.
    for (const writer of others?.list() ?? []) batch.reported.set(writer, []);
    const presenceOf = (device: KnownDevice): Presence => {
      let p = batch.presence.get(device);
      if (!p) batch.presence.set(device, (p = {}));
      return p;
    };
    for (const raw of raws) {
      const device = devices.get(raw.serialNumber)?.device;
      const topic = `${TOPIC_ROOT}/${raw.serialNumber}/${raw.channel}`;
      if (!device) {
        if (!raw.checked) stats.unknownDevice++;
        raw.checked = true;
        continue;
      }
      const first = !raw.checked;
      raw.checked = true;
      // Made only for a message with something to refuse: most have none.
      let answer: Answer | null = null;
      const answerOf = () => (answer ??= rejections.start(raw.serialNumber, raw.channel));
      /** The whole message refused: counted, logged, and (first time) answered. */
      const refuse = (reason: string, code: 'invalid' | 'nul-character' = 'invalid') => {
        if (!first) return;
        malformed(topic, reason);
        answerOf().refuse(code, reason, raw.body);
      };
      /** One event refused, the others of its message kept. */
      const refuseEvent = (
        index: number,
        item: unknown,
        code: 'invalid' | 'nul-character' | 'too-many-events',
        reason: string,
      ) => {
        if (!first) return;
        malformed(topic, reason);
        answerOf().refuseEvent(index, item, code, reason);
      };
      const receivedAt = raw.receivedAt.toISOString();
      /** Whether a clock that said `ts` at `receivedAt` is off by more than the protocol allows. */
      const skewedAt = (ts: string | undefined) =>
        ts === undefined
          ? undefined
          : Math.abs(Date.parse(ts) - raw.receivedAt.getTime()) > MAX_CLOCK_SKEW_SECONDS * 1000;
      /**
       * An event's time: its own, however old (buffered while offline), while the machine's clock is
       * right by its latest status or heartbeat; the receive time when that clock is off, or when
       * the event claims a time ahead of the server's.
       */
      const latest = raw.receivedAt.getTime() + MAX_CLOCK_SKEW_SECONDS * 1000;
      const eventTime = (ts: string) => {
        if (device.clockSkewed) return receivedAt;
        const at = Date.parse(ts);
        if (at > latest) return receivedAt;
        // Most machines send UTC with milliseconds, the form toISOString writes: kept as it came.
        return isUtcMillis(ts) ? ts : new Date(at).toISOString();
      };
      if (raw.nul && raw.channel !== 'events' && containsNul(raw.body)) {
        refuse('NUL character', 'nul-character');
        continue;
      }
      switch (raw.channel) {
        case 'status': {
          const m = statusMessage.safeParse(raw.body);
          if (!m.success) {
            refuse(issueText(m.error));
            break;
          }
          const p = presenceOf(device);
          const skewed = skewedAt(m.data.ts);
          p.online = m.data.online;
          if (m.data.online) p.lastSeenAt = receivedAt;
          if (m.data.state !== undefined) p.state = m.data.state;
          if (m.data.locked !== undefined) p.locked = m.data.locked;
          if (m.data.faultCodes !== undefined) {
            p.faultCodes = m.data.faultCodes;
            // On the clock the batch's fault events are dated by (eventTime): the machine's while it
            // is right, the receive time while it is off; no ts: the list closes every unlisted fault.
            p.faultCodesAt = skewed ? receivedAt : m.data.ts;
          }
          if (m.data.firmware !== undefined) p.firmware = m.data.firmware;
          // An online status is the machine's whole truth: without menuVersion it runs no menu.
          if (m.data.online) p.menuVersion = m.data.menuVersion ?? null;
          if (skewed !== undefined) p.clockSkewed = device.clockSkewed = skewed;
          break;
        }
        case 'heartbeat': {
          const m = heartbeatMessage.safeParse(raw.body);
          if (!m.success) {
            refuse(issueText(m.error));
            break;
          }
          const p = presenceOf(device);
          p.online = true;
          p.lastSeenAt = receivedAt;
          p.clockSkewed = device.clockSkewed = skewedAt(m.data.ts);
          break;
        }
        case 'ack': {
          const m = ackMessage.safeParse(raw.body);
          if (!m.success) refuse(issueText(m.error));
          else batch.acks.push({ device, m: m.data });
          break;
        }
        case 'events': {
          const envelope = eventsEnvelope.safeParse(raw.body);
          if (!envelope.success) {
            refuse(issueText(envelope.error));
            break;
          }
          // Each event stands alone: one bad event does not cost the message its good ones.
          const items = envelope.data.events;
          for (let index = 0; index < items.length; index++) {
            const item = items[index];
            if (index >= MAX_EVENTS_PER_MESSAGE) {
              refuseEvent(index, item, 'too-many-events', TOO_MANY);
              continue;
            }
            if (raw.nul && containsNul(item)) {
              refuseEvent(index, item, 'nul-character', 'NUL character');
              continue;
            }
            // Most events are cups: checked without zod when plainly valid (same rules, same output).
            const cup = fastProduction(item);
            if (cup) {
              batch.production.push({ device, e: cup, at: eventTime(cup.ts), receivedAt });
              continue;
            }
            // Another module's event (an order): its writer's schema checks it, its writer writes it.
            const writer = others?.get((item as { type?: unknown } | null)?.type);
            if (writer) {
              const r = writer.schema.safeParse(item);
              if (!r.success) {
                refuseEvent(index, item, 'invalid', issueText(r.error));
                continue;
              }
              let list = batch.reported.get(writer);
              if (!list) batch.reported.set(writer, (list = []));
              list.push({ device, e: r.data, at: eventTime(r.data.ts), receivedAt });
              continue;
            }
            const e = machineEvent.safeParse(item);
            if (!e.success) {
              refuseEvent(index, item, 'invalid', issueText(e.error));
              continue;
            }
            const at = eventTime(e.data.ts);
            switch (e.data.type) {
              case 'production':
                batch.production.push({ device, e: e.data, at, receivedAt });
                break;
              case 'fault':
              case 'fault-cleared':
                batch.faults.push({ device, e: e.data, at });
                break;
              case 'cleaning':
                batch.cleanings.push({ device, e: e.data, at });
                break;
              case 'material':
                batch.materials.push({ device, e: e.data, at });
                break;
            }
          }
          break;
        }
      }
      (answer as Answer | null)?.send();
    }
    return batch;
  }

  let closed = false;

  function schedule(lane: Lane, delay: number) {
    if (closed || lane.running) return;
    if (lane.timer && delay > 0) return;
    if (lane.timer) clearTimeout(lane.timer);
    lane.timer = setTimeout(() => {
      lane.timer = null;
      lane.lastStart = performance.now();
      lane.running = writeNext(lane).finally(() => {
        lane.running = null;
        // What queued up meanwhile is written flushMs after the last batch began (at once when it
        // fills a batch), not as soon as that write ends: a batch's statements cost about the same
        // for 500 cups as for 5,000 (one row per machine in several of them), and writing back to
        // back made four times as many batches at 20,000 cups/s as flushMs asks, each a quarter as
        // full (CPU per cup 60-75 µs there against 44-48 µs at 40,000/s with full batches).
        if (lane.queue.length)
          schedule(
            lane,
            lane.weight >= maxBatch ? 0 : Math.max(0, lane.lastStart + flushMs - performance.now()),
          );
      });
    }, delay);
  }

  /** Take up to maxBatch events from the front of a lane (at least one message). */
  function take(lane: Lane): Raw[] {
    let weight = 0;
    let n = 0;
    while (n < lane.queue.length && (n === 0 || weight + lane.queue[n].weight <= maxBatch))
      weight += lane.queue[n++].weight;
    lane.weight -= weight;
    return lane.queue.splice(0, n);
  }

  /** Write messages as one batch; refused for what is in them, find the culprit by halves and drop it. */
  async function write(raws: Raw[]): Promise<void> {
    try {
      await resolve([...new Set(raws.map((r) => r.serialNumber))]);
      const batch = toBatch(raws);
      if (!batchSize(batch)) return;
      const result = await inScope(db, SYSTEM, (tx) => writeBatch(tx, batch, opts.events));
      stats.written += result.inserted + batch.presence.size;
      stats.duplicates += result.duplicates;
      stats.batches++;
      stats.lastBatchSize = batchSize(batch);
      if (result.cameOnline || result.commandsDue) opts.bus?.emit('commandsQueued');
    } catch (error) {
      if (!refusedForItsData(error)) throw error;
      if (raws.length === 1) {
        const [raw] = raws;
        const reason = `refused by the database: ${(error as Error).message}`;
        rejections.message(raw.serialNumber, raw.channel, 'refused-by-database', reason, raw.body);
        return malformed(`${TOPIC_ROOT}/${raw.serialNumber}/${raw.channel}`, reason);
      }
      // A message the schemas let through but PostgreSQL refuses must not hold up everyone else's:
      // about log2(batch) extra transactions find it, in order.
      const half = Math.ceil(raws.length / 2);
      await write(raws.slice(0, half));
      await write(raws.slice(half));
    }
  }

  async function writeNext(lane: Lane): Promise<void> {
    if (!lane.queue.length) return;
    const raws = take(lane);
    const started = performance.now();
    try {
      await write(raws);
    } catch (error) {
      // The database refused the batch (down, or a bug): keep the messages, in order, for the next try.
      stats.failedBatches++;
      log.error({ err: error }, 'gateway batch failed; retrying');
      lane.queue.unshift(...raws);
      lane.weight += raws.reduce((sum, r) => sum + r.weight, 0);
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      stats.lastBatchMs = Math.round(performance.now() - started);
      if (paused && pendingWeight() < HIGH_WATER / 2) {
        paused = false;
        client.stream.resume();
      }
    }
  }

  /** Write everything pending now, lane by lane in parallel. */
  async function drainAll() {
    await Promise.all(
      lanes.map(async (lane) => {
        if (lane.timer) clearTimeout(lane.timer);
        lane.timer = null;
        while (lane.running) await lane.running;
        while (lane.queue.length) await writeNext(lane);
      }),
    );
  }

  await client.subscribeAsync(topicFilters(opts.shareGroup), { qos: 1 });
  // After a reconnect the broker may have forgotten us (clean session): subscribe again.
  const resubscribe = () =>
    void client.subscribeAsync(topicFilters(opts.shareGroup), { qos: 1 }).catch(() => {});
  client.on('connect', resubscribe);

  return {
    stats: () => ({ ...stats, pending: pendingWeight() }),
    flush: drainAll,
    async close() {
      closed = true;
      client.off('connect', resubscribe);
      await client.unsubscribeAsync(topicFilters(opts.shareGroup)).catch(() => {});
      await drainAll();
    },
  };
}
