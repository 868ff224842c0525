/**
 * Console calls of members that move money, points or coupons (issue 12). Each takes an
 * `Idempotency-Key` header (CONTRACT §3). Amounts are signed decimal strings with at most two
 * places ("-5.00", "20"); the answer carries the new balance, as the ledger computed it.
 */
import { z } from 'zod';
import { idSchema } from './resource.ts';
import { idAnswer, instantAnswer, moneyAnswer } from './answers/envelope.ts';
import { POINTS_ENTRY_KINDS, WALLET_ENTRY_KINDS } from './resources/member.ts';

/** A signed amount, not zero: "+" tops up, "-" takes away. */
const signedAmount = z
  .string()
  .trim()
  .regex(/^[+-]?\d{1,10}(?:\.\d{1,2})?$/, { error: 'msg.invalidMoney' })
  .refine((v) => Number(v) !== 0, { error: 'msg.amountNotZero' });

const reason = z.string().trim().min(1, { error: 'msg.reasonRequired' }).max(200);

/**
 * `POST /api/coffee/member/wallet` (permission `coffee:member:wallet`): `top-up` (money taken at the
 * counter: positive only, else msg.topUpNegative) or `adjustment` (either sign, default).
 */
export const memberWalletBody = z.object({
  memberId: idSchema,
  amount: signedAmount,
  reason,
  kind: z.enum(['top-up', 'adjustment']).default('adjustment'),
});
export type MemberWalletBody = z.infer<typeof memberWalletBody>;

export const walletEntryAnswer = z.object({
  id: idAnswer,
  kind: z.enum(WALLET_ENTRY_KINDS),
  amount: moneyAnswer,
  balanceAfter: moneyAnswer,
  orderId: idAnswer.nullable(),
  reason: z.string().nullable(),
  byName: z.string().nullable(),
  createdAt: instantAnswer,
});
export type WalletEntry = z.infer<typeof walletEntryAnswer>;

export const memberWalletAnswer = z.object({
  memberId: idAnswer,
  walletBalance: moneyAnswer,
  entry: walletEntryAnswer,
});
export type MemberWalletResult = z.infer<typeof memberWalletAnswer>;

/** `POST /api/coffee/member/points` (permission `coffee:member:points`): a signed whole number. */
export const memberPointsBody = z.object({
  memberId: idSchema,
  points: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((v) => v !== 0, { error: 'msg.amountNotZero' }),
  reason,
});
export type MemberPointsBody = z.infer<typeof memberPointsBody>;

export const pointsEntryAnswer = z.object({
  id: idAnswer,
  kind: z.enum(POINTS_ENTRY_KINDS),
  points: z.number().int(),
  balanceAfter: z.number().int(),
  orderId: idAnswer.nullable(),
  reason: z.string().nullable(),
  expiresAt: instantAnswer.nullable(),
  createdAt: instantAnswer,
});
export type PointsEntry = z.infer<typeof pointsEntryAnswer>;

export const memberPointsAnswer = z.object({
  memberId: idAnswer,
  points: z.number().int(),
  entry: pointsEntryAnswer,
});
export type MemberPointsResult = z.infer<typeof memberPointsAnswer>;

/** `POST /api/coffee/coupon/grant` (permission `coffee:coupon:grant`): one coupon to each member named. */
export const couponGrantBody = z.object({
  couponId: idSchema,
  memberIds: z.array(idSchema).min(1).max(500),
});
export type CouponGrantBody = z.infer<typeof couponGrantBody>;

export const couponGrantAnswer = z.object({
  granted: z.number().int(),
  validTo: instantAnswer,
});
export type CouponGrantResult = z.infer<typeof couponGrantAnswer>;
