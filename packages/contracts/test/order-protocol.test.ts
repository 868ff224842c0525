import { describe, expect, it } from 'vitest';
import { cupOrderRef, orderEvent, orderStatusEvent } from '../src/order-protocol.ts';

const order = {
  eventId: '0b8f6c1e-5d2a-4c4e-9a51-1f0e3b1c9a10',
  ts: '2026-11-22T08:30:00Z',
  type: 'order',
  orderNo: 'A-0012',
  pickupCode: '012',
  orderType: 'pack',
  menuVersion: '2026-11-20.3',
  lines: [
    { line: 1, productCode: 'LATTE', combination: 'L', options: ['oat'], unitPrice: '4.50', quantity: 2 },
    { line: 2, productCode: 'BAG', unitPrice: '0.10', quantity: 1 },
  ],
  payment: { method: 'card-machine', amount: '9.10' },
};

describe('order events of the device protocol', () => {
  it('take an order as the docs show it, with defaults for what a simple machine leaves out', () => {
    const parsed = orderEvent.parse(order);
    expect(parsed.status).toBe('waiting-payment');
    expect(parsed.payment.discount).toBe('0.00');
    expect(parsed.lines[1]).toMatchObject({ options: [], toppings: [], extras: [] });
  });

  it('refuse money as a number or with other than two places, and unknown payment methods', () => {
    expect(orderEvent.safeParse({ ...order, payment: { method: 'cash', amount: 9.1 } }).success).toBe(false);
    expect(orderEvent.safeParse({ ...order, payment: { method: 'cash', amount: '9.1' } }).success).toBe(
      false,
    );
    expect(orderEvent.safeParse({ ...order, payment: { method: 'coins', amount: '9.10' } }).success).toBe(
      false,
    );
    expect(orderEvent.safeParse({ ...order, lines: [] }).success).toBe(false);
  });

  it('move an order by its number, and tie a cup to its line', () => {
    const moved = orderStatusEvent.parse({
      eventId: '51c2aa3e-2d0b-4f7e-8f6a-6d9c1e2b3a40',
      ts: '2026-11-22T08:30:20Z',
      type: 'order-status',
      orderNo: 'A-0012',
      status: 'paid',
      received: '9.10',
    });
    expect(moved.status).toBe('paid');
    expect(cupOrderRef.safeParse({ orderNo: 'A-0012', line: 0 }).success).toBe(false);
    expect(orderStatusEvent.safeParse({ ...moved, status: 'refunded' }).success).toBe(false);
  });
});
