/**
 * A machine's order paid by 'wallet' with a member number: the machine cannot debit a wallet, so
 * the server does, when the order is first stored (orders.orderPlaced), if the balance allows. If
 * it does not (or no active member has the number), nothing is debited, the order is flagged
 * `unpaid` (orders' `flagUnpaid`), and a later refund or cancellation gives back only what the
 * wallet actually paid. App orders (source 'app') are paid by
 * the app's own call of `wallet.pay` before they are placed, never here.
 */
import { toCents } from '@brewfleet/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { OrderPlaced } from '@brewfleet/contracts';
import type { OrderService } from '../../orders/index.ts';
import { asSystem } from '../system-scope.ts';
import { moveWallet } from '../wallet.ts';
import { membersOfOrders } from './order-members.ts';

export async function debitMachineWalletOrders(
  tx: Db,
  events: readonly OrderPlaced[],
  orders: OrderService,
): Promise<void> {
  // Most orders name no member, and the app's orders are paid by the app: no query at all for them.
  const ids = events.filter((e) => e.memberNo && e.source !== 'app').map((e) => e.orderId);
  if (!ids.length) return;
  const walletOrders = (await orders.byIds(tx, ids)).filter(
    (o) => o.source === 'machine' && o.paymentMethod === 'wallet' && toCents(o.actualPayment) > 0n,
  );
  if (!walletOrders.length) return;
  await asSystem(tx, async (sys) => {
    const members = await membersOfOrders(sys, walletOrders);
    // Members' rows are locked in one order (by id) in every batch: two lanes never wait on each other in a circle.
    const byMember = (o: { orderId: string }) => members.get(o.orderId)?.memberId ?? '';
    walletOrders.sort((a, b) => byMember(a).localeCompare(byMember(b)) || a.orderId.localeCompare(b.orderId));
    const unpaid: Array<{ orderId: string; memberNo: string | null }> = [];
    for (const order of walletOrders) {
      const member = members.get(order.orderId);
      const paid =
        member?.status === 'active' &&
        (await moveWallet(sys, {
          memberId: member.memberId,
          cents: -toCents(order.actualPayment),
          kind: 'payment',
          orderId: order.orderId,
          ref: `pay:${order.orderId}`,
          reason: order.orderNo,
        }));
      if (!paid) unpaid.push({ orderId: order.orderId, memberNo: order.memberNo });
    }
    // Never silently accepted: the order says the wallet did not pay it.
    await orders.flagUnpaid(sys, unpaid);
  });
}
