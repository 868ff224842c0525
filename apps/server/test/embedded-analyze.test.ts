/**
 * The embedded database gathers its planner's statistics (platform/db/embedded-analyze.ts): PGlite
 * has no autovacuum. A long list's total is the planner's estimate until a count arrives; without
 * statistics it read "about 1,001" for thousands of rows, with them it reads about what there is.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { analyzeChangedTables } from '../src/platform/db/embedded-analyze.ts';
import { openEmbeddedApp, type EmbeddedApp } from './helpers/embedded-app.ts';

let embedded: EmbeddedApp;
let token: string;

beforeAll(async () => {
  embedded = await openEmbeddedApp();
  token = await embedded.signIn();
}, 90_000);
afterAll(() => embedded?.close());

/** The operation log's total for one method, as the list's first page answers it. */
async function totalOf(method: string) {
  const res = await embedded.app.inject({
    method: 'POST',
    url: '/api/coffee/operation-log/list',
    headers: { token },
    payload: { page: 1, limit: 10, method },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { total, totalExact } = res.json().data as { total: number; totalExact?: false };
  return { total, totalExact };
}

it('estimates a long list from statistics it gathered itself', async () => {
  await analyzeChangedTables(embedded.database.db);
  // 9,000 POSTs and 3,000 PUTs, written after the last analysis.
  await embedded.database.db.execute(sql`
    insert into operation_log (action, method, path, status_code, outcome, duration_ms)
    select 'menu.update', case when g % 4 = 0 then 'PUT' else 'POST' end, '/api/coffee/menu', 200, 'success', 3
    from generate_series(1, 12000) g`);

  // Without statistics the planner guesses a condition's rows: the total reads as the lowest it can be.
  const before = await totalOf('POST');
  expect(before).toEqual({ total: 1001, totalExact: false });

  const analyzed = await analyzeChangedTables(embedded.database.db);
  expect(analyzed).toContain('operation_log');
  expect(await analyzeChangedTables(embedded.database.db)).toEqual([]); // nothing moved since

  // Another filter (the first one's count is remembered): its total is now the planner's estimate.
  // Of the 3,000 it sees half: row-level security's "(select app_scope_all()) or …" is a condition
  // on a value known only when the query runs, which the planner counts as true for half the rows.
  const after = await totalOf('PUT');
  expect(after.totalExact).toBe(false);
  expect(after.total).toBeGreaterThanOrEqual(3000 * 0.45);
  expect(after.total).toBeLessThanOrEqual(3000 * 1.1);
}, 60_000);
