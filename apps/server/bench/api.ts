/**
 * `npm run bench:api`: the API under load on loopback, beside a bare Fastify route in the same run.
 *
 *   (a) GET /bare                      a bare Fastify 5 instance, one trivial JSON route (the ceiling)
 *   (b) POST /api/coffee/account/list  the real app, admin token, ~200 accounts in the table
 *   (c) POST /api/auth/doLogin         the real app, sign-in (RSA-OAEP decryption + argon2id verify)
 *
 * The servers run in a child process (this file with --serve) and autocannon in this one, so the
 * load generator does not share an event loop with what it measures. A fresh PostgreSQL database
 * (TEST_DATABASE_URL's server, as the tests use) is migrated and seeded like production and dropped
 * at the end; `--pglite` uses an in-memory PGlite instead. Each phase is a short warm-up and then
 * DURATION seconds (default 10; `--duration N`). Results: a table on stdout and
 * bench/results/api-latest.json.
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { encryptLongText } from '@brewfleet/contracts';
import { buildApp } from '../src/app.ts';
import { openPglite, openPostgres, type Database } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { ensureAdmin, seedMenus } from '../src/modules/iam/seed.ts';
import { loadLoginKeys } from '../src/platform/auth/keys.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import type { ThrottleOptions } from '../src/platform/auth/throttle.ts';
import { createTestDatabase } from '../test/helpers/test-app.ts';

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
const usePglite = args.includes('--pglite');
const durationArg = args.indexOf('--duration');
const DURATION = durationArg >= 0 ? Number(args[durationArg + 1]) : 10;
const WARMUP = 2;

// ---------------------------------------------------------------------------------------------
// The server side (child process).

interface Ready {
  type: 'ready';
  bareUrl: string;
  apiUrl: string;
  database: string;
}

async function serve() {
  let database: Database;
  let drop = async () => {};
  let dbLabel: string;
  if (usePglite) {
    database = await openPglite(null);
    dbLabel = 'PGlite (in memory)';
  } else {
    const created = await createTestDatabase();
    drop = created.drop;
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
    };
    process.send!(ready);
    await new Promise<void>((resolve) => {
      process.on('message', (m: { type?: string }) => m?.type === 'stop' && resolve());
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
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

async function phase(
  name: string,
  connections: number,
  opts: Omit<Parameters<Autocannon>[0], 'connections' | 'duration'>,
): Promise<Scenario> {
  process.stdout.write(`  ${name}: warm-up ${WARMUP} s, run ${DURATION} s, ${connections} connections… `);
  await autocannon({ ...opts, connections, duration: WARMUP });
  const r = await autocannon({ ...opts, connections, duration: DURATION });
  process.stdout.write('done\n');
  return {
    scenario: name,
    connections,
    durationSeconds: r.duration,
    requests: r.requests.total,
    reqPerSec: Math.round(r.requests.average * 10) / 10,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
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
  const head = ['scenario', 'conns', 'req/s (avg)', 'p50 ms', 'p99 ms', 'errors', 'non-2xx'];
  const body = rows.map((r) => [
    r.scenario,
    String(r.connections),
    r.reqPerSec.toFixed(1),
    String(r.p50Ms),
    String(r.p99Ms),
    String(r.errors),
    String(r.non2xx),
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
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Ready));
      void childExit.then((code) => reject(new Error(`bench server exited early (code ${code})`)));
    });
    console.log(`BrewFleet API benchmark — loopback, Node ${process.version}, ${os.cpus().length} CPU(s)`);
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
    const listBody = { page: 1, limit: 20 };
    const sample = await post<{ total: number; list: unknown[] }>(
      `${ready.apiUrl}/api/coffee/account/list`,
      listBody,
      adminToken,
    );
    console.log(
      `  account/list: ${JSON.stringify(listBody)} → ${sample.list.length} of ${sample.total} rows\n`,
    );

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

    const results: Scenario[] = [];
    results.push(await phase('bare Fastify GET /bare', 10, { url: `${ready.bareUrl}/bare` }));
    results.push(
      await phase('POST /api/coffee/account/list', 10, {
        url: `${ready.apiUrl}/api/coffee/account/list`,
        method: 'POST',
        headers: { 'content-type': 'application/json', token: adminToken, loginType: 'MachineSys' },
        body: JSON.stringify(listBody),
      }),
    );
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
    };
    fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
    fs.writeFileSync(RESULTS, JSON.stringify(report, null, 2) + '\n');
    console.log(`written to ${path.relative(process.cwd(), RESULTS)}`);
  } finally {
    if (child.connected) child.send({ type: 'stop' });
    const code = await Promise.race([
      childExit,
      new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000)),
    ]);
    if (code === 'timeout') child.kill('SIGKILL');
    else if (code !== 0) console.error(`bench server exited with code ${code}`);
    console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (args.includes('--serve')) {
  serve().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('bench server failed:', error);
      process.exit(1);
    },
  );
} else {
  run().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
