/**
 * `npx tsx bench/data-center-cpu.ts` (in apps/server): the CPU one statistics query costs, independent of what else the
 * host runs (a shared 2-core host's wall-clock figures move with its load): every page's default
 * query over the last 30 days in Asia/Taipei, answered by the module's own `queryStats` in the bench
 * merchant's scope and in the platform's, one after another on one connection, `--repeat` (20) times
 * each; the PostgreSQL backend's CPU (from /proc, Linux only) and this process's CPU (node: the
 * answer's making) per query, then the wall time alone. Without the answer cache (what a query costs
 * when it is counted) unless `--cache` (what a repeated query costs: the cache's hit). Over bench/data-center-seed.ts's database (DC_BENCH_DATABASE_URL).
 *
 *   npx tsx bench/data-center-cpu.ts --repeat 20 --pages device,usage --source raw
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { STAT_PAGES, type StatQuery } from '@brewfleet/contracts';
import { openPostgres, rows, type Db } from '../src/platform/db/client.ts';
import { inScope, type Scope } from '../src/platform/db/scope.ts';
import { queryStats, type Tally } from '../src/modules/datacenter/query.ts';
import { AnswerCache } from '../src/modules/datacenter/answer-cache.ts';
import { dcBenchDatabaseUrl } from './data-center-seed.ts';
import { DC_MERCHANTS } from './data-center-fixtures.ts';
import { markdownTable } from './data-center-http.ts';

const { values: options } = parseArgs({
  args: process.argv.slice(2),
  options: {
    repeat: { type: 'string', default: '20' },
    pages: { type: 'string' },
    days: { type: 'string', default: '30' },
    zone: { type: 'string', default: 'Asia/Taipei' },
    source: { type: 'string', default: 'rollup' },
    cache: { type: 'boolean', default: false },
  },
});
const REPEAT = Number(options.repeat);
const ZONE = options.zone;
const TICK_MS = 1000 / 100; // /proc's clock ticks (USER_HZ 100 on Linux)

/** CPU milliseconds a process has used so far (user + system), from /proc/<pid>/stat. */
function procCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}
const localDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: ZONE });

async function main() {
  const database = await openPostgres(dcBenchDatabaseUrl(), 1);
  const db: Db = database.db;
  const [facts] = await rows<{ merchant: string; device: string }>(
    db,
    sql`select m.id::text as merchant,
               (select d.id::text from device d where d.merchant_id = m.id and d.family = 'coffee' order by d.id limit 1) as device
        from merchant m where m.name = ${DC_MERCHANTS[0].name}`,
  );
  const scopes: Array<[string, Scope]> = [
    ['bench-data', { kind: 'merchant', merchantIds: [facts.merchant] }],
    ['admin', { kind: 'platform' }],
  ];
  const pages = options.pages
    ? STAT_PAGES.filter((p) => options.pages!.split(',').includes(p.name))
    : STAT_PAGES;
  const table: string[][] = [];
  console.log(
    `data-center CPU per query — ${REPEAT} each, ${options.days} days in ${ZONE}, source ${options.source}${options.cache ? ', answer cache' : ''}, load ${os.loadavg()[0].toFixed(2)}`,
  );
  for (const [who, scope] of scopes)
    for (const page of pages) {
      const body: StatQuery = {
        page: page.name as StatQuery['page'],
        by: page.by[0],
        from: localDay(-(Number(options.days) - 1)),
        to: localDay(0),
        source: options.source as 'rollup' | 'raw',
        ...(page.requires === 'productCode' ? { productCode: 'LATTE-L' } : {}),
        ...(page.requires === 'deviceId' ? { deviceId: facts.device } : {}),
      };
      // --cache: the answer cache as the route keeps it (the warm-up below fills it).
      const cache = options.cache ? new AnswerCache<Tally>() : null;
      const run = () =>
        inScope(db, scope, async (tx) => {
          const [{ pid }] = await rows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
          await queryStats(tx, body, {
            timeZone: ZONE,
            lang: 'en',
            ...(cache ? { cache: { answers: cache, scope: who } } : {}),
          });
          return pid;
        });
      const pid = await run(); // warm: plans, caches
      const pg0 = procCpuMs(pid);
      const node0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < REPEAT; i++) await run();
      const wall = (performance.now() - t0) / REPEAT;
      const node = process.cpuUsage(node0);
      const pgMs = (procCpuMs(pid) - pg0) / REPEAT;
      const nodeMs = (node.user + node.system) / 1000 / REPEAT;
      table.push([
        who,
        `${page.name} (${body.by})`,
        pgMs.toFixed(1),
        nodeMs.toFixed(1),
        (pgMs + nodeMs).toFixed(1),
        wall.toFixed(1),
        os.loadavg()[0].toFixed(2),
      ]);
      console.log(`  ${table.at(-1)!.join('  ')}`);
    }
  console.log(
    '\n' +
      markdownTable(
        ['user', 'page (by)', 'PostgreSQL CPU ms', 'node CPU ms', 'CPU ms', 'wall ms', 'load 1m'],
        table,
      ),
  );
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
