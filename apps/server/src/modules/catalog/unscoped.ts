/**
 * Checks that must look past the caller's rows. Row-level security shows a merchant its own subtree
 * only, yet two rules span more: a sub-merchant's product code must not clash with its parent's
 * (machines of the sub-merchant get both), and a catalog row still named by a product the caller
 * cannot see (a store user's view) must not be deleted.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.ts';

/**
 * Run `fn` inside the request's transaction seeing every merchant's rows. Only for a query that
 * answers a yes/no or a count about the caller's own merchant chain, or the names of rows that a
 * record the caller sees names by id (an order line's options): never other rows handed back. A
 * savepoint holds the change: the caller's scope is set back before it is released, and PostgreSQL
 * undoes the setting itself when `fn` throws and the savepoint rolls back.
 */
export async function unscoped<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (savepoint) => {
    const tx = savepoint as unknown as Db;
    const [{ scope }] = await rows<{ scope: string | null }>(
      tx,
      sql`select current_setting('app.scope', true) as scope`,
    );
    await tx.execute(sql`select set_config('app.scope', 'system', true)`);
    const result = await fn(tx);
    await tx.execute(sql`select set_config('app.scope', ${scope ?? ''}, true)`);
    return result;
  });
}
