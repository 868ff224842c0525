/**
 * The delivery module's work, all of it resumable from its tables (a process that dies loses
 * nothing): upload a store's menu to Uber (its state on the store's row, retryable failures tried
 * again with back-off), take Uber's orders (order-work.ts: fetch, place at a machine that can make
 * them and accept, or deny naming the items none can make), follow Uber's cancellations, and keep the store's listing
 * in step with its machines (items suspended and restored, the store paused and set online).
 */
import { sql } from 'drizzle-orm';
import {
  DELIVERY_CAUSE_TEXT,
  translate,
  type DeliveryListingCause,
  type UberCancelBody,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import type { SecretBox } from '../../platform/crud/secrets.ts';
import type { Publisher } from '../../platform/events/domain-events.ts';
import type { FleetService } from '../fleet/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { OrderService } from '../orders/service.ts';
import { buildUberMenu, itemIdOf, runningProducts, type TakeoutItem } from './uber-menu.ts';
import { UberError, withRetries, type UberClient, type UberCredentials } from './uber-client.ts';
import { createReadiness } from './machines.ts';
import { createBindings, type Binding } from './bindings.ts';
import { createOrderWork } from './order-work.ts';

export interface DeliveryDeps {
  db: Db;
  secrets: SecretBox;
  uber: UberClient;
  fleet: FleetService;
  catalog: CatalogService;
  orders: OrderService;
  events: Publisher;
}

interface BoundStore {
  id: string;
  merchantId: string;
  storeId: string;
  storeName: string;
  storeOpen: boolean;
  uberStoreId: string | null;
  paused: boolean;
  suspendedItems: string[];
}

/** Tries of a menu upload before the store waits for the next change or sync action. */
export const SYNC_ATTEMPTS = 5;
/** Seconds before the next try of an upload: 5, 10, 20, 40 … */
const syncDelay = (attempts: number) => 5 * 2 ** Math.max(0, attempts - 1);

const system = <T>(db: Db, fn: (tx: Db) => Promise<T>) => inScope(db, SYSTEM, fn);

/** Until when such an item is suspended: no end is known (a year ahead, lifted explicitly). */
const suspendUntil = () => Math.floor(Date.now() / 1000) + 365 * 86400;

export function createDeliveryService(deps: DeliveryDeps) {
  const { db, uber, fleet, catalog, orders, events } = deps;
  const readyMachines = createReadiness(fleet, orders);
  const bindings = createBindings({ db, secrets: deps.secrets });
  const { receiveOrder, workClaims, workOrder } = createOrderWork({
    db,
    uber,
    fleet,
    orders,
    events,
    bindings,
    readyMachines,
    takeoutItems: (tx, store) => takeoutItems(tx, store),
  });

  async function credentials(tx: Db, merchantId: string): Promise<UberCredentials | null> {
    const [a] = await rows<{ clientId: string; secret: string | null }>(
      tx,
      sql`select client_id as "clientId", client_secret as secret from delivery_account where merchant_id = ${merchantId}`,
    );
    if (!a?.secret) return null;
    return { clientId: a.clientId, clientSecret: deps.secrets.open(a.secret) };
  }

  async function boundStores(tx: Db, where: ReturnType<typeof sql>): Promise<BoundStore[]> {
    return rows<BoundStore>(
      tx,
      sql`select d.id::text, d.merchant_id::text as "merchantId", d.store_id::text as "storeId", s.name as "storeName",
                 s.is_open as "storeOpen", d.uber_store_id as "uberStoreId", d.paused,
                 d.suspended_items as "suspendedItems"
          from delivery_store d join store s on s.id = d.store_id where ${where}`,
    );
  }

  /**
   * The takeout products the store sells, at their delivery price: the takeout row's, else the
   * product's own delivery price, else the store's price.
   */
  async function takeoutItems(
    tx: Db,
    store: Pick<BoundStore, 'merchantId' | 'storeId'>,
  ): Promise<TakeoutItem[]> {
    const sales = await catalog.storeSales(tx, [store.storeId]);
    const takeout = await rows<{ productId: string; price: string | null; description: string | null }>(
      tx,
      sql`select product_id::text as "productId", delivery_price::text as price, description
          from delivery_product where merchant_id = ${store.merchantId} and enabled order by sort_order, id`,
    );
    const byProduct = new Map(takeout.map((t) => [t.productId, t]));
    return sales
      .filter((s) => byProduct.has(s.productId))
      .map((s) => ({
        productId: s.productId,
        code: s.code,
        name: s.name,
        names: s.names,
        price: byProduct.get(s.productId)!.price ?? s.deliveryPrice ?? s.price,
        description: byProduct.get(s.productId)!.description,
      }));
  }

  type Change = {
    action: string;
    itemId?: string | null;
    cause: DeliveryListingCause;
    error?: string | null;
  };

  /** Log what the server did on Uber by itself, and why (one statement for several). */
  async function logChange(tx: Db, store: BoundStore, ...changes: Change[]) {
    await tx.execute(sql`insert into delivery_listing_change (merchant_id, store_id, action, item_id, cause, outcome, error)
      select ${store.merchantId}, ${store.storeId}, x.action, x.item_id, x.cause, x.outcome, x.error
      from jsonb_to_recordset(${JSON.stringify(
        changes.map((c) => ({
          action: c.action,
          item_id: c.itemId ?? null,
          cause: c.cause,
          outcome: c.error ? 'failed' : 'done',
          error: c.error ?? null,
        })),
      )}::jsonb) as x(action text, item_id text, cause text, outcome text, error text)`);
  }

  /** The upload of each store under way in this process (the sync job runs once across processes). */
  const syncing = new Map<string, Promise<{ items: number }>>();

  /**
   * Upload the store's whole menu (PUT). A malformed item fails before anything is sent (naming the
   * product); Uber's retryable failures are tried again quickly here, then later by the sync job
   * with a growing delay. The outcome is the store's sync state.
   */
  async function syncStore(id: string, cause: DeliveryListingCause): Promise<{ items: number }> {
    // One upload of a store at a time, each built after the one before ended: a menu built earlier
    // (a change's sync) must never reach Uber after one built later (the Sync button) and undo it.
    const before = syncing.get(id) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(() => uploadStore(id, cause));
    syncing.set(id, run);
    try {
      return await run;
    } finally {
      if (syncing.get(id) === run) syncing.delete(id);
    }
  }

  async function uploadStore(id: string, cause: DeliveryListingCause): Promise<{ items: number }> {
    const prepared = await system(db, async (tx) => {
      const [store] = await boundStores(tx, sql`d.id = ${id}`);
      if (!store?.uberStoreId) return null;
      const items = await takeoutItems(tx, store);
      const ready = await readyMachines(tx, store.storeId);
      return { store, creds: await credentials(tx, store.merchantId), items, ready };
    });
    if (!prepared) return { items: 0 };
    const { store, creds, items, ready } = prepared;
    // The items no machine can make go up suspended with the menu, rather than one call each after
    // it. None while no machine takes orders: the store is paused then, and its items keep their
    // state (as the listing pass does it).
    const suspended = ready.length
      ? items.filter((i) => !ready.some((r) => r.makes.has(i.code))).map((i) => itemIdOf(i.code))
      : [];
    try {
      if (!creds) throw new UberError('No Uber Eats client id and secret for this merchant', null, false);
      const menu = buildUberMenu(
        { id: store.storeId, name: store.storeName },
        items,
        runningProducts(ready.map((r) => r.menu)),
        {
          itemIds: new Set(suspended),
          until: suspendUntil(),
          reason: DELIVERY_CAUSE_TEXT['no-machine-makes-it'],
        },
      );
      await withRetries(() => uber.call(creds, 'PUT', `/v2/eats/stores/${store.uberStoreId}/menus`, menu));
      await system(db, async (tx) => {
        // The new menu replaced the store's items whole: suspended now is what it carried suspended,
        // logged as the listing logs it, and items it lists again after a suspension are restored.
        const listed = new Set(items.map((i) => itemIdOf(i.code)));
        const now = new Set(suspended);
        await logChange(
          tx,
          store,
          { action: 'sync-menu', cause },
          ...suspended.map((itemId) => ({
            action: 'suspend-item',
            itemId,
            cause: 'no-machine-makes-it' as const,
          })),
          ...store.suspendedItems
            .filter((itemId) => listed.has(itemId) && !now.has(itemId))
            .map((itemId) => ({ action: 'restore-item', itemId, cause: 'a-machine-makes-it' as const })),
        );
        // The listing looks again (what the machines did since they were read): only what changed
        // since is told to Uber, item by item.
        await tx.execute(sql`update delivery_store set sync_state = 'synced', last_error = null, last_sync_at = now(),
                               sync_due_at = null, sync_attempts = 0, suspended_items = ${JSON.stringify(suspended)}::jsonb,
                               listing_due = true, updated_at = now() where id = ${id}`);
      });
      return { items: items.length };
    } catch (error) {
      // Kept as text (English): what a refused item or Uber's own answer said.
      const message = (
        error instanceof AppError ? translate(error.key, 'en', error.params) : (error as Error).message
      ).slice(0, 2000);
      const retryable = error instanceof UberError && error.retryable;
      await system(db, async (tx) => {
        await tx.execute(sql`update delivery_store set sync_state = 'failed', last_error = ${message},
                               sync_attempts = sync_attempts + 1,
                               sync_due_at = case when ${retryable} and sync_attempts + 1 < ${SYNC_ATTEMPTS}
                                 then now() + make_interval(secs => ${syncDelay(1)} * power(2, sync_attempts)) else null end,
                               updated_at = now() where id = ${id}`);
        await logChange(tx, store, { action: 'sync-menu', cause, error: message });
      });
      throw error;
    }
  }

  /** Uploads that are due (a change, a retry whose time came): the sync job's work. */
  async function syncDue(): Promise<void> {
    const due = await system(db, (tx) =>
      rows<{ id: string }>(
        tx,
        sql`select id::text from delivery_store
            where binding = 'bound' and sync_due_at is not null and sync_due_at <= now() order by sync_due_at limit 50`,
      ),
    );
    let failure: unknown = null;
    for (const s of due) await syncStore(s.id, 'menu-changed').catch((e) => (failure = e));
    if (failure) throw failure;
  }

  /** The menu of these stores' (or this merchant's) bound stores changed: upload it soon. */
  async function menuChanged(tx: Db, where: { merchantId?: string; storeIds?: string[] }) {
    await tx.execute(sql`update delivery_store set sync_due_at = now(), sync_attempts = 0, sync_state = 'pending',
                           updated_at = now()
                         where binding = 'bound' and (merchant_id = ${where.merchantId ?? null}
                           or store_id = any(${`{${(where.storeIds ?? []).join(',')}}`}::bigint[]))`);
  }

  /** Orders Uber still waits an answer for (the order job's work, and what a lost worker left). */
  async function workDue(): Promise<void> {
    const due = await system(db, (tx) =>
      rows<{ id: string }>(
        tx,
        sql`select id::text from delivery_order where answered_at is null and state <> 'cancelled'
              and (claimed_at is null or claimed_at < now() - interval '60 seconds')
              -- Back-off per order: 2, 4, 8 … seconds after its last try, at most a minute.
              and (attempts = 0 or updated_at < now() - make_interval(secs => least(60, power(2, attempts))))
            order by created_at limit 100`,
      ),
    );
    let failure: unknown = null;
    for (const o of due) await workOrder(o.id).catch((e) => (failure = e));
    await tellCancellations().catch((e) => (failure ??= e));
    if (failure) throw failure;
  }

  /**
   * Orders Uber was told we accept but that were not made (their machine rejected them, or staff
   * cancelled them): Uber is told with its cancel call, after the accept, until it took it. A 404
   * means Uber holds the order final already (its own cancellation crossed ours): nothing to tell.
   */
  async function tellCancellations(): Promise<void> {
    const due = await system(db, (tx) =>
      rows<{ id: string; uberOrderId: string; storeId: string; body: UberCancelBody }>(
        tx,
        sql`select id::text, uber_order_id as "uberOrderId", store_id::text as "storeId", cancel_body as body
            from delivery_order
            where state = 'failed' and cancel_sent_at is null and answered_at is not null
              and (attempts = 0 or updated_at < now() - make_interval(secs => least(60, power(2, attempts))))
            order by updated_at limit 100`,
      ),
    );
    let failure: unknown = null;
    for (const o of due) {
      try {
        const creds = (await bindings.byStore(o.storeId))?.creds;
        if (!creds) throw new Error('the store is no longer bound to Uber Eats');
        const path = `/v1/eats/orders/${encodeURIComponent(o.uberOrderId)}/cancel`;
        let note: string | null = null;
        await withRetries(() => uber.call(creds, 'POST', path, o.body)).catch((error: unknown) => {
          if (error instanceof UberError && error.status === 404) note = 'Uber holds the order final already';
          else throw error;
        });
        await system(db, (tx) =>
          tx.execute(sql`update delivery_order set cancel_sent_at = now(), last_error = ${note}, updated_at = now()
                         where id = ${o.id}`),
        );
      } catch (error) {
        failure = error;
        await system(db, (tx) =>
          tx.execute(sql`update delivery_order set attempts = attempts + 1, updated_at = now(),
                           last_error = ${(error as Error).message.slice(0, 2000)} where id = ${o.id}`),
        );
      }
    }
    if (failure) throw failure;
  }

  /** Uber cancelled the order: it is cancelled unless its machine has started making it. */
  async function cancelOrder(
    store: Pick<Binding, 'merchantId' | 'storeId' | 'uberStoreId'>,
    uberOrderId: string,
    eventId: string | null,
  ): Promise<void> {
    await system(db, async (tx) => {
      // A cancellation before the notification: the row says so, and the notification does nothing.
      const [o] = await rows<{ orderId: string | null }>(
        tx,
        sql`insert into delivery_order (merchant_id, store_id, uber_order_id, uber_store_id, event_id, state)
            values (${store.merchantId}, ${store.storeId}, ${uberOrderId}, ${store.uberStoreId}, ${eventId}, 'cancelled')
            on conflict (uber_order_id) do update set state = 'cancelled', updated_at = now()
            returning order_id::text as "orderId"`,
      );
      if (o?.orderId) await orders.cancelUnmade(tx, o.orderId, 'Uber Eats cancelled the order', events);
    });
  }

  /**
   * Uber asked for the store's menu again (webhook `store.menu_refresh_request`): the upload is due
   * now (the sync job's to retry, should this process stop) and starts at once, after the answer.
   * Logged as a due upload is (`menu-changed`).
   */
  async function menuRefreshRequested(store: Pick<Binding, 'id' | 'storeId'>): Promise<void> {
    await system(db, (tx) => menuChanged(tx, { storeIds: [store.storeId] }));
    setImmediate(() => void syncStore(store.id, 'menu-changed').catch(() => undefined));
  }

  /**
   * Bring each due store's listing in step with its machines: an item no machine can make is
   * suspended, one that can again is restored; a store none of whose machines takes orders (or that
   * is closed) is paused, and set online again after. Each change is logged with its cause.
   */
  async function followMachines(cause: DeliveryListingCause = 'machines-changed'): Promise<void> {
    const stores = await system(db, async (tx) => {
      // Claimed in one statement: two passes (the job's, another process's) never work one store at once.
      const claimed = await rows<{ id: string }>(
        tx,
        sql`update delivery_store set listing_due = false
            where listing_due and binding = 'bound' and sync_state = 'synced' returning id::text`,
      );
      if (!claimed.length) return [];
      const due = await boundStores(
        tx,
        sql`d.id = any(${`{${claimed.map((c) => c.id).join(',')}}`}::bigint[])`,
      );
      const out = [];
      for (const store of due)
        out.push({
          store,
          creds: await credentials(tx, store.merchantId),
          items: await takeoutItems(tx, store),
          ready: await readyMachines(tx, store.storeId),
        });
      return out;
    });
    let failure: unknown = null;
    for (const { store, creds, items, ready } of stores) {
      if (!creds) continue;
      const shouldPause = !ready.length || !store.storeOpen;
      const why: DeliveryListingCause = !store.storeOpen
        ? 'store-closed'
        : !ready.length
          ? 'no-machine-takes-orders'
          : cause;
      const suspended = new Set(store.suspendedItems);
      const changes: Array<{ action: string; itemId?: string; run: () => Promise<unknown> }> = [];
      if (shouldPause !== store.paused)
        changes.push({
          action: shouldPause ? 'pause-store' : 'resume-store',
          run: () =>
            uber.call(creds, 'POST', `/v1/eats/store/${store.uberStoreId}/status`, {
              status: shouldPause ? 'PAUSED' : 'ONLINE',
              ...(shouldPause ? { reason: DELIVERY_CAUSE_TEXT[why] } : {}),
            }),
        });
      // A paused store lists nothing: its items keep their state until machines take orders again.
      for (const item of ready.length ? items : []) {
        const itemId = itemIdOf(item.code);
        const makeable = ready.some((r) => r.makes.has(item.code));
        if (makeable === !suspended.has(itemId)) continue;
        changes.push({
          action: makeable ? 'restore-item' : 'suspend-item',
          itemId,
          run: () =>
            uber.call(creds, 'POST', `/v2/eats/stores/${store.uberStoreId}/menus/items/${itemId}`, {
              suspension_info: {
                // Suspended until the machines can make it again (a year ahead); restored: no suspension.
                suspension: makeable
                  ? null
                  : { suspend_until: suspendUntil(), reason: DELIVERY_CAUSE_TEXT['no-machine-makes-it'] },
              },
            }),
        });
      }
      for (const change of changes) {
        let error: string | null = null;
        try {
          await withRetries(change.run);
          if (change.action === 'pause-store' || change.action === 'resume-store')
            store.paused = !store.paused;
          else if (change.action === 'suspend-item') suspended.add(change.itemId!);
          else suspended.delete(change.itemId!);
        } catch (e) {
          error = (e as Error).message.slice(0, 2000);
          failure = e;
        }
        await system(db, async (tx) => {
          await logChange(tx, store, {
            action: change.action,
            itemId: change.itemId,
            cause: change.itemId
              ? change.action === 'suspend-item'
                ? 'no-machine-makes-it'
                : 'a-machine-makes-it'
              : change.action === 'resume-store'
                ? 'a-machine-takes-orders'
                : why,
            error,
          });
          await tx.execute(sql`update delivery_store set paused = ${store.paused},
                                 suspended_items = ${JSON.stringify([...suspended])}::jsonb,
                                 listing_due = listing_due or ${!!error}, updated_at = now()
                               where id = ${store.id}`);
        });
      }
    }
    if (failure) throw failure;
  }

  /**
   * The bound store of an Uber store id (the webhook's `meta.user_id`) and its merchant's secret, as
   * this process keeps them (bindings.ts); `fresh` reads them again (a signature the kept secret
   * does not match may be signed with a secret changed since).
   */
  const storeOfUber = (uberStoreId: string, fresh = false) => bindings.byUber(uberStoreId, fresh);

  return {
    syncStore,
    syncDue,
    menuChanged,
    receiveOrder,
    workClaims,
    workOrder,
    workDue,
    tellCancellations,
    cancelOrder,
    menuRefreshRequested,
    followMachines,
    storeOfUber,
    /** A binding or an Uber account changed (this process or another): read them again. */
    forgetBindings: () => bindings.forget(),
    uber,
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
