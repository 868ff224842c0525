/**
 * A transaction that loses a deadlock is run again: two people's requests that lock the same rows in
 * opposite orders both succeed, one after the other, instead of one of them getting a 500.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/platform/db/client.ts';
import { inScope, SYSTEM } from '../src/platform/db/scope.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { createTestDatabase } from './helpers/test-app.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const made = await createTestDatabase();
  drop = made.drop;
  database = await openPostgres(made.url, 4);
  // The scope's role reads tables made after the migrations' default privileges.
  await migrate(database);
  await database.db.execute(sql`create table pair (id int primary key, n int not null)`);
  await database.db.execute(sql`insert into pair values (1, 0), (2, 0)`);
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

it('runs again the one of two crossing transactions that PostgreSQL ends with a deadlock', async () => {
  let runs = 0;
  let bothHoldOne!: () => void;
  const holding = new Promise<void>((resolve) => (bothHoldOne = resolve));
  let held = 0;
  const crossing = (first: number, second: number) =>
    inScope(database.db, SYSTEM, async (tx) => {
      runs++;
      await tx.execute(sql`update pair set n = n + 1 where id = ${first}`);
      // The first run of each waits until both hold a row, so that they cross.
      if (++held === 2) bothHoldOne();
      await holding;
      await tx.execute(sql`update pair set n = n + 1 where id = ${second}`);
    });
  await Promise.all([crossing(1, 2), crossing(2, 1)]);
  expect(runs).toBe(3);
  const result = (await database.db.execute(sql`select id, n from pair order by id`)) as unknown as {
    rows: unknown[];
  };
  expect(result.rows).toEqual([
    { id: 1, n: 2 },
    { id: 2, n: 2 },
  ]);
});
