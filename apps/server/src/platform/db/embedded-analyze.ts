/**
 * The embedded database's autoanalyze. PGlite runs PostgreSQL in single-user mode: no autovacuum
 * launcher runs, so a table's statistics are never gathered (its `reltuples` stays -1) unless
 * something runs ANALYZE. Without them the planner guesses every condition's selectivity, and a long
 * list's total, which is the planner's estimate until a count arrives (crud/list-page.ts), guessed
 * too: the demo's order list read "about 1,886" for 9,000 orders, its production records "about
 * 1,001" for 9,086 cups.
 *
 * So on PGlite a job does what autovacuum's analyze does on PostgreSQL: every minute, it analyzes each
 * table never analyzed, or whose size moved by a tenth since it was (the table's activity counters,
 * autovacuum's own measure, are not kept up to date in single-user mode). One statement per table:
 * the one connection serves requests between them. On PostgreSQL the job is not defined.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from './client.ts';
import type { JobDefinition } from '../jobs/types.ts';

export const EMBEDDED_ANALYZE_JOB = 'db.analyze';

/** ANALYZE the tables whose statistics are missing or out of date; answers their names. */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  const stale = await rows<{ name: string }>(
    db,
    sql`select name from (
          select c.oid::regclass::text as name, c.reltuples, c.relpages,
                 pg_relation_size(c.oid) / current_setting('block_size')::int as pages
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and n.nspname = current_schema()) t
        where pages > 0 and (reltuples < 0 or abs(pages - relpages) >= greatest(1, relpages / 10))
        order by pages desc`,
  );
  // The tables' owner runs it (ANALYZE skips, with a warning, a table the caller does not own).
  for (const { name } of stale) await db.execute(sql`analyze ${sql.raw(name)}`);
  return stale.map((t) => t.name);
}

export const embeddedAnalyzeJob: JobDefinition = {
  name: EMBEDDED_ANALYZE_JOB,
  everySeconds: 60,
  retry: { limit: 0, delaySeconds: 60 },
  async run({ db, log }) {
    const analyzed = await analyzeChangedTables(db);
    if (analyzed.length) log.debug({ analyzed }, 'embedded database: statistics gathered');
  },
};
