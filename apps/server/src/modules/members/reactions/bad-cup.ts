/**
 * A bad cup makes it right by itself: when a machine reports a bad cup of a member's order line,
 * the member gets what the merchant's app setting says (the nearest up the merchant tree; none:
 * the wallet) — the line's paid share into the wallet (kind compensation), or the setting's coupon
 * (falling back to the wallet when that coupon is gone or no longer usable), or nothing. Exactly
 * once per order line: the order records the compensation first (`orders.recordCompensation`,
 * unique per line), and only a first record pays, however often the cup is reported and however
 * many cups of the line were bad.
 */
import { formatCents, toCents, type CupRecorded } from '@brewfleet/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { OrderService } from '../../orders/index.ts';
import { asSystem } from '../system-scope.ts';
import { moveWallet } from '../wallet.ts';
import { nearestSettings } from '../app-content.ts';
import { couponsByIds, giveCoupon } from '../coupons.ts';
import { membersOfOrders, paidOrders } from './order-members.ts';

export async function compensateBadCups(
  tx: Db,
  events: readonly CupRecorded[],
  orders: OrderService,
): Promise<void> {
  const bad = events.filter((e) => e.badCup && e.order);
  if (!bad.length) return;
  const found = (
    await orders.byMachineOrder(
      tx,
      bad.map((e) => ({ deviceId: e.deviceId, orderNo: e.order!.orderNo })),
    )
  ).filter((o) => o.memberNo && o.merchantId);
  if (!found.length) return;
  await asSystem(tx, async (sys) => {
    const members = await membersOfOrders(sys, found);
    // Only money that was taken is made good: not an order still waiting for payment, nor a
    // wallet order the wallet did not pay.
    const mine = await paidOrders(
      sys,
      found.filter((o) => members.has(o.orderId)),
    );
    if (!mine.length) return;
    const settings = await nearestSettings(
      sys,
      mine.map((o) => o.merchantId!),
    );
    const coupons = await couponsByIds(sys, [
      ...new Set(
        [...settings.values()].flatMap((s) => (s.compensationCouponId ? [s.compensationCouponId] : [])),
      ),
    ]);
    for (const e of bad) {
      const order = mine.find((o) => o.deviceId === e.deviceId && o.orderNo === e.order!.orderNo);
      if (!order) continue;
      const line =
        order.lines.find((l) => l.line === e.order!.line && l.kind === 'product') ??
        order.lines.find((l) => l.line === e.order!.line);
      if (!line) continue;
      const member = members.get(order.orderId)!;
      const setting = settings.get(order.merchantId!);
      const rule = setting?.compensation ?? 'wallet';
      if (rule === 'none') continue;
      const coupon = setting?.compensationCouponId ? coupons.get(setting.compensationCouponId) : undefined;
      if (rule === 'coupon' && coupon?.status === 'usable') {
        const first = await orders.recordCompensation(sys, {
          orderId: order.orderId,
          seq: line.seq,
          kind: 'coupon',
          couponName: coupon.name,
          eventId: e.eventId,
        });
        if (first)
          await giveCoupon(sys, {
            couponId: coupon.id,
            memberIds: [member.memberId],
            source: 'compensation',
          });
        continue;
      }
      const amount = toCents(line.gross) - toCents(line.refunded);
      if (amount <= 0n) continue;
      const first = await orders.recordCompensation(sys, {
        orderId: order.orderId,
        seq: line.seq,
        kind: 'wallet',
        amount: formatCents(amount),
        eventId: e.eventId,
      });
      if (first)
        await moveWallet(sys, {
          memberId: member.memberId,
          cents: amount,
          kind: 'compensation',
          orderId: order.orderId,
          ref: `compensation:${order.orderId}:${line.seq}`,
          reason: order.orderNo,
        });
    }
  });
}
