/**
 * The SQL side of `npm run bench:ingest`: registering the machines, observing commits, the figures
 * of a step, and the raw-INSERT ceiling. Everything here touches only the bench's own database.
 */
import fs from 'node:fs';
import type { Database } from '../src/platform/db/client.ts';
import type { BenchMachine } from './ingest-publishers.ts';

/** Device types and models per family, then the devices with the hash of their secret. */
export async function registerMachines(
  database: Database,
  machines: BenchMachine[],
  hash: (s: string) => string,
) {
  await database.transactionRaw(async (exec) => {
    const families = [...new Set(machines.map((m) => m.family))];
    await exec(
      `with t as (insert into device_type (name, family, automation)
                  select 'Bench ' || f, f, 'automatic' from unnest($1::text[]) f returning id, family)
       insert into device_model (name, code, device_type_id) select 'Bench ' || family, 'BENCH-' || family, id from t`,
      [families],
    );
    await exec(
      `insert into device (name, serial_number, model_id, family, automation, secret_hash)
       select x.sn, x.sn, m.id, x.family, 'automatic', x.hash
       from unnest($1::text[], $2::text[], $3::text[]) as x(sn, family, hash)
       join device_model m on m.code = 'BENCH-' || x.family`,
      [
        machines.map((m) => m.serialNumber),
        machines.map((m) => m.family),
        machines.map((m) => hash(m.secret)),
      ],
    );
    // Bench-only: a notification is delivered when its transaction commits, so its arrival time is
    // the commit time of the rows whose xmin it names. Once per statement: negligible next to the insert.
    await exec(`create function bench_notify_commit() returns trigger language plpgsql as $$
                begin perform pg_notify('bench_commit', pg_current_xact_id()::xid::text); return null; end $$`);
    await exec(`create trigger bench_notify_commit after insert on production_record
                for each statement execute function bench_notify_commit()`);
  });
}

export interface StepFigures {
  /** Rows produced (ts) within the step. */
  rows: number;
  /** Rows whose commit fell within the step, per second. */
  committedPerSecond: number;
  /** Rows produced before the step ended but committed after it (or never). */
  lagAtEnd: number;
  commitP50Ms: number;
  commitP99Ms: number;
  /** ts → received_at, the gateway's time of receipt (ingest.ts writes it from the message); null: not stored. */
  receiveP50Ms: number | null;
  receiveP99Ms: number | null;
}

/**
 * What a step's figures are of, as rows (produced_at, received_at, xid: the transaction that
 * inserted it). Production records: their own xmin. Orders: the xmin of their first line, written
 * in the order's transaction and never updated (the order's own row is, by each status it moves to).
 */
const MEASURED = {
  production: 'select produced_at, received_at, xmin::text as xid from production_record',
  orders: `select o.ordered_at as produced_at, null::timestamptz as received_at, l.xmin::text as xid
           from sales_order o join sales_order_line l on l.order_id = o.id and l.seq = 1`,
} as const;
export type Measured = keyof typeof MEASURED;

/** Figures of the rows produced in [startMs, endMs), given the commit times seen (xid, ms). */
export async function stepFigures(
  database: Database,
  commits: Array<[string, number]>,
  startMs: number,
  endMs: number,
  measured: Measured = 'production',
): Promise<StepFigures> {
  const source = `(${MEASURED[measured]})`;
  return database.transactionRaw(async (exec) => {
    await exec('create temp table seen (xid text primary key, at timestamptz not null) on commit drop');
    await exec(
      `insert into seen select x, to_timestamp(ms / 1000.0) from unnest($1::text[], $2::float8[]) as u(x, ms)
       on conflict do nothing`,
      [commits.map((c) => c[0]), commits.map((c) => c[1])],
    );
    await exec('analyze seen');
    const window = [startMs / 1000, endMs / 1000];
    const { rows } = await exec(
      `with r as (
         select extract(epoch from s.at - p.produced_at) * 1000 as commit_ms,
                extract(epoch from p.received_at - p.produced_at) * 1000 as receive_ms
         from ${source} p left join seen s on s.xid = p.xid
         where p.produced_at >= to_timestamp($1) and p.produced_at < to_timestamp($2))
       select count(*)::int as rows,
              coalesce(percentile_cont(0.5) within group (order by commit_ms), 0) as commit_p50,
              coalesce(percentile_cont(0.99) within group (order by commit_ms), 0) as commit_p99,
              percentile_cont(0.5) within group (order by receive_ms) as receive_p50,
              percentile_cont(0.99) within group (order by receive_ms) as receive_p99,
              (select count(*)::int from ${source} p join seen s on s.xid = p.xid
                where s.at >= to_timestamp($1) and s.at < to_timestamp($2)) as committed,
              (select count(*)::int from ${source} p left join seen s on s.xid = p.xid
                where p.produced_at < to_timestamp($2) and coalesce(s.at, 'infinity') >= to_timestamp($2)) as lag
       from r`,
      window,
    );
    const f = rows[0];
    const orNull = (v: unknown) => (v === null ? null : Number(v));
    return {
      rows: f.rows,
      committedPerSecond: f.committed / ((endMs - startMs) / 1000),
      lagAtEnd: f.lag,
      commitP50Ms: Number(f.commit_p50),
      commitP99Ms: Number(f.commit_p99),
      receiveP50Ms: orNull(f.receive_p50),
      receiveP99Ms: orNull(f.receive_p99),
    };
  });
}

const COLUMNS = [
  'merchant_id',
  'store_id',
  'device_id',
  'serial_number',
  'event_id',
  'produced_at',
  'product_code',
  'recipe_version',
  'method',
  'result',
  'bad_cup',
  'started_at',
  'cup_out_seconds',
  'extraction_seconds',
  'coffee',
  'tea',
  'materials',
  'received_at',
];

export interface Ceiling {
  rows: number;
  rowsPerStatement: number;
  rowsPerSecond: number;
  statementP50Ms: number;
}

/**
 * The rows the gateway wrote, written again (new event ids) by multi-row INSERT … VALUES: one
 * transaction per statement in the gateway's role and scope (so row-level security costs the same),
 * one connection, as fast as it goes. The same table, indexes and trigger: the ceiling.
 */
export async function rawInsertCeiling(
  database: Database,
  opts: { maxRows?: number; rowsPerStatement?: number } = {},
): Promise<Ceiling> {
  const maxRows = opts.maxRows ?? 200_000;
  const per = opts.rowsPerStatement ?? 1000;
  // As text: the values go back exactly as they came (no Date or JSON round trip).
  const { rows } = await database.transactionRaw((exec) =>
    exec(
      `select ${COLUMNS.map((c) => `${c}::text`).join(', ')} from production_record order by id limit ${maxRows}`,
    ),
  );
  const statements: Array<{ text: string; values: unknown[] }> = [];
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per);
    const values: unknown[] = [];
    const tuples = chunk.map((row, r) => {
      COLUMNS.forEach((c) => values.push(c === 'event_id' ? `${row[c]}/raw` : row[c]));
      return `(${COLUMNS.map((_, k) => `$${r * COLUMNS.length + k + 1}`).join(', ')})`;
    });
    statements.push({
      text: `insert into production_record (${COLUMNS.join(', ')}) values ${tuples.join(', ')}`,
      values,
    });
  }
  const times: number[] = [];
  const started = performance.now();
  for (const s of statements) {
    const t = performance.now();
    await database.transactionRaw(async (exec) => {
      await exec(
        `select set_config('role', 'brewfleet_app', true), set_config('app.scope', 'system', true),
                set_config('app.merchant_ids', '', true), set_config('app.store_ids', '', true)`,
      );
      await exec(s.text, s.values);
    });
    times.push(performance.now() - t);
  }
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    rows: rows.length,
    rowsPerStatement: per,
    rowsPerSecond: rows.length / seconds,
    statementP50Ms: times[Math.floor(times.length / 2)] ?? 0,
  };
}

/** CPU time so far of one PostgreSQL process, and what it is (a backend or a background worker). */
export interface PostgresProcess {
  ms: number;
  kind: 'backends' | 'background';
}

/**
 * CPU time (ms) so far of every PostgreSQL process on this host, by pid, read from /proc: the
 * backends serving the bench database, and the server's background workers (WAL writer,
 * checkpointer, background writer, autovacuum), whose work the inserts cause too. Empty when
 * PostgreSQL is not on this host. CPU time, unlike wall time, does not depend on what else runs.
 */
export function postgresCpu(databaseName: string): Map<number, PostgresProcess> {
  const cpu = new Map<number, PostgresProcess>();
  const tick = 1000 / 100; // USER_HZ
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!command.startsWith('postgres:')) continue;
      // "postgres: [cluster: ]user database host(port) state", or "postgres: [cluster: ]walwriter".
      const words = command.replace(/^postgres: (\S+: )?/, '').split(' ');
      const kind =
        words[1] === databaseName
          ? 'backends'
          : /writer|checkpointer|autovacuum/.test(words[0] + words[1])
            ? 'background'
            : null;
      if (!kind) continue; // another database's backend, or an idle launcher
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      cpu.set(Number(entry), { ms: (Number(fields[11]) + Number(fields[12])) * tick, kind });
    } catch {
      // the process ended while being read
    }
  }
  return cpu;
}

/** CPU ms spent between two readings, by kind; a process that appeared in between counts in full. */
export function cpuSpent(before: Map<number, PostgresProcess>, after: Map<number, PostgresProcess>) {
  const spent = { backends: 0, background: 0 };
  for (const [pid, now] of after) spent[now.kind] += now.ms - (before.get(pid)?.ms ?? 0);
  return spent;
}
