/**
 * Running SQL in a tenant scope. Every request's queries run in one transaction as the role
 * brewfleet_app (subject to row-level security) with the scope set for that transaction only
 * (migrations/0002_row_level_security.sql). Server internals — sign-in, the operation log, seeds —
 * use the 'system' scope explicitly.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

export type Scope =
  | { kind: 'none' }
  | { kind: 'system' }
  | { kind: 'platform' }
  | { kind: 'merchant'; merchantIds: string[] }
  | { kind: 'store'; merchantIds: string[]; storeIds: string[] };

export const SYSTEM: Scope = { kind: 'system' };

export async function inScope<T>(db: Db, scope: Scope, fn: (tx: Db) => Promise<T>): Promise<T> {
  const merchants = 'merchantIds' in scope ? scope.merchantIds.join(',') : '';
  const stores = 'storeIds' in scope ? scope.storeIds.join(',') : '';
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await tx.execute(sql`select set_config('role', 'brewfleet_app', true), set_config('app.scope', ${scope.kind}, true),
                                set_config('app.merchant_ids', ${merchants}, true), set_config('app.store_ids', ${stores}, true)`);
    return fn(tx);
  });
}

/**
 * Add a merchant created in this transaction to its scope: a new sub-merchant belongs to the
 * creator's subtree, so its administrator and role may be written at once.
 */
export async function addMerchantToScope(tx: Db, merchantId: string) {
  await tx.execute(sql`select set_config('app.merchant_ids',
    concat_ws(',', nullif(current_setting('app.merchant_ids', true), ''), ${merchantId}::text), true)`);
}
