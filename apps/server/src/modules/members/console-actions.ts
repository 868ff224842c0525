/**
 * What staff do to members from the console that moves money, points or coupons: adjust (or top
 * up) a wallet, adjust points, grant a coupon. Each takes an `Idempotency-Key`, runs in the
 * caller's scope (a member of another tenant is a 404, as if it did not exist), is in the operation
 * log, and writes nothing when refused.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  couponGrantAnswer,
  couponGrantBody,
  memberPointsAnswer,
  memberPointsBody,
  memberWalletAnswer,
  memberWalletBody,
  P,
  toCents,
  type CouponGrantBody,
  type CouponGrantResult,
  type MemberPointsBody,
  type MemberPointsResult,
  type MemberWalletBody,
  type MemberWalletResult,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inRequestScope } from '../../platform/crud/scope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import { idempotent } from '../../platform/http/idempotency.ts';
import { mustMoveWallet } from './wallet.ts';
import { mustMovePoints } from './points.ts';
import { ancestorsOf, idArray } from './chains.ts';
import { couponsByIds, giveCoupon } from './coupons.ts';

const IDEMPOTENCY =
  'Needs an `Idempotency-Key` header (1–255 characters): the same key and body answer the first call ' +
  'again without a second effect; the same key with another body is a 422.';

export function registerMemberActions(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  app.post(
    '/api/coffee/member/wallet',
    {
      schema: {
        body: memberWalletBody,
        response: answer(memberWalletAnswer),
        tags: ['member'],
        description: `${IDEMPOTENCY} A top-up adds money (positive only); an adjustment either sign, never below zero.`,
      },
      config: { permission: P.member.wallet, action: 'member.wallet' },
    },
    async (request): Promise<MemberWalletResult> => {
      const body = request.body as MemberWalletBody;
      const user = request.user!;
      request.auditTarget = body.memberId;
      const cents = toCents(body.amount.replace(/^\+/, ''));
      if (body.kind === 'top-up' && cents < 0n) throw new AppError('msg.topUpNegative');
      return idempotent(db, request, (remember) =>
        inRequestScope(db, request, async (tx) => {
          const entry = await mustMoveWallet(tx, {
            memberId: body.memberId,
            cents,
            kind: body.kind,
            reason: body.reason,
            byName: user.name || user.account,
            accountId: user.userId,
          });
          const result: MemberWalletResult = {
            memberId: body.memberId,
            walletBalance: entry.balanceAfter,
            entry,
          };
          await remember(tx, result);
          return result;
        }),
      );
    },
  );

  app.post(
    '/api/coffee/member/points',
    {
      schema: {
        body: memberPointsBody,
        response: answer(memberPointsAnswer),
        tags: ['member'],
        description: `${IDEMPOTENCY} A signed number of points; never below zero.`,
      },
      config: { permission: P.member.points, action: 'member.points' },
    },
    async (request): Promise<MemberPointsResult> => {
      const body = request.body as MemberPointsBody;
      const user = request.user!;
      request.auditTarget = body.memberId;
      return idempotent(db, request, (remember) =>
        inRequestScope(db, request, async (tx) => {
          const entry = await mustMovePoints(tx, {
            memberId: body.memberId,
            points: body.points,
            kind: 'adjustment',
            reason: body.reason,
            byName: user.name || user.account,
            accountId: user.userId,
          });
          const result: MemberPointsResult = { memberId: body.memberId, points: entry.balanceAfter, entry };
          await remember(tx, result);
          return result;
        }),
      );
    },
  );

  app.post(
    '/api/coffee/coupon/grant',
    {
      schema: {
        body: couponGrantBody,
        response: answer(couponGrantAnswer),
        tags: ['coupon'],
        description: `${IDEMPOTENCY} One coupon to each member named; the coupon is usable and of each member's merchant or above it.`,
      },
      config: { permission: P.coupon.grant, action: 'coupon.grant' },
    },
    async (request): Promise<CouponGrantResult> => {
      const body = request.body as CouponGrantBody;
      const user = request.user!;
      request.auditTarget = body.couponId;
      const memberIds = [...new Set(body.memberIds)];
      return idempotent(db, request, (remember) =>
        inRequestScope(db, request, async (tx) => {
          const coupon = (await couponsByIds(tx, [body.couponId])).get(body.couponId);
          if (!coupon) throw new AppError('msg.notFound');
          if (coupon.status !== 'usable') throw new AppError('msg.couponUnusable', { name: coupon.name });
          const members = await rows<{ id: string; merchantId: string }>(
            tx,
            sql`select id::text, merchant_id::text as "merchantId" from member
                where id = any(${idArray(memberIds)}::bigint[])`,
          );
          if (members.length !== memberIds.length) throw new AppError('msg.notFound');
          const chains = await ancestorsOf(
            tx,
            members.map((m) => m.merchantId),
          );
          if (members.some((m) => !chains.get(m.merchantId)?.includes(coupon.merchantId)))
            throw new AppError('msg.couponOtherMerchant', { name: coupon.name }, [
              { field: 'couponId', message: 'msg.couponOtherMerchant', params: { name: coupon.name } },
            ]);
          const given = await giveCoupon(tx, {
            couponId: coupon.id,
            memberIds,
            source: 'grant',
            accountId: user.userId,
          });
          const result: CouponGrantResult = { granted: given.length, validTo: given[0].validTo };
          await remember(tx, result);
          return result;
        }),
      );
    },
  );
}
