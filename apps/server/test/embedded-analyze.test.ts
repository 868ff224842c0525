/**
 * The embedded database gathers its planner's statistics (platform/db/embedded-analyze.ts): PGlite
 * has no autovacuum. A long list's total is the planner's estimate until a count arrives; without
 * statistics it read "about 1,001" for thousands of rows, with them it reads about what there is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encryptLongText } from '@brewfleet/contracts';
import { buildApp } from '../src/app.ts';
import { openPglite, type Database } from '../src/platform/db/client.ts';
import { analyzeChangedTables } from '../src/platform/db/embedded-analyze.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { ensureAdmin } from '../src/modules/iam/seed.ts';
import { MODULES } from '../src/modules/index.ts';
import { seedModules } from '../src/platform/module-runner.ts';
import { TEST_DATA_KEY, testKeys } from './helpers/test-app.ts';

let database: Database;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  database = await openPglite(null);
  await migrate(database);
  await seedModules(MODULES, database.db);
  await ensureAdmin(database.db, 'Brew-Admin-2026');
  app = await buildApp({
    database,
    keys: testKeys(),
    dataKey: TEST_DATA_KEY,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bf-analyze-')),
    logLevel: 'silent',
    webDist: null,
  });
  await app.ready();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/doLogin',
    payload: {
      account: 'admin',
      password: encryptLongText(testKeys().publicKeyPem, 'Brew-Admin-2026'),
      agreement: true,
    },
  });
  token = res.json().data.tokenValue;
}, 90_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The operation log's total for one method, as the list's first page answers it. */
async function totalOf(method: string) {
  const res = await app.inject({
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
  await analyzeChangedTables(database.db);
  // 9,000 POSTs and 3,000 PUTs, written after the last analysis.
  await database.db.execute(sql`
    insert into operation_log (action, method, path, status_code, outcome, duration_ms)
    select 'menu.update', case when g % 4 = 0 then 'PUT' else 'POST' end, '/api/coffee/menu', 200, 'success', 3
    from generate_series(1, 12000) g`);

  // Without statistics the planner guesses a condition's rows: the total reads as the lowest it can be.
  const before = await totalOf('POST');
  expect(before).toEqual({ total: 1001, totalExact: false });

  const analyzed = await analyzeChangedTables(database.db);
  expect(analyzed).toContain('operation_log');
  expect(await analyzeChangedTables(database.db)).toEqual([]); // nothing moved since

  // Another filter (the first one's count is remembered): its total is now the planner's estimate.
  // Of the 3,000 it sees half: row-level security's "(select app_scope_all()) or …" is a condition
  // on a value known only when the query runs, which the planner counts as true for half the rows.
  const after = await totalOf('PUT');
  expect(after.totalExact).toBe(false);
  expect(after.total).toBeGreaterThanOrEqual(3000 * 0.45);
  expect(after.total).toBeLessThanOrEqual(3000 * 1.1);
}, 60_000);
