/**
 * Coupons members hold: granted by staff, redeemed for points, or given for a bad cup. A held
 * coupon is used once, only while valid, only by its own member, and only while its definition is
 * still usable; a refund (or cancellation) of the order it was used on gives it back if still valid.
 */
import { sql } from 'drizzle-orm';
import { isoTime, rows, type Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ancestorsOf, idArray } from './chains.ts';
import { mustMovePoints } from './points.ts';

export interface HeldCoupon {
  id: string;
  couponId: string;
  name: string;
  discountAmount: string;
  validFrom: string;
  validTo: string;
  status: 'available' | 'used';
  source: 'redeem' | 'grant' | 'compensation';
  orderId: string | null;
  usedAt: string | null;
  /** Past its valid-to (and not used): kept in the list, no longer usable. */
  expired: boolean;
}

export interface RedeemableCoupon {
  id: string;
  merchantId: string;
  name: string;
  discountAmount: string;
  pointsCost: number;
  validityDays: number;
}

const HELD = sql`mc.id::text, mc.coupon_id::text as "couponId", c.name, mc.discount_amount::text as "discountAmount",
  ${isoTime(sql`mc.valid_from`)} as "validFrom", ${isoTime(sql`mc.valid_to`)} as "validTo", mc.status, mc.source,
  mc.order_id::text as "orderId", ${isoTime(sql`mc.used_at`)} as "usedAt",
  (mc.status = 'available' and mc.valid_to < now()) as expired`;

interface CouponRow {
  id: string;
  merchantId: string;
  name: string;
  status: string;
  discountAmount: string;
  pointsCost: number;
  validityDays: number;
}

/** What says whether a held coupon is usable now (`COUPON_CHECK … where mc.id = …`). */
export interface CouponCheck {
  memberId: string;
  status: string;
  validFrom: string;
  validTo: string;
  notYet: boolean;
  past: boolean;
  usable: boolean;
  name: string;
  discount: string;
}

export const COUPON_CHECK = sql`select mc.member_id::text as "memberId", mc.status,
    ${isoTime(sql`mc.valid_from`)} as "validFrom", ${isoTime(sql`mc.valid_to`)} as "validTo",
    mc.valid_from > now() as "notYet", mc.valid_to <= now() as past, c.status = 'usable' as usable, c.name,
    mc.discount_amount::text as discount
  from member_coupon mc join coupon c on c.id = mc.coupon_id`;

/** Why the member cannot use this held coupon now (it throws), or nothing when they can. */
export function refuseCoupon(held: CouponCheck | undefined, memberId: string): void {
  if (!held || held.memberId !== memberId) throw new AppError('msg.couponNotYours');
  if (held.status === 'used') throw new AppError('msg.couponUsed');
  if (held.past) throw new AppError('msg.couponExpired', { validTo: held.validTo });
  if (held.notYet) throw new AppError('msg.couponNotYetValid', { validFrom: held.validFrom });
  if (!held.usable) throw new AppError('msg.couponUnusable', { name: held.name });
}

export async function couponsByIds(tx: Db, ids: readonly string[]): Promise<Map<string, CouponRow>> {
  if (!ids.length) return new Map();
  const found = await rows<CouponRow>(
    tx,
    sql`select id::text, merchant_id::text as "merchantId", name, status, discount_amount::text as "discountAmount",
               points_cost as "pointsCost", validity_days as "validityDays"
        from coupon where id = any(${idArray(ids)}::bigint[])`,
  );
  return new Map(found.map((c) => [c.id, c]));
}

/**
 * Give each member one coupon, valid from now for the coupon's validity days. The members' rows
 * give the held coupons their tenant (the member's merchant and store).
 */
export async function giveCoupon(
  tx: Db,
  g: {
    couponId: string;
    memberIds: readonly string[];
    source: HeldCoupon['source'];
    accountId?: string | null;
  },
): Promise<Array<{ id: string; memberId: string; validTo: string }>> {
  return rows(
    tx,
    sql`insert into member_coupon (merchant_id, store_id, member_id, coupon_id, status, source, discount_amount,
                                   valid_from, valid_to, created_by)
        select m.merchant_id, m.store_id, m.id, c.id, 'available', ${g.source}, c.discount_amount, now(),
               now() + make_interval(days => c.validity_days), ${g.accountId ?? null}::bigint
        from member m cross join coupon c
        where m.id = any(${idArray(g.memberIds)}::bigint[]) and c.id = ${g.couponId}::bigint
        returning id::text, member_id::text as "memberId", ${isoTime(sql`valid_to`)} as "validTo"`,
  );
}

/** Coupons used on these orders are available again, if still valid (a refund or a cancellation). */
export async function giveBackCoupons(tx: Db, orderIds: readonly string[]): Promise<number> {
  if (!orderIds.length) return 0;
  const back = await rows(
    tx,
    sql`update member_coupon set status = 'available', order_id = null, used_at = null, updated_at = now()
        where order_id = any(${idArray(orderIds)}::bigint[]) and status = 'used' and valid_to > now()
        returning id`,
  );
  return back.length;
}

export function createCouponService() {
  return {
    /** The coupons the member holds, newest first. */
    held(tx: Db, memberId: string): Promise<HeldCoupon[]> {
      return rows<HeldCoupon>(
        tx,
        sql`select ${HELD} from member_coupon mc join coupon c on c.id = mc.coupon_id
            where mc.member_id = ${memberId}::bigint order by mc.created_at desc, mc.id desc`,
      );
    },
    /** Usable coupons of the member's merchant (or above it) that points buy. */
    async redeemable(tx: Db, memberId: string): Promise<RedeemableCoupon[]> {
      const [member] = await rows<{ merchantId: string }>(
        tx,
        sql`select merchant_id::text as "merchantId" from member where id = ${memberId}::bigint`,
      );
      if (!member) return [];
      const chain = (await ancestorsOf(tx, [member.merchantId])).get(member.merchantId)!;
      return rows<RedeemableCoupon>(
        tx,
        sql`select id::text, merchant_id::text as "merchantId", name, discount_amount::text as "discountAmount",
                   points_cost as "pointsCost", validity_days as "validityDays"
            from coupon where merchant_id = any(${idArray(chain)}::bigint[]) and status = 'usable' and points_cost > 0
            order by points_cost, name`,
      );
    },
    /** Spend the coupon's points cost (kind redeem) for one coupon. msg.pointsInsufficient: nothing written. */
    async redeem(
      tx: Db,
      r: { memberId: string; couponId: string },
    ): Promise<{ coupon: HeldCoupon; points: number }> {
      const [member] = await rows<{ merchantId: string }>(
        tx,
        sql`select merchant_id::text as "merchantId" from member where id = ${r.memberId}::bigint`,
      );
      if (!member) throw new AppError('msg.notFound');
      const chain = (await ancestorsOf(tx, [member.merchantId])).get(member.merchantId)!;
      const coupon = (await couponsByIds(tx, [r.couponId])).get(r.couponId);
      if (!coupon || !chain.includes(coupon.merchantId)) throw new AppError('msg.notFound');
      if (coupon.status !== 'usable') throw new AppError('msg.couponUnusable', { name: coupon.name });
      if (coupon.pointsCost <= 0) throw new AppError('msg.couponNotRedeemable', { name: coupon.name });
      const entry = await mustMovePoints(tx, {
        memberId: r.memberId,
        points: -coupon.pointsCost,
        kind: 'redeem',
        reason: coupon.name,
      });
      const [given] = await giveCoupon(tx, {
        couponId: coupon.id,
        memberIds: [r.memberId],
        source: 'redeem',
      });
      const [held] = await rows<HeldCoupon>(
        tx,
        sql`select ${HELD} from member_coupon mc join coupon c on c.id = mc.coupon_id where mc.id = ${given.id}::bigint`,
      );
      return { coupon: held, points: entry.balanceAfter };
    },
    /**
     * Use a held coupon on an order: its own member only (another's reads as not theirs, whether it
     * exists or not), once, while valid, while its definition is usable. Answers the discount. One
     * conditional update takes it (two uses at once queue on its row: the second finds it used);
     * only a refusal reads why.
     */
    async use(
      tx: Db,
      u: { memberId: string; memberCouponId: string; orderId: string },
    ): Promise<{ discount: string }> {
      const [used] = await rows<{ discount: string }>(
        tx,
        sql`update member_coupon mc set status = 'used', order_id = ${u.orderId}::bigint, used_at = now(),
                   updated_at = now()
            from coupon c
            where mc.id = ${u.memberCouponId}::bigint and c.id = mc.coupon_id and mc.member_id = ${u.memberId}::bigint
              and mc.status = 'available' and mc.valid_from <= now() and mc.valid_to > now() and c.status = 'usable'
            returning mc.discount_amount::text as discount`,
      );
      if (used) return used;
      const [held] = await rows<CouponCheck>(
        tx,
        sql`${COUPON_CHECK} where mc.id = ${u.memberCouponId}::bigint`,
      );
      refuseCoupon(held, u.memberId);
      // Usable when read again: it was taken by another use meanwhile.
      throw new AppError('msg.couponUsed');
    },
  };
}
export type CouponService = ReturnType<typeof createCouponService>;
