/**
 * Reads without a transaction (platform/db/scope.ts readInScope): a list page runs on a connection
 * that keeps its tenant scope between requests. One connection in the read pool here, so every read
 * lands on the connection the read before it left: a scope never leaks to the next caller, writes and
 * nested transactions are refused there, and a failed statement leaves the connection usable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres, rows, type Database } from '../src/platform/db/client.ts';
import { inScope, readInScope, SYSTEM, type Scope } from '../src/platform/db/scope.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const A: Scope = { kind: 'merchant', merchantIds: ['8101'] };
const B: Scope = { kind: 'merchant', merchantIds: ['8102'] };

describe('reads in a scope without a transaction', () => {
  let t: TestApp;
  let database: Database;
  const merchants = (scope: Scope) =>
    readInScope(database.db, scope, async (db) =>
      (
        await rows<{ id: string }>(
          db,
          sql`select id::text from merchant where id in (8101, 8102) order by id`,
        )
      ).map((r) => r.id),
    );

  beforeAll(async () => {
    t = await startTestApp();
    await t.sql(`insert into merchant (id, name) values (8101, 'Read A'), (8102, 'Read B')`);
    database = await openPostgres(t.databaseUrl, 1);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await t?.close();
  });

  it('sees its own scope only, whichever scope the connection held before', async () => {
    expect(await merchants(A)).toEqual(['8101']);
    expect(await merchants(A)).toEqual(['8101']);
    expect(await merchants(B)).toEqual(['8102']);
    expect(await merchants({ kind: 'none' })).toEqual([]);
    expect(await merchants({ kind: 'platform' })).toEqual(['8101', '8102']);
    expect(await merchants({ kind: 'store', merchantIds: ['8101'], storeIds: ['1'] })).toEqual([]);
  });

  it('refuses a write and a nested transaction, and the connection reads on', async () => {
    await expect(
      readInScope(database.db, A, (db) =>
        db.execute(sql`update merchant set name = 'changed' where id = 8101`),
      ),
    ).rejects.toMatchObject({ cause: { code: '25006' } }); // read_only_sql_transaction
    // SAVEPOINT outside a transaction block: 25P01 (no_active_sql_transaction).
    await expect(readInScope(database.db, A, (db) => db.transaction(async () => 1))).rejects.toMatchObject({
      cause: { code: '25P01' },
    });
    await expect(readInScope(database.db, A, (db) => db.execute(sql`select 1/0`))).rejects.toMatchObject({
      cause: { code: '22012' }, // division_by_zero
    });
    expect(await merchants(A)).toEqual(['8101']);
    const [row] = await t.sql(`select name from merchant where id = 8101`);
    expect(row.name).toBe('Read A');
  });

  it('leaves the transaction path as it was: writes there, in their own scope', async () => {
    await inScope(database.db, SYSTEM, (tx) =>
      tx.execute(sql`update merchant set name = 'Read A2' where id = 8101`),
    );
    expect((await t.sql(`select name from merchant where id = 8101`))[0].name).toBe('Read A2');
    expect(await merchants(B)).toEqual(['8102']);
  });
});
