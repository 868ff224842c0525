/**
 * The refund form's rules, kept apart from the dialog so they can be read and tested alone. Money is
 * counted in whole cents (integers), never binary floating point, and sent as text with two places,
 * as the server counts it (CONTRACT §3). The server checks everything again; these rules only say
 * before sending what it would refuse.
 */
import type { OrderDetail, OrderLine, OrderRefundBody } from '@brewfleet/contracts/order-api';

/** "12", "12.5", "12.50" (what a person types): the amount in cents; anything else null. */
export function toCents(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as the wire's money text: 1250 → "12.50". */
export function fromCents(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * What may still be refunded on a line: what the customer paid for it (its gross, tax included
 * whether the prices included it or it was added) less what was refunded on it.
 */
export function lineRefundable(line: Pick<OrderLine, 'gross' | 'refunded'>): number {
  return Math.max(0, (toCents(line.gross) ?? 0) - (toCents(line.refunded) ?? 0));
}

export const orderRefundable = (detail: Pick<OrderDetail, 'refundable'>): number =>
  Math.max(0, toCents(detail.refundable) ?? 0);

export type RefundMode = 'whole' | 'lines';

export interface RefundDraft {
  mode: RefundMode;
  reason?: string;
  /** Per line, by seq: the amount typed (empty: that line is not refunded). */
  lines?: Record<string, string | undefined>;
}

/** A rule broken: an i18n key under orders.refund and its parameters. */
export interface RefundProblem {
  key: string;
  params?: Record<string, string>;
}

/** The problem with one line's amount, if any (an empty amount is none: the line is left out). */
export function lineProblem(line: OrderLine, value: unknown): RefundProblem | null {
  if (value === undefined || value === null || String(value).trim() === '') return null;
  const cents = toCents(value);
  if (cents === null || cents <= 0) return { key: 'invalidAmount' };
  const max = lineRefundable(line);
  if (cents > max) return { key: 'lineTooMuch', params: { amount: fromCents(max) } };
  return null;
}

/** The lines given an amount, in cents by seq (lines with a bad amount left out). */
export function chosenLines(detail: Pick<OrderDetail, 'lines'>, draft: RefundDraft) {
  return detail.lines
    .map((line) => ({ line, cents: toCents(draft.lines?.[String(line.seq)]) }))
    .filter((l): l is { line: OrderLine; cents: number } => l.cents !== null && l.cents > 0);
}

/** What this draft would refund, in cents. */
export function draftTotal(detail: Pick<OrderDetail, 'lines' | 'refundable'>, draft: RefundDraft): number {
  if (draft.mode === 'whole') return orderRefundable(detail);
  return chosenLines(detail, draft).reduce((sum, l) => sum + l.cents, 0);
}

/** The problem with the draft's total, if any: nothing to refund, or more than can be. */
export function totalProblem(
  detail: Pick<OrderDetail, 'lines' | 'refundable'>,
  draft: RefundDraft,
): RefundProblem | null {
  const max = orderRefundable(detail);
  if (max <= 0) return { key: 'nothingRefundable' };
  if (draft.mode === 'whole') return null;
  const total = draftTotal(detail, draft);
  if (total <= 0) return { key: 'noneChosen' };
  if (total > max) return { key: 'tooMuch', params: { amount: fromCents(max) } };
  return null;
}

/** Every problem of the draft (empty: it may be sent). */
export function refundProblems(detail: OrderDetail, draft: RefundDraft): RefundProblem[] {
  const problems: RefundProblem[] = [];
  if (!draft.reason?.trim()) problems.push({ key: 'reasonRequired' });
  if (draft.mode === 'lines')
    for (const line of detail.lines) {
      const problem = lineProblem(line, draft.lines?.[String(line.seq)]);
      if (problem) problems.push(problem);
    }
  const total = totalProblem(detail, draft);
  if (total) problems.push(total);
  return problems;
}

/** The request body of a draft without problems: no `lines` refunds the whole remaining amount. */
export function refundBody(detail: OrderDetail, draft: RefundDraft): OrderRefundBody {
  const reason = (draft.reason ?? '').trim();
  if (draft.mode === 'whole') return { orderId: detail.id, reason };
  return {
    orderId: detail.id,
    reason,
    lines: chosenLines(detail, draft).map(({ line, cents }) => ({ seq: line.seq, amount: fromCents(cents) })),
  };
}
