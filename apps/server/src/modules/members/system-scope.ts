/**
 * Members follow orders across the merchant tree: a parent's member buys at a sub-merchant's
 * machine, and a sub-merchant's staff refund that order. Row-level security shows the refunder only
 * its own subtree, yet the wallet to credit is the parent's member's. The reactions (and the tree
 * walks of the app's service) therefore act as the system for the few rows that one order, refund
 * or cup names — never for rows a caller asked for by id. A savepoint holds the change: the caller's
 * scope is set back before it is released, and PostgreSQL undoes the setting itself on an error.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.ts';

export async function asSystem<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (savepoint) => {
    const tx = savepoint as unknown as Db;
    const [{ scope }] = await rows<{ scope: string | null }>(
      tx,
      sql`select current_setting('app.scope', true) as scope`,
    );
    if (scope === 'system') return fn(tx);
    await tx.execute(sql`select set_config('app.scope', 'system', true)`);
    const result = await fn(tx);
    await tx.execute(sql`select set_config('app.scope', ${scope ?? ''}, true)`);
    return result;
  });
}
