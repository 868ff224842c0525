/**
 * The orders module's service: what other modules (members, and the coming data center and
 * delivery platform) may ask of orders without naming orders' tables. Members read an order's
 * member, payment and lines to pay, earn, give back and compensate; they record a compensation on
 * the order through `recordCompensation` (once per line), and money given back when it ended unmade
 * through `recordGivenBack`.
 */
import { sql } from 'drizzle-orm';
import type { OrderStatus, PaymentMethod } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import type { AppOrders } from './app-orders.ts';
import { revenueDays } from './business-reports.ts';
import { recordGivenBack } from './given-back.ts';

export interface OrderLineSummary {
  seq: number;
  /** The machine's line number (cups name it). */
  line: number;
  kind: 'product' | 'extra';
  productTypeId: string | null;
  quantity: number;
  /** What the line costs the customer (after its share of the discount, tax included). */
  gross: string;
  refunded: string;
}

export interface OrderSummary {
  orderId: string;
  merchantId: string | null;
  storeId: string | null;
  deviceId: string | null;
  orderNo: string;
  source: string;
  status: OrderStatus;
  memberNo: string | null;
  paymentMethod: PaymentMethod;
  actualPayment: string;
  refunded: string;
  orderedAt: string;
  lines: OrderLineSummary[];
}

export interface Compensation {
  orderId: string;
  seq: number;
  kind: 'coupon' | 'wallet';
  /** The money given back (kind wallet). */
  amount?: string | null;
  /** The coupon given, as it was named then (kind coupon). */
  couponName?: string | null;
  /** The bad cup's event id. */
  eventId?: string | null;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;

async function summaries(tx: Db, where: ReturnType<typeof sql>): Promise<OrderSummary[]> {
  return rows<OrderSummary>(
    tx,
    sql`select o.id::text as "orderId", o.merchant_id::text as "merchantId", o.store_id::text as "storeId",
               o.device_id::text as "deviceId", o.order_no as "orderNo", o.source, o.status,
               o.member_no as "memberNo", o.payment_method as "paymentMethod",
               o.actual_payment::text as "actualPayment", o.refunded::text as refunded,
               to_char(o.ordered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "orderedAt",
               coalesce((select json_agg(json_build_object('seq', l.seq, 'line', l.line, 'kind', l.kind,
                          'productTypeId', l.product_type_id::text, 'quantity', l.quantity,
                          'gross', l.gross::text, 'refunded', l.refunded::text) order by l.seq)
                         from sales_order_line l where l.order_id = o.id), '[]') as lines
        from sales_order o where ${where}`,
  );
}

export function createOrderService(app: AppOrders) {
  return {
    /** Orders of the ordering app (app-orders.ts): place one, mark it paid, a member's own. */
    placeAppOrder: app.placeAppOrder,
    markPaid: app.markPaid,
    cancelUnmade: app.cancelUnmade,
    memberOrders: app.memberOrders,
    currencyAt: app.currencyAt,
    /** Revenue today and on the same weekday last week, per currency (the home page). */
    revenueDays,
    /** Money given back when the order ended unmade (a wallet paid back), recorded as its refund. */
    recordGivenBack,
    /** Orders by id (those the transaction's scope sees). */
    byIds(tx: Db, orderIds: readonly string[]): Promise<OrderSummary[]> {
      if (!orderIds.length) return Promise.resolve([]);
      return summaries(tx, sql`o.id = any(${`{${orderIds.join(',')}}`}::bigint[])`);
    },
    /**
     * Per machine, the orders placed on it that it has not made yet (paid or being made, ordered
     * within the last day: an older one that never ended is not work still ahead of it). Machines
     * with none are absent.
     */
    async queues(tx: Db, deviceIds: readonly string[]): Promise<Map<string, number>> {
      if (!deviceIds.length) return new Map();
      const found = await rows<{ deviceId: string; n: number }>(
        tx,
        sql`select device_id::text as "deviceId", count(*)::int as n from sales_order
            where device_id = any(${`{${deviceIds.join(',')}}`}::bigint[]) and status in ('paid', 'processing')
              and ordered_at > now() - interval '1 day'
            group by device_id`,
      );
      return new Map(found.map((q) => [q.deviceId, q.n]));
    },
    /** Orders by machine and order number (what a cup names). */
    byMachineOrder(
      tx: Db,
      refs: ReadonlyArray<{ deviceId: string; orderNo: string }>,
    ): Promise<OrderSummary[]> {
      if (!refs.length) return Promise.resolve([]);
      return summaries(
        tx,
        sql`(o.device_id, o.order_no) in (select device_id, order_no
              from json_to_recordset(${json(refs.map((r) => ({ device_id: r.deviceId, order_no: r.orderNo })))})
              as x(device_id bigint, order_no text))`,
      );
    },
    /**
     * Flag orders a machine took as paid from a member's wallet that no wallet paid (the members
     * module could not debit it): check `unpaid` with a note naming the member number, so that the
     * Order List shows the money owed instead of counting it as received.
     */
    async flagUnpaid(
      tx: Db,
      unpaid: ReadonlyArray<{ orderId: string; memberNo: string | null }>,
    ): Promise<void> {
      if (!unpaid.length) return;
      await tx.execute(sql`
        update sales_order o set price_check = 'unpaid', updated_at = now(),
               check_notes = o.check_notes || jsonb_build_array(jsonb_build_object(
                 'line', null, 'key', 'order.check.walletUnpaid', 'params', jsonb_build_object('memberNo', coalesce(x.member_no, ''))))
        from json_to_recordset(${json(unpaid.map((u) => ({ id: u.orderId, member_no: u.memberNo })))})
             as x(id bigint, member_no text)
        where o.id = x.id`);
    },
    /**
     * Record on an order that a line's bad cup was made good. Once per line: answers false (and
     * writes nothing) when the line was compensated already.
     */
    async recordCompensation(tx: Db, c: Compensation): Promise<boolean> {
      const inserted = await rows(
        tx,
        sql`insert into sales_order_compensation (merchant_id, store_id, order_id, seq, kind, amount, coupon_name, event_id)
            select merchant_id, store_id, id, ${c.seq}, ${c.kind}, ${c.amount ?? null}::numeric, ${c.couponName ?? null},
                   ${c.eventId ?? null}
            from sales_order where id = ${c.orderId}
            on conflict (order_id, seq) do nothing returning id`,
      );
      return inserted.length > 0;
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
