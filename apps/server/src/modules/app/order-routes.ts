/**
 * A member orders at a machine, paid from the wallet (one transaction, all or nothing): the orders
 * module prices and taxes it from the menu the machine runs, a coupon (optional) takes its discount,
 * the order is paid, the machine is sent an `app-order` command (fleet's command service;
 * docs/device-protocol.md §4.9), and the wallet pays last. A wallet too low or a coupon not usable
 * leaves nothing written (most are refused before the order is built). The same Idempotency-Key answers the first order again. A member reads only their own orders.
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
  menuContent,
  nameIn,
  soldOutProducts,
  toCents,
  type AppOrderBody,
  type AppOrderCommandParams,
  type AppPlaced,
  type MenuContent,
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
import { takesOrders } from './shop-routes.ts';

const tags = ['app'];

/** Menus by machine and version, parsed once (as orders/ingest.ts keeps them): an order need not read and check it again. */
function menuCache(fleet: FleetService) {
  const menus = new Map<string, MenuContent>();
  return {
    async get(tx: Db, deviceId: string, version: string | null): Promise<MenuContent | null> {
      if (!version) return null;
      const key = `${deviceId}/${version}`;
      const held = menus.get(key);
      if (held) return held;
      const parsed = menuContent.safeParse(await fleet.reports.menuSent(tx, deviceId, version));
      if (!parsed.success) return null;
      // Bounded: a fleet's machines times the versions they ran lately.
      if (menus.size >= 5000) menus.clear();
      menus.set(key, parsed.data);
      return parsed.data;
    },
  };
}
const security = [{ bearer: [] }];

export function registerAppOrders(
  app: FastifyInstance,
  deps: { db: Db; fleet: FleetService; orders: OrderService; members: MembersService; events: Publisher },
) {
  const { db, fleet, orders, members, events } = deps;
  const menus = menuCache(fleet);

  /**
   * The machine (another merchant's reads as not found, as shopRoutes' machineAndMenu) and the menu
   * it runs, that menu from the cache: a version's content never changes once sent.
   */
  async function machineAndMenu(tx: Db, deviceId: string, merchantIds: readonly string[]) {
    const machine = await fleet.reports.shopMachine(tx, deviceId);
    if (!machine || !machine.merchantId || !merchantIds.includes(machine.merchantId))
      throw new AppError('msg.appMachineNotFound');
    return { machine, menu: await menus.get(tx, machine.id, machine.menuVersion) };
  }

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
          const { machine, menu } = await machineAndMenu(tx, body.deviceId, member.merchantIds);
          if (!menu || !takesOrders(machine)) throw new AppError('msg.appMachineNotOrdering');
          // A product the machine cannot make now is refused here, before any money moves, rather
          // than paid, refused by the machine and paid back.
          const soldOut = soldOutProducts(
            menu,
            (await fleet.reports.channelSupply(tx, [machine.id])).get(machine.id) ?? [],
          );
          body.lines.forEach((l, i) => {
            const product = menu.products.find((p) => p.code === l.productCode);
            if (product && soldOut.has(product.code))
              throw new AppError('msg.appProductSoldOut', {
                line: i + 1,
                name: nameIn(product, request.lang),
              });
          });
          // What the member can pay with, read before the order is built: a wallet that cannot pay
          // (or a coupon they cannot use) is refused before anything is written. The wallet's
          // conditional update below stays the authority (payments at once queue on the member's row).
          const payable = await members.wallet.payable(tx, {
            memberId: member.id,
            memberCouponId: body.memberCouponId ?? null,
          });
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
              coupon:
                body.memberCouponId && payable.couponDiscount !== null
                  ? {
                      discount: payable.couponDiscount,
                      use: async (orderId) =>
                        (
                          await members.coupons.use(tx, {
                            memberId: member.id,
                            memberCouponId: body.memberCouponId!,
                            orderId,
                          })
                        ).discount,
                    }
                  : undefined,
              affordable: (actualPayment) => {
                if (toCents(actualPayment) > toCents(payable.balance))
                  throw new AppError('msg.walletInsufficient', {
                    balance: payable.balance,
                    amount: actualPayment,
                  });
              },
            },
            events,
          );
          // Marked paid and sent to the machine before the wallet moves (all in this transaction, so
          // none of it shows unless the payment is made): the member's row, which the payment locks
          // and every other payment of the member waits for, is then held only to the commit.
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
