import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  canMoveOrder,
  isFinalOrderStatus,
  orderStatusOutcome,
} from '../src/order-status.ts';

describe('order statuses', () => {
  it('follow the arrows of the docs: paid to processing to completed, cancel before making', () => {
    expect(canMoveOrder('waiting-payment', 'paid')).toBe(true);
    expect(canMoveOrder('paid', 'processing')).toBe(true);
    expect(canMoveOrder('processing', 'completed')).toBe(true);
    expect(canMoveOrder('paid', 'cancelled')).toBe(true);
    expect(canMoveOrder('processing', 'cancelled')).toBe(false);
    expect(canMoveOrder('completed', 'paid')).toBe(false);
  });

  it('end in completed, cancelled or rejected, which lead nowhere', () => {
    for (const status of ORDER_STATUSES) {
      expect(ORDER_TRANSITIONS[status].length === 0).toBe(isFinalOrderStatus(status));
    }
  });

  it('never go backwards: a late report of a passed status is stale, an impossible one refused', () => {
    expect(orderStatusOutcome('completed', 'paid')).toBe('stale');
    expect(orderStatusOutcome('processing', 'processing')).toBe('stale');
    expect(orderStatusOutcome('cancelled', 'waiting-payment')).toBe('stale');
    expect(orderStatusOutcome('cancelled', 'completed')).toBe('refused');
    expect(orderStatusOutcome('rejected', 'completed')).toBe('refused');
    expect(orderStatusOutcome('paid', 'completed')).toBe('move');
  });

  it('keep a report that arrived before the one leading to it waiting (ahead), not refused', () => {
    expect(orderStatusOutcome('waiting-payment', 'completed')).toBe('ahead');
    expect(orderStatusOutcome('processing', 'waiting-payment')).toBe('stale');
    expect(orderStatusOutcome('completed', 'cancelled')).toBe('refused');
  });
});
