/**
 * The machines of `npm run bench:ingest`, in a child process of their own so that building and
 * sending messages does not share an event loop with the gateway being measured. Driven over IPC by
 * bench/ingest.ts:
 *
 *   connect {url, machines}        one MQTT connection per publishing machine, as docs/device-protocol.md says
 *   idle {url, machines}           connections that only say who they are (status, will, cmd subscription)
 *   step {rate, seconds, flushMs}  `events` batches of production events at `rate` events/s in total,
 *                                  each event's `ts` = the moment its batch is published
 *   step {…, orders: true}         `rate` orders/s instead (bench/ingest.ts --orders): each machine's
 *                                  batch carries its new orders, then what became of the orders of its
 *                                  previous batch (paid, processing, one cup per unit with its order
 *                                  line, completed), as a machine reports its screen's sales
 *   stop                           disconnect and exit
 */
import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { MAX_EVENTS_PER_MESSAGE, PROTOCOL_VERSION, topicFor, type MenuContent } from '@brewfleet/contracts';
import { PRODUCTS, composeOrder, makeCup, orderNumber, type Family } from '@brewfleet/simulator';

export interface BenchMachine {
  serialNumber: string;
  secret: string;
  family: Family;
  /** The menu it runs (orders mode): what its customers order from. */
  menu?: MenuContent;
}
export type PublisherCommand =
  | { type: 'connect' | 'idle'; url: string; machines: BenchMachine[] }
  | { type: 'step'; rate: number; seconds: number; flushMs: number; orders?: boolean }
  | { type: 'stop' };
export type PublisherReply =
  | { type: 'connected'; count: number }
  | {
      type: 'step-done';
      /** Events published: production records, or (orders mode) orders with their statuses and cups. */
      events: number;
      /** Orders mode: the orders, cups and status reports among them (0 otherwise). */
      orders: number;
      cups: number;
      statuses: number;
      messages: number;
      startedAt: number;
      endedAt: number;
      /** Publishes mqtt.js had not yet seen acknowledged (PUBACK) when the step ended. */
      unacknowledged: number;
      cpuMs: number;
    }
  | { type: 'error'; message: string };

const reply = (m: PublisherReply) => process.send!(m);
/** Connections opened at once: the broker authenticates each against the database. */
const CONNECTING_AT_ONCE = 100;
/** The scheduler's tick; machines are spread over the ticks of one flush interval. */
const TICK_MS = 10;

async function connectAll(url: string, machines: BenchMachine[], idle: boolean): Promise<MqttClient[]> {
  const clients: MqttClient[] = [];
  for (let i = 0; i < machines.length; i += CONNECTING_AT_ONCE) {
    const batch = await Promise.all(
      machines.slice(i, i + CONNECTING_AT_ONCE).map(async (m) => {
        const client = await mqtt.connectAsync(url, {
          clientId: m.serialNumber,
          username: m.serialNumber,
          password: m.secret,
          clean: false,
          keepalive: 60,
          reconnectPeriod: 0,
          will: {
            topic: topicFor(m.serialNumber, 'status'),
            payload: Buffer.from(JSON.stringify({ v: PROTOCOL_VERSION, online: false })),
            qos: 1,
            retain: true,
          },
        });
        await client.subscribeAsync(topicFor(m.serialNumber, 'cmd'), { qos: 1 });
        if (idle)
          await client.publishAsync(
            topicFor(m.serialNumber, 'status'),
            JSON.stringify({
              v: PROTOCOL_VERSION,
              online: true,
              ts: new Date().toISOString(),
              state: 'idle',
            }),
            { qos: 1, retain: true },
          );
        return client;
      }),
    );
    clients.push(...batch);
  }
  return clients;
}

/**
 * Cups prepared once per family as JSON without their id and time: an event is then a UUID, a
 * timestamp and a string concatenation, so the publisher's own cost stays small.
 */
const templates = new Map<Family, string[]>();
function cupTemplates(family: Family): string[] {
  let list = templates.get(family);
  if (!list) {
    list = Array.from({ length: 200 }, () => JSON.stringify(makeCup(family, Math.random)).slice(1));
    templates.set(family, list);
  }
  return list;
}

/** Cups of each product code (orders mode: a cup is made of its line's product), as above. */
const cupsByCode = new Map<string, string[]>();
function cupTemplatesOf(family: Family, code: string): string[] {
  let list = cupsByCode.get(code);
  if (!list) {
    const product = PRODUCTS[family].find((p) => p.code === code);
    list = Array.from({ length: 20 }, () =>
      JSON.stringify(makeCup(family, Math.random, { product })).slice(1),
    );
    cupsByCode.set(code, list);
  }
  return list;
}

/** Per machine in orders mode: its order count, and what its last batch's orders still have to report. */
interface Till {
  seq: number;
  /** Follow-up events (without eventId and ts, as JSON tails) of the orders sent last time. */
  followUps: string[];
}
const tills = new Map<string, Till>();
/** Events of one order, at most: the order, three statuses and its cups (1–3 lines of 1–3). */
const MAX_EVENTS_PER_ORDER = 13;

/**
 * `n` new orders of one machine, as event JSON stamped `ts`, after the follow-ups of its previous
 * batch's orders; those of these orders wait for its next batch. Counts go to `counts`.
 */
function orderEvents(
  machine: BenchMachine,
  n: number,
  ts: string,
  counts: { orders: number; cups: number; statuses: number },
): string[] {
  const till = tills.get(machine.serialNumber) ?? { seq: 0, followUps: [] };
  tills.set(machine.serialNumber, till);
  const stamp = (tail: string) => `{"eventId":"${crypto.randomUUID()}","ts":"${ts}",${tail}`;
  const parts = till.followUps.map(stamp);
  till.followUps = [];
  const day = ts.slice(2, 10).replace(/-/g, '');
  for (let k = 0; k < n; k++) {
    till.seq++;
    const { order } = composeOrder(machine.menu!, machine.menu!.products, Math.random, {
      orderNo: orderNumber(machine.serialNumber, day, till.seq),
      pickupCode: String(1000 + (till.seq % 9000)),
    });
    parts.push(stamp(JSON.stringify(order).slice(1)));
    const no = JSON.stringify(order.orderNo);
    const status = (s: string, extra = '') =>
      `"type":"order-status","orderNo":${no},"status":"${s}"${extra}}`;
    till.followUps.push(status('paid', `,"received":"${order.payment.amount}"`), status('processing'));
    for (const line of order.lines) {
      const pool = cupTemplatesOf(machine.family, line.productCode);
      for (let q = 0; q < line.quantity; q++)
        till.followUps.push(
          `"order":{"orderNo":${no},"line":${line.line}},${pool[(till.seq + q) % pool.length]}`,
        );
      counts.cups += line.quantity;
    }
    till.followUps.push(status('completed'));
    counts.statuses += 3;
  }
  counts.orders += n;
  return parts;
}

let publishers: Array<{ machine: BenchMachine; client: MqttClient }> = [];
const idleClients: MqttClient[] = [];

function runStep(rate: number, seconds: number, flushMs: number, orders: boolean): Promise<PublisherReply> {
  const slots = Math.max(1, Math.round(flushMs / TICK_MS));
  const perMachine = rate / publishers.length;
  const credit = new Float64Array(publishers.length);
  const last = new Float64Array(publishers.length);
  const cpu = process.cpuUsage();
  const startedAt = Date.now();
  last.fill(startedAt);
  let events = 0;
  let messages = 0;
  let tick = 0;
  const counts = { orders: 0, cups: 0, statuses: 0 };
  /**
   * Machine i sends what it owes by `now` (at the end, rounded: the step offers rate × seconds);
   * `followUpsOnly`: no new order, only what its last orders still have to report.
   */
  const send = (i: number, now: number, ts: string, settle = false, followUpsOnly = false) => {
    credit[i] += (perMachine * (now - last[i])) / 1000;
    last[i] = now;
    // Orders mode: as many orders as one message holds with their follow-ups (the rest next time).
    const most = orders ? Math.floor(MAX_EVENTS_PER_MESSAGE / MAX_EVENTS_PER_ORDER) : MAX_EVENTS_PER_MESSAGE;
    const n = followUpsOnly ? 0 : Math.min(most, settle ? Math.round(credit[i]) : Math.floor(credit[i]));
    const { machine, client } = publishers[i];
    const owed = orders && (tills.get(machine.serialNumber)?.followUps.length ?? 0) > 0;
    if (n < 1 && !owed) return;
    credit[i] -= Math.max(0, n);
    let parts: string[];
    if (orders) parts = orderEvents(machine, Math.max(0, n), ts, counts);
    else {
      const pool = cupTemplates(machine.family);
      parts = [];
      for (let k = 0; k < n; k++)
        parts.push(`{"eventId":"${crypto.randomUUID()}","ts":"${ts}",${pool[(events + k) % pool.length]}`);
    }
    client.publish(topicFor(machine.serialNumber, 'events'), `{"v":1,"events":[${parts.join(',')}]}`, {
      qos: 1,
    });
    events += parts.length;
    messages++;
  };
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      const now = Date.now();
      const ts = new Date(now).toISOString();
      if (now - startedAt >= seconds * 1000) {
        clearInterval(timer);
        // Every machine settles up, not only this tick's slot: otherwise the machines whose turn
        // has not come again leave up to one flush interval of their share unsent.
        for (let i = 0; i < publishers.length; i++) send(i, now, ts, true);
        // Orders mode: the last orders' follow-ups too, so the step leaves nothing owed.
        if (orders) for (let i = 0; i < publishers.length; i++) send(i, now, ts, false, true);
        const unacknowledged = publishers.reduce(
          (sum, p) => sum + Object.keys((p.client as unknown as { outgoing: object }).outgoing).length,
          0,
        );
        const used = process.cpuUsage(cpu);
        return resolve({
          type: 'step-done',
          events,
          ...counts,
          messages,
          startedAt,
          endedAt: now,
          unacknowledged,
          cpuMs: (used.user + used.system) / 1000,
        });
      }
      for (let i = tick++ % slots; i < publishers.length; i += slots) send(i, now, ts);
    }, TICK_MS);
  });
}

process.on('message', (command: PublisherCommand) => {
  const run = async () => {
    switch (command.type) {
      case 'connect': {
        const clients = await connectAll(command.url, command.machines, false);
        publishers = clients.map((client, i) => ({ machine: command.machines[i], client }));
        return reply({ type: 'connected', count: clients.length });
      }
      case 'idle': {
        idleClients.push(...(await connectAll(command.url, command.machines, true)));
        return reply({ type: 'connected', count: idleClients.length });
      }
      case 'step':
        return reply(await runStep(command.rate, command.seconds, command.flushMs, command.orders ?? false));
      case 'stop':
        await Promise.all([...publishers.map((p) => p.client), ...idleClients].map((c) => c.endAsync()));
        process.exit(0);
    }
  };
  run().catch((error: Error) => reply({ type: 'error', message: error.message }));
});
process.on('disconnect', () => process.exit(0));
