/**
 * The machines of `npm run bench:ingest`, in a child process of their own so that building and
 * sending messages does not share an event loop with the gateway being measured. Driven over IPC by
 * bench/ingest.ts:
 *
 *   connect {url, machines}        one MQTT connection per publishing machine, as docs/device-protocol.md says
 *   idle {url, machines}           connections that only say who they are (status, will, cmd subscription)
 *   step {rate, seconds, flushMs}  `events` batches of production events at `rate` events/s in total,
 *                                  each event's `ts` = the moment its batch is published
 *   stop                           disconnect and exit
 */
import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { PROTOCOL_VERSION, topicFor } from '@brewfleet/contracts';
import { makeCup, type Family } from '@brewfleet/simulator';

export interface BenchMachine {
  serialNumber: string;
  secret: string;
  family: Family;
}
export type PublisherCommand =
  | { type: 'connect' | 'idle'; url: string; machines: BenchMachine[] }
  | { type: 'step'; rate: number; seconds: number; flushMs: number }
  | { type: 'stop' };
export type PublisherReply =
  | { type: 'connected'; count: number }
  | {
      type: 'step-done';
      events: number;
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

let publishers: Array<{ machine: BenchMachine; client: MqttClient }> = [];
const idleClients: MqttClient[] = [];

function runStep(rate: number, seconds: number, flushMs: number): Promise<PublisherReply> {
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
  /** Machine i sends what it owes by `now` (at the end, rounded: the step offers rate × seconds). */
  const send = (i: number, now: number, ts: string, settle = false) => {
    credit[i] += (perMachine * (now - last[i])) / 1000;
    last[i] = now;
    const n = Math.min(500, settle ? Math.round(credit[i]) : Math.floor(credit[i]));
    if (n < 1) return;
    credit[i] -= n;
    const { machine, client } = publishers[i];
    const pool = cupTemplates(machine.family);
    const parts: string[] = [];
    for (let k = 0; k < n; k++)
      parts.push(`{"eventId":"${crypto.randomUUID()}","ts":"${ts}",${pool[(events + k) % pool.length]}`);
    client.publish(topicFor(machine.serialNumber, 'events'), `{"v":1,"events":[${parts.join(',')}]}`, {
      qos: 1,
    });
    events += n;
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
        const unacknowledged = publishers.reduce(
          (sum, p) => sum + Object.keys((p.client as unknown as { outgoing: object }).outgoing).length,
          0,
        );
        const used = process.cpuUsage(cpu);
        return resolve({
          type: 'step-done',
          events,
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
        return reply(await runStep(command.rate, command.seconds, command.flushMs));
      case 'stop':
        await Promise.all([...publishers.map((p) => p.client), ...idleClients].map((c) => c.endAsync()));
        process.exit(0);
    }
  };
  run().catch((error: Error) => reply({ type: 'error', message: error.message }));
});
process.on('disconnect', () => process.exit(0));
