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

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Settle the pending steps of these machines' orders (by device and order number). Returns the
 * moves made, for the `orders.orderStatusChanged` event.
 */
export async function settleSteps(
  tx: Db,
  keys: ReadonlyArray<{ deviceId: string; orderNo: string }>,
): Promise<OrderStatusChanged[]> {
  if (!keys.length) return [];
  const pairs = json(keys.map((k) => ({ d: k.deviceId, n: k.orderNo })));
  const orders = await rows<OrderNow>(
    tx,
    sql`select o.id::text, o.device_id::text, o.merchant_id::text, o.store_id::text, o.order_no, o.status
        from sales_order o join jsonb_to_recordset(${pairs}) as k(d bigint, n text)
          on o.device_id = k.d and o.order_no = k.n
        for update of o`,
  );
  if (!orders.length) return [];
  const steps = await rows<PendingStep>(
    tx,
    sql`select s.id::text, s.device_id::text, s.order_no, s.status, s.cause, s.received::text,
               to_char(s.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
        from sales_order_step s join jsonb_to_recordset(${pairs}) as k(d bigint, n text)
          on s.device_id = k.d and s.order_no = k.n
        where s.outcome = 'pending'
        order by s.at, s.id`,
  );
  const byOrder = new Map<string, PendingStep[]>();
  for (const s of steps) {
    const key = `${s.device_id}/${s.order_no}`;
    const list = byOrder.get(key) ?? [];
    list.push(s);
    byOrder.set(key, list);
  }
  const decided: Array<{ id: string; order_id: string; outcome: string }> = [];
  const moved: Array<{ id: string; status: string; at: string; received: string | null }> = [];
  const changes: OrderStatusChanged[] = [];
  for (const order of orders) {
    const pending = byOrder.get(`${order.device_id}/${order.order_no}`) ?? [];
    let current = order.status;
    let received: string | null = null;
    let lastAt: string | null = null;
    const open = new Set(pending);
    for (let progress = true; progress && open.size; ) {
      progress = false;
      for (const step of pending) {
        if (!open.has(step)) continue;
        const outcome = orderStatusOutcome(current, step.status);
        if (outcome === 'ahead') continue;
        open.delete(step);
        decided.push({ id: step.id, order_id: order.id, outcome: outcome === 'move' ? 'moved' : outcome });
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
    for (const step of open) decided.push({ id: step.id, order_id: order.id, outcome: 'pending' });
    if (current !== order.status) moved.push({ id: order.id, status: current, at: lastAt!, received });
  }
  if (decided.length)
    await tx.execute(sql`
      update sales_order_step s set outcome = x.outcome, order_id = x.order_id
      from jsonb_to_recordset(${json(decided)}) as x(id bigint, order_id bigint, outcome text)
      where s.id = x.id`);
  if (moved.length)
    await tx.execute(sql`
      update sales_order o set status = x.status, status_at = x.at,
             actual_received = coalesce(x.received, o.actual_received), updated_at = now()
      from jsonb_to_recordset(${json(moved)}) as x(id bigint, status text, at timestamptz, received numeric)
      where o.id = x.id`);
  return changes;
}
