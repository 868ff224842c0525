/**
 * An order's member: the member whose number the order carries (`memberNo`, what the machine read
 * from the member's code, or the app's own), among the members of the order's merchant and of the
 * merchants above it (a chain's members are known in every store below). One query per batch.
 */
import { sql } from 'drizzle-orm';
import { toCents } from '@brewfleet/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { idArray } from '../chains.ts';
import type { OrderSummary } from '../../orders/index.ts';

export interface OrderMember {
  orderId: string;
  memberId: string;
  merchantId: string;
  status: string;
}

/** Members by order id (orders without a member, or with an unknown number, are left out). */
export async function membersOfOrders(
  tx: Db,
  orders: readonly OrderSummary[],
): Promise<Map<string, OrderMember>> {
  const wanted = orders
    .filter((o) => o.memberNo && o.merchantId)
    .map((o) => ({ order_id: o.orderId, merchant_id: o.merchantId, member_no: o.memberNo }));
  if (!wanted.length) return new Map();
  const found = await rows<OrderMember>(
    tx,
    sql`with recursive wanted as (
          select * from json_to_recordset(${JSON.stringify(wanted)}::json) as x(order_id bigint, merchant_id bigint, member_no text)
        ), up(order_id, id, parent_id, depth) as (
          select w.order_id, m.id, m.parent_id, 0 from wanted w join merchant m on m.id = w.merchant_id
          union all
          select up.order_id, m.id, m.parent_id, up.depth + 1 from merchant m join up on m.id = up.parent_id
          where up.depth < 32
        )
        select w.order_id::text as "orderId", mb.id::text as "memberId", mb.merchant_id::text as "merchantId", mb.status
        from wanted w join member mb on mb.member_no = w.member_no
        where exists (select 1 from up where up.order_id = w.order_id and up.id = mb.merchant_id)`,
  );
  return new Map(found.map((m) => [m.orderId, m]));
}

/** What the wallet paid for each order, net of what it got back already (cents). */
export async function walletPaid(tx: Db, orderIds: readonly string[]): Promise<Map<string, bigint>> {
  const found = await rows<{ orderId: string; paid: string }>(
    tx,
    sql`select order_id::text as "orderId", (-sum(amount))::text as paid from member_wallet_entry
        where order_id = any(${idArray(orderIds)}::bigint[]) and kind in ('payment', 'refund')
        group by order_id`,
  );
  return new Map(found.map((r) => [r.orderId, toCents(r.paid)]));
}

/**
 * Orders whose money was taken: a status past payment, and for a wallet order a payment in the
 * ledger (a machine's wallet order the balance did not cover earns nothing and is owed nothing).
 */
export async function paidOrders(tx: Db, orders: readonly OrderSummary[]): Promise<OrderSummary[]> {
  const past = orders.filter((o) => PAID.has(o.status));
  const wallet = past.filter((o) => o.paymentMethod === 'wallet');
  if (!wallet.length) return past;
  const paid = await walletPaid(
    tx,
    wallet.map((o) => o.orderId),
  );
  return past.filter((o) => o.paymentMethod !== 'wallet' || (paid.get(o.orderId) ?? 0n) > 0n);
}
const PAID = new Set(['paid', 'processing', 'completed']);
