/**
 * Money and coupons back when an order ends without being made (cancelled, rejected) or is
 * refunded. The wallet gets back what it paid for the order and no more: the ledger's payments
 * less its refunds for that order caps every credit, so an order the wallet never paid (a machine
 * wallet order the balance did not cover) gives nothing back. Points earned on a refunded order
 * are taken back in the refunded share, as far as the member still has them.
 */
import { sql } from 'drizzle-orm';
import { toCents, type OrderRefunded, type OrderStatusChanged } from '@brewfleet/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import type { OrderService, OrderSummary } from '../../orders/index.ts';
import { idArray } from '../chains.ts';
import { asSystem } from '../system-scope.ts';
import { moveWallet } from '../wallet.ts';
import { movePoints } from '../points.ts';
import { giveBackCoupons } from '../coupons.ts';
import { membersOfOrders, walletPaid } from './order-members.ts';

/** Points earned on each order, and how many were taken back already. */
async function pointsOfOrders(
  tx: Db,
  orderIds: readonly string[],
): Promise<Map<string, { earned: number; reversed: number }>> {
  const found = await rows<{ orderId: string; earned: number; reversed: number }>(
    tx,
    sql`select order_id::text as "orderId",
               coalesce(sum(points) filter (where kind = 'earn'), 0)::int as earned,
               coalesce(-sum(points) filter (where kind = 'reverse'), 0)::int as reversed
        from member_points_entry where order_id = any(${idArray(orderIds)}::bigint[]) group by order_id`,
  );
  return new Map(found.map((r) => [r.orderId, r]));
}

const ENDED = new Set(['cancelled', 'rejected']);

export async function giveBackOnEnd(
  tx: Db,
  events: readonly OrderStatusChanged[],
  orders: OrderService,
): Promise<void> {
  const ids = events.filter((e) => ENDED.has(e.to)).map((e) => e.orderId);
  if (!ids.length) return;
  const ended = (await orders.byIds(tx, ids)).filter((o) => o.memberNo);
  if (!ended.length) return;
  await asSystem(tx, async (sys) => {
    await giveBackCoupons(
      sys,
      ended.map((o) => o.orderId),
    );
    const wallet = ended.filter((o) => o.paymentMethod === 'wallet');
    if (!wallet.length) return;
    const members = await membersOfOrders(sys, wallet);
    const paid = await walletPaid(
      sys,
      wallet.map((o) => o.orderId),
    );
    for (const order of wallet) {
      const member = members.get(order.orderId);
      const owed = toCents(order.actualPayment) - toCents(order.refunded);
      const back = minCents(owed, paid.get(order.orderId) ?? 0n);
      if (!member || back <= 0n) continue;
      const entry = await moveWallet(sys, {
        memberId: member.memberId,
        cents: back,
        kind: 'refund',
        orderId: order.orderId,
        ref: `cancel:${order.orderId}`,
        reason: order.orderNo,
      });
      // The order says it: refunded by its end, nothing left for staff to refund.
      if (entry) await orders.recordGivenBack(sys, order, back);
    }
  });
}

const minCents = (a: bigint, b: bigint) => (a < b ? a : b);

export async function giveBackOnRefund(
  tx: Db,
  events: readonly OrderRefunded[],
  orders: OrderService,
): Promise<void> {
  const refunded = (await orders.byIds(tx, [...new Set(events.map((e) => e.orderId))])).filter(
    (o) => o.memberNo,
  );
  if (!refunded.length) return;
  const byId = new Map<string, OrderSummary>(refunded.map((o) => [o.orderId, o]));
  await asSystem(tx, async (sys) => {
    const members = await membersOfOrders(sys, refunded);
    const ids = [...members.keys()];
    if (!ids.length) return;
    const paid = await walletPaid(sys, ids);
    const points = await pointsOfOrders(sys, ids);
    const whole: string[] = [];
    for (const e of events) {
      const order = byId.get(e.orderId);
      const member = members.get(e.orderId);
      if (!order || !member) continue;
      if (order.paymentMethod === 'wallet') {
        const left = paid.get(order.orderId) ?? 0n;
        const back = minCents(toCents(e.amount), left);
        if (back > 0n) {
          const entry = await moveWallet(sys, {
            memberId: member.memberId,
            cents: back,
            kind: 'refund',
            orderId: order.orderId,
            ref: `refund:${e.refundId}`,
            reason: order.orderNo,
          });
          if (entry) paid.set(order.orderId, left - back);
        }
      }
      // Points in the share refunded so far (the order's refunded total includes this refund).
      const earned = points.get(order.orderId);
      const payment = toCents(order.actualPayment);
      if (earned && earned.earned > 0 && payment > 0n) {
        const refundedShare = toCents(order.refunded) > payment ? payment : toCents(order.refunded);
        const target = Number((BigInt(earned.earned) * refundedShare) / payment);
        const [{ points: has }] = await rows<{ points: number }>(
          sys,
          sql`select points from member where id = ${member.memberId}::bigint for update`,
        );
        const take = Math.min(target - earned.reversed, has);
        if (take > 0) {
          const entry = await movePoints(sys, {
            memberId: member.memberId,
            points: -take,
            kind: 'reverse',
            orderId: order.orderId,
            ref: `reverse:${e.refundId}`,
            reason: order.orderNo,
          });
          if (entry) earned.reversed += take;
        }
      }
      if (toCents(order.refunded) >= payment) whole.push(order.orderId);
    }
    await giveBackCoupons(sys, whole);
  });
}
