/**
 * openPostgres(): queries issued together on one connection (Promise.all inside a transaction) run
 * one after another without leaning on node-postgres's own queue, which it deprecates
 * ("Calling client.query() when the client is already executing a query") and pg 9 removes.
 * Its own file: node prints a deprecation once per process, so nothing else may have issued it first.
 */
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openPostgres, rows, type Database } from '../src/platform/db/client.ts';
import { createTestDatabase } from './helpers/test-app.ts';

let database: Database | undefined;
let drop: (() => Promise<void>) | undefined;
afterAll(async () => {
  await database?.close();
  await drop?.();
});

it('runs the queries a transaction issues together one after another, with no deprecation from pg', async () => {
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.message);
  process.on('warning', onWarning);
  try {
    const created = await createTestDatabase();
    drop = created.drop;
    database = await openPostgres(created.url, 2);
    const answers = await database!.db.transaction(async (tx) =>
      Promise.all(
        [1, 2, 3, 4, 5, 6].map((n) =>
          rows<{ n: number }>(tx, sql`select ${n}::int as n, pg_sleep(0.01)`).then((r) => r[0].n),
        ),
      ),
    );
    expect(answers).toEqual([1, 2, 3, 4, 5, 6]);
    // A failing one among them fails the transaction cleanly; the connection stays usable.
    await expect(
      database!.db.transaction(async (tx) =>
        Promise.all([rows(tx, sql`select 1`), rows(tx, sql`select 1/0`), rows(tx, sql`select 2`)]),
      ),
    ).rejects.toThrow();
    expect(await rows<{ ok: number }>(database!.db, sql`select 1 as ok`)).toEqual([{ ok: 1 }]);
    // Warnings are emitted on the next tick.
    await new Promise((r) => setImmediate(r));
    expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
  } finally {
    process.off('warning', onWarning);
  }
});
