/**
 * `npm run bench:data-center`: the data center's figures at scale (issue 17 §8), over the data of
 * bench/data-center-seed.ts (run that first), through the real server (src/main.ts in a child process,
 * with its jobs, broker and gateway: bench/data-center-http.ts). Phases (`--phases`, all by default):
 *
 *   query     every STAT_PAGES page with its default dimension, signed in as the bench merchant's
 *             administrator and as the platform administrator, over the last 30 days in Asia/Taipei;
 *             the merchant's administrator also over 90 days, and over 30 days in Asia/Kathmandu
 *             (UTC+5:45: a zone the rollups keep only once asked for; the time until it is ready is
 *             reported). Each case: its first request alone, then `--users` (10) users for `--seconds`
 *             (5) s (p50/p95/p99, req/s); then the same query with `source: 'raw'` (counted from the raw
 *             rows), `--raw-requests` (10) requests by the same users, and the ratio of the two p95s
 *             (target: rollups p95 ≤ 100 ms and ≥ 20× faster). The two answers' totals are compared.
 *   lag       `--lag-machines` (100) machines registered for the bench merchant publish cups through the
 *             broker at `--rate` (20,000) cups/s for `--lag-seconds` (60) s with ingest-publishers.ts (the
 *             ingest bench's machines); every second the oldest cup not yet merged into the rollups is
 *             sampled (its age: now − its received_at; 0 when none waits), until the queue is empty
 *             (target: ≤ 60 s behind). The rate the database really received is reported.
 *   embedded  a fresh server with the embedded database (PGlite) and DEMO=1, signed in as the demo's
 *             `operator`: every page's default query (30 days), first request and the median of five
 *             (target: ≤ 300 ms each).
 *
 * `--pages a,b` limits the pages. Results: tables on stdout, bench/results/data-center-latest.json.
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  STAT_PAGES,
  STAT_SERIES_DIMENSIONS,
  STAT_TABLE_PAGE,
  type StatAnswer,
  type StatPage,
  type StatQuery,
} from '@brewfleet/contracts';
import { hashSecret } from '../src/modules/fleet/credentials.ts';
import { BENCH_ADMIN_PASSWORD } from './orders-seed.ts';
import { loadAverage, startCpuCount } from './bench-process.ts';
import { dcBenchDatabaseUrl } from './data-center-seed.ts';
import { DC_BENCH_PASSWORD, DC_MERCHANTS, STORE_FAMILIES } from './data-center-fixtures.ts';
import {
  closedLoop,
  markdownTable,
  post,
  signIn,
  startServer,
  type LoadFigures,
  type RunningServer,
} from './data-center-http.ts';
import type { BenchMachine, PublisherCommand, PublisherReply } from './ingest-publishers.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS = path.join(HERE, 'results', 'data-center-latest.json');
const QUERY = '/api/coffee/data-center/query';
/** Seconds the lag phase samples after the machines stop, waiting for the rollups to catch up. */
const LAG_GRACE = 240;

const { values: options } = parseArgs({
  args: process.argv.slice(2),
  options: {
    phases: { type: 'string', default: 'query,lag,embedded' },
    pages: { type: 'string' },
    users: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '5' },
    'raw-requests': { type: 'string', default: '10' },
    cases: { type: 'string', default: '30d,admin,90d,kathmandu' },
    rate: { type: 'string', default: '20000' },
    'lag-seconds': { type: 'string', default: '60' },
    'lag-machines': { type: 'string', default: '100' },
  },
});
const PHASES = new Set(options.phases.split(','));
const CASES = new Set(options.cases.split(','));
const USERS = Number(options.users);
const SECONDS = Number(options.seconds);
const RAW_REQUESTS = Number(options['raw-requests']);
const PAGES = options.pages
  ? STAT_PAGES.filter((p) => options.pages!.split(',').includes(p.name))
  : [...STAT_PAGES];

/** A calendar day in `zone`, `days` from today. */
const localDay = (zone: string, days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: zone });

interface Facts {
  merchantId: string;
  deviceId: string;
  productCode: string;
  cups: number;
  orders: number;
}

/** The query a page's screen sends first: its default dimension over the last `days` days. */
function defaultQuery(
  page: StatPage,
  facts: Facts,
  days: number,
  zone: string,
): StatQuery & { timeZone: string } {
  return {
    page: page.name as StatQuery['page'],
    by: page.by[0],
    from: localDay(zone, -(days - 1)),
    to: localDay(zone, 0),
    ...(page.requires === 'productCode' ? { productCode: facts.productCode } : {}),
    ...(page.requires === 'deviceId' ? { deviceId: facts.deviceId } : {}),
    // What the console asks: the table's first page of machines, stores…; a time series whole.
    ...(STAT_SERIES_DIMENSIONS.includes(page.by[0]) ? {} : { offset: 0, limit: STAT_TABLE_PAGE }),
    timeZone: zone,
  };
}

/**
 * The two answers' totals agree: counts and money exactly, other figures to 6 significant digits —
 * except `faultMinutes`, which counts open faults' minutes up to the moment of each answer (the raw
 * one comes later): within 0.1%.
 */
/** A money total is an object by currency: the same amounts in another key order are the same total. */
const sortedKeys = (v: unknown): unknown =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).sort(([p], [q]) => p.localeCompare(q)))
    : v;

function sameTotals(a: StatAnswer, b: StatAnswer): boolean {
  const keys = new Set([...Object.keys(a.totals), ...Object.keys(b.totals)]);
  const close = (x: number, y: number, rel: number) =>
    Math.abs(x - y) <= rel * Math.max(Math.abs(x), Math.abs(y), 1);
  for (const key of keys) {
    const x = a.totals[key];
    const y = b.totals[key];
    if (typeof x === 'number' && typeof y === 'number') {
      if (!close(x, y, key === 'faultMinutes' ? 1e-3 : 1e-6)) return false;
    } else if (JSON.stringify(sortedKeys(x)) !== JSON.stringify(sortedKeys(y))) return false;
  }
  return true;
}

interface QueryCase {
  user: string;
  page: string;
  by: string;
  range: string;
  zone: string;
  firstMs: number;
  rows: number;
  rollup: LoadFigures;
  /** CPU per rollup request, µs: the server process, its PostgreSQL backends, the bench's client. */
  cpuUs: { server: number; postgres: number; client: number };
  raw: LoadFigures | null;
  rawCpuUs: QueryCase['cpuUs'] | null;
  ratioP95: number | null;
  ratioP50: number | null;
  sameTotals: boolean | null;
  /** When they differ: both answers' totals. */
  totals?: { rollup: StatAnswer['totals']; raw: StatAnswer['totals'] };
  asOf: string | null;
  loadAverage: number;
}

const cpuTotal = (c: { server: number; postgres: number; client: number }) =>
  Math.max(1, c.server + c.postgres + c.client);

async function queryPhase(server: RunningServer, db: pg.Client, facts: Facts) {
  const merchant = DC_MERCHANTS[0];
  const users = [
    {
      name: `${merchant.login} (merchant administrator)`,
      token: await signIn(server.url, merchant.login, DC_BENCH_PASSWORD),
    },
    {
      name: 'admin (platform administrator)',
      token: await signIn(server.url, 'admin', BENCH_ADMIN_PASSWORD),
    },
  ];
  const plan: Array<{ user: (typeof users)[number]; days: number; zone: string }> = [];
  if (CASES.has('30d')) plan.push({ user: users[0], days: 30, zone: 'Asia/Taipei' });
  if (CASES.has('admin')) plan.push({ user: users[1], days: 30, zone: 'Asia/Taipei' });
  if (CASES.has('90d')) plan.push({ user: users[0], days: 90, zone: 'Asia/Taipei' });
  if (CASES.has('kathmandu')) plan.push({ user: users[0], days: 30, zone: 'Asia/Kathmandu' });
  const cases: QueryCase[] = [];
  const zoneReady: Record<string, number | null> = {};
  for (const { user, days, zone } of plan) {
    if (zone !== 'Asia/Taipei' && !(zone in zoneReady)) {
      // A zone the rollups do not keep yet: the first query asks for it, the job builds it.
      const started = Date.now();
      await post(`${server.url}${QUERY}`, defaultQuery(PAGES[0], facts, days, zone), user.token);
      let ready = false;
      while (!ready && Date.now() - started < 900_000) {
        const { rows } = await db.query<{ ready: boolean }>('select ready from stat_zone where zone = $1', [
          zone,
        ]);
        ready = rows[0]?.ready ?? false;
        if (!ready) await new Promise((r) => setTimeout(r, 1000));
      }
      zoneReady[zone] = ready ? (Date.now() - started) / 1000 : null;
      console.log(
        `  zone ${zone}: ${ready ? `rollups ready after ${zoneReady[zone]!.toFixed(1)} s` : 'not ready after 15 min'}`,
      );
    }
    for (const page of PAGES) {
      const body = defaultQuery(page, facts, days, zone);
      const url = `${server.url}${QUERY}`;
      const first = await post<StatAnswer>(url, body, user.token);
      await closedLoop(() => post(url, body, user.token), { users: USERS, seconds: 1 }); // warm-up
      // CPU per request (the server, its PostgreSQL backends, this client): what the host's other
      // load does not move, unlike the latencies.
      const counted = await startCpuCount(dcBenchDatabaseUrl(), server.child.pid);
      const client0 = process.cpuUsage();
      const rollup = await closedLoop(() => post(url, body, user.token), { users: USERS, seconds: SECONDS });
      const client = process.cpuUsage(client0);
      const spent = await counted();
      const perRequest = (us: number) => Math.round(us / Math.max(1, rollup.requests));
      const cpuUs = {
        server: perRequest(spent.serverUs),
        postgres: perRequest(spent.postgresUs),
        client: perRequest(client.user + client.system),
      };
      let raw: LoadFigures | null = null;
      let rawCpuUs: QueryCase['cpuUs'] | null = null;
      let same: boolean | null = null;
      let totals: QueryCase['totals'];
      if (RAW_REQUESTS > 0) {
        const rawBody = { ...body, source: 'raw' as const };
        const rawAnswer = await post<StatAnswer>(url, rawBody, user.token);
        same = sameTotals(first.data, rawAnswer.data);
        if (!same) totals = { rollup: first.data.totals, raw: rawAnswer.data.totals };
        const rawCounted = await startCpuCount(dcBenchDatabaseUrl(), server.child.pid);
        const rawClient0 = process.cpuUsage();
        raw = await closedLoop(() => post(url, rawBody, user.token), {
          users: Math.min(USERS, RAW_REQUESTS),
          seconds: 600,
          requests: RAW_REQUESTS,
        });
        const rawClient = process.cpuUsage(rawClient0);
        const rawSpent = await rawCounted();
        const perRaw = (us: number) => Math.round(us / Math.max(1, raw!.requests));
        rawCpuUs = {
          server: perRaw(rawSpent.serverUs),
          postgres: perRaw(rawSpent.postgresUs),
          client: perRaw(rawClient.user + rawClient.system),
        };
      }
      const c: QueryCase = {
        user: user.name,
        page: page.name,
        by: body.by,
        range: `${days} d`,
        zone,
        firstMs: Math.round(first.ms * 10) / 10,
        rows: first.data.rows.length,
        rollup,
        cpuUs,
        raw,
        rawCpuUs,
        ratioP95: raw ? Math.round((raw.p95Ms / rollup.p95Ms) * 10) / 10 : null,
        ratioP50: raw ? Math.round((raw.p50Ms / rollup.p50Ms) * 10) / 10 : null,
        sameTotals: same,
        ...(totals ? { totals } : {}),
        asOf: first.data.asOf,
        loadAverage: loadAverage(),
      };
      cases.push(c);
      console.log(
        `  ${c.user.split(' ')[0]} ${c.page} by ${c.by}, ${c.range} ${zone}: rollups p50 ${rollup.p50Ms} p95 ${rollup.p95Ms} ` +
          `p99 ${rollup.p99Ms} ms, ${rollup.reqPerSec} req/s, CPU µs/request ${cpuUs.server} server + ${cpuUs.postgres} PostgreSQL + ${cpuUs.client} client${rollup.errors ? `, ${rollup.errors} errors (${rollup.firstError})` : ''}` +
          (raw
            ? `; raw p50 ${raw.p50Ms} p95 ${raw.p95Ms} ms → ×${c.ratioP95} (p95)${same ? '' : ', TOTALS DIFFER'}`
            : '') +
          `; load ${c.loadAverage}`,
      );
    }
  }
  console.log(
    '\n' +
      markdownTable(
        [
          'user',
          'page (by)',
          'range',
          'zone',
          'first ms',
          'p50',
          'p95',
          'p99',
          'req/s',
          'CPU µs/req (server+PG+client)',
          'raw p50',
          'raw p95',
          'raw CPU µs/req',
          '× p95',
          '× CPU',
          'same',
          'load',
        ],
        cases.map((c) => [
          c.user.split(' ')[0],
          `${c.page} (${c.by})`,
          c.range,
          c.zone,
          String(c.firstMs),
          String(c.rollup.p50Ms),
          String(c.rollup.p95Ms),
          String(c.rollup.p99Ms),
          String(c.rollup.reqPerSec),
          `${c.cpuUs.server}+${c.cpuUs.postgres}+${c.cpuUs.client}`,
          c.raw ? String(c.raw.p50Ms) : '–',
          c.raw ? String(c.raw.p95Ms) : '–',
          c.rawCpuUs ? `${c.rawCpuUs.server}+${c.rawCpuUs.postgres}+${c.rawCpuUs.client}` : '–',
          c.ratioP95 === null ? '–' : String(c.ratioP95),
          c.rawCpuUs ? String(Math.round((cpuTotal(c.rawCpuUs) / cpuTotal(c.cpuUs)) * 10) / 10) : '–',
          c.sameTotals === null ? '–' : c.sameTotals ? 'yes' : 'NO',
          String(c.loadAverage),
        ]),
      ) +
      '\n',
  );
  const p95s = cases.map((c) => c.rollup.p95Ms);
  const ratios = cases.flatMap((c) => (c.ratioP95 === null ? [] : [c.ratioP95]));
  const summary = {
    cases: cases.length,
    worstP95Ms: Math.max(...p95s),
    p95Within100: cases.filter((c) => c.rollup.p95Ms <= 100).length,
    minRatioP95: ratios.length ? Math.min(...ratios) : null,
    ratioAtLeast20: ratios.filter((r) => r >= 20).length,
    totalsDiffer: cases.filter((c) => c.sameTotals === false).map((c) => `${c.page} ${c.range} ${c.zone}`),
    errors: cases.reduce((s, c) => s + c.rollup.errors + (c.raw?.errors ?? 0), 0),
  };
  console.log(`query summary: ${JSON.stringify(summary)}`);
  return { cases, zoneReadySeconds: zoneReady, summary };
}

// ---------------------------------------------------------------------------------------------

async function lagPhase(server: RunningServer, db: pg.Client, merchantId: string) {
  const count = Number(options['lag-machines']);
  const rate = Number(options.rate);
  const seconds = Number(options['lag-seconds']);
  // The machines: the bench merchant's, in its first stores, of every family; made once.
  const machines: BenchMachine[] = Array.from({ length: count }, (_, i) => ({
    serialNumber: `BENCH-DC-LAG-${i + 1}`,
    secret: crypto.createHash('sha256').update(`dc-lag-${i}`).digest('hex'),
    family: STORE_FAMILIES[i % STORE_FAMILIES.length],
  }));
  await db.query(
    `insert into device (merchant_id, store_id, name, serial_number, model_id, family, automation, code, secret_hash)
     select s.merchant_id, s.id, x.sn, x.sn, m.id, x.family, 'automatic', 'L' || x.n, x.hash
       from unnest($1::text[], $2::text[], $3::text[]) with ordinality as x(sn, family, hash, n)
       join device_model m on m.code = 'DC-BENCH-' || upper(x.family)
       join (select st.id, st.merchant_id, row_number() over (order by st.id) - 1 as i
               from store st join merchant me on me.id = st.merchant_id where me.name = $4) s on s.i = x.n % 5
     on conflict (serial_number) do update set secret_hash = excluded.secret_hash`,
    [
      machines.map((m) => m.serialNumber),
      machines.map((m) => m.family),
      machines.map((m) => hashSecret(m.secret)),
      DC_MERCHANTS[0].name,
    ],
  );
  const child: ChildProcess = fork(path.join(HERE, 'ingest-publishers.ts'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T extends PublisherReply>(command: PublisherCommand) =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (m: PublisherReply) =>
        m.type === 'error' ? reject(new Error(`publishers: ${m.message}`)) : resolve(m as T),
      );
      child.send(command);
    });
  const samples: Array<{ t: number; lagSeconds: number; pending: number; stored: number }> = [];
  try {
    await ask({ type: 'connect', url: `mqtt://127.0.0.1:${server.mqttPort}`, machines });
    console.log(
      `  ${count} machines connected; publishing ${rate.toLocaleString('en')} cups/s for ${seconds} s…`,
    );
    const { rows: before } = await db.query<{ at: Date }>('select now() as at');
    const startedAt = Date.now();
    const step = ask<Extract<PublisherReply, { type: 'step-done' }>>({
      type: 'step',
      rate,
      seconds,
      flushMs: 100,
    });
    let done: Extract<PublisherReply, { type: 'step-done' }> | null = null;
    void step.then((d) => (done = d));
    // Sample until the step is over and nothing waits to be merged (or LAG_GRACE seconds more).
    for (;;) {
      const { rows } = await db.query<{ lag: number | null; pending: string; stored: string }>(
        `select extract(epoch from now() - (select min(p.received_at) from stat_pending_cup q
                  join production_record p on p.device_id = q.device_id and p.event_id = q.event_id))::float8 as lag,
                (select count(*) from stat_pending_cup)::text as pending,
                (select count(*) from production_record where merchant_id = $2 and produced_at >= $1)::text as stored`,
        [before[0].at, merchantId],
      );
      const s = {
        t: Math.round((Date.now() - startedAt) / 100) / 10,
        lagSeconds: Math.round((rows[0].lag ?? 0) * 10) / 10,
        pending: Number(rows[0].pending),
        stored: Number(rows[0].stored),
      };
      samples.push(s);
      if (samples.length % 5 === 1)
        console.log(
          `    t ${s.t} s: ${s.stored.toLocaleString('en')} cups stored, ${s.pending.toLocaleString('en')} waiting, oldest ${s.lagSeconds} s`,
        );
      if (done && s.pending === 0) break;
      if (Date.now() - startedAt > (seconds + LAG_GRACE) * 1000) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const published = (done as Extract<PublisherReply, { type: 'step-done' }> | null)?.events ?? null;
    const stored = samples.at(-1)!.stored;
    const maxLag = Math.max(...samples.map((s) => s.lagSeconds));
    const storedDuring = samples.filter((s) => s.t <= seconds + 0.5).at(-1)?.stored ?? stored;
    const result = {
      machines: count,
      targetRate: rate,
      seconds,
      published,
      publishedPerSecond: published === null ? null : Math.round(published / seconds),
      storedDuringStep: storedDuring,
      storedPerSecondDuringStep: Math.round(storedDuring / seconds),
      storedInAll: stored,
      maxLagSeconds: maxLag,
      drainedAfterSeconds: samples.at(-1)!.t,
      loadAverage: loadAverage(),
      samples,
    };
    console.log(
      `lag: published ${published?.toLocaleString('en')} cups (${result.publishedPerSecond?.toLocaleString('en')}/s asked ${rate}), ` +
        `stored ${storedDuring.toLocaleString('en')} during the ${seconds} s (${result.storedPerSecondDuringStep.toLocaleString('en')}/s), ` +
        `${stored.toLocaleString('en')} in all; oldest unmerged cup at most ${maxLag} s old; queue empty at ${result.drainedAfterSeconds} s`,
    );
    return result;
  } finally {
    child.send({ type: 'stop' });
  }
}

// ---------------------------------------------------------------------------------------------

async function embeddedPhase() {
  console.log('embedded: starting a fresh server with PGlite and DEMO=1 (the demo history takes a while)…');
  const started = Date.now();
  const server = await startServer({ DEMO: '1', ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD }, 'embedded');
  const startSeconds = (Date.now() - started) / 1000;
  try {
    const token = await signIn(server.url, 'operator', 'Brew-Demo-2026');
    // The platform administrator, for a page the demo operator's role does not open (reported as such).
    const adminToken = await signIn(server.url, 'admin', BENCH_ADMIN_PASSWORD);
    const facts = await embeddedFacts(server.url, token);
    const pages: Array<{
      page: string;
      as: string;
      by: string;
      firstMs: number;
      medianMs: number;
      maxMs: number;
      rows: number;
      raw: number;
    }> = [];
    const failed: Array<{ page: string; error: string }> = [];
    for (const page of PAGES) {
      const body = defaultQuery(page, facts, 30, 'Asia/Taipei');
      const url = `${server.url}${QUERY}`;
      try {
        let as = 'operator';
        let first = await post<StatAnswer>(url, body, token).catch(() => null);
        if (!first) {
          as = 'admin';
          first = await post<StatAnswer>(url, body, adminToken);
        }
        const asToken = as === 'admin' ? adminToken : token;
        const times: number[] = [];
        // How many of the six answers were counted from raw rows (the zone not built yet).
        let raw = first.data.source === 'raw' ? 1 : 0;
        for (let i = 0; i < 5; i++) {
          const next = await post<StatAnswer>(url, body, asToken);
          times.push(next.ms);
          if (next.data.source === 'raw') raw++;
        }
        times.sort((a, b) => a - b);
        pages.push({
          page: page.name,
          as,
          by: body.by,
          firstMs: Math.round(first.ms * 10) / 10,
          medianMs: Math.round(times[2] * 10) / 10,
          maxMs: Math.round(times[4] * 10) / 10,
          rows: first.data.rows.length,
          raw,
        });
        console.log(
          `  ${page.name} by ${body.by}: first ${pages.at(-1)!.firstMs} ms, median ${pages.at(-1)!.medianMs} ms`,
        );
      } catch (error) {
        // A page the demo operator may not open (its permission) is reported, not fatal.
        failed.push({ page: page.name, error: String(error).slice(0, 200) });
        console.log(`  ${page.name}: ${String(error).slice(0, 200)}`);
      }
    }
    console.log(
      '\n' +
        markdownTable(
          ['page (by)', 'as', 'rows', 'raw of 6', 'first ms', 'median of 5 ms', 'max of 5 ms'],
          pages.map((p) => [
            `${p.page} (${p.by})`,
            p.as,
            String(p.rows),
            String(p.raw),
            String(p.firstMs),
            String(p.medianMs),
            String(p.maxMs),
          ]),
        ) +
        '\n',
    );
    return {
      startSeconds,
      pages,
      failed,
      worstFirstMs: Math.max(...pages.map((p) => p.firstMs)),
      worstMedianMs: Math.max(...pages.map((p) => p.medianMs)),
      loadAverage: loadAverage(),
    };
  } finally {
    await server.stop();
  }
}

/** A demo machine and product for the detail pages, found through the API (the database is in the child). */
async function embeddedFacts(base: string, token: string): Promise<Facts> {
  const list = await post<{ list: Array<{ id: string; family?: string }> }>(
    `${base}/api/coffee/device/list`,
    { page: 1, limit: 50 },
    token,
  ).catch(() => ({ data: { list: [] as Array<{ id: string; family?: string }> } }));
  const coffee = list.data.list.find((d) => d.family === 'coffee') ?? list.data.list[0];
  return { merchantId: '', deviceId: coffee?.id ?? '1', productCode: 'LATTE-L', cups: 0, orders: 0 };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    options,
  };
  console.log(
    `BrewFleet data-center benchmark — Node ${process.version}, ${os.cpus().length} CPU(s), load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (PHASES.has('query') || PHASES.has('lag')) {
    const url = dcBenchDatabaseUrl();
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const { rows } = await db.query<Facts>(
      `select m.id::text as "merchantId",
              (select d.id::text from device d where d.merchant_id = m.id and d.family = 'coffee' order by d.id limit 1) as "deviceId",
              'LATTE-L' as "productCode",
              (select reltuples::bigint from pg_class where relname = 'production_record') as cups,
              (select reltuples::bigint from pg_class where relname = 'sales_order') as orders
         from merchant m where m.name = $1`,
      [DC_MERCHANTS[0].name],
    );
    if (!rows.length || Number(rows[0].cups) <= 0)
      throw new Error('no bench data: run `npm run bench:data-center-seed` first');
    const facts = rows[0];
    report.data = {
      database: url.replace(/\/\/[^@]*@/, '//'),
      cups: Number(facts.cups),
      orders: Number(facts.orders),
    };
    console.log(
      `  database ${url.replace(/\/\/[^@]*@/, '//')}: ~${Number(facts.cups).toLocaleString('en')} cups, ~${Number(facts.orders).toLocaleString('en')} orders`,
    );
    const server = await startServer({ DATABASE_URL: url, DEMO: '0' }, 'bench');
    try {
      if (PHASES.has('query')) report.query = await queryPhase(server, db, facts);
      if (PHASES.has('lag')) report.lag = await lagPhase(server, db, facts.merchantId);
    } finally {
      await server.stop();
      await db.end();
    }
  }
  if (PHASES.has('embedded')) report.embedded = await embeddedPhase();
  report.seconds = (Date.now() - started) / 1000;
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  // A run of some phases keeps the other phases' last figures (each phase says when it ran).
  const kept = fs.existsSync(RESULTS)
    ? (JSON.parse(fs.readFileSync(RESULTS, 'utf8')) as Record<string, unknown>)
    : {};
  for (const phase of ['query', 'lag', 'embedded'])
    if (report[phase])
      report[phase] = { date: report.date, loadAverageAtEnd: loadAverage(), ...(report[phase] as object) };
  fs.writeFileSync(RESULTS, JSON.stringify({ ...kept, ...report }, null, 2) + '\n');
  console.log(`results: ${path.relative(process.cwd(), RESULTS)}; total ${report.seconds} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
