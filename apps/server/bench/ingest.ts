/**
 * `npm run bench:ingest`: production records from simulated machines through the embedded broker
 * and the device gateway into PostgreSQL, at rising rates; beside the same rows written by raw
 * multi-row INSERTs (the ceiling), and the broker's memory per connected machine.
 *
 *   1. A fresh database `bench_ingest` on DATABASE_URL's server (default the local `test` server),
 *      migrated, with the machines registered (type → model → device, secret hash as the console
 *      stores it); dropped at the end.
 *   2. The embedded broker (startMqtt with deviceAccess) and the gateway (startGateway) in this
 *      process, as main.ts starts them; the machines in a child process (bench/ingest-publishers.ts).
 *   3. Memory: --idle connections that only connect, subscribe and publish their status;
 *      (rss, heapUsed) after minus before, per connection, with a forced GC each side.
 *   4. Ramp: for each rate of --rates, --seconds of `events` batches whose events' `ts` is the
 *      publish time. A statement trigger created here (not in the migrations) NOTIFYs the
 *      transaction id of every production insert; a notification is delivered at commit, so its
 *      arrival time is the commit time of the rows with that xmin. Per step: rows/s committed,
 *      publish→commit p50/p99 (ts → commit) and publish→gateway (ts → received_at) p50/p99.
 *   5. Ceiling: the rows of the ramp inserted again by multi-row INSERT … VALUES (1000 rows per
 *      statement, one transaction each, the gateway's role and scope), one connection.
 *
 * Options: --devices N (publishing machines, 100), --rates a,b,c (10000,20000,30000 events/s),
 * --seconds S (10 per step), --idle M (2000), --flush-ms F (100: how often a machine sends a
 * batch). Results: a table on stdout and bench/results/ingest-latest.json.
 */
import { fork, type ChildProcess } from 'node:child_process';
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
import type { BenchMachine, PublisherCommand, PublisherReply } from './ingest-publishers.ts';
import { rawInsertCeiling, registerMachines, stepFigures, type StepFigures } from './ingest-sql.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS = path.join(HERE, 'results', 'ingest-latest.json');
const DB_NAME = 'bench_ingest';
/** A step keeps up when it commits this share of what it was offered (the rest is in flight). */
const KEEPS_UP = 0.98;
const TARGET_P99_MS = 1000;

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '100' },
    rates: { type: 'string', default: '10000,20000,30000' },
    rate: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    idle: { type: 'string', default: '2000' },
    'flush-ms': { type: 'string', default: '100' },
  },
});
const DEVICES = Number(values.devices);
const RATES = (values.rate ?? values.rates!).split(',').map(Number);
const SECONDS = Number(values.seconds);
const IDLE = Number(values.idle);
const FLUSH_MS = Number(values['flush-ms']);
if (!(DEVICES >= 1) || RATES.some((r) => !(r > 0)) || !(SECONDS > 0) || !(IDLE >= 0) || !(FLUSH_MS >= 10))
  throw new Error('usage: --devices N --rates 10000,20000 --seconds S --idle M --flush-ms F (≥ 10)');

const serverUrl =
  process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const benchUrl = (() => {
  const u = new URL(serverUrl);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();

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

/** The child process and a way to send it a command and wait for its answer. */
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
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const memory = async () => {
  gc();
  await new Promise((r) => setTimeout(r, 200));
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed };
};
const until = async (check: () => boolean | Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
};

interface Step extends StepFigures {
  rate: number;
  published: number;
  messages: number;
  seconds: number;
  unacknowledged: number;
  malformed: number;
  duplicates: number;
  batches: number;
  failedBatches: number;
  gatewayCpuPct: number;
  publisherCpuPct: number;
  keepsUp: boolean;
}

function table(steps: Step[]): string {
  const head = [
    'offered/s',
    'published/s',
    'committed/s',
    'lag at end',
    'commit p50 ms',
    'commit p99 ms',
    'gateway p50 ms',
    'gateway p99 ms',
    'batches',
    'malformed',
    'dupes',
    'gw CPU %',
    'ok',
  ];
  const body = steps.map((s) => [
    String(s.rate),
    String(Math.round(s.published / s.seconds)),
    String(Math.round(s.committedPerSecond)),
    String(s.lagAtEnd),
    String(Math.round(s.commitP50Ms)),
    String(Math.round(s.commitP99Ms)),
    String(Math.round(s.receiveP50Ms)),
    String(Math.round(s.receiveP99Ms)),
    String(s.batches),
    String(s.malformed),
    String(s.duplicates),
    String(Math.round(s.gatewayCpuPct)),
    s.keepsUp ? 'yes' : 'NO',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => c.padStart(widths[i])).join(' | ') + ' |';
  return [
    line(head),
    '|' + widths.map((w) => '-'.repeat(w + 1) + ':').join('|') + '|',
    ...body.map(line),
  ].join('\n');
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
  try {
    database = await openPostgres(benchUrl);
    await migrate(database);
    const publishing = machines('BENCH', DEVICES);
    const idle = machines('IDLE', IDLE);
    await registerMachines(database, [...publishing, ...idle], hashSecret);

    // Commit times: one notification per committed production insert, carrying its xid.
    const commits: Array<[string, number]> = [];
    listener = new pg.Client({ connectionString: benchUrl });
    await listener.connect();
    listener.on('notification', (n) => commits.push([n.payload!, Date.now()]));
    await listener.query('listen bench_commit');

    const log = pino({ level: 'warn' }) as unknown as FastifyBaseLogger;
    mqtt = await startMqtt({ port: 0, host: '127.0.0.1', log, access: deviceAccess(database.db) });
    gateway = await startGateway({ db: database.db, client: mqtt.client, log, shared: false });
    const url = `mqtt://127.0.0.1:${mqtt.port}`;
    publishers = startPublishers();

    console.log(
      `BrewFleet ingest benchmark — Node ${process.version}, ${os.cpus().length} CPU(s), ` +
        `PostgreSQL ${new URL(serverUrl).host}/${DB_NAME}` +
        ((globalThis as { gc?: unknown }).gc ? '' : ' (no --expose-gc: memory figures are rougher)'),
    );

    // Memory per connected machine, before the ramp fills the heap with garbage.
    const gw = gateway;
    const before = await memory();
    await publishers.ask({ type: 'idle', url, machines: idle });
    await until(() => gw.stats().pending === 0, 10_000);
    await gateway.flush();
    const after = await memory();
    const perMachine = {
      connections: IDLE,
      rssKiB: IDLE ? (after.rss - before.rss) / IDLE / 1024 : 0,
      heapKiB: IDLE ? (after.heapUsed - before.heapUsed) / IDLE / 1024 : 0,
      brokerClients: mqtt.connectedClients(),
    };
    console.log(
      `  memory: ${IDLE} idle machines connected → +${perMachine.rssKiB.toFixed(1)} KiB rss and ` +
        `+${perMachine.heapKiB.toFixed(1)} KiB heap per machine`,
    );

    await publishers.ask({ type: 'connect', url, machines: publishing });
    console.log(
      `  ${DEVICES} publishing machines connected; batches every ${FLUSH_MS} ms each; ${SECONDS} s per rate\n`,
    );

    const steps: Step[] = [];
    const windows: Array<{
      rate: number;
      done: Extract<PublisherReply, { type: 'step-done' }>;
      s0: GatewayStats;
      s1: GatewayStats;
      cpuMs: number;
    }> = [];
    for (const rate of RATES) {
      process.stdout.write(`  ${rate} events/s for ${SECONDS} s… `);
      const s0 = gateway.stats();
      const cpu0 = process.cpuUsage();
      const done = await publishers.ask<Extract<PublisherReply, { type: 'step-done' }>>({
        type: 'step',
        rate,
        seconds: SECONDS,
        flushMs: FLUSH_MS,
      });
      const used = process.cpuUsage(cpu0);
      windows.push({ rate, done, s0, s1: gateway.stats(), cpuMs: (used.user + used.system) / 1000 });
      process.stdout.write(`published ${done.events}\n`);
    }

    // Let the gateway finish what it has, then read the figures from the database.
    const published = windows.reduce((sum, w) => sum + w.done.events, 0);
    const db = database;
    await until(async () => {
      await gw.flush();
      const { rows } = await db.transactionRaw((exec) =>
        exec('select count(*)::int as n from production_record'),
      );
      return rows[0].n >= published;
    }, 60_000);
    await new Promise((r) => setTimeout(r, 300)); // the last notifications
    for (const w of windows) {
      const figures = await stepFigures(database, commits, w.done.startedAt, w.done.endedAt);
      const seconds = (w.done.endedAt - w.done.startedAt) / 1000;
      const d = (k: keyof GatewayStats) => w.s1[k] - w.s0[k];
      steps.push({
        ...figures,
        rate: w.rate,
        published: w.done.events,
        messages: w.done.messages,
        seconds,
        unacknowledged: w.done.unacknowledged,
        malformed: d('malformed'),
        duplicates: d('duplicates'),
        batches: d('batches'),
        failedBatches: d('failedBatches'),
        gatewayCpuPct: (w.cpuMs / 1000 / seconds) * 100,
        publisherCpuPct: (w.done.cpuMs / 1000 / seconds) * 100,
        keepsUp:
          figures.committedPerSecond >= KEEPS_UP * (w.done.events / seconds) &&
          figures.commitP99Ms <= TARGET_P99_MS,
      });
    }

    process.stdout.write('  raw multi-row INSERT of the same rows… ');
    const ceiling = await rawInsertCeiling(database);
    process.stdout.write('done\n');

    console.log('\n' + table(steps));
    console.log(
      `\n  ceiling: raw INSERT … VALUES, ${ceiling.rowsPerStatement} rows per statement, one connection: ` +
        `${Math.round(ceiling.rowsPerSecond)} rows/s (${ceiling.rows} rows, statement p50 ${ceiling.statementP50Ms.toFixed(1)} ms)`,
    );
    console.log(
      `  memory per idle machine on the embedded broker + gateway: ${perMachine.rssKiB.toFixed(1)} KiB rss, ` +
        `${perMachine.heapKiB.toFixed(1)} KiB heap (${IDLE} connections)`,
    );
    const best = steps.filter((s) => s.keepsUp).at(-1);
    console.log(
      `  sustained: ${best ? `${Math.round(best.committedPerSecond)} records/s with p99 ${Math.round(best.commitP99Ms)} ms` : 'no step kept up'}` +
        ` (target ≥ 20000 records/s, p99 ≤ ${TARGET_P99_MS} ms)\n`,
    );

    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      database: `PostgreSQL ${new URL(serverUrl).host}`,
      devices: DEVICES,
      flushMs: FLUSH_MS,
      secondsPerStep: SECONDS,
      steps,
      ceiling,
      memoryPerMachine: perMachine,
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
