/**
 * A member orders at a machine, paid from the wallet (one transaction, all or nothing): the orders
 * module prices and taxes it from the menu the machine runs, a coupon (optional) takes its discount,
 * the wallet pays, the order is paid, and the machine is sent an `app-order` command (fleet's command
 * service; docs/device-protocol.md §4.9). A wallet too low or a coupon not usable leaves nothing
 * written. The same Idempotency-Key answers the first order again. A member reads only their own orders.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  APP_API_PREFIX,
  appIdParams,
  appOrderAnswer,
  appOrderBody,
  appOrdersAnswer,
  appPageQuery,
  appPlacedAnswer,
  toCents,
  type AppOrderBody,
  type AppOrderCommandParams,
  type AppPlaced,
} from '@brewfleet/contracts';
import type { Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import type { Publisher } from '../../platform/events/domain-events.ts';
import { answer } from '../../platform/http/answers.ts';
import { AppError } from '../../platform/http/errors.ts';
import { idempotent } from '../../platform/http/idempotency.ts';
import type { FleetService } from '../fleet/service.ts';
import type { OrderService } from '../orders/service.ts';
import type { MemberOrder } from '../orders/app-orders.ts';
import type { MembersService } from './members-port.ts';
import { MEMBER_SCHEME, inMemberScope, memberOf } from './member-auth.ts';
import { machineAndMenu, takesOrders } from './shop-routes.ts';

const tags = ['app'];
const security = [{ bearer: [] }];

export function registerAppOrders(
  app: FastifyInstance,
  deps: { db: Db; fleet: FleetService; orders: OrderService; members: MembersService; events: Publisher },
) {
  const { db, fleet, orders, members, events } = deps;

  app.post(
    `${APP_API_PREFIX}/orders`,
    {
      schema: { body: appOrderBody, response: answer(appPlacedAnswer), tags, security },
      config: { authScheme: MEMBER_SCHEME, noAudit: true },
    },
    async (request) => {
      const body = request.body as AppOrderBody;
      const member = memberOf(request);
      const placed = await idempotent(db, request, (remember) =>
        // As the system: an order is priced and taxed from its machine's merchant chain (a parent's
        // products and taxes), which the member's scope does not show. The member orders only at a
        // machine of their merchants, checked first (machineAndMenu: another's reads as not found).
        inScope(db, SYSTEM, async (tx): Promise<AppPlaced> => {
          const { machine, menu } = await machineAndMenu(tx, fleet, body.deviceId, member.merchantIds);
          if (!menu || !takesOrders(machine)) throw new AppError('msg.appMachineNotOrdering');
          const order = await orders.placeAppOrder(
            tx,
            {
              device: {
                id: machine.id,
                merchantId: machine.merchantId,
                storeId: machine.storeId,
                serialNumber: machine.serialNumber,
              },
              menu,
              memberNo: member.memberNo,
              orderType: body.orderType,
              lines: body.lines,
              discount: body.memberCouponId
                ? async (orderId) =>
                    (
                      await members.coupons.use(tx, {
                        memberId: member.id,
                        memberCouponId: body.memberCouponId!,
                        orderId,
                      })
                    ).discount
                : undefined,
            },
            events,
          );
          // A coupon worth the whole order leaves nothing to pay.
          const walletBalance =
            toCents(order.actualPayment) > 0n
              ? (
                  await members.wallet.pay(tx, {
                    memberId: member.id,
                    amount: order.actualPayment,
                    orderId: order.orderId,
                    reason: order.orderNo,
                  })
                ).balance
              : ((await members.profile(tx, member.id))?.walletBalance ?? '0.00');
          await orders.markPaid(tx, order.orderId, events);
          const params: AppOrderCommandParams = {
            orderNo: order.orderNo,
            pickupCode: order.pickupCode,
            orderType: body.orderType,
            memberNo: member.memberNo,
            menuVersion: order.menuVersion,
            lines: order.lines,
          };
          await fleet.commands.queue(tx, {
            type: 'app-order',
            devices: [{ id: machine.id }],
            params,
            issuedBy: { userId: null, account: `app ${member.memberNo}` },
            ref: { kind: 'order', id: order.orderId },
          });
          const result: AppPlaced = {
            orderId: order.orderId,
            orderNo: order.orderNo,
            pickupCode: order.pickupCode,
            status: 'paid',
            amount: order.amount,
            discount: order.discount,
            actualPayment: order.actualPayment,
            walletBalance,
          };
          await remember(tx, result);
          return result;
        }),
      );
      // The delivery job sends it at once (after the commit).
      fleet.commands.announce();
      return placed;
    },
  );

  /** The member's orders with their machines' names. */
  const withMachines = async (tx: Db, list: MemberOrder[]) => {
    const names = await fleet.reports.machineNames(tx, [
      ...new Set(list.flatMap((o) => (o.deviceId ? [o.deviceId] : []))),
    ]);
    return list.map((o) => ({
      ...o,
      machineName: o.deviceId ? (names.get(o.deviceId)?.name ?? null) : null,
    }));
  };

  app.get(
    `${APP_API_PREFIX}/orders`,
    {
      schema: { querystring: appPageQuery, response: answer(appOrdersAnswer), tags, security },
      config: { authScheme: MEMBER_SCHEME },
    },
    async (request) => {
      const q = request.query as z.infer<typeof appPageQuery>;
      const member = memberOf(request);
      return inMemberScope(db, request, async (tx) => {
        const { list, total } = await orders.memberOrders(tx, member.memberNo, { ...q, lang: request.lang });
        return { list: await withMachines(tx, list), total, page: q.page, limit: q.limit };
      });
    },
  );

  app.get(
    `${APP_API_PREFIX}/orders/:id`,
    {
      schema: { params: appIdParams, response: answer(appOrderAnswer), tags, security },
      config: { authScheme: MEMBER_SCHEME },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const member = memberOf(request);
      return inMemberScope(db, request, async (tx) => {
        // Another member's order reads as none at all.
        const { list } = await orders.memberOrders(tx, member.memberNo, {
          page: 1,
          limit: 1,
          orderId: id,
          lang: request.lang,
        });
        if (!list.length) throw new AppError('msg.appOrderNotFound');
        return (await withMachines(tx, list))[0];
      });
    },
  );
}
