/**
 * `npm run bench:orders`: the order list over the orders of bench/orders-seed.ts (run that first;
 * 1,000,000 orders by default) through the real HTTP server, signed in as the administrator of the
 * bench's largest merchant (800,000 orders), beside pgbench on the list's own SQL in the same run
 * (issue 11 §7: 50 concurrent, p99 ≤ 50 ms, ≥ 25% of pgbench's rate; page 10,000 as fast as the first).
 *
 *   filtered   one store, status in (completed, paid), the last 180 days in Asia/Taipei, -orderedAt,
 *              20 a page: the first page (~70,000 orders match)
 *   all p1     the whole merchant, status completed, -orderedAt: the first page (~740,000 match)
 *   all p10000 the same, page 10,000 (rows 199,981–200,000)
 *   pgbench    the statements one `filtered` request and one `all p10000` request send, captured from
 *              the server (bench/sql-capture.ts), run at the same connections (bench/pgbench.ts): the
 *              data queries alone, and every statement of the request (transaction, scope, session
 *              check); the list's req/s as a share of each
 *
 * Before the load, each scenario's first request is timed alone (cold: nothing remembered for its
 * filters), then 1 connection for a few seconds (latency without queueing), then CONNECTIONS (50).
 * The server runs in a child process (this file with --serve), autocannon and pgbench in this one.
 * The host's 1-minute load average is printed with every phase: on a shared machine compare within
 * one run. `--duration N` (default 10), `--connections N` (default 50), `--phases` (any of single,
 * load, pgbench). Results: a table on stdout and bench/results/orders-latest.json.
 */
import { loadAverage, stopChild, benchMain, startCpuCount } from './bench-process.ts';
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { encryptLongText } from '@brewfleet/contracts';
import { buildApp } from '../src/app.ts';
import { openPostgres } from '../src/platform/db/client.ts';
import { loadLoginKeys } from '../src/platform/auth/keys.ts';
import { dataQueries, installSqlCapture, sqlCapture, type CapturedStatement } from './sql-capture.ts';
import { findPgbench, runPgbench, sessionOptions, type PgbenchForm } from './pgbench.ts';
import { BENCH_MERCHANTS, BENCH_PASSWORD, BENCH_TIME_ZONE, benchDatabaseUrl } from './orders-seed.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS = path.join(HERE, 'results', 'orders-latest.json');
const LIST = '/api/coffee/order/list';

const args = process.argv.slice(2);
const { values: options } = parseArgs({
  args,
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    phases: { type: 'string', default: 'single,load,pgbench' },
    serve: { type: 'boolean', default: false },
  },
});
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const PHASES = new Set(options.phases.split(','));
const WARMUP = 2;
const SINGLE_SECONDS = 3;

// ---------------------------------------------------------------------------------------------
// The server side (child process).

type Ask = { type: 'capture'; token: string; body: unknown };

async function serve() {
  installSqlCapture();
  const database = await openPostgres(benchDatabaseUrl());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-bench-orders-'));
  try {
    const app = await buildApp({
      database,
      keys: loadLoginKeys({ dataDir }),
      logLevel: 'warn',
      mqtt: { healthy: () => true },
      webDist: null,
      dataDir,
      dataKey: crypto.randomBytes(32),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const answer = async (ask: Ask): Promise<CapturedStatement[]> => {
      sqlCapture.start();
      const res = await app.inject({
        method: 'POST',
        url: LIST,
        headers: { token: ask.token, loginType: 'MachineSys' },
        payload: ask.body as Record<string, unknown>,
      });
      const request = sqlCapture.stop();
      if (res.statusCode !== 200) throw new Error(`list for the capture: ${res.statusCode} ${res.body}`);
      return request;
    };
    process.send!({
      type: 'ready',
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    });
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
    await app.close();
  } finally {
    await database.close().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
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
  latency: Histogram & { max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}) => Promise<AutocannonResult>;
// autocannon ships no type declarations: load it untyped and describe the part used above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

interface Row {
  scenario: string;
  connections: number;
  reqPerSec: number;
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  errors: number;
  non2xx: number;
  loadAverage: number;
  /** CPU per request in µs: the server process, its PostgreSQL backends, autocannon (load phases). */
  cpu?: { serverUs: number; postgresUs: number; loadGeneratorUs: number };
}

async function post<T>(url: string, body: unknown, token?: string): Promise<{ data: T; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', loginType: 'MachineSys', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T };
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return { data: json.data, ms };
}

function table(rows: Row[]): string {
  const head = [
    'scenario',
    'conns',
    'req/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'errors',
    'non-2xx',
    'CPU µs/req: server + PG + client',
    'load 1m',
  ];
  const cell = (v: number | null) => (v === null ? '–' : String(v));
  const body = rows.map((r) => [
    r.scenario,
    String(r.connections),
    r.reqPerSec.toFixed(1),
    cell(r.p50Ms),
    cell(r.p99Ms),
    cell(r.maxMs),
    String(r.errors),
    String(r.non2xx),
    r.cpu ? `${r.cpu.serverUs} + ${r.cpu.postgresUs} + ${r.cpu.loadGeneratorUs}` : '–',
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

/** A calendar day in the bench's time zone, `days` from today. */
function day(days: number): string {
  const local = new Date(Date.now() + days * 86400_000).toLocaleDateString('en-CA', {
    timeZone: BENCH_TIME_ZONE,
  });
  return local; // en-CA: YYYY-MM-DD
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
    const ready = await new Promise<{ url: string }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { url: string }));
      void childExit.then((code) => reject(new Error(`bench server exited early (code ${code})`)));
    });
    const url = new URL(benchDatabaseUrl());
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const merchant = BENCH_MERCHANTS[0];
    const { rows: facts } = await db.query<{ orders: string; merchant: string; store: string }>(
      `select (select count(*) from sales_order)::text as orders,
              m.id::text as merchant,
              (select s.id::text from store s where s.merchant_id = m.id order by s.id offset 1 limit 1) as store
         from merchant m where m.name = $1`,
      [merchant.name],
    );
    await db.end();
    if (!facts.length || facts[0].orders === '0')
      throw new Error('no bench orders: run `npm run bench:orders-seed` first');
    const { store } = facts[0];
    console.log(
      `BrewFleet order-list benchmark — loopback, Node ${process.version}, ${os.cpus().length} CPU(s), ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    console.log(
      `  database: ${url.host}${url.pathname}, ${Number(facts[0].orders).toLocaleString('en')} orders; ` +
        `signed in as ${merchant.login} (${merchant.name}, merchant administrator)`,
    );

    const { publicKey } = await fetch(`${ready.url}/api/auth/publicKey`)
      .then((r) => r.json() as Promise<{ data: { publicKey: string } }>)
      .then((j) => j.data);
    const {
      data: { tokenValue: token },
    } = await post<{ tokenValue: string }>(`${ready.url}/api/auth/doLogin`, {
      account: merchant.login,
      password: encryptLongText(publicKey, BENCH_PASSWORD),
      agreement: true,
    });

    const filtered = {
      storeId: store,
      status: ['completed', 'paid'],
      orderedAtFrom: day(-180),
      orderedAtTo: day(0),
      timeZone: BENCH_TIME_ZONE,
      sort: '-orderedAt',
      page: 1,
      limit: 20,
    };
    const all = { status: ['completed'], timeZone: BENCH_TIME_ZONE, sort: '-orderedAt', page: 1, limit: 20 };
    const scenarios = [
      { name: 'filtered, page 1', body: filtered },
      { name: 'all, page 1', body: all },
      { name: 'all, page 10,000', body: { ...all, page: 10_000 } },
    ];

    const rows: Row[] = [];
    const firsts: Record<string, unknown> = {};
    // Cold: each scenario's very first request, alone.
    for (const s of scenarios) {
      const { data, ms } = await post<{ total: number; list: unknown[] } & Record<string, unknown>>(
        `${ready.url}${LIST}`,
        s.body,
        token,
      );
      const extra = Object.entries(data)
        .filter(([k]) => !['list', 'total', 'page', 'limit'].includes(k))
        .map(([k, v]) => `, ${k} ${JSON.stringify(v)}`)
        .join('');
      console.log(
        `  ${s.name}: ${JSON.stringify(s.body)}\n    → ${data.list.length} rows, total ${data.total}${extra}; ` +
          `first request alone ${ms.toFixed(1)} ms`,
      );
      firsts[s.name] = { ms: Math.round(ms * 10) / 10, total: data.total, rows: data.list.length, extra };
    }
    console.log('');

    // The SQL of one request of each measured scenario, recorded now, while nothing else runs on the
    // server (requests a load phase leaves open would be recorded with it).
    // Totals above 1,000 rows are counted in the background after the first requests
    // (platform/crud/list-page.ts): give those counts time, so that what is recorded is what every
    // later request sends.
    const captured = new Map<string, CapturedStatement[]>();
    // A request that finds no count yet estimates its total with EXPLAIN: recorded then, that would
    // be measured as if every request sent it. Record again until the count has landed.
    if (PHASES.has('pgbench'))
      for (const s of [scenarios[0], scenarios[2]])
        for (let attempt = 1; ; attempt++) {
          await new Promise((r) => setTimeout(r, 1000));
          const request = await ask<CapturedStatement[]>({ type: 'capture', token, body: s.body });
          captured.set(s.name, request);
          if (!request.some((st) => /^\s*explain\b/i.test(st.text))) break;
          if (attempt === 30) throw new Error(`"${s.name}": its total was still being counted after 30 s`);
        }

    const load = async (name: string, body: unknown, connections: number, seconds: number) => {
      process.stdout.write(`  ${name}: ${connections} connection(s), ${seconds} s… `);
      const opts = {
        url: `${ready.url}${LIST}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', token, loginType: 'MachineSys' },
        body: JSON.stringify(body),
      };
      await autocannon({ ...opts, connections, duration: WARMUP });
      const stopCpuCount = await startCpuCount(url.toString(), child.pid);
      const clientBefore = process.cpuUsage();
      const r = await autocannon({ ...opts, connections, duration: seconds });
      const client = process.cpuUsage(clientBefore);
      const spent = await stopCpuCount();
      const per = (us: number) => Math.round(us / Math.max(1, r.requests.total));
      process.stdout.write('done\n');
      // autocannon drops what is still open at the end; let the server finish it before the next phase.
      await new Promise((r) => setTimeout(r, 2000));
      rows.push({
        scenario: name,
        connections,
        reqPerSec: Math.round(r.requests.average * 10) / 10,
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        maxMs: r.latency.max,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
        loadAverage: loadAverage(),
        cpu: {
          serverUs: per(spent.serverUs),
          postgresUs: per(spent.postgresUs),
          loadGeneratorUs: per(client.user + client.system),
        },
      });
      return rows.at(-1)!;
    };
    const loaded: Record<string, Row> = {};
    if (PHASES.has('single'))
      for (const s of scenarios) await load(`${s.name} (alone)`, s.body, 1, SINGLE_SECONDS);
    if (PHASES.has('load'))
      for (const s of scenarios) loaded[s.name] = await load(s.name, s.body, CONNECTIONS, DURATION);

    const sqlReport: Record<string, unknown> = {};
    if (PHASES.has('pgbench')) {
      const pgbench = findPgbench();
      if (!pgbench) throw new Error('pgbench not found: apt-get install postgresql-client');
      for (const s of [scenarios[0], scenarios[2]]) {
        const request = captured.get(s.name)!;
        const data = dataQueries(request);
        console.log(`  one "${s.name}" request sends ${request.length} statement(s):`);
        for (const st of request)
          console.log(
            `    ${st.name ? '(prepared) ' : ''}${st.text.replace(/\s+/g, ' ').trim().slice(0, 110)}`,
          );
        if (request.some((st) => st.session))
          console.log(
            `    on a connection holding: ${sessionOptions(request.find((st) => st.session)!.session!)}`,
          );
        const runs: Array<[string, CapturedStatement[], PgbenchForm]> = [
          [`pgbench: "${s.name}" data queries`, data, 'sent'],
          [`pgbench: "${s.name}" request's statements`, request, 'sent'],
          [`pgbench: "${s.name}" data queries, values written in`, data, 'literal'],
        ];
        const rates: number[] = [];
        const scripts: Record<string, string> = {};
        for (const [name, statements, form] of runs) {
          process.stdout.write(`  ${name}: ${CONNECTIONS} clients, ${DURATION} s… `);
          const r = await runPgbench({
            pgbench,
            url: url.toString(),
            statements,
            clients: CONNECTIONS,
            seconds: DURATION,
            form,
          });
          process.stdout.write('done\n');
          rates.push(r.tps);
          scripts[name] = r.script;
          rows.push({
            scenario: name,
            connections: CONNECTIONS,
            reqPerSec: r.tps,
            p50Ms: null,
            p99Ms: null,
            maxMs: null,
            errors: 0,
            non2xx: 0,
            loadAverage: loadAverage(),
          });
        }
        const api = loaded[s.name]?.reqPerSec;
        const ratios = api
          ? {
              ofDataQueries: api / rates[0],
              ofRequestStatements: api / rates[1],
              ofLiteralDataQueries: api / rates[2],
            }
          : null;
        if (ratios)
          console.log(
            `  "${s.name}" API ÷ pgbench on the same SQL: ${(100 * ratios.ofDataQueries).toFixed(1)}% of the data ` +
              `queries, ${(100 * ratios.ofRequestStatements).toFixed(1)}% of the request's statements ` +
              `(${(100 * ratios.ofLiteralDataQueries).toFixed(1)}% of the data queries with their values written in)`,
          );
        sqlReport[s.name] = { request, scripts, ratios };
      }
    }

    await new Promise((r) => setTimeout(r, 1500));
    console.log('\n' + table(rows) + '\n');
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      database: `${url.host}${url.pathname}`,
      orders: Number(facts[0].orders),
      signedInAs: merchant.login,
      warmupSeconds: WARMUP,
      durationSeconds: DURATION,
      scenarios: Object.fromEntries(scenarios.map((s) => [s.name, s.body])),
      firstRequests: firsts,
      results: rows,
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
