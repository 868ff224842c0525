/**
 * `npm run bench wallet` (`npm run bench:wallet`): 1,000 concurrent wallet payments spread over 100
 * members whose balances allow only some of them (issue 12 §8), through the real HTTP server:
 *
 *   - each member gets 10 payments of different amounts and a balance that affords exactly
 *     `affordable` of them in any order (bench/wallet-plan.ts: 6 for most, 0–10 for some);
 *   - all 1,000 are sent at once (one socket each) in an interleaved order; every request is timed
 *     from the call to the end of its answer;
 *   - asserted: per member, successes = affordable; every refusal is the 409 insufficient-balance
 *     message; in SQL each member's ledger sums to its balance, the entries chain from zero to it,
 *     and the balance is the top-ups less what succeeded (bench/wallet-check.ts);
 *   - printed: p50/p95/p99/max latency, payments per second (the burst's wall time), the host's load.
 *
 * Then the same 1,000 payments (on 100 other members) in a closed loop: `--concurrency N` (default
 * 50; 0 leaves it out) in flight at a time, each answer sending the next — the latency at a load the
 * server keeps up with, where the burst's latency is mostly its queue.
 *
 * Before the measured burst: a warm-up burst of the same shape on 10 other members, and 50 payments
 * over 5 members sent one after another (the latency of a payment alone); both checked the same way.
 *
 * Payment path (`--path`): `app` (default), real app orders `POST /api/app/v1/orders` paid by wallet
 * at simulated machines running the menu (bench/wallet-app.ts; also asserted: one order per success,
 * none per refusal, each paid its planned amount); `console`, the console's
 * `POST /api/coffee/member/wallet` with negative adjustments (bench/wallet-console.ts).
 *
 * The server runs in a child process (this file with --serve), with the embedded broker and the
 * modules' runtime as main.ts starts them, on a fresh database `bench_wallet` on TEST_DATABASE_URL's
 * server (dropped and made again each run; BENCH_WALLET_DATABASE_URL to choose another). Options:
 * `--members 100`, `--machines 10` (app path: the members are spread over them), `--sockets N`
 * (default: one per payment), `--pool 10` (the server's PostgreSQL pool), `--concurrency 50` (the closed loop's payments in flight), `--profile DIR` (a CPU
 * profile of the server process, set-up included, written to DIR when it exits). Results: a summary
 * on stdout and bench/results/wallet-latest.json (`--path console`: wallet-console-latest.json);
 * the exit code is 1 when an assertion fails.
 */
import { loadAverage, stopChild, benchMain, startCpuCount } from './bench-process.ts';
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { openPostgres } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { ensureAdmin } from '../src/modules/iam/seed.ts';
import { MODULES } from '../src/modules/index.ts';
import { seedModules } from '../src/platform/module-runner.ts';
import { loadLoginKeys } from '../src/platform/auth/keys.ts';
import { ADMIN_URL } from '../test/helpers/test-app.ts';
import { installSqlCapture, sqlCapture } from './sql-capture.ts';
import { httpClient, latency, type Client, type Latency } from './wallet-http.ts';
import { PAYMENTS_PER_MEMBER, money, walletPlan, type MemberPlan } from './wallet-plan.ts';
import { checkAnswers, checkLedger, type Paid } from './wallet-check.ts';
import { BENCH_ADMIN_PASSWORD, consolePayer, type Payer } from './wallet-console.ts';
import { appPayer, appPlan } from './wallet-app.ts';
import { startMqtt } from '../src/platform/mqtt/broker.ts';
import { brokerAccessOf, startModules } from '../src/platform/module-runner.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));

const args = process.argv.slice(2);
const { values: options } = parseArgs({
  args,
  options: {
    members: { type: 'string', default: '100' },
    sockets: { type: 'string' },
    pool: { type: 'string', default: '10' },
    path: { type: 'string', default: 'app' },
    machines: { type: 'string', default: '10' },
    profile: { type: 'string' },
    concurrency: { type: 'string', default: '50' },
    serve: { type: 'boolean', default: false },
  },
});
const MEMBERS = Number(options.members);
const PAYMENTS = MEMBERS * PAYMENTS_PER_MEMBER;
const SOCKETS = Number(options.sockets ?? PAYMENTS);
const POOL = Number(options.pool);
/** The closed-loop round's payments in flight (0: no such round). */
const IN_FLIGHT = Number(options.concurrency);
const WARMUP_MEMBERS = 10;
/** Members of the round paid one payment at a time (the latency of a payment alone). */
const ALONE_MEMBERS = 5;
if (options.path !== 'app' && options.path !== 'console') throw new Error('--path is app or console');
const PATH = options.path;
const RESULTS = path.join(
  HERE,
  'results',
  PATH === 'app' ? 'wallet-latest.json' : 'wallet-console-latest.json',
);
const planOf = (members: number) => (PATH === 'app' ? appPlan(members) : walletPlan(members));

/** The bench's database: made fresh on every run (it is small), kept afterwards for a look. */
function databaseUrl(): string {
  if (process.env.BENCH_WALLET_DATABASE_URL) return process.env.BENCH_WALLET_DATABASE_URL;
  const url = new URL(ADMIN_URL);
  url.pathname = '/bench_wallet';
  return url.toString();
}

// ---------------------------------------------------------------------------------------------
// The server side (child process).

interface Ready {
  type: 'ready';
  url: string;
  /** The embedded broker the bench's machine connects to. */
  brokerUrl: string;
  /** Set by the bench when the server is ready: the server process, whose CPU is counted. */
  serverPid?: number;
}

async function freshDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
}

/** The statements the server sent while recording, counted, the most frequent first. */
interface Captured {
  type: 'captured';
  statements: number;
  top: Array<{ count: number; text: string }>;
}

async function serve() {
  // Before the pool's first connection (sql-capture.ts): the one-by-one round counts statements.
  installSqlCapture();
  const url = databaseUrl();
  if (!process.env.BENCH_WALLET_DATABASE_URL) await freshDatabase(url);
  const database = await openPostgres(url, POOL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-bench-wallet-'));
  try {
    await migrate(database);
    await seedModules(MODULES, database.db);
    await ensureAdmin(database.db, BENCH_ADMIN_PASSWORD);
    const app = await buildApp({
      database,
      keys: loadLoginKeys({ dataDir }),
      logLevel: 'warn',
      mqtt: { healthy: () => true },
      webDist: null,
      dataDir,
      dataKey: crypto.randomBytes(32),
    });
    // The device side as main.ts starts it: the embedded broker, the gateway, command delivery.
    const mqtt = await startMqtt({
      port: 0,
      host: '127.0.0.1',
      log: app.log,
      access: brokerAccessOf(MODULES, database.db, app.services),
    });
    const runtime = await startModules(
      MODULES,
      {
        db: database.db,
        log: app.log,
        client: mqtt.client,
        disconnect: (clientId) => mqtt.disconnect(clientId),
        events: app.domainEvents,
        jobs: app.jobs,
        shareGroup: null,
      },
      app.services,
    );
    // A backlog for the burst's 1,000 connections arriving together (Node's default is 511).
    await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
    const address = app.server.address();
    process.send!({
      type: 'ready',
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      brokerUrl: mqtt.url,
    } satisfies Ready);
    await new Promise<void>((resolve) => {
      process.on('message', (m: { type?: string }) => {
        if (m?.type === 'stop') resolve();
        if (m?.type === 'capture-start') sqlCapture.start();
        if (m?.type === 'capture-stop') {
          const recorded = sqlCapture.stop();
          const counts = new Map<string, number>();
          for (const r of recorded) {
            const text = r.text.replace(/\s+/g, ' ').trim().slice(0, 100);
            counts.set(text, (counts.get(text) ?? 0) + 1);
          }
          const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 40);
          process.send!({
            type: 'captured',
            statements: recorded.length,
            top: top.map(([text, count]) => ({ count, text })),
          } satisfies Captured);
        }
      });
      process.on('disconnect', () => resolve());
    });
    await app.close();
    await runtime.stop();
    await mqtt.close();
  } finally {
    await database.close().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The load side (this process).

/** Every planned payment, members interleaved (the 1st of each, then the 2nd of each, …). */
function paymentsOf(plan: MemberPlan[]): Array<{ member: MemberPlan; amount: number }> {
  const list: Array<{ member: MemberPlan; amount: number }> = [];
  for (let j = 0; j < PAYMENTS_PER_MEMBER; j++)
    for (const m of plan) list.push({ member: m, amount: m.amounts[j] });
  return list;
}

/**
 * How the payments are sent: `burst`, all at once; `alone`, each after the last (the latency
 * without queueing); `{ inFlight: N }`, a closed loop keeping N in flight (each answer sends the next).
 */
type Sending = 'burst' | 'alone' | { inFlight: number };

/** Every planned payment sent as `how` says; answers each one's answer and the wall time. */
async function burst(
  payer: Payer,
  plan: MemberPlan[],
  how: Sending = 'burst',
): Promise<{ paid: Paid[]; seconds: number }> {
  const started = performance.now();
  const pay = async (p: { member: MemberPlan; amount: number }) => ({
    ...p,
    answer: await payer.pay(p.member, p.amount),
  });
  const payments = paymentsOf(plan);
  const paid: Paid[] = [];
  if (how === 'alone') for (const p of payments) paid.push(await pay(p));
  else if (how === 'burst') paid.push(...(await Promise.all(payments.map(pay))));
  else {
    let next = 0;
    const lane = async () => {
      while (next < payments.length) paid.push(await pay(payments[next++]));
    };
    await Promise.all(Array.from({ length: Math.min(how.inFlight, payments.length) }, lane));
  }
  return { paid, seconds: (performance.now() - started) / 1000 };
}

/** How a round sent its payments, in words. */
const sentAs = (how: Sending) =>
  how === 'burst'
    ? 'sent at once'
    : how === 'alone'
      ? 'one after another'
      : `${how.inFlight} in flight at a time`;

/**
 * App orders: one order at the machine per success and none for a refusal (a refused payment writes
 * nothing), each paid exactly its planned amount.
 */
async function checkOrders(deviceIds: string[], paid: Paid[]): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from sales_order where device_id = any($1::bigint[])',
      [deviceIds],
    );
    const succeeded = paid.filter((p) => p.answer.status === 200);
    const failures: string[] = [];
    if (rows[0].n !== succeeded.length)
      failures.push(`orders: ${rows[0].n} at the machines, ${succeeded.length} payments succeeded`);
    const wrong = succeeded.filter((p) => p.answer.body.data?.actualPayment !== money(p.amount));
    if (wrong.length)
      failures.push(
        `orders: ${wrong.length} paid other than planned, e.g. ${wrong[0].answer.body.data?.actualPayment} for ${money(wrong[0].amount)}`,
      );
    return failures;
  } finally {
    await db.end();
  }
}

interface Round {
  label: string;
  /** At once, one after another, or N in flight. */
  sent: string;
  /** The server path the payments took. */
  path: string;
  payments: number;
  succeeded: number;
  refused: number;
  seconds: number;
  paymentsPerSecond: number;
  latency: Latency;
  loadAverage: number;
  ledger: { members: number; entries: number; totalBalance: string; totalLedger: string };
  failures: string[];
  /** The one-by-one round: the server's statements per payment (background jobs included). */
  sql?: { statementsPerPayment: number; top: Captured['top'] };
  /**
   * CPU per payment (µs) from the first payment sent to the last answer: the server process, the
   * bench database's PostgreSQL backends, and this process (the HTTP clients and the machines).
   */
  cpuUs: { server: number; postgres: number; bench: number };
}

async function round(
  label: string,
  client: Client,
  ready: Ready,
  members: number,
  prefix: string,
  how: Sending = 'burst',
  /** Count the server's SQL statements during the payments. */
  capture?: { start(): void; stop(): Promise<Captured> },
): Promise<Round> {
  const plan = planOf(members);
  process.stdout.write(`  ${label}: ${members} members made and funded… `);
  const app =
    PATH === 'app' ? await appPayer(client, plan, prefix, ready.brokerUrl, Number(options.machines)) : null;
  const payer = app ?? (await consolePayer(client, plan, prefix));
  process.stdout.write(`${members * PAYMENTS_PER_MEMBER} payments ${sentAs(how)}… `);
  capture?.start();
  const stopCpuCount = await startCpuCount(databaseUrl(), ready.serverPid);
  const benchBefore = process.cpuUsage();
  const { paid, seconds } = await burst(payer, plan, how).finally(() => app?.stop());
  const benchUsed = process.cpuUsage(benchBefore);
  const spent = await stopCpuCount();
  const perPayment = (us: number) => Math.round(us / Math.max(1, paid.length));
  const cpuUs = {
    server: perPayment(spent.serverUs),
    postgres: perPayment(spent.postgresUs),
    bench: perPayment(benchUsed.user + benchUsed.system),
  };
  const sql = await capture?.stop();
  const load = loadAverage();
  process.stdout.write('done\n');
  const answers = checkAnswers(paid);
  const orders = app ? await checkOrders(app.deviceIds, paid) : [];
  const expected = new Map(
    plan.map((m) => [
      payer.memberIds[m.index],
      { balance: m.balance, spent: answers.spent.get(m.index) ?? 0 },
    ]),
  );
  const ledger = await checkLedger(databaseUrl(), expected);
  const failures = [
    ...answers.wrongCounts.map(
      (w) => `member ${w.member}: ${w.succeeded} payments succeeded, ${w.affordable} were affordable`,
    ),
    ...answers.unexpected.slice(0, 10).map((u) => `unexpected answer ${u.status}: ${String(u.msg)}`),
    ...ledger.mismatches.map((m) => `ledger: ${JSON.stringify(m)}`),
    ...orders,
    ...(ledger.totalBalance === ledger.totalLedger
      ? []
      : [`balances sum to ${ledger.totalBalance}, the ledger to ${ledger.totalLedger}`]),
  ];
  if (answers.unexpected.length > 10)
    failures.push(`… and ${answers.unexpected.length - 10} more unexpected answers`);
  return {
    label,
    sent: sentAs(how),
    path: payer.path,
    payments: paid.length,
    succeeded: answers.succeeded,
    refused: answers.refused,
    seconds: Math.round(seconds * 1000) / 1000,
    paymentsPerSecond: Math.round((paid.length / seconds) * 10) / 10,
    latency: latency(paid.map((p) => p.answer.ms)),
    loadAverage: load,
    cpuUs,
    ledger: {
      members: ledger.members,
      entries: ledger.entries,
      totalBalance: ledger.totalBalance,
      totalLedger: ledger.totalLedger,
    },
    failures,
    ...(sql && {
      sql: { statementsPerPayment: Math.round((sql.statements / paid.length) * 10) / 10, top: sql.top },
    }),
  };
}

function report(r: Round, plan: MemberPlan[]) {
  const affordable = plan.reduce((a, m) => a + m.affordable, 0);
  const byCount = new Map<number, number>();
  for (const m of plan) byCount.set(m.affordable, (byCount.get(m.affordable) ?? 0) + 1);
  console.log(`\n  ${r.label}: ${r.payments} payments over ${plan.length} members, ${r.sent}`);
  console.log(
    `    members by affordable count: ${[...byCount.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([k, n]) => `${n}×${k}`)
      .join(', ')} (of ${PAYMENTS_PER_MEMBER} each: ${affordable} affordable in all)`,
  );
  console.log(
    `    succeeded ${r.succeeded} (= affordable ${affordable}: ${r.succeeded === affordable ? 'yes' : 'NO'}), ` +
      `refused as insufficient ${r.refused}, other answers ${r.payments - r.succeeded - r.refused}`,
  );
  console.log(
    `    SQL: ${r.ledger.members} members, ${r.ledger.entries} ledger entries; balances sum ${r.ledger.totalBalance}, ` +
      `ledger sums ${r.ledger.totalLedger}; per member ledger = balance = top-ups − successes, entries chain: ` +
      `${r.failures.some((f) => f.startsWith('ledger')) ? 'NO' : 'yes'}`,
  );
  const l = r.latency;
  console.log(
    `    latency ms: p50 ${l.p50}, p95 ${l.p95}, p99 ${l.p99}, max ${l.max} (mean ${l.mean}); ` +
      `${r.paymentsPerSecond} payments/s (${r.seconds} s for all); load 1m ${r.loadAverage}`,
  );
  console.log(
    `    CPU per payment: server ${r.cpuUs.server} µs, PostgreSQL ${r.cpuUs.postgres} µs, ` +
      `bench (clients and machines) ${r.cpuUs.bench} µs`,
  );
  if (r.sql)
    console.log(
      `    SQL statements the server sent per payment: ${r.sql.statementsPerPayment} ` +
        '(successes and refusals together, background jobs included; the most frequent in the JSON)',
    );
  for (const f of r.failures) console.log(`    FAILED ${f}`);
}

async function run() {
  const started = Date.now();
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve', ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // The server's CPU profile over the whole run (set-up included), written when it exits.
    ...(options.profile && {
      execArgv: [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${path.resolve(options.profile)}`],
    }),
  });
  const childExit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (m) => resolve({ ...(m as Ready), serverPid: child.pid }));
      void childExit.then((code) => reject(new Error(`bench server exited early (code ${code})`)));
    });
    console.log(
      `BrewFleet wallet benchmark — loopback, Node ${process.version}, ${os.cpus().length} CPU(s) ` +
        `(${os.cpus()[0]?.model ?? '?'}), load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    const db = new URL(databaseUrl());
    console.log(
      `  database: ${db.host}${db.pathname} (fresh), server pool ${POOL}; ${SOCKETS} client sockets`,
    );
    const client = httpClient(ready.url, SOCKETS);
    const warm = await round('warm-up', client, ready, WARMUP_MEMBERS, `warm-${Date.now()}`);
    const capture = {
      start: () => child.send({ type: 'capture-start' }),
      stop: () =>
        new Promise<Captured>((resolve) => {
          child.once('message', (m) => resolve(m as Captured));
          child.send({ type: 'capture-stop' });
        }),
    };
    const alone = await round(
      'one by one',
      client,
      ready,
      ALONE_MEMBERS,
      `alone-${Date.now()}`,
      'alone',
      capture,
    );
    const measured = await round('measured', client, ready, MEMBERS, `run-${Date.now()}`);
    const closedLoop = IN_FLIGHT
      ? await round('closed loop', client, ready, MEMBERS, `loop-${Date.now()}`, { inFlight: IN_FLIGHT })
      : null;
    client.close();
    console.log(`\n  path: ${measured.path}`);
    report(warm, planOf(WARMUP_MEMBERS));
    report(alone, planOf(ALONE_MEMBERS));
    report(measured, planOf(MEMBERS));
    if (closedLoop) report(closedLoop, planOf(MEMBERS));
    const failed = [
      ...warm.failures,
      ...alone.failures,
      ...measured.failures,
      ...(closedLoop?.failures ?? []),
    ];
    console.log(
      `\n  ${failed.length ? `FAILED: ${failed.length} check(s)` : 'all checks passed'}; ` +
        `p99 against the issue's target of 100 ms: ${measured.latency.p99} ms with all ${measured.payments} at once` +
        (closedLoop ? `, ${closedLoop.latency.p99} ms with ${IN_FLIGHT} in flight` : ''),
    );
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      path: measured.path,
      members: MEMBERS,
      paymentsPerMember: PAYMENTS_PER_MEMBER,
      sockets: SOCKETS,
      serverPool: POOL,
      warmup: warm,
      oneByOne: alone,
      measured,
      closedLoop,
    };
    fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
    fs.writeFileSync(RESULTS, JSON.stringify(result, null, 2) + '\n');
    console.log(`written to ${path.relative(process.cwd(), RESULTS)}`);
    if (failed.length) process.exitCode = 1;
  } finally {
    await stopChild(child, childExit, started);
  }
}

benchMain(Boolean(options.serve), serve, run);
