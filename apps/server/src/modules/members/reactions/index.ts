/**
 * How members follow orders and machines (domain events, in the publishing transaction): a
 * machine's wallet order is debited when stored, a completed order earns points, a cancelled or
 * rejected one gives the wallet and its coupon back, a refund gives back money, points and (whole)
 * the coupon, and a bad cup compensates its line once. Each reads orders through the orders
 * module's service (the module's subscribers are made from the services it needs).
 */
import { subscribe } from '../../../platform/events/domain-events.ts';
import type { OrderService } from '../../orders/index.ts';
import { debitMachineWalletOrders } from './wallet-debit.ts';
import { earnPoints } from './earn-points.ts';
import { giveBackOnEnd, giveBackOnRefund } from './give-back.ts';
import { compensateBadCups } from './bad-cup.ts';

export function memberReactions(orders: OrderService) {
  return [
    subscribe('orders.orderPlaced', 'members: wallet payment of machine orders', async (tx, events) => {
      await debitMachineWalletOrders(tx, events, orders);
      // An order first heard of as completed earns its points at once.
      await earnPoints(
        tx,
        events.filter((e) => e.status === 'completed').map((e) => ({ orderId: e.orderId, to: e.status })),
        orders,
      );
    }),
    subscribe(
      'orders.orderStatusChanged',
      'members: points earned, money and coupons back',
      async (tx, events) => {
        await earnPoints(tx, events, orders);
        await giveBackOnEnd(tx, events, orders);
      },
    ),
    subscribe('orders.orderRefunded', 'members: refund to the wallet, points and coupon back', (tx, events) =>
      giveBackOnRefund(tx, events, orders),
    ),
    subscribe('fleet.cupRecorded', 'members: a bad cup compensated', (tx, events) =>
      compensateBadCups(tx, events, orders),
    ),
  ];
}
