/**
 * Running SQL in a tenant scope. Every request's queries run in one transaction as the role
 * brewfleet_app (subject to row-level security) with the scope set for that transaction only
 * (migrations/0002_row_level_security.sql). Server internals — sign-in, the operation log, seeds —
 * use the 'system' scope explicitly.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { fastPathOf } from './fast-path.ts';

export type Scope =
  | { kind: 'none' }
  | { kind: 'system' }
  | { kind: 'platform' }
  | { kind: 'merchant'; merchantIds: string[] }
  | { kind: 'store'; merchantIds: string[]; storeIds: string[] };

export const SYSTEM: Scope = { kind: 'system' };

/**
 * The SQL that sets a scope, as text without parameters, so that it travels with BEGIN in one
 * message (fast-path.ts). Ids are digits (int8 as text); anything else is refused, never quoted in.
 */
export function scopeSetup(scope: Scope, level: 'transaction' | 'session' = 'transaction'): string {
  const local = level === 'transaction';
  const ids = (list: string[]) => {
    for (const id of list) if (!/^\d{1,19}$/.test(id)) throw new Error(`not an id in a scope: ${id}`);
    return list.join(',');
  };
  const merchants = 'merchantIds' in scope ? ids(scope.merchantIds) : '';
  const stores = 'storeIds' in scope ? ids(scope.storeIds) : '';
  return (
    `select set_config('role', 'brewfleet_app', ${local}), set_config('app.scope', '${SCOPE_KINDS[scope.kind]}', ${local}), ` +
    `set_config('app.merchant_ids', '${merchants}', ${local}), set_config('app.store_ids', '${stores}', ${local})` +
    // A connection kept in a scope for reads (readInScope) refuses writes, whoever asks.
    (local ? '' : `, set_config('default_transaction_read_only', 'on', false)`)
  );
}
/** The kinds as SQL may hold them: the text written into scopeSetup comes from this table only. */
const SCOPE_KINDS: Record<Scope['kind'], string> = {
  none: 'none',
  system: 'system',
  platform: 'platform',
  merchant: 'merchant',
  store: 'store',
};

/** deadlock_detected and serialization_failure: the transaction was rolled back, try it again. */
const RETRIED_CODES = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;
const pgCodeOf = (error: unknown): string | undefined => {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

export async function inScope<T>(db: Db, scope: Scope, fn: (tx: Db) => Promise<T>): Promise<T> {
  // A root handle opens the transaction and sets the scope in one round trip; a transaction handed
  // in as `db` nests a savepoint through Drizzle, as before.
  const fast = fastPathOf(db);
  if (fast) {
    // Two transactions that lock the same rows in opposite orders (a menu push and a machine's
    // answer about the menu before it) end one of them with a deadlock; PostgreSQL rolled it back
    // whole, so running it again is safe and is what the person who asked expects. Only a root
    // transaction is run again: a nested one cannot outlive its parent's failure.
    for (let attempt = 1; ; attempt++) {
      try {
        return await fast.transaction(scopeSetup(scope), fn);
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !RETRIED_CODES.has(pgCodeOf(error) ?? '')) throw error;
        await new Promise((resolve) => setTimeout(resolve, attempt * 25 + Math.random() * 50));
      }
    }
  }
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await tx.execute(sql.raw(scopeSetup(scope)));
    return fn(tx);
  });
}

/**
 * `fn`'s reads in a scope, without a transaction around them: on PostgreSQL a connection that holds
 * the scope already (fast-path.ts `read`) runs them as they come, each statement seeing what was
 * committed when it started — what READ COMMITTED gives inside a transaction too. For handlers that
 * only read and set nothing local (a list page): writes are refused there, and so is a nested
 * transaction. PGlite and a transaction handed in as `db` take inScope.
 */
export async function readInScope<T>(db: Db, scope: Scope, fn: (db: Db) => Promise<T>): Promise<T> {
  const fast = fastPathOf(db);
  if (!fast?.read) return inScope(db, scope, fn);
  return fast.read(scopeSetup(scope, 'session'), fn);
}

/**
 * Add a merchant created in this transaction to its scope: a new sub-merchant belongs to the
 * creator's subtree, so its administrator and role may be written at once.
 */
export async function addMerchantToScope(tx: Db, merchantId: string) {
  await tx.execute(sql`select set_config('app.merchant_ids',
    concat_ws(',', nullif(current_setting('app.merchant_ids', true), ''), ${merchantId}::text), true)`);
}
