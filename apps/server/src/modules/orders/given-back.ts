/**
 * Money the server gave back by itself, recorded on the order. When an order ends without being
 * made (cancelled, rejected), the members module pays a wallet back what it paid; the order then
 * records it as a refund whose cause is `order-ended` (its reason: the status it ended in), each
 * line's share following what is left on it. So the order's refunded and refundable figures say
 * what happened, and staff are not invited to refund money the customer already has back.
 *
 * Publishes nothing: whoever gave the money back has acted already (an `orders.orderRefunded` would
 * ask the members module to pay the wallet again; its cap would stop it, but nothing is to be done).
 */
import { sql } from 'drizzle-orm';
import { formatCents, shareCents, toCents } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import type { OrderSummary } from './service.ts';

export async function recordGivenBack(tx: Db, order: OrderSummary, cents: bigint): Promise<void> {
  const left = toCents(order.actualPayment) - toCents(order.refunded);
  const amount = cents < left ? cents : left;
  if (amount <= 0n) return;
  const weights = order.lines.map((l) => toCents(l.gross) - toCents(l.refunded));
  const shares = shareCents(amount, weights);
  const lines = order.lines
    .map((l, i) => ({ seq: l.seq, amount: formatCents(shares[i]) }))
    .filter((_, i) => shares[i] > 0n);
  if (lines.length)
    await tx.execute(sql`
      update sales_order_line l set refunded = l.refunded + x.amount
      from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(seq int, amount numeric)
      where l.order_id = ${order.orderId} and l.seq = x.seq`);
  await rows(
    tx,
    sql`with o as (
          update sales_order set refunded = refunded + ${formatCents(amount)}::numeric, updated_at = now()
          where id = ${order.orderId} returning id, merchant_id, store_id, status)
        insert into sales_order_refund (merchant_id, store_id, order_id, amount, reason, lines, cause)
        select merchant_id, store_id, id, ${formatCents(amount)}::numeric, status,
               ${JSON.stringify(lines)}::jsonb, 'order-ended'
        from o returning id`,
  );
}
