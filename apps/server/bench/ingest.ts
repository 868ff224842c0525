/**
 * `npm run bench:ingest`: production records from simulated machines through the embedded broker
 * and the device gateway into PostgreSQL, at rising rates; beside the same rows written by raw
 * multi-row INSERTs (the ceiling), and the memory each connected machine costs.
 *
 *   1. A fresh database `bench_ingest` on DATABASE_URL's server (default: the local `test` server),
 *      migrated, the machines registered (type → model → device, with the hash of their secret);
 *      dropped at the end.
 *   2. The embedded broker (startMqtt with deviceAccess) and the gateway (startGateway) in this
 *      process, as main.ts starts them; the machines in a child process (ingest-publishers.ts), so
 *      that they do not share the gateway's event loop.
 *   3. Memory: --idle machines connect, subscribe to their cmd topic and publish their status;
 *      (rss, heapUsed) after minus before, per machine, with a forced GC on each side.
 *   4. Ramp: for each rate of --rates, --seconds of `events` batches whose events' `ts` is the
 *      publish time. A statement trigger created here (not in the migrations) NOTIFYs the
 *      transaction id of each production insert; PostgreSQL delivers a notification when its
 *      transaction commits, so its arrival is the commit time of the rows with that xmin.
 *   5. Ceiling: the rows of the ramp written again by INSERT … VALUES of 1000 rows, one transaction
 *      per statement, in the gateway's role and scope, on one connection.
 *
 *   Each step's CPU times are read once what it published is committed (its drain), and divided by
 *   the records it wrote: CPU µs per record, which a loaded host does not distort.
 *
 *   Orders (`npm run bench:ingest-orders`, i.e. --orders; issue 11 §7): the machines sell instead.
 *   Their merchant (Taiwan), store, catalog, taxes and the menu each took are made first
 *   (ingest-orders-setup.ts); the app is built with every module as main.ts builds it, and the
 *   gateway started with the writers the orders module handed fleet and the app's domain events.
 *   Each machine's batch carries its new orders (1–3 lines, priced by the protocol's rule), then
 *   what became of its previous batch's orders: paid, processing, a cup per unit with its order
 *   line, completed. Rates count orders; the commit of an order is its insert's (the trigger on
 *   sales_order); CPU is per order, all its events included. A 2 s warm-up at 200 orders/s comes
 *   first, not measured (each machine's menu is read once). No memory step (--idle 0), no ceiling.
 *
 * Options: --devices N (publishing machines, 100), --rates a,b,c (events/s, 10000,20000,30000;
 * orders/s with --orders, 5000,10000,15000), --idle M (2000; 0 with --orders),
 * --seconds S (per rate, 10), --flush-ms F (how often each machine sends a batch,
 * 100), --gateway-flush-ms and --gateway-max-batch (the gateway's own options, its defaults unless
 * given). Results: a table on stdout and bench/results/ingest-latest.json (ingest-orders-latest.json).
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { MACHINE_FAMILIES } from '@brewfleet/contracts';
import { openPostgres, type Database } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { startMqtt, type Mqtt } from '../src/platform/mqtt/broker.ts';
import { deviceAccess } from '../src/modules/fleet/device-access.ts';
import { startGateway, type Gateway, type GatewayStats } from '../src/modules/fleet/gateway.ts';
import { hashSecret } from '../src/modules/fleet/credentials.ts';
import { createDomainEvents } from '../src/platform/events/domain-events.ts';
import { maintenanceSubscribers } from '../src/modules/fleet/maintenance-counters.ts';
import { menuStatusSubscribers } from '../src/modules/fleet/menu-status.ts';
import { channelSubscribers } from '../src/modules/fleet/channel-levels.ts';
import { releaseProgressSubscribers } from '../src/modules/menus/release-progress.ts';
import { buildApp } from '../src/app.ts';
import { loadLoginKeys } from '../src/platform/auth/keys.ts';
import type { BenchMachine, PublisherCommand, PublisherReply } from './ingest-publishers.ts';
import { cpuSpent, postgresCpu, rawInsertCeiling, registerMachines, stepFigures } from './ingest-sql.ts';
import { keepsUp, stepTable, type Step } from './ingest-report.ts';
import { benchMenu, setUpOrders } from './ingest-orders-setup.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'boolean', default: false },
    devices: { type: 'string', default: '100' },
    rates: { type: 'string' },
    rate: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    idle: { type: 'string' },
    'flush-ms': { type: 'string', default: '100' },
    'gateway-flush-ms': { type: 'string' },
    'gateway-max-batch': { type: 'string' },
  },
});
const ORDERS = values.orders!;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS = path.join(HERE, 'results', ORDERS ? 'ingest-orders-latest.json' : 'ingest-latest.json');
const DB_NAME = 'bench_ingest';
// Issue 11 §7 for orders (with their lines and cups), the production records' own target otherwise.
const TARGET_RATE = ORDERS ? 10_000 : 20_000;
const TARGET_P99_MS = 1000;
/** What the rates count. */
const UNIT = ORDERS ? 'order' : 'record';

const DEVICES = Number(values.devices);
const RATES = (values.rate ?? values.rates ?? (ORDERS ? '5000,10000,15000' : '10000,20000,30000'))
  .split(',')
  .map(Number);
const SECONDS = Number(values.seconds);
const IDLE = Number(values.idle ?? (ORDERS ? '0' : '2000'));
const FLUSH_MS = Number(values['flush-ms']);
const optional = (v: string | undefined) => (v === undefined ? undefined : Number(v));
const GATEWAY = {
  flushMs: optional(values['gateway-flush-ms']),
  maxBatch: optional(values['gateway-max-batch']),
};
if (!(DEVICES >= 1) || RATES.some((r) => !(r > 0)) || !(SECONDS > 0) || !(IDLE >= 0) || !(FLUSH_MS >= 10))
  throw new Error('usage: --devices N --rates 10000,20000 --seconds S --idle M --flush-ms F (≥ 10)');

const serverUrl =
  process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const benchUrl = Object.assign(new URL(serverUrl), { pathname: `/${DB_NAME}` }).toString();

async function admin(statement: string) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

const machines = (prefix: string, count: number): BenchMachine[] =>
  Array.from({ length: count }, (_, i) => {
    const serialNumber = `${prefix}-${String(i + 1).padStart(5, '0')}`;
    return {
      serialNumber,
      secret: `${serialNumber}-secret`,
      family: MACHINE_FAMILIES[i % MACHINE_FAMILIES.length],
    };
  });
/** The publishing machines of orders mode carry the menu they sell from. */
const withMenus = (list: BenchMachine[]) =>
  ORDERS ? list.map((m) => ({ ...m, menu: benchMenu(m.family) })) : list;

/** The child process, and a way to send it a command and wait for its answer. */
function startPublishers() {
  const child: ChildProcess = fork(path.join(HERE, 'ingest-publishers.ts'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const ask = <T extends PublisherReply>(command: PublisherCommand) =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (m: PublisherReply) =>
        m.type === 'error' ? reject(new Error(`publishers: ${m.message}`)) : resolve(m as T),
      );
      child.send(command);
    });
  return { child, exited, ask };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const gc = (globalThis as { gc?: () => void }).gc;
async function memory() {
  gc?.();
  await sleep(200);
  gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed };
}
async function until(check: () => boolean | Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await sleep(100);
}
/** Busy and total CPU time of all the host's cores, for a busy share between two readings. */
function hostCpu() {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    busy += all - times.idle;
    total += all;
  }
  return { busy, total };
}

type StepDone = Extract<PublisherReply, { type: 'step-done' }>;

/** The machine event writers the modules handed fleet (the orders module's): none is no bench. */
function writersOf(app: Awaited<ReturnType<typeof buildApp>>) {
  const writers = app.services.fleet?.machineEvents;
  if (!writers?.get('order') || !writers.get('order-status'))
    throw new Error('the orders module registered no writers');
  return writers;
}

/** What the publishers have published so far, to wait for. */
interface Published {
  events: number;
  orders: number;
  cups: number;
  statuses: number;
}
const sum = (list: Published[]): Published =>
  list.reduce(
    (a, b) => ({
      events: a.events + b.events,
      orders: a.orders + b.orders,
      cups: a.cups + b.cups,
      statuses: a.statuses + b.statuses,
    }),
    { events: 0, orders: 0, cups: 0, statuses: 0 },
  );

/**
 * Records (orders mode: orders) committed so far, and whether all of `published` is: in orders mode
 * the cups and the status reports too (each order's first step is its own, written with it).
 */
async function committed(database: Database, published: Published): Promise<{ rows: number; all: boolean }> {
  const { rows } = await database.transactionRaw((exec) =>
    exec(
      ORDERS
        ? `select (select count(*)::int from sales_order) as n, (select count(*)::int from production_record) as cups,
                  (select count(*)::int from sales_order_step) as steps`
        : 'select count(*)::int as n from production_record',
    ),
  );
  const f = rows[0];
  const all = ORDERS
    ? f.n >= published.orders && f.cups >= published.cups && f.steps >= published.orders + published.statuses
    : f.n >= published.events;
  return { rows: f.n, all };
}

/**
 * One rate: the publishers' step, with the gateway's stats sampled while it runs; then, before the
 * CPU times are read, the wait until everything published so far is committed (at most 60 s). So
 * the CPU per record covers the writing of exactly the step's records, however loaded the host is
 * (a step that falls behind would otherwise charge its backlog's parsing to fewer records).
 */
async function rampStep(
  database: Database,
  gateway: Gateway,
  publishers: ReturnType<typeof startPublishers>,
  rate: number,
  publishedBefore: Published,
): Promise<{ done: StepDone; finish: (f: Awaited<ReturnType<typeof stepFigures>>) => Step }> {
  const s0 = gateway.stats();
  const pg0 = postgresCpu(DB_NAME);
  const cpu0 = process.cpuUsage();
  const host0 = hostCpu();
  const peak = { largestBatch: 0, longestBatchMs: 0, maxPending: 0 };
  let lastBatches = s0.batches;
  const sampler = setInterval(() => {
    const s = gateway.stats();
    peak.maxPending = Math.max(peak.maxPending, s.pending);
    if (s.batches !== lastBatches) {
      lastBatches = s.batches;
      peak.largestBatch = Math.max(peak.largestBatch, s.lastBatchSize);
      peak.longestBatchMs = Math.max(peak.longestBatchMs, s.lastBatchMs);
    }
  }, 20);
  const done = await publishers.ask<StepDone>({
    type: 'step',
    rate,
    seconds: SECONDS,
    flushMs: FLUSH_MS,
    orders: ORDERS,
  });
  const drainStarted = Date.now();
  const target = sum([publishedBefore, done]);
  // Counted only when the gateway has nothing left to write: the count reads three growing tables
  // (~35 ms of PostgreSQL at 50,000 orders), which polled every 100 ms during a drain of seconds
  // took CPU from the writes and was charged to them (~2.4 s of PostgreSQL in a 10 s step).
  await until(async () => gateway.stats().pending === 0 && (await committed(database, target)).all, 60_000);
  const drainSeconds = (Date.now() - drainStarted) / 1000;
  const drained =
    (await committed(database, target)).rows - (ORDERS ? publishedBefore.orders : publishedBefore.events);
  clearInterval(sampler);
  const s1 = gateway.stats();
  const used = process.cpuUsage(cpu0);
  const host1 = hostCpu();
  const load1 = os.loadavg()[0];
  const pg1 = postgresCpu(DB_NAME);
  const pgSpent = cpuSpent(pg0, pg1);
  const seconds = (done.endedAt - done.startedAt) / 1000;
  const per = (count: number) => (ms: number) => (ms * 1000) / Math.max(1, count);
  const delta = (k: keyof GatewayStats) => s1[k] - s0[k];
  return {
    done,
    finish: (figures) => {
      // Per record (order) written during the step and its drain.
      const written = per(drained);
      const published = ORDERS ? done.orders : done.events;
      return {
        ...figures,
        ...peak,
        rate,
        published,
        ...(ORDERS ? { events: done.events } : {}),
        messages: done.messages,
        seconds,
        unacknowledged: done.unacknowledged,
        malformed: delta('malformed'),
        duplicates: delta('duplicates'),
        batches: delta('batches'),
        failedBatches: delta('failedBatches'),
        drainSeconds,
        gatewayCpuPct: ((used.user + used.system) / 1e6 / (seconds + drainSeconds)) * 100,
        publisherCpuPct: (done.cpuMs / 1000 / seconds) * 100,
        gatewayCpuUsPerEvent: written((used.user + used.system) / 1000),
        publisherCpuUsPerEvent: per(published)(done.cpuMs),
        postgresCpuUsPerEvent: pg0.size ? written(pgSpent.backends + pgSpent.background) : null,
        postgresBackgroundUsPerEvent: pg0.size ? written(pgSpent.background) : null,
        hostCpuPct: ((host1.busy - host0.busy) / (host1.total - host0.total)) * 100,
        loadAverage1m: load1,
        keepsUp: keepsUp(figures, published / seconds, TARGET_P99_MS),
      };
    },
  };
}

async function run() {
  const started = Date.now();
  await admin(`drop database if exists ${DB_NAME} with (force)`);
  await admin(`create database ${DB_NAME}`);
  let database: Database | null = null;
  let mqtt: Mqtt | null = null;
  let gateway: Gateway | null = null;
  let listener: pg.Client | null = null;
  let publishers: ReturnType<typeof startPublishers> | null = null;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    database = await openPostgres(benchUrl);
    await migrate(database);
    const publishing = withMenus(machines('BENCH', DEVICES));
    const idle = machines('IDLE', IDLE);
    await registerMachines(database, [...publishing, ...idle], hashSecret);
    if (ORDERS) await setUpOrders(database, publishing);

    // Commit times: one notification per committed production insert, carrying its xid.
    const commits: Array<[string, number]> = [];
    listener = new pg.Client({ connectionString: benchUrl });
    await listener.connect();
    listener.on('notification', (n) => commits.push([n.payload!, Date.now()]));
    await listener.query('listen bench_commit');

    const log = pino({ level: 'warn' }) as unknown as FastifyBaseLogger;
    mqtt = await startMqtt({ port: 0, host: '127.0.0.1', log, access: deviceAccess(database.db) });
    // Orders: every module registered as main.ts does (the orders module hands fleet its writers,
    // built from the fleet, taxes and catalog services), and the app's domain events with every
    // module's subscribers. Otherwise the subscribers the server runs on cups, without a live view.
    if (ORDERS) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
      app = await buildApp({
        database,
        keys: loadLoginKeys({ dataDir }),
        dataKey: crypto.randomBytes(32),
        dataDir,
        logLevel: 'warn',
        webDist: null,
      });
      await app.ready();
    }
    const events =
      app?.domainEvents ??
      createDomainEvents({
        database: null,
        subscribers: [
          ...maintenanceSubscribers,
          ...menuStatusSubscribers,
          ...channelSubscribers,
          ...releaseProgressSubscribers,
        ],
      });
    gateway = await startGateway({
      db: database.db,
      client: mqtt.client,
      log,
      shareGroup: null,
      events,
      writers: app ? writersOf(app) : undefined,
      ...GATEWAY,
    });
    const url = `mqtt://127.0.0.1:${mqtt.port}`;
    publishers = startPublishers();

    const load = os.loadavg().map((l) => l.toFixed(1));
    console.log(
      `BrewFleet ingest benchmark${ORDERS ? ' (orders)' : ''} — Node ${process.version}, ${os.cpus().length} CPU(s) (load ${load.join(' ')}), ` +
        `PostgreSQL ${new URL(serverUrl).host}/${DB_NAME}${gc ? '' : ' (no --expose-gc: memory figures are rough)'}`,
    );

    // Memory per connected machine, measured before the ramp fills the heap with garbage.
    const gw = gateway;
    const before = await memory();
    await publishers.ask({ type: 'idle', url, machines: idle });
    await until(() => gw.stats().pending === 0, 10_000);
    await gateway.flush();
    const after = await memory();
    const perMachine = {
      connections: IDLE,
      brokerClients: mqtt.connectedClients(),
      rssKiB: IDLE ? (after.rss - before.rss) / IDLE / 1024 : 0,
      heapKiB: IDLE ? (after.heapUsed - before.heapUsed) / IDLE / 1024 : 0,
    };
    console.log(
      `  memory: ${IDLE} idle machines → +${perMachine.rssKiB.toFixed(1)} KiB rss, ` +
        `+${perMachine.heapKiB.toFixed(1)} KiB heap per machine`,
    );

    await publishers.ask({ type: 'connect', url, machines: publishing });
    console.log(
      `  ${DEVICES} publishing machines, a batch every ${FLUSH_MS} ms each; ${SECONDS} s per rate; ` +
        `gateway options ${JSON.stringify(GATEWAY)}\n`,
    );
    // Orders: a warm-up first, not measured. A running server has read each machine's menu and its
    // merchant's chain once already; the first batch of a cold one reads them for every machine.
    const db = database;
    const warmUp: Published[] = [];
    if (ORDERS) {
      warmUp.push(
        await publishers.ask<StepDone>({
          type: 'step',
          rate: 200,
          seconds: 2,
          flushMs: FLUSH_MS,
          orders: true,
        }),
      );
      await until(async () => (await committed(db, sum(warmUp))).all, 60_000);
    }
    const ramp: Array<Awaited<ReturnType<typeof rampStep>>> = [];
    for (const rate of RATES) {
      process.stdout.write(`  ${rate} ${UNIT}s/s for ${SECONDS} s… `);
      const before = sum([...warmUp, ...ramp.map((r) => r.done)]);
      ramp.push(await rampStep(database, gateway, publishers, rate, before));
      const d = ramp.at(-1)!.done;
      process.stdout.write(`published ${ORDERS ? `${d.orders} orders (${d.events} events)` : d.events}\n`);
    }

    // Let the gateway finish what it has, then read the figures from the database.
    const published = sum([...warmUp, ...ramp.map((r) => r.done)]);
    await until(async () => {
      await gw.flush();
      return (await committed(db, published)).all;
    }, 120_000);
    await sleep(300); // the last notifications
    const steps: Step[] = [];
    for (const r of ramp)
      steps.push(
        r.finish(
          await stepFigures(db, commits, r.done.startedAt, r.done.endedAt, ORDERS ? 'orders' : 'production'),
        ),
      );

    // Orders: what the server made of them (a price or tax that differs from the menu's would show).
    type Outcome = Array<{ price_check: string; status: string; n: number }>;
    let outcome: Outcome | null = null;
    if (ORDERS) {
      const { rows } = await db.transactionRaw((exec) =>
        exec(`select price_check, status, count(*)::int as n from sales_order group by 1, 2 order by 3 desc`),
      );
      outcome = rows as Outcome;
    }

    // The ceiling is of production rows alone: orders are several tables and statements a batch.
    let ceiling: Awaited<ReturnType<typeof rawInsertCeiling>> | null = null;
    if (!ORDERS) {
      process.stdout.write('  raw multi-row INSERT of the same rows… ');
      ceiling = await rawInsertCeiling(database);
      process.stdout.write('done\n');
    }

    console.log('\n' + stepTable(steps, ORDERS ? 'order' : 'event'));
    if (outcome)
      console.log(
        `\n  orders by price check and status: ${outcome.map((o) => `${o.price_check}/${o.status} ${o.n}`).join(', ')}`,
      );
    if (ceiling)
      console.log(
        `\n  ceiling: INSERT … VALUES of ${ceiling.rowsPerStatement} rows, one connection: ` +
          `${Math.round(ceiling.rowsPerSecond)} rows/s (${ceiling.rows} rows, ${ceiling.statementP50Ms.toFixed(0)} ms per statement p50)`,
      );
    if (IDLE)
      console.log(
        `  memory per idle machine (broker + gateway process): ${perMachine.rssKiB.toFixed(1)} KiB rss, ` +
          `${perMachine.heapKiB.toFixed(1)} KiB heap (${IDLE} connections)`,
      );
    // Kept up: what was published was committed (less than a second of it in flight at the end).
    const best = steps.filter((s) => s.keepsUp).at(-1);
    // CPU time per record does not depend on what else the host runs (wall-clock rates do).
    const c = best ?? steps[0];
    if (c.postgresCpuUsPerEvent !== null) {
      const total = c.gatewayCpuUsPerEvent + c.postgresCpuUsPerEvent + c.publisherCpuUsPerEvent;
      console.log(
        `  CPU per ${UNIT} at ${c.rate}/s: gateway process ${c.gatewayCpuUsPerEvent.toFixed(0)} µs + ` +
          `PostgreSQL ${c.postgresCpuUsPerEvent.toFixed(0)} µs (of which background workers ` +
          `${(c.postgresBackgroundUsPerEvent ?? 0).toFixed(0)} µs) + publishers ${c.publisherCpuUsPerEvent.toFixed(0)} µs` +
          ` = ${total.toFixed(0)} µs: ${os.cpus().length} otherwise idle cores ≈ ${Math.round((os.cpus().length * 1e6) / total)} ${UNIT}s/s`,
      );
    }
    const sustained = best
      ? `${Math.round(best.published / best.seconds)} ${UNIT}s/s, p99 ${Math.round(best.commitP99Ms)} ms`
      : 'no step kept up';
    console.log(
      `  sustained: ${sustained} (target ≥ ${TARGET_RATE} ${UNIT}s/s with p99 ≤ ${TARGET_P99_MS} ms)\n`,
    );

    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      // An object, not an array: the file stays as Prettier would write it.
      loadAverageAtStart: Object.fromEntries(load.map((l, i) => [['1m', '5m', '15m'][i], Number(l)])),
      loadAverageAtEnd: Object.fromEntries(os.loadavg().map((l, i) => [['1m', '5m', '15m'][i], l])),
      database: `PostgreSQL ${new URL(serverUrl).host}`,
      mode: ORDERS ? 'orders' : 'production',
      devices: DEVICES,
      flushMs: FLUSH_MS,
      gatewayOptions: GATEWAY,
      secondsPerStep: SECONDS,
      steps,
      ceiling,
      orders: outcome,
      memoryPerMachine: IDLE ? perMachine : null,
    };
    fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
    fs.writeFileSync(RESULTS, JSON.stringify(report, null, 2) + '\n');
    console.log(`written to ${path.relative(process.cwd(), RESULTS)}`);
  } finally {
    if (publishers?.child.connected) publishers.child.send({ type: 'stop' } satisfies PublisherCommand);
    if (publishers) {
      const exited = await Promise.race([
        publishers.exited.then(() => true),
        sleep(10_000).then(() => false),
      ]);
      if (!exited) publishers.child.kill('SIGKILL');
    }
    await gateway?.close().catch(() => {});
    await app?.close().catch(() => {});
    await mqtt?.close().catch(() => {});
    await listener?.end().catch(() => {});
    await database?.close().catch(() => {});
    await admin(`drop database if exists ${DB_NAME} with (force)`).catch((e: unknown) =>
      console.error('dropping the bench database failed:', e),
    );
    console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

run().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
