import { describe, expect, it } from 'vitest';
import { idempotentSubmissions, newIdempotencyKey } from './idempotency';
import { DETAIL } from './order-fixture';
import { fromCents, lineRefundable, refundBody, refundProblems, toCents } from './refund-rules';

describe('refund rules', () => {
  it('count money in whole cents and write it with two places', () => {
    expect([toCents('12'), toCents('12.5'), toCents(' 12.50 '), toCents('0.07')]).toEqual([
      1200, 1250, 1250, 7,
    ]);
    expect([toCents('12.505'), toCents('-1'), toCents('1e3'), toCents(''), toCents(3)]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    // 0.1 + 0.2 is not 0.3 in binary floating point; in cents it is.
    expect(fromCents(toCents('0.1')! + toCents('0.2')!)).toBe('0.30');
    expect([fromCents(0), fromCents(5), fromCents(123456)]).toEqual(['0.00', '0.05', '1234.56']);
  });

  it('leave on a line what the customer paid for it less what went back', () => {
    expect(lineRefundable(DETAIL.lines[0])).toBe(10_000);
    expect(lineRefundable({ gross: '5.00', refunded: '6.00' })).toBe(0);
  });

  it('want a reason, and refund the whole remaining amount without lines', () => {
    expect(refundProblems(DETAIL, { mode: 'whole', reason: '  ' })).toEqual([{ key: 'reasonRequired' }]);
    expect(refundProblems(DETAIL, { mode: 'whole', reason: 'Spilt' })).toEqual([]);
    expect(refundBody(DETAIL, { mode: 'whole', reason: ' Spilt ' })).toEqual({
      orderId: '9001',
      reason: 'Spilt',
    });
  });

  it('keep each line within what is left on it and the total within what is left on the order', () => {
    const lines = (amounts: Record<string, string>) => ({
      mode: 'lines' as const,
      reason: 'r',
      lines: amounts,
    });
    expect(refundProblems(DETAIL, lines({}))).toEqual([{ key: 'noneChosen' }]);
    expect(refundProblems(DETAIL, lines({ '1': '100.01' }))).toEqual([
      { key: 'lineTooMuch', params: { amount: '100.00' } },
    ]);
    expect(refundProblems(DETAIL, lines({ '2': '0' }))).toEqual([
      { key: 'invalidAmount' },
      { key: 'noneChosen' },
    ]);
    // Each line within its own, together above the order's 101.00 (after a discount, say).
    const discounted = { ...DETAIL, refundable: '100.50' };
    expect(refundProblems(discounted, lines({ '1': '100', '2': '1' }))).toEqual([
      { key: 'tooMuch', params: { amount: '100.50' } },
    ]);
    expect(refundProblems(DETAIL, lines({ '1': '100', '2': '1' }))).toEqual([]);
    expect(refundBody(DETAIL, lines({ '1': '2.5', '2': '' }))).toEqual({
      orderId: '9001',
      reason: 'r',
      lines: [{ seq: 1, amount: '2.50' }],
    });
  });

  it('refuse any refund on an order with nothing left', () => {
    expect(refundProblems({ ...DETAIL, refundable: '0.00' }, { mode: 'whole', reason: 'r' })).toEqual([
      { key: 'nothingRefundable' },
    ]);
  });
});

describe('idempotency keys', () => {
  it('are UUIDs, made from random bytes where crypto.randomUUID is missing (plain http)', () => {
    expect(newIdempotencyKey()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    // An own property hides the prototype's method; deleting it brings the method back.
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys)
        expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof globalThis.crypto.randomUUID).toBe('function');
  });

  it('stay for the same submission after a lost answer, and change for any other', () => {
    let n = 0;
    const submissions = idempotentSubmissions(() => `k${++n}`);
    const body = { orderId: '1', reason: 'r' };
    expect(submissions.keyFor(body)).toBe('k1');
    submissions.settled(true); // network error
    expect(submissions.keyFor({ ...body })).toBe('k1');
    submissions.settled(true);
    expect(submissions.keyFor({ ...body, reason: 'other' })).toBe('k2'); // another body
    submissions.settled(false); // answered
    expect(submissions.keyFor({ ...body, reason: 'other' })).toBe('k3');
  });
});
