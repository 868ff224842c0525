/**
 * Uber's orders, from the webhook's row to Uber's answer, in as few transactions as a burst allows:
 *
 * - the webhooks of one turn of the event loop are recorded by one insert (a row per Uber order id,
 *   claimed at once by this process; a webhook delivered twice makes one row and one claim);
 * - the order workers (order-queue.ts) take the claims waiting, several at a time: each order is
 *   fetched from Uber, then all are decided in one transaction (the store's machines read once: each
 *   order placed at a machine that can make it, paid and its command queued, or denied), Uber is
 *   told each answer at once, and one statement records that it was told.
 *
 * An order's lines are priced as the store's Uber menu sells them (the eater paid that), and what
 * Uber says it charged for each is kept beside: a difference is flagged on the order.
 *
 * A decision is kept on its row before Uber hears it, so a failure anywhere leaves the row to the
 * next try (the order job) with its decision. Should one order make the shared transaction fail,
 * each order of the group is decided again on its own, so that only that one waits for the job.
 */
import { sql } from 'drizzle-orm';
import {
  formatCents,
  uberOrder,
  type AppOrderCommandParams,
  type MenuContent,
  type UberDenyBody,
  type UberOrder,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import type { Publisher } from '../../platform/events/domain-events.ts';
import type { FleetService } from '../fleet/service.ts';
import type { OrderService } from '../orders/service.ts';
import { withRetries, type UberClient, type UberCredentials } from './uber-client.ts';
import { itemIdOf, runningProducts, uberUnitCents, type TakeoutItem } from './uber-menu.ts';
import type { Binding, Bindings } from './bindings.ts';
import type { ReadyMachine, ReadyMachines } from './machines.ts';

/** What Uber is to be told of an order: kept on its row once decided. */
export interface Decision {
  answer: 'accept' | 'deny' | null;
  denyBody: UberDenyBody | null;
  state: string;
}

/** An order row claimed by a worker: `attempts` tells this claim from a later one. */
export interface Claim extends Decision {
  id: string;
  uberOrderId: string;
  storeId: string;
  attempts: number;
}

const CLAIM_COLUMNS =
  sql.raw(`id::text, uber_order_id as "uberOrderId", store_id::text as "storeId", attempts,
  answer, deny_body as "denyBody", state`);

/** Webhooks recorded by one insert at most (a larger burst takes several). */
const RECEIVE_BATCH = 200;

const system = <T>(db: Db, fn: (tx: Db) => Promise<T>) => inScope(db, SYSTEM, fn);
const message = (error: unknown) => (error as Error).message.slice(0, 2000);

interface Line {
  code: string;
  quantity: number;
  options: string[];
  /** What Uber charged for one of it with its options (decimal), when its order says. */
  charged: string | null;
}

/** What a store's Uber menu sells, as it was built for the upload: its items and their options. */
interface StoreMenu {
  items: Map<string, TakeoutItem>;
  running: Map<string, MenuContent['products'][number]>;
}

/** An order of a group being worked: its claim, then what was learnt of it. */
interface Work {
  claim: Claim;
  merchantId?: string;
  creds?: UberCredentials;
  lines?: Line[];
  order?: UberOrder;
  decided?: Decision | null;
  error?: unknown;
}

export interface OrderWorkDeps {
  db: Db;
  uber: UberClient;
  fleet: FleetService;
  orders: OrderService;
  events: Publisher;
  bindings: Bindings;
  readyMachines: ReadyMachines;
  /** The takeout products a store sells at their delivery price (what its Uber menu lists). */
  takeoutItems: (tx: Db, store: { merchantId: string; storeId: string }) => Promise<TakeoutItem[]>;
}

export function createOrderWork(deps: OrderWorkDeps) {
  const { db, uber, fleet, orders, events, bindings, readyMachines, takeoutItems } = deps;

  type Arrival = {
    store: Pick<Binding, 'merchantId' | 'storeId' | 'uberStoreId'>;
    uberOrderId: string;
    /** Uber's `event_id` (null when the webhook named none). */
    eventId: string | null;
    done: (claim: Claim | null, error?: unknown) => void;
  };
  const arriving: Arrival[] = [];
  let inserting = false;

  /** One insert for the webhooks waiting; the next group goes once it committed. */
  async function insertArrivals(): Promise<void> {
    inserting = true;
    while (arriving.length) {
      const group = arriving.splice(0, RECEIVE_BATCH);
      // One row per Uber order id: the first webhook of a pair delivered twice gets the claim.
      const first = new Map<string, Arrival>();
      for (const a of group) if (!first.has(a.uberOrderId)) first.set(a.uberOrderId, a);
      try {
        const inserted = await system(db, (tx) =>
          rows<Claim>(
            tx,
            sql`insert into delivery_order (merchant_id, store_id, uber_order_id, uber_store_id, event_id, claimed_at, attempts)
                select x.merchant_id, x.store_id, x.uber_order_id, x.uber_store_id, x.event_id, now(), 1
                from jsonb_to_recordset(${JSON.stringify(
                  [...first.values()].map((a) => ({
                    merchant_id: a.store.merchantId,
                    store_id: a.store.storeId,
                    uber_order_id: a.uberOrderId,
                    uber_store_id: a.store.uberStoreId,
                    event_id: a.eventId,
                  })),
                )}::jsonb) as x(merchant_id bigint, store_id bigint, uber_order_id text, uber_store_id text, event_id text)
                on conflict (uber_order_id) do nothing
                returning ${CLAIM_COLUMNS}`,
          ),
        );
        const claims = new Map(inserted.map((c) => [c.uberOrderId, c]));
        for (const a of group)
          a.done(first.get(a.uberOrderId) === a ? (claims.get(a.uberOrderId) ?? null) : null);
      } catch (error) {
        for (const a of group) a.done(null, error);
      }
    }
    inserting = false;
  }

  /**
   * Record an order notification, claimed at once by this process (answers null when the row
   * exists already: a webhook delivered twice). Its work follows the webhook's answer (`workClaims`);
   * the order job leaves the row alone unless that work stops for a minute.
   */
  function receiveOrder(
    store: Arrival['store'],
    uberOrderId: string,
    eventId: string | null,
  ): Promise<Claim | null> {
    return new Promise((resolve, reject) => {
      arriving.push({
        store,
        uberOrderId,
        eventId,
        done: (claim, error) => (error ? reject(error as Error) : resolve(claim)),
      });
      // The webhooks of this turn (a burst arrives together) join one insert.
      if (!inserting && arriving.length === 1) setImmediate(() => void insertArrivals());
    });
  }

  /** Claim a row left unanswered (the order job's way in): null when it is answered, cancelled or held. */
  async function claim(id: string): Promise<Claim | null> {
    const [claimed] = await system(db, (tx) =>
      rows<Claim>(
        tx,
        sql`update delivery_order set claimed_at = now(), attempts = attempts + 1, updated_at = now()
            where id = ${id} and answered_at is null and state <> 'cancelled'
              and (claimed_at is null or claimed_at < now() - interval '60 seconds')
            returning ${CLAIM_COLUMNS}`,
      ),
    );
    return claimed ?? null;
  }

  /** The store's credentials and, unless decided already, the order as Uber has it. */
  async function prepare(w: Work): Promise<void> {
    try {
      const binding = await bindings.byStore(w.claim.storeId);
      if (!binding?.creds) throw new Error('the store is no longer bound to Uber Eats');
      w.creds = binding.creds;
      w.merchantId = binding.merchantId;
      if (w.claim.answer) {
        w.decided = w.claim;
        return;
      }
      const id = encodeURIComponent(w.claim.uberOrderId);
      const creds = binding.creds;
      w.order = uberOrder.parse(await withRetries(() => uber.call(creds, 'GET', `/v2/eats/order/${id}`)));
      w.lines = w.order.cart.items.map((i) => ({
        code: i.external_data ?? i.id.replace(/^p-/, ''),
        quantity: i.quantity,
        options: (i.selected_modifier_groups ?? []).flatMap((g) =>
          (g.selected_items ?? []).flatMap((s) => (s.external_data ? [s.external_data] : [])),
        ),
        // Minor units, as the menu's prices (cents).
        charged: i.price ? formatCents(BigInt(i.price.unit_price.amount)) : null,
      }));
    } catch (error) {
      w.error = error;
    }
  }

  /**
   * Place the order at the machine: placed, paid (Uber pays the merchant), its command queued. Each
   * line at the price the store's Uber menu sells it with its options, what Uber charged beside it.
   */
  async function place(tx: Db, w: Work, { machine, menu }: ReadyMachine, sold: StoreMenu): Promise<string> {
    const lines = w.lines!.map((l) => {
      const product = menu.products.find((p) => p.code === l.code);
      return { ...l, options: l.options.filter((o) => product?.options.some((x) => x.id === o)) };
    });
    const placed = await orders.placeAppOrder(
      tx,
      {
        device: {
          id: machine.id,
          merchantId: machine.merchantId,
          storeId: machine.storeId,
          serialNumber: machine.serialNumber,
        },
        menu,
        memberNo: null,
        orderType: 'pack',
        channel: 'delivery',
        lines: lines.map((l) => ({
          productCode: l.code,
          options: l.options,
          toppings: [],
          quantity: l.quantity,
        })),
        platformPrices: lines.map((l) => {
          const item = sold.items.get(l.code);
          return {
            unitPrice: item
              ? formatCents(BigInt(uberUnitCents(item, sold.running.get(l.code), l.options)))
              : null,
            charged: l.charged,
          };
        }),
      },
      events,
    );
    await orders.markPaid(tx, placed.orderId, events, 'delivery');
    const params: AppOrderCommandParams = {
      orderNo: placed.orderNo,
      pickupCode: placed.pickupCode,
      orderType: 'pack',
      menuVersion: placed.menuVersion,
      lines: placed.lines,
    };
    await fleet.commands.queue(tx, {
      type: 'app-order',
      devices: [{ id: machine.id }],
      params,
      issuedBy: { userId: null, account: `uber ${w.order!.display_id ?? w.claim.uberOrderId}` },
      ref: { kind: 'order', id: placed.orderId },
    });
    return placed.orderId;
  }

  /**
   * Decide these fetched orders in one transaction. Each gets its decision (the one a try before
   * kept, if any), or null when its row is no longer this claim's (answered, or claimed again by
   * the order job after this claim ran out). Answers whether a machine was given an order.
   */
  async function decide(group: Work[]): Promise<boolean> {
    return system(db, async (tx) => {
      const locked = await rows<Decision & { id: string; attempts: number }>(
        tx,
        sql`select id::text, answer, deny_body as "denyBody", state, attempts from delivery_order
            where id = any(${`{${group.map((w) => w.claim.id).join(',')}}`}::bigint[]) and answered_at is null
            order by id for update`,
      );
      const rowOf = new Map(locked.map((r) => [r.id, r]));
      // What the store's machines can make, read once for the group: placing orders changes none of it.
      const readyOf = new Map<string, ReadyMachine[]>();
      // What its Uber menu sells, at which prices: read once for the group too.
      const menuOf = new Map<string, StoreMenu>();
      const kept: Array<Record<string, unknown>> = [];
      const decided = new Map<Work, Decision | null>();
      let placedAny = false;
      for (const w of group) {
        const row = rowOf.get(w.claim.id);
        if (!row || row.attempts !== w.claim.attempts) {
          decided.set(w, null);
          continue;
        }
        if (row.answer || row.state !== 'received') {
          decided.set(w, row);
          continue;
        }
        const storeId = w.claim.storeId;
        if (!readyOf.has(storeId)) readyOf.set(storeId, await readyMachines(tx, storeId));
        const ready = readyOf.get(storeId)!;
        const lines = w.lines!;
        // Of the machines that can make every line, the one with the shortest queue (the first of
        // equals); the orders this group places count towards it.
        let chosen: ReadyMachine | undefined;
        for (const r of ready)
          if (lines.every((l) => r.makes.has(l.code)) && (!chosen || r.queue < chosen.queue)) chosen = r;
        if (!chosen) {
          const body: UberDenyBody = {
            reason: ready.length
              ? {
                  explanation: 'No machine of the store can make these items now',
                  code: 'ITEM_AVAILABILITY',
                  out_of_stock_items: lines
                    .filter((l) => !ready.some((r) => r.makes.has(l.code)))
                    .map((l) => itemIdOf(l.code)),
                }
              : { explanation: 'No machine of the store is taking orders', code: 'STORE_CLOSED' },
          };
          kept.push({ id: w.claim.id, state: 'denied', answer: 'deny', deny_body: body });
          decided.set(w, { answer: 'deny', denyBody: body, state: 'denied' });
          continue;
        }
        if (!menuOf.has(storeId))
          menuOf.set(storeId, {
            items: new Map(
              (await takeoutItems(tx, { merchantId: w.merchantId!, storeId })).map((i) => [i.code, i]),
            ),
            running: runningProducts(ready.map((r) => r.menu)),
          });
        const orderId = await place(tx, w, chosen, menuOf.get(storeId)!);
        chosen.queue++;
        placedAny = true;
        kept.push({
          id: w.claim.id,
          state: 'accepted',
          answer: 'accept',
          order_id: orderId,
          device_id: chosen.machine.id,
        });
        decided.set(w, { answer: 'accept', denyBody: null, state: 'accepted' });
      }
      if (kept.length)
        await tx.execute(sql`update delivery_order d set state = x.state, answer = x.answer, deny_body = x.deny_body,
                               order_id = x.order_id, device_id = x.device_id, updated_at = now()
                             from jsonb_to_recordset(${JSON.stringify(kept)}::jsonb)
                               as x(id bigint, state text, answer text, deny_body jsonb, order_id bigint, device_id bigint)
                             where d.id = x.id`);
      // Set only once the transaction holds all of them: a failed group is decided again order by order.
      for (const [w, d] of decided) w.decided = d;
      return placedAny;
    });
  }

  /** Tell Uber the decision (the accept, or the denial with its reason). */
  async function answer(w: Work): Promise<void> {
    const creds = w.creds!;
    const path = `/v1/eats/orders/${encodeURIComponent(w.claim.uberOrderId)}`;
    const d = w.decided!;
    if (d.answer === 'deny')
      await withRetries(() => uber.call(creds, 'POST', `${path}/deny_pos_order`, d.denyBody));
    else
      await withRetries(() =>
        uber.call(creds, 'POST', `${path}/accept_pos_order`, { reason: 'accepted by the machine' }),
      );
  }

  /**
   * Work these claimed orders until Uber has each answer (see the top of the file). `placedSome` is
   * told when a machine was given an order (its command queued: the caller has fleet send it);
   * throws the first failure once every order's outcome is recorded (the rest were answered).
   */
  async function workClaims(claims: Claim[], placedSome: () => void): Promise<void> {
    const group: Work[] = claims.map((claim) => ({ claim }));
    let placed = false;
    try {
      await Promise.all(group.map(prepare));
      const open = group.filter((w) => !w.error && w.decided === undefined);
      if (open.length)
        try {
          placed = await decide(open);
        } catch (error) {
          if (open.length === 1) open[0].error = error;
          else
            for (const w of open)
              placed = (await decide([w]).catch((e: unknown) => void (w.error = e))) || placed;
        }
      const told = group.filter((w) => !w.error && w.decided && w.decided.state !== 'cancelled');
      await Promise.all(told.map((w) => answer(w).catch((e: unknown) => void (w.error = e))));
      const failed = group.filter((w) => w.error);
      const answered = told.filter((w) => !w.error).map((w) => w.claim.id);
      if (answered.length || failed.length)
        await system(db, async (tx) => {
          if (answered.length)
            await tx.execute(sql`update delivery_order set answered_at = now(), claimed_at = null, last_error = null,
                                   updated_at = now() where id = any(${`{${answered.join(',')}}`}::bigint[])`);
          if (failed.length)
            await tx.execute(sql`update delivery_order d set claimed_at = null, last_error = x.error, updated_at = now()
                                 from jsonb_to_recordset(${JSON.stringify(
                                   failed.map((w) => ({ id: w.claim.id, error: message(w.error) })),
                                 )}::jsonb) as x(id bigint, error text)
                                 where d.id = x.id`);
        });
      if (failed.length) throw failed[0].error;
    } finally {
      if (placed) placedSome();
    }
  }

  /** Work one unanswered order (the order job's way): claimed here first, its command sent at once. */
  async function workOrder(id: string): Promise<void> {
    const claimed = await claim(id);
    if (claimed) await workClaims([claimed], () => fleet.commands.announce());
  }

  return { receiveOrder, workClaims, workOrder };
}
