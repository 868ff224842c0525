/**
 * How members follow orders and machines (domain events, in the publishing transaction): a
 * machine's wallet order is debited when stored, a completed order earns points, a cancelled or
 * rejected one gives the wallet and its coupon back, a refund gives back money, points and (whole)
 * the coupon, and a bad cup compensates its line once. Each reads orders through the orders
 * module's service, which the module's register hands in (`bind`) before any event can run.
 */
import { subscribe } from '../../../platform/events/domain-events.ts';
import type { OrderService } from '../../orders/index.ts';
import { debitMachineWalletOrders } from './wallet-debit.ts';
import { earnPoints } from './earn-points.ts';
import { giveBackOnEnd, giveBackOnRefund } from './give-back.ts';
import { compensateBadCups } from './bad-cup.ts';

export function createMemberReactions() {
  let orders: OrderService | undefined;
  const service = () => {
    if (!orders) throw new Error('members: the orders service is not bound yet');
    return orders;
  };
  return {
    bind(service: OrderService) {
      orders = service;
    },
    subscribers: [
      subscribe('orders.orderPlaced', 'members: wallet payment of machine orders', async (tx, events) => {
        await debitMachineWalletOrders(tx, events, service());
        // An order first heard of as completed earns its points at once.
        await earnPoints(
          tx,
          events.filter((e) => e.status === 'completed').map((e) => ({ orderId: e.orderId, to: e.status })),
          service(),
        );
      }),
      subscribe(
        'orders.orderStatusChanged',
        'members: points earned, money and coupons back',
        async (tx, events) => {
          await earnPoints(tx, events, service());
          await giveBackOnEnd(tx, events, service());
        },
      ),
      subscribe(
        'orders.orderRefunded',
        'members: refund to the wallet, points and coupon back',
        (tx, events) => giveBackOnRefund(tx, events, service()),
      ),
      subscribe('fleet.cupRecorded', 'members: a bad cup compensated', (tx, events) =>
        compensateBadCups(tx, events, service()),
      ),
    ],
  };
}
