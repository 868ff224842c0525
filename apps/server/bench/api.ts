/**
 * `npm run bench:api`: the API under load on loopback, beside a bare Fastify route and beside pgbench
 * running the list's own SQL, in the same run.
 *
 *   (a) GET /bare                      a bare Fastify 5 instance, one trivial JSON route (the ceiling)
 *   (b) POST /api/coffee/account/list  the real app, admin token, ~200 accounts in the table
 *   (c) pgbench on the SQL of (b), captured from the server (bench/sql-capture.ts) and run on the same
 *       database at the same connections (bench/pgbench.ts), three ways:
 *         bare     the list's data query alone
 *         wrapped  that query in the transaction and scope settings of db/scope.ts (BEGIN, set_config,
 *                  query, COMMIT)
 *         request  every statement one list request sends, session check included
 *       and the ratio of (b) to each
 *   (d) POST /api/auth/doLogin         the real app, sign-in (RSA-OAEP decryption + argon2id verify)
 *
 * The servers run in a child process (this file with --serve) and autocannon and pgbench in this one,
 * so the load generator does not share an event loop with what it measures. A fresh PostgreSQL
 * database (TEST_DATABASE_URL's server, as the tests use) is migrated and seeded like production and
 * dropped at the end; `--pglite` uses an in-memory PGlite instead (no pgbench then). Each phase is a
 * short warm-up and then DURATION seconds (default 10; `--duration N`). `--phases list,pgbench` runs
 * only some of bare, list, pgbench, login. `--profile FILE` writes a CPU profile of the server during
 * the list phase (open it in Chrome's DevTools or speedscope). The host's 1-minute load average is
 * printed with every phase: on a shared machine compare the ratios of one run, not figures across
 * runs. Results: a table on stdout and bench/results/api-latest.json.
 */
import { loadAverage, stopChild, benchMain, startCpuCount, type CpuSpent } from './bench-process.ts';
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Session } from 'node:inspector/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { encryptLongText } from '@brewfleet/contracts';
import { buildApp } from '../src/app.ts';
import { openPglite, openPostgres, type Database } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { ensureAdmin, seedMenus } from '../src/modules/iam/seed.ts';
import { loadLoginKeys } from '../src/platform/auth/keys.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import type { ThrottleOptions } from '../src/platform/auth/throttle.ts';
import { inScope } from '../src/platform/db/scope.ts';
import { createTestDatabase } from '../test/helpers/test-app.ts';
import { dataQueries, installSqlCapture, sqlCapture, type CapturedStatement } from './sql-capture.ts';
import { findPgbench, runPgbench, type PgbenchResult } from './pgbench.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS = path.join(HERE, 'results', 'api-latest.json');
const ADMIN_PASSWORD = 'Brew-Admin-2026';
const BENCH_PASSWORD = 'Bench-Pass-2026';
const ACCOUNTS = 200;
/**
 * Sign-in is throttled per account and per address; the bench gives buildApp a throttle with limits
 * no run can reach, so that a stray failure never turns the phase into a stream of 429s. (Successful
 * sign-ins are not counted by the throttle anyway; the throttle's queries still run on every request.)
 */
const BENCH_THROTTLE: ThrottleOptions = {
  account: { limit: 1_000_000_000, windowSeconds: 60, lockSeconds: 1 },
  address: { limit: 1_000_000_000, windowSeconds: 60, lockSeconds: 1 },
};

const args = process.argv.slice(2);
const { values: options } = parseArgs({
  args,
  options: {
    pglite: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    phases: { type: 'string', default: 'bare,list,pgbench,login' },
    profile: { type: 'string' },
    serve: { type: 'boolean', default: false },
  },
});
const usePglite = options.pglite;
const DURATION = Number(options.duration);
const PHASES = new Set(options.phases.split(','));
const WARMUP = 2;
const CONNECTIONS = 10;
const LIST_BODY = { page: 1, limit: 20 };

// ---------------------------------------------------------------------------------------------
// The server side (child process).

interface Ready {
  type: 'ready';
  bareUrl: string;
  apiUrl: string;
  database: string;
  /** The bench database's URL, for pgbench; null on PGlite. */
  databaseUrl: string | null;
}

/** What the load side asks the server process between phases. */
type Ask =
  | { type: 'capture'; token: string }
  | { type: 'cpu-start' }
  | { type: 'cpu-stop' }
  | { type: 'profile-start' }
  | { type: 'profile-stop'; file: string };
interface Captured {
  /** Every statement of one list request, in order. */
  request: CapturedStatement[];
  /** What db/scope.ts sends around a request's queries (BEGIN, the scope's set_config, COMMIT). */
  scopeWrap: CapturedStatement[];
}

/**
 * The SQL of one list request, and the scope wrapping of db/scope.ts for the admin's scope, recorded
 * as node-postgres sends them. (Nothing else runs on the server between phases.)
 */
async function captureList(app: FastifyInstance, database: Database, token: string): Promise<Captured> {
  sqlCapture.start();
  const res = await app.inject({
    method: 'POST',
    url: '/api/coffee/account/list',
    headers: { token, loginType: 'MachineSys' },
    payload: LIST_BODY,
  });
  const request = sqlCapture.stop();
  if (res.statusCode !== 200) throw new Error(`list for the capture: ${res.statusCode} ${res.body}`);
  sqlCapture.start();
  await inScope(database.db, { kind: 'platform' }, async () => {});
  const scopeWrap = sqlCapture.stop();
  return { request, scopeWrap };
}

async function serve() {
  // Before the pool's first connection: client.ts binds each connection's query function.
  installSqlCapture();
  let database: Database;
  let drop = async () => {};
  let dbLabel: string;
  let databaseUrl: string | null = null;
  if (usePglite) {
    database = await openPglite(null);
    dbLabel = 'PGlite (in memory)';
  } else {
    const created = await createTestDatabase();
    drop = created.drop;
    databaseUrl = created.url;
    database = await openPostgres(created.url);
    dbLabel = `PostgreSQL (${new URL(created.url).host}, pool 10)`;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-bench-data-'));
  const cleanup = async () => {
    await database.close().catch(() => {});
    await drop().catch((e: unknown) => console.error('dropping the bench database failed:', e));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrate(database);
    await seedMenus(database.db);
    await ensureAdmin(database.db, ADMIN_PASSWORD);
    // ~200 accounts with realistic fields, straight into the table (one argon2id hash for all).
    const hash = await hashPassword(BENCH_PASSWORD);
    await database.transactionRaw((exec) =>
      exec(
        `insert into account (account, name, password_hash, email, phone, status, partner_type, notes)
         select 'bench' || g, 'Bench User ' || g, $1, 'bench' || g || '@brewfleet.example',
                '+86 138' || lpad(g::text, 8, '0'),
                (array['normal','normal','normal','vacation','resigned'])[1 + g % 5], 'platform',
                'seeded by bench/api.ts'
           from generate_series(1, ${ACCOUNTS}) g`,
        [hash],
      ),
    );
    const keys = loadLoginKeys({ dataDir: dataDir });
    const app = await buildApp({
      database,
      keys,
      logLevel: 'warn',
      mqtt: { healthy: () => true },
      webDist: null,
      throttle: BENCH_THROTTLE,
      dataDir,
      dataKey: crypto.randomBytes(32),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });

    const bare = Fastify({ logger: false });
    bare.get('/bare', async () => ({ code: 200, msg: 'success', data: { ok: true } }));
    await bare.listen({ port: 0, host: '127.0.0.1' });

    const url = (a: ReturnType<typeof app.server.address>) =>
      `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
    const ready: Ready = {
      type: 'ready',
      bareUrl: url(bare.server.address()),
      apiUrl: url(app.server.address()),
      database: dbLabel,
      databaseUrl,
    };
    const inspector = new Session();
    let stopCpuCount: (() => Promise<CpuSpent>) | null = null;
    const answer = async (ask: Ask): Promise<unknown> => {
      if (ask.type === 'capture') return captureList(app, database, ask.token);
      if (ask.type === 'cpu-start') {
        stopCpuCount = await startCpuCount(databaseUrl);
        return null;
      }
      if (ask.type === 'cpu-stop') return stopCpuCount!();
      if (ask.type === 'profile-start') {
        inspector.connect();
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
        await inspector.post('Profiler.start');
        return null;
      }
      const { profile } = await inspector.post('Profiler.stop');
      fs.writeFileSync(ask.file, JSON.stringify(profile));
      inspector.disconnect();
      return null;
    };
    process.send!(ready);
    await new Promise<void>((resolve) => {
      process.on('message', (m: { type?: string; id?: number; ask?: Ask }) => {
        if (m?.type === 'stop') resolve();
        if (m?.type === 'ask')
          answer(m.ask!).then(
            (result) => process.send!({ type: 'answer', id: m.id, result }),
            (error: unknown) => process.send!({ type: 'answer', id: m.id, error: String(error) }),
          );
      });
      process.on('disconnect', () => resolve());
    });
    await bare.close();
    await app.close();
  } finally {
    await cleanup();
  }
}

// ---------------------------------------------------------------------------------------------
// The load side (this process).

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AutocannonRequest) => AutocannonRequest;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;

// autocannon ships no type declarations: load it untyped and describe the part used above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

interface Scenario {
  scenario: string;
  connections: number;
  durationSeconds: number;
  /** Requests, or pgbench transactions. */
  requests: number;
  /** Requests per second, or pgbench's tps. */
  reqPerSec: number;
  /** pgbench reports an average only. */
  p50Ms: number | null;
  p99Ms: number | null;
  errors: number;
  non2xx: number;
  /** The host's 1-minute load average at the end of the phase. */
  loadAverage: number;
  /** CPU per request in µs (list phase): the server process, its PostgreSQL backends, autocannon. */
  cpuPerRequest?: { serverUs: number; postgresUs: number; loadGeneratorUs: number };
}

async function phase(
  name: string,
  connections: number,
  opts: Omit<Parameters<Autocannon>[0], 'connections' | 'duration'>,
  around: { before?: () => Promise<unknown>; after?: () => Promise<CpuSpent | null> } = {},
): Promise<Scenario> {
  process.stdout.write(`  ${name}: warm-up ${WARMUP} s, run ${DURATION} s, ${connections} connections… `);
  await autocannon({ ...opts, connections, duration: WARMUP });
  await around.before?.();
  const loadBefore = process.cpuUsage();
  const r = await autocannon({ ...opts, connections, duration: DURATION });
  const load = process.cpuUsage(loadBefore);
  const cpu = await around.after?.();
  process.stdout.write('done\n');
  const per = (us: number) => Math.round(us / Math.max(1, r.requests.total));
  return {
    ...(cpu && {
      cpuPerRequest: {
        serverUs: per(cpu.serverUs),
        postgresUs: per(cpu.postgresUs),
        loadGeneratorUs: per(load.user + load.system),
      },
    }),
    scenario: name,
    connections,
    durationSeconds: r.duration,
    requests: r.requests.total,
    reqPerSec: Math.round(r.requests.average * 10) / 10,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    loadAverage: loadAverage(),
  };
}

async function pgbenchPhase(
  name: string,
  pgbench: string,
  url: string,
  statements: CapturedStatement[],
): Promise<{ scenario: Scenario; run: PgbenchResult }> {
  process.stdout.write(`  ${name}: run ${DURATION} s, ${CONNECTIONS} connections… `);
  const run = await runPgbench({ pgbench, url, statements, clients: CONNECTIONS, seconds: DURATION });
  process.stdout.write('done\n');
  return {
    run,
    scenario: {
      scenario: name,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      requests: run.transactions,
      reqPerSec: run.tps,
      p50Ms: null,
      p99Ms: null,
      errors: 0,
      non2xx: 0,
      loadAverage: loadAverage(),
    },
  };
}

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', loginType: 'MachineSys', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T };
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

function table(rows: Scenario[]): string {
  const head = ['scenario', 'conns', 'req/s (avg)', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'load 1m'];
  const body = rows.map((r) => [
    r.scenario,
    String(r.connections),
    r.reqPerSec.toFixed(1),
    r.p50Ms === null ? '–' : String(r.p50Ms),
    r.p99Ms === null ? '–' : String(r.p99Ms),
    String(r.errors),
    String(r.non2xx),
    r.loadAverage.toFixed(2),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  return [
    line(head),
    '|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|',
    ...body.map(line),
  ].join('\n');
}

async function run() {
  const started = Date.now();
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve', ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const childExit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let asked = 0;
  const ask = <T>(question: Ask) =>
    new Promise<T>((resolve, reject) => {
      const id = ++asked;
      const onAnswer = (m: { type?: string; id?: number; result?: T; error?: string }) => {
        if (m?.type !== 'answer' || m.id !== id) return;
        child.off('message', onAnswer);
        if (m.error) reject(new Error(m.error));
        else resolve(m.result as T);
      };
      child.on('message', onAnswer);
      child.send({ type: 'ask', id, ask: question });
    });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Ready));
      void childExit.then((code) => reject(new Error(`bench server exited early (code ${code})`)));
    });
    console.log(
      `BrewFleet API benchmark — loopback, Node ${process.version}, ${os.cpus().length} CPU(s), ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    console.log(`  database: ${ready.database}; ${ACCOUNTS} seeded accounts (+ admin)`);
    console.log(
      '  sign-in throttle: buildApp({ throttle }) with limits of 1e9 per account and per address;' +
        ` sign-ins rotate over the ${ACCOUNTS} accounts`,
    );

    const { publicKey } = await fetch(`${ready.apiUrl}/api/auth/publicKey`)
      .then((r) => r.json() as Promise<{ data: { publicKey: string } }>)
      .then((j) => j.data);
    const { tokenValue: adminToken } = await post<{ tokenValue: string }>(
      `${ready.apiUrl}/api/auth/doLogin`,
      {
        account: 'admin',
        password: encryptLongText(publicKey, ADMIN_PASSWORD),
        agreement: true,
      },
    );
    const sample = await post<{ total: number; list: unknown[] }>(
      `${ready.apiUrl}/api/coffee/account/list`,
      LIST_BODY,
      adminToken,
    );
    console.log(
      `  account/list: ${JSON.stringify(LIST_BODY)} → ${sample.list.length} of ${sample.total} rows\n`,
    );

    const results: Scenario[] = [];
    if (PHASES.has('idle')) {
      // What the server spends with no request at all (timers, listeners, job polling), per second.
      await ask({ type: 'cpu-start' });
      await new Promise((r) => setTimeout(r, DURATION * 1000));
      const idle = await ask<CpuSpent>({ type: 'cpu-stop' });
      console.log(
        `  idle: server ${Math.round(idle.serverUs / DURATION / 1000)} ms of CPU per second, ` +
          `PostgreSQL ${Math.round(idle.postgresUs / DURATION / 1000)} ms`,
      );
    }
    /** Count the server's CPU (and its database's) over a measured run. */
    const counted = {
      before: () => ask({ type: 'cpu-start' }),
      after: () => ask<CpuSpent>({ type: 'cpu-stop' }),
    };
    const printCpu = (s: Scenario) =>
      console.log(
        `  CPU per request: server ${s.cpuPerRequest!.serverUs} µs, PostgreSQL ${s.cpuPerRequest!.postgresUs} µs, ` +
          `autocannon ${s.cpuPerRequest!.loadGeneratorUs} µs`,
      );
    if (PHASES.has('bare')) {
      results.push(
        await phase('bare Fastify GET /bare', CONNECTIONS, { url: `${ready.bareUrl}/bare` }, counted),
      );
      printCpu(results.at(-1)!);
    }
    let list: Scenario | null = null;
    if (PHASES.has('list')) {
      const profile = options.profile ? path.resolve(options.profile) : null;
      list = await phase(
        'POST /api/coffee/account/list',
        CONNECTIONS,
        {
          url: `${ready.apiUrl}/api/coffee/account/list`,
          method: 'POST',
          headers: { 'content-type': 'application/json', token: adminToken, loginType: 'MachineSys' },
          body: JSON.stringify(LIST_BODY),
        },
        {
          before: async () => {
            await counted.before();
            if (profile) await ask({ type: 'profile-start' });
          },
          after: async () => {
            if (profile) await ask({ type: 'profile-stop', file: profile });
            return counted.after();
          },
        },
      );
      results.push(list);
      printCpu(list);
      if (profile)
        console.log(`  server CPU profile of the list phase: ${profile} (the profiler adds to its CPU)`);
    }

    let sqlReport: Record<string, unknown> | null = null;
    if (PHASES.has('pgbench') && ready.databaseUrl) {
      const pgbench = findPgbench();
      if (!pgbench)
        throw new Error('pgbench not found: apt-get install postgresql-client (or postgresql-contrib)');
      // Requests still open from the last phase must not be captured with the one below.
      await new Promise((r) => setTimeout(r, 500));
      const captured = await ask<Captured>({ type: 'capture', token: adminToken });
      const data = dataQueries(captured.request);
      const [begin, ...scopeRest] = captured.scopeWrap;
      const wrapped = [begin, ...scopeRest.slice(0, -1), ...data, scopeRest.at(-1)!];
      console.log(`  one list request sends ${captured.request.length} statement(s):`);
      for (const s of captured.request)
        console.log(`    ${s.name ? '(prepared) ' : ''}${s.text.replace(/\s+/g, ' ').trim().slice(0, 100)}`);
      const runs = [
        await pgbenchPhase('pgbench: data query (bare)', pgbench, ready.databaseUrl, data),
        await pgbenchPhase('pgbench: + scope transaction (wrapped)', pgbench, ready.databaseUrl, wrapped),
        await pgbenchPhase('pgbench: the request’s statements', pgbench, ready.databaseUrl, captured.request),
      ];
      results.push(...runs.map((r) => r.scenario));
      const [bare, wrap, whole] = runs.map((r) => r.scenario.reqPerSec);
      const ratios = list
        ? {
            ofBare: list.reqPerSec / bare,
            ofWrapped: list.reqPerSec / wrap,
            ofRequestStatements: list.reqPerSec / whole,
          }
        : null;
      sqlReport = {
        request: captured.request,
        scripts: Object.fromEntries(
          runs.map((r) => [r.scenario.scenario, { mode: r.run.mode, script: r.run.script }]),
        ),
        ratios,
      };
      if (ratios)
        console.log(
          `\n  list API ÷ pgbench on the same SQL: ${(100 * ratios.ofBare).toFixed(1)}% of bare, ` +
            `${(100 * ratios.ofWrapped).toFixed(1)}% of wrapped, ` +
            `${(100 * ratios.ofRequestStatements).toFixed(1)}% of the request's statements`,
        );
    }

    if (PHASES.has('login')) {
      // One encrypted body per account, prepared once; each request takes the next.
      const loginBodies = Array.from({ length: ACCOUNTS }, (_, i) =>
        JSON.stringify({
          account: `bench${i + 1}`,
          password: encryptLongText(publicKey, BENCH_PASSWORD),
          agreement: true,
        }),
      );
      // Accounts whose status is resigned cannot sign in (400): use the signable ones only.
      const signable = loginBodies.filter((_, i) => (i + 1) % 5 !== 4);
      let next = 0;
      results.push(
        await phase('POST /api/auth/doLogin', 4, {
          url: ready.apiUrl,
          requests: [
            {
              method: 'POST',
              path: '/api/auth/doLogin',
              headers: { 'content-type': 'application/json', loginType: 'MachineSys' },
              setupRequest: (req) => ({ ...req, body: signable[next++ % signable.length] }),
            },
          ],
        }),
      );
    }

    // autocannon drops the requests still open when a phase ends; their handlers run on in the
    // server. Let them finish before the server closes its database.
    await new Promise((r) => setTimeout(r, 1500));
    console.log('\n' + table(results) + '\n');
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      database: ready.database,
      accounts: ACCOUNTS,
      throttle:
        'buildApp throttle option: limits 1e9 per account and per address; sign-ins rotate over seeded accounts',
      warmupSeconds: WARMUP,
      durationSeconds: DURATION,
      scenarios: results,
      sql: sqlReport,
    };
    fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
    fs.writeFileSync(RESULTS, JSON.stringify(report, null, 2) + '\n');
    console.log(`written to ${path.relative(process.cwd(), RESULTS)}`);
  } finally {
    await stopChild(child, childExit, started);
  }
}

benchMain(Boolean(options.serve), serve, run);
