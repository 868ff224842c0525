/**
 * Orders the ordering app places at a machine (issue 12 §5), paid from a member's wallet. Priced
 * from the menu the machine runs by the same rule as a machine's own orders (pricing.ts), or at the
 * price a platform's own menu sold a line at (delivery: `platformPrices`; what the platform charged is
 * checked as a machine's reported price is), taxed by
 * the taxes service as ingest.ts taxes them, numbered by the server (order number `APP-<day>-<n>`, n
 * from a sequence, and a 4-digit pickup code, unique among the machine's open orders), and moved
 * along the same steps: placed waiting for payment, `paid` by the app once the wallet paid (both in
 * the app's one transaction). The machine then reports it as its
 * own (order-status events, cups naming its lines). A command to the machine that fails or expires
 * before the machine made the order rejects it (`rejectUnmade`), which the members module turns
 * into the wallet's refund.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  currencyOf,
  DEFAULT_COUNTRY,
  formatCents,
  nameIn,
  shareCents,
  toCents,
  type MenuContent,
  type OrderCheckNote,
  type OrderStatus,
  type OrderStatusChanged,
  type OrderType,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { subscribe, type Publisher } from '../../platform/events/domain-events.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { TaxService } from '../taxes/service.ts';
import { menuUnitPrice } from './pricing.ts';
import type { MerchantChains } from './tenants.ts';

export interface AppOrderDeps {
  taxes: TaxService;
  catalog: Pick<CatalogService, 'productsByCode'>;
  chains: MerchantChains;
}

export interface AppOrderLineInput {
  productCode: string;
  combination?: string;
  options: string[];
  toppings: Array<{ code: string; quantity: number }>;
  quantity: number;
}

/**
 * A line as a platform sold it from a menu of its own (the delivery module: the Uber menu it
 * uploaded), decimal strings. `unitPrice`: one of the line as that menu sells it, kept as the line's
 * price instead of the machine menu's (null: the machine's menu prices it). `charged`: what the
 * platform says it charged for one (null: it does not say); a difference is flagged on the order as a
 * machine's reported price that differs is (pricing.ts), never taken silently.
 */
export interface PlatformLinePrice {
  unitPrice: string | null;
  charged: string | null;
}

export interface AppOrderInput {
  device: { id: string; merchantId: string | null; storeId: string | null; serialNumber?: string | null };
  /** The menu the machine runs (what fleet sent it and it adopted). */
  menu: MenuContent;
  memberNo: string | null;
  orderType: OrderType;
  /**
   * 'delivery': an order of the delivery platform (issue 13): paid to the platform (payment method
   * third-party), taxed as platform takeaway, numbered `UBR-<day>-<n>`. Default: the app's.
   */
  channel?: 'app' | 'delivery';
  lines: AppOrderLineInput[];
  /**
   * One per line, in order, from the module that sold the order on a platform (never from a
   * request's body: the app's lines carry no price).
   */
  platformPrices?: ReadonlyArray<PlatformLinePrice>;
  /**
   * The order's coupon: its discount (a decimal string; the order takes at most its amount), read
   * before the order is built, and `use`, which takes the coupon for the order once it exists and
   * answers its discount (a coupon is used on an order).
   */
  coupon?: { discount: string; use: (orderId: string) => Promise<string> };
  /** Told what the order costs before anything is written: throws to refuse it (the wallet is short). */
  affordable?: (actualPayment: string) => void | Promise<void>;
}

/** An app order's line as the machine is told it. */
export interface PlacedLine {
  line: number;
  productCode: string;
  combination?: string;
  options: string[];
  toppings: Array<{ code: string; quantity: number }>;
  quantity: number;
  unitPrice: string;
}

export interface PlacedAppOrder {
  orderId: string;
  orderNo: string;
  pickupCode: string;
  status: OrderStatus;
  /** What the amounts are in (ISO 4217). */
  currency: string;
  amount: string;
  discount: string;
  actualPayment: string;
  menuVersion: string;
  lines: PlacedLine[];
}

/** Statuses an order holds its pickup code in: the code may be used again once it is final. */
const OPEN = `{waiting-payment,paid,processing}`;
const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

type MenuProduct = MenuContent['products'][number];

/**
 * Each line checked against the menu (what is not on it is refused, naming the line), and priced:
 * by the menu's rule, or at the price the platform's menu sold it at; what the platform charged for
 * one, when it says, is kept beside it and a difference flags the line.
 */
function priceLines(
  menu: MenuContent,
  lines: readonly AppOrderLineInput[],
  platform: ReadonlyArray<PlatformLinePrice> = [],
) {
  return lines.map((l, i) => {
    const line = i + 1;
    const product = menu.products.find((p) => p.code === l.productCode);
    if (!product) throw new AppError('msg.appProductNotOnMenu', { line, code: l.productCode });
    if (product.orderable === false)
      throw new AppError('msg.appProductNotOrderable', { line, code: l.productCode });
    for (const option of l.options)
      if (!product.options.some((o) => o.id === option))
        throw new AppError('msg.appOptionUnknown', { line, option, code: l.productCode });
    for (const t of l.toppings)
      if (!product.toppings.some((x) => x.name === t.code))
        throw new AppError('msg.appToppingUnknown', { line, topping: t.code, code: l.productCode });
    const sold = platform[i]?.unitPrice;
    const unit = sold != null ? toCents(sold) : menuUnitPrice(product, l.options, l.toppings);
    const unitPrice = unit < 0n ? 0n : unit;
    const charged = platform[i]?.charged;
    const reportedUnitPrice = charged != null ? toCents(charged) : null;
    return {
      line,
      product,
      input: l,
      combination: l.combination || comboLabel(product, l.options),
      unitPrice,
      reportedUnitPrice,
      flag: reportedUnitPrice !== null && reportedUnitPrice !== unitPrice ? ('differs' as const) : null,
      amount: unitPrice * BigInt(l.quantity),
    };
  });
}

/** "Large / Oat milk": a recipe combination's options by name (the default names, as machines show). */
function comboLabel(product: MenuProduct, optionIds: readonly string[]): string | undefined {
  if (!optionIds.length || !product.combos?.some((c) => sameSet(c.optionIds, optionIds))) return undefined;
  return optionIds
    .map((id) => product.options.find((o) => o.id === id)?.name ?? id)
    .join(' / ')
    .slice(0, 64);
}

/** Draws of a pickup code before an order gives up (a draw meets a held code 1 time in 9,000 per open order). */
const PICKUP_DRAWS = 20;

/** A 4-digit pickup code, drawn at random; the insert keeps it unique among the machine's open orders. */
const drawPickupCode = () => String(crypto.randomInt(1000, 10000));

/** Move an order by a step of the server's own (the app's payment, a command that failed). */
async function step(
  tx: Db,
  orderId: string,
  to: OrderStatus,
  cause: OrderStatusChanged['cause'],
  publisher: Publisher,
  opts: { from: readonly OrderStatus[]; reason?: string | null; received?: boolean; eventId: string },
): Promise<boolean> {
  // One statement: the order locked in the step's from-statuses, the step written (once per event),
  // the order moved; nothing when it is in another status or the event moved it already.
  const [order] = await rows<{
    device_id: string | null;
    merchant_id: string | null;
    store_id: string | null;
    status: OrderStatus;
    at: string;
  }>(
    tx,
    sql`with o as (
          select id, device_id, merchant_id, store_id, order_no, status, actual_payment
          from sales_order where id = ${orderId}::bigint and status = any(${`{${opts.from.join(',')}}`}::text[])
          for update
        ), s as (
          insert into sales_order_step (merchant_id, store_id, device_id, order_id, order_no, event_id, status,
            outcome, cause, reason, received, at)
          select merchant_id, store_id, device_id, id, order_no, ${opts.eventId}, ${to}, 'moved', ${cause},
                 ${opts.reason ?? null}, ${opts.received ? sql`actual_payment` : null}, now()
          from o
          on conflict (device_id, event_id) do nothing
          returning order_id, at
        ), u as (
          update sales_order set status = ${to}, status_at = now(), updated_at = now(),
                 actual_received = ${opts.received ? sql`actual_payment` : sql`actual_received`}
          where id = (select order_id from s)
        )
        select o.device_id::text, o.merchant_id::text, o.store_id::text, o.status,
               to_char(s.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
        from o join s on s.order_id = o.id`,
  );
  if (!order) return false;
  await publisher.publish(tx, 'orders.orderStatusChanged', [
    {
      orderId,
      deviceId: order.device_id,
      merchantId: order.merchant_id,
      storeId: order.store_id,
      from: order.status,
      to,
      cause,
      at: order.at,
    },
  ]);
  return true;
}

/** A member's orders (by member number), newest first; `orderId` narrows to one. */
async function memberOrders(
  tx: Db,
  memberNo: string,
  opts: { page: number; limit: number; orderId?: string; lang: string },
): Promise<{ list: MemberOrder[]; total: number }> {
  const where = sql`o.member_no = ${memberNo} ${opts.orderId ? sql`and o.id = ${opts.orderId}` : sql``}`;
  const [{ total }] = await rows<{ total: number }>(
    tx,
    sql`select count(*)::int as total from sales_order o where ${where}`,
  );
  const found = await rows<
    Omit<MemberOrder, 'lines'> & { lines: Array<MemberOrderLine & { names: unknown }> }
  >(
    tx,
    sql`select o.id::text, o.order_no as "orderNo", o.pickup_code as "pickupCode", o.device_id::text as "deviceId",
               o.store_id::text as "storeId", o.order_type as "orderType", o.status, o.currency, o.amount::text,
               o.discount::text, o.actual_payment::text as "actualPayment", o.tax::text,
               o.prices_include_tax as "pricesIncludeTax", o.refunded::text,
               to_char(o.ordered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "orderedAt",
               to_char(o.status_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "statusAt",
               coalesce((select json_agg(json_build_object('line', l.line, 'productCode', l.product_code,
                          'name', l.name, 'names', l.names, 'combination', l.combination, 'options', l.options,
                          'toppings', l.toppings, 'unitPrice', to_char(l.unit_price, 'FM9999999990.00'),
                          'quantity', l.quantity, 'amount', to_char(l.amount, 'FM9999999990.00')) order by l.seq)
                         from sales_order_line l where l.order_id = o.id and l.kind = 'product'), '[]') as lines
        from sales_order o where ${where}
        order by o.ordered_at desc, o.id desc
        limit ${opts.limit} offset ${(opts.page - 1) * opts.limit}`,
  );
  return {
    total,
    list: found.map((o) => ({
      ...o,
      lines: o.lines.map(({ names, ...l }) => ({ ...l, name: nameIn({ name: l.name, names }, opts.lang) })),
    })),
  };
}

/** A menu's own currency, when it names a valid one. */
const menuCurrencyOf = (menu: { currency?: string | null }) =>
  menu.currency && /^[A-Z]{3}$/.test(menu.currency) ? menu.currency : null;

export function createAppOrders(deps: AppOrderDeps) {
  /**
   * Place the order, waiting for payment; the caller pays it in the same transaction (markPaid).
   * Everything it costs is known before anything is written (the coupon's discount read ahead), so
   * `affordable` refuses an order the wallet cannot pay before it is built; the wallet's conditional
   * update stays the authority. The order, its lines and its first step go in as one statement.
   */
  async function placeAppOrder(tx: Db, input: AppOrderInput, publisher: Publisher): Promise<PlacedAppOrder> {
    const { device, menu } = input;
    const priced = priceLines(menu, input.lines, input.platformPrices);
    // A price the platform charged otherwise: noted as the machines' orders note theirs (ingest.ts).
    const notes: OrderCheckNote[] = priced.flatMap((l) =>
      l.flag
        ? [
            {
              line: l.line,
              // Only a platform's order carries prices (platformPrices): its own words, not the machine's.
              key: 'order.check.platformPriceDiffers',
              params: {
                line: l.line,
                reported: formatCents(l.reportedUnitPrice!),
                expected: formatCents(l.unitPrice),
              },
            },
          ]
        : [],
    );
    const delivery = input.channel === 'delivery';
    const amount = priced.reduce((sum, l) => sum + l.amount, 0n);
    const chain = device.merchantId
      ? ((await deps.chains.of(tx, [device.merchantId])).get(device.merchantId) ?? { ids: [], country: null })
      : { ids: [], country: null };
    const products = await deps.catalog.productsByCode(
      tx,
      chain.ids,
      priced.map((l) => l.product.code),
    );
    // The nearest merchant's product of the code (a sub-merchant's own before its parent's).
    const known = (code: string) =>
      products
        .filter((p) => p.code === code && p.merchantId && chain.ids.includes(p.merchantId))
        .sort((a, b) => chain.ids.indexOf(a.merchantId!) - chain.ids.indexOf(b.merchantId!))[0];
    const country = chain.country ?? DEFAULT_COUNTRY;
    // The coupon's discount is shared over the lines by their amounts and each line is taxed on what
    // is left, as a machine's order is.
    let discount = input.coupon ? toCents(input.coupon.discount) : 0n;
    if (discount > amount) discount = amount;
    if (discount < 0n) discount = 0n;
    const shares = shareCents(
      discount,
      priced.map((l) => l.amount),
    );
    const taxed = await deps.taxes.compute(tx, {
      merchantIds: chain.ids,
      country,
      orderType: delivery ? 'platform-takeaway' : input.orderType,
      lines: priced.map((l, i) => ({
        productTypeId: known(l.product.code)?.productTypeId ?? null,
        extraProductId: null,
        amount: l.amount - shares[i],
      })),
    });
    const actualPayment = taxed.gross;
    await input.affordable?.(formatCents(actualPayment));
    const currency = menuCurrencyOf(menu) ?? currencyOf(taxed.country);
    const lines = json(
      priced.map((l, i) => {
        const catalog = known(l.product.code);
        const t = taxed.lines[i];
        return {
          line: l.line,
          product_id: catalog?.id ?? null,
          product_type_id: catalog?.productTypeId ?? null,
          product_code: l.product.code,
          name: catalog?.name ?? l.product.name,
          names: catalog?.names ?? l.product.names ?? null,
          combination: l.combination ?? null,
          options: l.input.options,
          toppings: l.input.toppings,
          unit_price: formatCents(l.unitPrice),
          reported_unit_price: l.reportedUnitPrice === null ? null : formatCents(l.reportedUnitPrice),
          flag: l.flag,
          quantity: l.input.quantity,
          amount: formatCents(l.amount),
          tax_id: t.taxId,
          tax_name: t.taxName,
          tax_rate: t.taxRate,
          tax: formatCents(t.tax),
          net: formatCents(t.net),
          gross: formatCents(t.gross),
        };
      }),
    );
    // The number's tail comes from a sequence (no lock, no count of the machine's orders); a pickup
    // code held by an open order of the machine (an app order's by the partial unique index of
    // migration 0033, a machine's own by the check) makes the insert write nothing: draw again.
    let order: { id: string; orderNo: string; at: string } | undefined;
    let pickupCode = '';
    for (let draw = 0; !order && draw < PICKUP_DRAWS; draw++) {
      pickupCode = drawPickupCode();
      [order] = await rows<{ id: string; orderNo: string; at: string }>(
        tx,
        sql`with n as (
              select ${delivery ? 'UBR-' : 'APP-'} || to_char(now() at time zone 'UTC', 'YYMMDD') || '-' || nextval('app_order_no_seq') as no
            ), o as (
              insert into sales_order (merchant_id, store_id, device_id, serial_number, source, order_no, pickup_code,
                order_type, status, payment_method, currency, amount, discount, actual_payment, tax, prices_include_tax,
                menu_version, member_no, price_check, check_notes, ordered_at, status_at, event_id)
              select ${device.merchantId}::bigint, ${device.storeId}::bigint, ${device.id}::bigint,
                     ${device.serialNumber ?? null}, ${delivery ? 'delivery' : 'app'}, n.no, ${pickupCode}, ${input.orderType},
                     'waiting-payment', ${delivery ? 'third-party' : 'wallet'}, ${currency}, ${formatCents(amount)}::numeric,
                     ${formatCents(discount)}::numeric, ${formatCents(actualPayment)}::numeric,
                     ${formatCents(taxed.tax)}::numeric, ${taxed.rule.pricesIncludeTax}, ${menu.version},
                     ${input.memberNo}, ${notes.length ? 'differs' : 'ok'}, ${JSON.stringify(notes)}::jsonb,
                     now(), now(), 'app-' || n.no
              from n
              where not exists (select 1 from sales_order h where h.pickup_code = ${pickupCode}
                                  and h.device_id = ${device.id}::bigint and h.status = any(${OPEN}::text[]))
              on conflict do nothing
              returning id, order_no, ordered_at
            ), l as (
              insert into sales_order_line (order_id, merchant_id, store_id, seq, line, kind, product_id, product_type_id,
                product_code, name, names, combination, options, toppings, unit_price, reported_unit_price, quantity,
                amount, tax_id, tax_name, tax_rate, tax, net, gross, flag)
              select o.id, ${device.merchantId}::bigint, ${device.storeId}::bigint, x.line, x.line, 'product', x.product_id,
                     x.product_type_id, x.product_code, x.name, x.names, x.combination, x.options, x.toppings,
                     x.unit_price, x.reported_unit_price, x.quantity, x.amount, x.tax_id, x.tax_name, x.tax_rate, x.tax,
                     x.net, x.gross, x.flag
              from o cross join json_to_recordset(${lines}) as x(line int, product_id bigint, product_type_id bigint,
                product_code text, name text, names jsonb, combination text, options jsonb, toppings jsonb,
                unit_price numeric, reported_unit_price numeric, quantity int, amount numeric, tax_id bigint,
                tax_name text, tax_rate text, tax numeric, net numeric, gross numeric, flag text)
            ), s as (
              -- Its first step: placed, waiting for the payment.
              insert into sales_order_step (merchant_id, store_id, device_id, order_id, order_no, event_id, status,
                outcome, cause, at)
              select ${device.merchantId}::bigint, ${device.storeId}::bigint, ${device.id}::bigint, o.id, o.order_no,
                     'app-' || o.order_no, 'waiting-payment', 'moved', ${delivery ? 'delivery' : 'app'}, o.ordered_at
              from o
            )
            select id::text, order_no as "orderNo",
                   to_char(ordered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
            from o`,
      );
    }
    if (!order) throw new AppError('msg.appPickupCodesExhausted');
    const { orderNo } = order;
    // The coupon is used on this order: its own check under its row's lock is the authority (a held
    // coupon's amount is fixed when it is given, so the discount read ahead is the one it answers).
    if (input.coupon) await input.coupon.use(order.id);
    await publisher.publish(tx, 'orders.orderPlaced', [
      {
        orderId: order.id,
        deviceId: device.id,
        merchantId: device.merchantId,
        storeId: device.storeId,
        orderNo,
        status: 'waiting-payment',
        actualPayment: formatCents(actualPayment),
        memberNo: input.memberNo,
        at: order.at,
        source: delivery ? 'delivery' : 'app',
      },
    ]);
    return {
      orderId: order.id,
      orderNo,
      pickupCode,
      status: 'waiting-payment',
      currency,
      amount: formatCents(amount),
      discount: formatCents(discount),
      actualPayment: formatCents(actualPayment),
      menuVersion: menu.version,
      lines: priced.map((l) => ({
        line: l.line,
        productCode: l.product.code,
        ...(l.combination ? { combination: l.combination } : {}),
        options: l.input.options,
        toppings: l.input.toppings,
        quantity: l.input.quantity,
        unitPrice: formatCents(l.unitPrice),
      })),
    };
  }

  return {
    placeAppOrder,
    memberOrders,

    /**
     * What an order from this menu at a machine of this merchant is charged in, as placeAppOrder
     * charges it: the menu's currency, else its merchant's country's (nearest up the chain).
     */
    async currencyAt(tx: Db, merchantId: string | null, menu: { currency?: string | null }): Promise<string> {
      const own = menuCurrencyOf(menu);
      if (own) return own;
      const chain = merchantId ? (await deps.chains.of(tx, [merchantId])).get(merchantId) : undefined;
      return currencyOf(chain?.country ?? DEFAULT_COUNTRY);
    },

    /** The app took the money (the wallet paid): the order is `paid`, by the app. */
    /** Paid by the app's wallet (`app`), or by the delivery platform that took the order (`delivery`). */
    markPaid: (tx: Db, orderId: string, publisher: Publisher, cause: 'app' | 'delivery' = 'app') =>
      step(tx, orderId, 'paid', cause, publisher, {
        from: ['waiting-payment'],
        received: true,
        eventId: `app-paid-${orderId}`,
      }),

    /** The delivery platform cancelled an order: cancelled unless its machine started making it. */
    cancelUnmade: (tx: Db, orderId: string, reason: string, publisher: Publisher) =>
      step(tx, orderId, 'cancelled', 'delivery', publisher, {
        from: ['waiting-payment', 'paid'],
        reason,
        eventId: `cancel-${orderId}`,
      }),
  };
}

export type AppOrders = ReturnType<typeof createAppOrders>;

/**
 * App orders whose command ended failed or expired before the machine started making them are
 * rejected (the machine's refusal; the server's when it expired). One the machine is making already
 * stays: its own reports end it. The members module gives the money back on `rejected`.
 */
export const rejectUnmadeAppOrders = subscribe(
  'fleet.commandFinished',
  'orders: an app order its machine could not take is rejected',
  async (tx, commands, publisher) => {
    for (const c of commands) {
      if (c.ref?.kind !== 'order' || c.state === 'succeeded') continue;
      await step(tx, c.ref.id, 'rejected', c.state === 'failed' ? 'machine' : 'server', publisher, {
        from: ['waiting-payment', 'paid'],
        reason: c.reason ?? c.state,
        eventId: `command-${c.commandId}`,
      });
    }
  },
);

export interface MemberOrderLine {
  line: number;
  productCode: string;
  name: string;
  combination: string | null;
  options: string[];
  toppings: Array<{ code: string; quantity: number }>;
  unitPrice: string;
  quantity: number;
  amount: string;
}

/** An order as its member sees it in the app. */
export interface MemberOrder {
  id: string;
  orderNo: string;
  pickupCode: string;
  deviceId: string | null;
  storeId: string | null;
  orderType: OrderType;
  status: OrderStatus;
  currency: string;
  amount: string;
  discount: string;
  actualPayment: string;
  tax: string;
  pricesIncludeTax: boolean;
  refunded: string;
  orderedAt: string;
  statusAt: string;
  lines: MemberOrderLine[];
}
