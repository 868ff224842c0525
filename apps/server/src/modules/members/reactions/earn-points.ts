/**
 * Points earned when a member's order completes, by the enabled points rules of the order's
 * merchant and the merchants above it: per amount paid (floor(paid / perAmount) × points) or per
 * cup (product quantity × points); a rule of one store or one product type counts only there; on a
 * bonus weekday (of the order, in UTC: stores keep no time zone yet) times the multiplier. Each rule
 * earns once per order (its entry's ref), expiring after the rule's days (0: never). A wallet order
 * the wallet did not pay (a machine's, over the balance) earns nothing.
 */
import { sql } from 'drizzle-orm';
import { toCents, WEEKDAYS, type OrderStatusChanged } from '@brewfleet/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import type { OrderService, OrderSummary } from '../../orders/index.ts';
import { ancestorsOf, idArray } from '../chains.ts';
import { asSystem } from '../system-scope.ts';
import { movePoints } from '../points.ts';
import { membersOfOrders, paidOrders } from './order-members.ts';

interface Rule {
  id: string;
  merchantId: string;
  storeId: string | null;
  productTypeId: string | null;
  basis: 'amount' | 'cup';
  points: number;
  perAmount: string | null;
  bonusWeekdays: string[] | null;
  bonusMultiplier: number;
  expiryDays: number;
}

/** getUTCDay() → the contracts' weekday names. */
const DAY_NAMES = ['sun', ...WEEKDAYS.slice(0, 6)];

export function pointsOf(rule: Rule, order: OrderSummary): number {
  if (rule.storeId && rule.storeId !== order.storeId) return 0;
  const lines = order.lines.filter(
    (l) => l.kind === 'product' && (!rule.productTypeId || l.productTypeId === rule.productTypeId),
  );
  let units: bigint;
  if (rule.basis === 'cup') units = BigInt(lines.reduce((n, l) => n + l.quantity, 0));
  else {
    const per = rule.perAmount ? toCents(rule.perAmount) : 0n;
    if (per <= 0n) return 0;
    const paid = rule.productTypeId
      ? lines.reduce((sum, l) => sum + toCents(l.gross) - toCents(l.refunded), 0n)
      : toCents(order.actualPayment) - toCents(order.refunded);
    units = paid > 0n ? paid / per : 0n;
  }
  const day = DAY_NAMES[new Date(order.orderedAt).getUTCDay()];
  const bonus = rule.bonusWeekdays?.includes(day) ? BigInt(rule.bonusMultiplier) : 1n;
  return Number(units * BigInt(rule.points) * bonus);
}

export async function earnPoints(
  tx: Db,
  events: ReadonlyArray<Pick<OrderStatusChanged, 'orderId' | 'to'>>,
  orders: OrderService,
): Promise<void> {
  const ids = events.filter((e) => e.to === 'completed').map((e) => e.orderId);
  if (!ids.length) return;
  const completed = (await orders.byIds(tx, ids)).filter((o) => o.memberNo && o.merchantId);
  if (!completed.length) return;
  await asSystem(tx, async (sys) => {
    const members = await membersOfOrders(sys, completed);
    const mine = await paidOrders(
      sys,
      completed.filter((o) => members.has(o.orderId)),
    );
    if (!mine.length) return;
    const chains = await ancestorsOf(
      sys,
      mine.map((o) => o.merchantId!),
    );
    const rules = await rows<Rule>(
      sys,
      sql`select id::text, merchant_id::text as "merchantId", store_id::text as "storeId",
                 product_type_id::text as "productTypeId", basis, points, per_amount::text as "perAmount",
                 bonus_weekdays as "bonusWeekdays", bonus_multiplier as "bonusMultiplier", expiry_days as "expiryDays"
          from points_rule
          where enabled and merchant_id = any(${idArray([...new Set([...chains.values()].flat())])}::bigint[])
          order by id`,
    );
    // Members' rows are locked in one order (by id) in every batch, as the wallet debit does.
    mine.sort((a, b) => members.get(a.orderId)!.memberId.localeCompare(members.get(b.orderId)!.memberId));
    for (const order of mine) {
      const member = members.get(order.orderId)!;
      const chain = chains.get(order.merchantId!) ?? [];
      for (const rule of rules.filter((r) => chain.includes(r.merchantId))) {
        const points = pointsOf(rule, order);
        if (points <= 0) continue;
        await movePoints(sys, {
          memberId: member.memberId,
          points,
          kind: 'earn',
          orderId: order.orderId,
          ref: `earn:${order.orderId}:${rule.id}`,
          reason: order.orderNo,
          expiresAt: rule.expiryDays > 0 ? new Date(Date.now() + rule.expiryDays * 86_400_000) : null,
        });
      }
    }
  });
}
