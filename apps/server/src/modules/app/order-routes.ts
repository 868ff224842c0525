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
import type { CatalogService } from '../catalog/service.ts';
import type { MemberOrder } from '../orders/app-orders.ts';
import type { MembersService } from './members-port.ts';
import { MEMBER_SCHEME, inMemberScope, memberOf } from './member-auth.ts';
import { storeOpen, takesOrders } from './shop-routes.ts';
import { appDocs } from './docs.ts';

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

/**
 * Options chosen as the menu allows (the menu's `multiple`): an option once, and one option at most
 * of a type that takes one (a size: not Medium and Large at once). Options not on the menu are the
 * pricing's to refuse (msg.appOptionUnknown); a type left out is made as the machine's default.
 */
export function refuseOptionChoice(
  product: MenuContent['products'][number],
  optionIds: readonly string[],
  line: number,
  lang: string,
): void {
  const seen = new Set<string>();
  const typesChosen = new Set<string>();
  for (const id of optionIds) {
    const option = product.options.find((o) => o.id === id);
    if (!option) continue;
    if (seen.has(id))
      throw new AppError('msg.appOptionTwice', { line, option: nameIn(option, lang), code: product.code });
    seen.add(id);
    if (option.multiple) continue;
    if (typesChosen.has(option.type))
      throw new AppError('msg.appOptionOneOfType', {
        line,
        type: nameIn({ name: option.type, names: option.typeNames }, lang),
        code: product.code,
      });
    typesChosen.add(option.type);
  }
}

/**
 * The line's combination label if it is the menu's label of the chosen options' combination (in
 * any of the languages the menu answers it in, as `GET /machines/:id/menu` builds it), else none: the
 * order derives its own (orders' comboLabel). A label is shown on the machine and in the console, so
 * free text of the member's is never taken for it.
 */
export function menuComboLabel(
  product: MenuContent['products'][number],
  optionIds: readonly string[],
  label: string | undefined,
): string | undefined {
  if (!label) return undefined;
  const chosen = new Set(optionIds);
  const combo = product.combos?.find(
    (c) => c.optionIds.length === chosen.size && c.optionIds.every((id) => chosen.has(id)),
  );
  if (!combo) return undefined;
  // The default names (as the order derives it) and the name in each language.
  const labels = ([null, 'en', 'zh', 'tw'] as const).map((lang) =>
    combo.optionIds
      .map((id) => {
        const o = product.options.find((x) => x.id === id);
        return !o ? id : lang ? nameIn(o, lang) : o.name;
      })
      .join(' / '),
  );
  return labels.includes(label) ? label : undefined;
}

export function registerAppOrders(
  app: FastifyInstance,
  deps: {
    db: Db;
    fleet: FleetService;
    orders: OrderService;
    members: MembersService;
    events: Publisher;
    catalog: Pick<CatalogService, 'optionNames'>;
  },
) {
  const { db, fleet, orders, members, events, catalog } = deps;
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
      schema: {
        body: appOrderBody,
        response: answer(appPlacedAnswer),
        tags,
        security,
        description:
          'Needs an `Idempotency-Key` header. Priced and taxed by the server from the menu the machine ' +
          'runs (`GET /machines/{id}/menu`), less the coupon (`memberCouponId`, from `GET /coupons`), and ' +
          'paid from the wallet; the machine is told at once. Poll `GET /orders/{id}` for its status.',
      },
      config: {
        authScheme: MEMBER_SCHEME,
        noAudit: true,
        swaggerTransform: appDocs({
          idempotent: true,
          errors: {
            400: 'Bad input: a product, option or topping not on the machine’s menu, two options of a one-choice type, a missing Idempotency-Key',
            401: true,
            404: 'No such machine (or one of another merchant), or a coupon that is not the member’s',
            409: 'Not enough money in the wallet; the machine takes no orders now, or its store is closed; a product sold out; the coupon used, expired, not yet valid or withdrawn; the first call with this key still running. Nothing was written',
            422: true,
          },
        }),
      },
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
          const store = await storeOpen(tx, machine.storeId);
          if (!store.isOpen) throw new AppError('msg.appStoreClosed', { store: store.name });
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
            if (product) refuseOptionChoice(product, l.options, i + 1, request.lang);
          });
          const lines = body.lines.map((l) => {
            const product = menu.products.find((p) => p.code === l.productCode);
            return { ...l, combination: product && menuComboLabel(product, l.options, l.combination) };
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
              lines,
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
              affordable: async (actualPayment) => {
                if (toCents(actualPayment) > toCents(payable.balance))
                  throw await members.wallet.insufficient(tx, {
                    memberId: member.id,
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
            currency: order.currency,
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

  /** The member's orders with their machines' names and their lines' options named in `lang`. */
  const withMachines = async (tx: Db, list: MemberOrder[], lang: string) => {
    const names = await fleet.reports.machineNames(tx, [
      ...new Set(list.flatMap((o) => (o.deviceId ? [o.deviceId] : []))),
    ]);
    const options = await catalog.optionNames(
      tx,
      list.flatMap((o) => o.lines.flatMap((l) => l.options)),
      lang,
    );
    return list.map((o) => ({
      ...o,
      machineName: o.deviceId ? (names.get(o.deviceId)?.name ?? null) : null,
      lines: o.lines.map((l) => ({ ...l, optionNames: l.options.map((id) => options.get(id) ?? id) })),
    }));
  };

  app.get(
    `${APP_API_PREFIX}/orders`,
    {
      schema: { querystring: appPageQuery, response: answer(appOrdersAnswer), tags, security },
      config: { authScheme: MEMBER_SCHEME, swaggerTransform: appDocs({ errors: { 400: true, 401: true } }) },
    },
    async (request) => {
      const q = request.query as z.infer<typeof appPageQuery>;
      const member = memberOf(request);
      return inMemberScope(db, request, async (tx) => {
        const { list, total } = await orders.memberOrders(tx, member.memberNo, { ...q, lang: request.lang });
        return { list: await withMachines(tx, list, request.lang), total, page: q.page, limit: q.limit };
      });
    },
  );

  app.get(
    `${APP_API_PREFIX}/orders/:id`,
    {
      schema: { params: appIdParams, response: answer(appOrderAnswer), tags, security },
      config: {
        authScheme: MEMBER_SCHEME,
        swaggerTransform: appDocs({
          errors: { 400: true, 401: true, 404: 'No such order, or another member’s' },
        }),
      },
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
        return (await withMachines(tx, list, request.lang))[0];
      });
    },
  );
}
