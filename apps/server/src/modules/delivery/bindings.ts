/**
 * The bound stores and their merchants' Uber credentials, kept in the process: every order asks for
 * them twice (the webhook's signature check, the work's calls to Uber), so a burst of orders would
 * otherwise read the same two rows and open the same sealed secret once per order and step.
 *
 * What changes a binding (the console's uber-account and delivery-store resources, the demo's seed)
 * says so with `bindingsChanged(tx)` in its own transaction: a NOTIFY on BINDINGS_CHANNEL that every
 * process hears after commit and that empties its copy. An entry also lives at most `ttlMs`, for a
 * write that did not say so. A store with no binding is never kept (the next webhook reads again).
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import type { SecretBox } from '../../platform/crud/secrets.ts';
import type { UberCredentials } from './uber-client.ts';

/** The NOTIFY channel of binding changes (one process's change empties every process's copy). */
export const BINDINGS_CHANNEL = 'brewfleet_delivery_bindings';

/** Tell every process, once this transaction commits, that a binding or an Uber account changed. */
export async function bindingsChanged(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_notify(${BINDINGS_CHANNEL}, '')`);
}

/** A store's delivery binding as the order path needs it. */
export interface Binding {
  /** delivery_store.id */
  id: string;
  merchantId: string;
  storeId: string;
  uberStoreId: string | null;
  /** The merchant's client id and opened secret; null when the merchant has none. */
  creds: UberCredentials | null;
}

/** How long an entry is trusted without a notification (a write that bypassed bindingsChanged). */
const TTL_MS = 30_000;

export function createBindings(deps: { db: Db; secrets: SecretBox; ttlMs?: number }) {
  const ttlMs = deps.ttlMs ?? TTL_MS;
  const held = new Map<string, { at: number; value: Promise<Binding | null> }>();
  // A read that began before a change must not put what it read back after the change emptied the map.
  let generation = 0;

  async function read(where: ReturnType<typeof sql>): Promise<Binding | null> {
    const [row] = await inScope(deps.db, SYSTEM, (tx) =>
      rows<Omit<Binding, 'creds'> & { clientId: string | null; secret: string | null }>(
        tx,
        sql`select d.id::text, d.merchant_id::text as "merchantId", d.store_id::text as "storeId",
                   d.uber_store_id as "uberStoreId", a.client_id as "clientId", a.client_secret as secret
            from delivery_store d left join delivery_account a on a.merchant_id = d.merchant_id
            where ${where}`,
      ),
    );
    if (!row) return null;
    const { clientId, secret, ...store } = row;
    return {
      ...store,
      creds: clientId && secret ? { clientId, clientSecret: deps.secrets.open(secret) } : null,
    };
  }

  function cached(key: string, load: () => Promise<Binding | null>, fresh: boolean) {
    const hit = held.get(key);
    if (!fresh && hit && Date.now() - hit.at < ttlMs) return hit.value;
    const at = Date.now();
    const started = generation;
    // Kept while it is read, so that a burst's webhooks wait for one read instead of making fifty.
    const value = load();
    const entry = { at, value };
    held.set(key, entry);
    const drop = () => {
      if (held.get(key) === entry) held.delete(key);
    };
    value.then((found) => {
      if (!found || started !== generation) drop();
    }, drop);
    return value;
  }

  return {
    /** The store bound to this Uber store id (a webhook's `meta.user_id`); `fresh` reads it again. */
    byUber: (uberStoreId: string, fresh = false) =>
      cached(
        `uber:${uberStoreId}`,
        () => read(sql`d.uber_store_id = ${uberStoreId} and d.binding = 'bound'`),
        fresh,
      ),
    /** The delivery row of a store (bound or not: an order taken before it was unbound is still answered). */
    byStore: (storeId: string) => cached(`store:${storeId}`, () => read(sql`d.store_id = ${storeId}`), false),
    /** Forget everything (a binding changed somewhere). */
    forget() {
      generation++;
      held.clear();
    },
  };
}

export type Bindings = ReturnType<typeof createBindings>;
