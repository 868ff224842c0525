/**
 * An order's life, applied (contracts order-status.ts). Every report of a status — a machine's event
 * or a console action — is a step row, stored once by its event id. Steps not yet decided
 * (`pending`: heard before their order, or ahead of a report still on its way) are settled here, in
 * the order they happened: a step along an arrow moves the order; one the order has passed is
 * `stale` (kept, nothing changes); one no path leads to is `refused`; one further on stays pending
 * and is tried again after the next move. So a repeated or late report never moves an order back.
 */
import { sql } from 'drizzle-orm';
import {
  orderStatusOutcome,
  type OrderCause,
  type OrderStatus,
  type OrderStatusChanged,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';

interface OrderNow {
  id: string;
  device_id: string | null;
  merchant_id: string | null;
  store_id: string | null;
  order_no: string;
  status: OrderStatus;
}

interface PendingStep {
  id: string;
  device_id: string;
  order_no: string;
  status: OrderStatus;
  cause: OrderCause;
  received: string | null;
  at: string;
}

// Rows travel as one json parameter: json_to_recordset reads its text directly, about a third cheaper
// than first building the binary jsonb a batch of thousands of rows would be thrown away after.
const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;

/**
 * A machine's status report not stored yet (an `order-status` event): settleSteps stores it with its
 * outcome already decided, in one insert — not stored as pending and then updated, which would
 * write every step twice (and through the pending index) on the busiest path of the gateway.
 */
export interface FreshStep {
  merchantId: string | null;
  storeId: string | null;
  deviceId: string;
  orderNo: string;
  eventId: string;
  status: OrderStatus;
  reason: string | null;
  received: string | null;
  at: string;
}

/** A step to decide: one stored as pending (its id), or a fresh one (its index in `fresh`). */
type Step = {
  cause: OrderCause;
  status: OrderStatus;
  received: string | null;
  at: string;
  sortAt: string;
} & ({ id: string; fresh?: undefined } | { id?: undefined; fresh: number });

/** Times sort as text once they have the same precision (to_char gives µs, toISOString ms). */
const sortable = (at: string) => at.replace(/(\.\d{3})Z$/, '$1000Z');

/**
 * Settle the pending steps of these machines' orders (by device and order number), and store the
 * `fresh` reports with theirs (a report already stored, by device and event id, is left out). Only
 * orders with something to decide are locked: an order just placed, with no report ahead of it,
 * costs one look at the pending index. Returns the moves made, for the `orders.orderStatusChanged`
 * event, and how many fresh reports were stored.
 */
export async function settleSteps(
  tx: Db,
  keys: ReadonlyArray<{ deviceId: string; orderNo: string }>,
  fresh: readonly FreshStep[] = [],
): Promise<{ changes: OrderStatusChanged[]; stored: number }> {
  const none = { changes: [], stored: 0 };
  // Fresh reports not stored before (resent, or twice in this batch): each is stored once.
  const incoming: FreshStep[] = [];
  if (fresh.length) {
    const known = await rows<{ k: string }>(
      tx,
      sql`select s.device_id::text || '/' || s.event_id as k
          from sales_order_step s join json_to_recordset(${json(fresh.map((f) => ({ d: f.deviceId, e: f.eventId })))})
            as k(d bigint, e text) on s.device_id = k.d and s.event_id = k.e`,
    );
    const seen = new Set(known.map((r) => r.k));
    for (const f of fresh) {
      const key = `${f.deviceId}/${f.eventId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      incoming.push(f);
    }
  }
  const wanted = new Map<string, { d: string; n: string }>();
  for (const f of incoming) wanted.set(`${f.deviceId}/${f.orderNo}`, { d: f.deviceId, n: f.orderNo });
  if (keys.length) {
    // Orders with a report waiting: usually none (their reports come after them).
    const waiting = await rows<{ d: string; n: string }>(
      tx,
      sql`select distinct s.device_id::text as d, s.order_no as n
          from sales_order_step s join json_to_recordset(${json(keys.map((k) => ({ d: k.deviceId, n: k.orderNo })))})
            as k(d bigint, n text) on s.device_id = k.d and s.order_no = k.n
          where s.outcome = 'pending'`,
    );
    for (const w of waiting) wanted.set(`${w.d}/${w.n}`, w);
  }
  if (!wanted.size) return none;
  const pairs = json([...wanted.values()]);
  const orders = await rows<OrderNow>(
    tx,
    sql`select o.id::text, o.device_id::text, o.merchant_id::text, o.store_id::text, o.order_no, o.status
        from sales_order o join json_to_recordset(${pairs}) as k(d bigint, n text)
          on o.device_id = k.d and o.order_no = k.n
        order by o.id
        for update of o`,
  );
  // Read once the orders are locked: what another transaction settled meanwhile is not pending.
  const steps = orders.length
    ? await rows<PendingStep>(
        tx,
        sql`select s.id::text, s.device_id::text, s.order_no, s.status, s.cause, s.received::text,
                   to_char(s.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
            from sales_order_step s join json_to_recordset(${pairs}) as k(d bigint, n text)
              on s.device_id = k.d and s.order_no = k.n
            where s.outcome = 'pending'
            order by s.at, s.id`,
      )
    : [];
  const byOrder = new Map<string, Step[]>();
  const add = (key: string, step: Step) => {
    const list = byOrder.get(key) ?? [];
    list.push(step);
    byOrder.set(key, list);
  };
  for (const s of steps)
    add(`${s.device_id}/${s.order_no}`, {
      id: s.id,
      cause: s.cause,
      status: s.status,
      received: s.received,
      at: s.at,
      sortAt: s.at,
    });
  incoming.forEach((f, i) =>
    add(`${f.deviceId}/${f.orderNo}`, {
      fresh: i,
      cause: 'machine',
      status: f.status,
      received: f.received,
      at: f.at,
      sortAt: sortable(f.at),
    }),
  );
  // In the order they happened; at the same time, stored ones first (by id), then fresh ones as sent.
  for (const list of byOrder.values())
    list.sort(
      (a, b) =>
        (a.sortAt < b.sortAt ? -1 : a.sortAt > b.sortAt ? 1 : 0) ||
        (a.id !== undefined && b.id !== undefined
          ? a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
          : a.id !== undefined
            ? -1
            : b.id !== undefined
              ? 1
              : a.fresh! - b.fresh!),
    );
  const decided: Array<{ id: string; order_id: string; outcome: string }> = [];
  // A fresh report's outcome and order; one whose order is not here yet waits, pending.
  const freshOutcome: Array<{ orderId: string | null; outcome: string }> = incoming.map(() => ({
    orderId: null,
    outcome: 'pending',
  }));
  const decide = (step: Step, orderId: string, outcome: string) => {
    if (step.id !== undefined) decided.push({ id: step.id, order_id: orderId, outcome });
    else freshOutcome[step.fresh] = { orderId, outcome };
  };
  const moved: Array<{ id: string; status: string; at: string; received: string | null }> = [];
  const changes: OrderStatusChanged[] = [];
  for (const order of orders) {
    const pending = byOrder.get(`${order.device_id}/${order.order_no}`) ?? [];
    let current = order.status;
    let received: string | null = null;
    let lastAt: string | null = null;
    const open = new Set(pending);
    for (let progress = true; progress && open.size;) {
      progress = false;
      for (const step of pending) {
        if (!open.has(step)) continue;
        const outcome = orderStatusOutcome(current, step.status);
        if (outcome === 'ahead') continue;
        open.delete(step);
        decide(step, order.id, outcome === 'move' ? 'moved' : outcome);
        if (outcome !== 'move') continue;
        changes.push({
          orderId: order.id,
          deviceId: order.device_id,
          merchantId: order.merchant_id,
          storeId: order.store_id,
          from: current,
          to: step.status,
          cause: step.cause,
          at: step.at,
        });
        current = step.status;
        received = step.received ?? received;
        lastAt = step.at;
        progress = true;
      }
    }
    // Still ahead: attached to their order, waiting for the report that leads to them.
    for (const step of open) decide(step, order.id, 'pending');
    if (current !== order.status) moved.push({ id: order.id, status: current, at: lastAt!, received });
  }
  let stored = 0;
  if (incoming.length) {
    const inserted = await rows<{ id: string }>(
      tx,
      sql`insert into sales_order_step (merchant_id, store_id, device_id, order_id, order_no, event_id, status, outcome,
            cause, reason, received, at)
          select merchant_id, store_id, device_id, order_id, order_no, event_id, status, outcome, 'machine', reason,
                 received, at
          from json_to_recordset(${json(
            incoming.map((f, i) => ({
              merchant_id: f.merchantId,
              store_id: f.storeId,
              device_id: f.deviceId,
              order_id: freshOutcome[i].orderId,
              order_no: f.orderNo,
              event_id: f.eventId,
              status: f.status,
              outcome: freshOutcome[i].outcome,
              reason: f.reason,
              received: f.received,
              at: f.at,
            })),
          )}) as x(merchant_id bigint, store_id bigint, device_id bigint, order_id bigint, order_no text, event_id text,
            status text, outcome text, reason text, received numeric, at timestamptz)
          on conflict (device_id, event_id) do nothing
          returning id::text`,
    );
    stored = inserted.length;
  }
  if (decided.length)
    await tx.execute(sql`
      update sales_order_step s set outcome = x.outcome, order_id = x.order_id
      from json_to_recordset(${json(decided)}) as x(id bigint, order_id bigint, outcome text)
      where s.id = x.id`);
  if (moved.length)
    await tx.execute(sql`
      update sales_order o set status = x.status, status_at = x.at,
             actual_received = coalesce(x.received, o.actual_received), updated_at = now()
      from json_to_recordset(${json(moved)}) as x(id bigint, status text, at timestamptz, received numeric)
      where o.id = x.id`);
  return { changes, stored };
}
