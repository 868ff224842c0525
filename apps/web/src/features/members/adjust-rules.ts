/**
 * What the wallet and points dialogs check before they send (the same rules as contracts
 * member-api.ts): a signed amount with at most two decimals, or a signed whole number of points,
 * never zero, and a reason. Whether a top-up may be negative or a wallet cover a withdrawal is the
 * server's to say: its answer (msg.topUpNegative, msg.walletInsufficient) is shown in the dialog.
 */
import type { MemberPointsBody, MemberWalletBody } from '@brewfleet/contracts/member-api';

export type WalletKind = MemberWalletBody['kind'];
export type AdjustProblem = 'invalidAmount' | 'invalidPoints' | 'notZero';

/** The contract's signed amount: "20", "+20", "-5.5", "-5.50". */
const SIGNED_AMOUNT = /^[+-]?\d{1,10}(?:\.\d{1,2})?$/;
const SIGNED_INT = /^[+-]?\d{1,7}$/;
const POINTS_LIMIT = 1_000_000;

export interface WalletDraft {
  kind: WalletKind;
  amount: string;
  reason: string;
}

export interface PointsDraft {
  points: string;
  reason: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function amountProblem(value: unknown): AdjustProblem | null {
  const amount = text(value);
  if (!SIGNED_AMOUNT.test(amount)) return 'invalidAmount';
  return Number(amount) === 0 ? 'notZero' : null;
}

export function pointsProblem(value: unknown): AdjustProblem | null {
  const points = text(value);
  if (!SIGNED_INT.test(points) || Math.abs(Number(points)) > POINTS_LIMIT) return 'invalidPoints';
  return Number(points) === 0 ? 'notZero' : null;
}

export function walletBody(memberId: string, draft: WalletDraft): MemberWalletBody {
  return { memberId, kind: draft.kind, amount: text(draft.amount), reason: draft.reason.trim() };
}

export function pointsBody(memberId: string, draft: PointsDraft): MemberPointsBody {
  return { memberId, points: Number(text(draft.points)), reason: draft.reason.trim() };
}
