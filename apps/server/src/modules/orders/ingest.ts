/**
 * Orders as machines report them (device protocol v1, `order` and `order-status` events), written by
 * the writers this module hands fleet's gateway (fleet/machine-events.ts), in the gateway's batch
 * transaction, a batch of thousands of orders in a handful of statements:
 *
 * - `order`: priced again by the server from the menu the machine was sent (pricing.ts) and taxed
 *   under the tax configuration (the taxes service); what differs from the machine's figures is
 *   flagged on the order with a note per difference. Stored once per machine and order number.
 * - `order-status`: a step, stored once per event id, then settled (steps.ts).
 */
import { sql } from 'drizzle-orm';
import {
  currencyOf,
  formatCents,
  menuContent,
  orderEvent,
  orderStatusEvent,
  shareCents,
  toCents,
  type MenuContent,
  type OrderCheck,
  type OrderCheckNote,
  type OrderPlaced,
  type OrderReport,
  type OrderStatusReport,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import type { Publisher } from '../../platform/events/domain-events.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { FleetService, MachineEventWriter, ReportedEvent } from '../fleet/service.ts';
import type { TaxService } from '../taxes/service.ts';
import { priceOrder, type Priced, type PricedLine, type PricedOrder } from './pricing.ts';
import { settleSteps } from './steps.ts';
import type { MerchantChains } from './tenants.ts';

export interface IngestDeps {
  fleet: FleetService;
  catalog: CatalogService;
  taxes: TaxService;
  chains: MerchantChains;
}

// Rows travel as one json parameter: json_to_recordset reads its text directly, about a third cheaper
// than first building the binary jsonb a batch of thousands of rows would be thrown away after.
const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;

/** Menus by machine and version: a version's content never changes, so it is read once. */
class MenuCache {
  private readonly menus = new Map<string, { menu: MenuContent | null; until: number }>();
  constructor(private readonly fleet: FleetService) {}

  async get(tx: Db, deviceId: string, version: string | undefined): Promise<MenuContent | null> {
    if (!version) return null;
    const key = `${deviceId}/${version}`;
    const held = this.menus.get(key);
    if (held && held.until > Date.now()) return held.menu;
    const parsed = menuContent.safeParse(await this.fleet.reports.menuSent(tx, deviceId, version));
    const menu = parsed.success ? parsed.data : null;
    // A version not (yet) known is asked again after a minute; a known one is kept.
    if (this.menus.size > 5000) this.menus.clear();
    this.menus.set(key, { menu, until: menu ? Infinity : Date.now() + 60_000 });
    return menu;
  }
}

/** The order's check: the worst of what its notes say. */
function checkOf(
  notes: readonly OrderCheckNote[],
  menuUnknown: boolean,
  lines: readonly PricedLine[],
): OrderCheck {
  if (lines.some((l) => l.flag === 'unknown-product')) return 'unknown-product';
  if (notes.some((n) => n.key !== 'order.check.menuUnknown')) return 'differs';
  return menuUnknown ? 'menu-unknown' : 'ok';
}

export function orderWriters(deps: IngestDeps) {
  const menus = new MenuCache(deps.fleet);

  async function writeOrders(
    tx: Db,
    events: ReportedEvent<OrderReport>[],
    publisher: Publisher,
  ): Promise<{ inserted: number; duplicates: number }> {
    const merchants = new Set(events.flatMap((r) => (r.device.merchantId ? [r.device.merchantId] : [])));
    const chains = await deps.chains.of(tx, merchants);
    const chainOf = (r: ReportedEvent<OrderReport>) =>
      (r.device.merchantId && chains.get(r.device.merchantId)) || { ids: [], country: null };
    // What the catalog says of the codes and extras named, for every merchant involved at once.
    const allMerchants = [...new Set([...chains.values()].flatMap((c) => c.ids))];
    const products = await deps.catalog.productsByCode(tx, allMerchants, [
      ...new Set(events.flatMap((r) => r.e.lines.map((l) => l.productCode))),
    ]);
    const extraIds = [
      ...new Set(events.flatMap((r) => r.e.lines.flatMap((l) => l.extras.map((x) => x.code)))),
    ].filter((id) => /^\d{1,18}$/.test(id));
    const extras = await deps.catalog.itemsByIds(tx, 'extra-product', extraIds);

    const byCode = new Map<string, typeof products>();
    for (const p of products) byCode.set(p.code, [...(byCode.get(p.code) ?? []), p]);
    const priced: PricedOrder[] = [];
    for (const r of events) {
      const chain = chainOf(r).ids;
      const nearest = <T extends { merchantId: string | null }>(list: T[]) =>
        list
          .filter((x) => x.merchantId && chain.includes(x.merchantId))
          .sort((a, b) => chain.indexOf(a.merchantId!) - chain.indexOf(b.merchantId!))[0];
      const productOf = (code: string): Priced | undefined => nearest(byCode.get(code) ?? []);
      const extraOf = (id: string): Priced | undefined => {
        const x = extras.get(id);
        return x && nearest([x]);
      };
      const menu = await menus.get(tx, r.device.id, r.e.menuVersion);
      priced.push(priceOrder(r.e, menu, productOf, extraOf));
    }

    // The discount is shared over the lines by their amounts; each line is taxed on what is left.
    const discounts = events.map((r, i) => {
      const total = priced[i].lines.reduce((sum, l) => sum + l.amount, 0n);
      const discount = toCents(r.e.payment.discount);
      return shareCents(
        discount > total ? total : discount,
        priced[i].lines.map((l) => l.amount),
      );
    });
    const taxed = await deps.taxes.computeMany(
      tx,
      events.map((r, i) => ({
        merchantIds: chainOf(r).ids,
        country: chainOf(r).country ?? 'TW',
        orderType: r.e.orderType,
        lines: priced[i].lines.map((l, j) => ({
          productTypeId: l.kind === 'product' ? l.productTypeId : null,
          extraProductId: l.extraProductId,
          amount: l.amount - discounts[i][j],
        })),
      })),
    );

    const orderRows = events.map((r, i) => {
      const { e, device, at } = r;
      const t = taxed[i];
      const amount = priced[i].lines.reduce((sum, l) => sum + l.amount, 0n);
      const discount = discounts[i].reduce((sum, d) => sum + d, 0n);
      const payment = t.gross;
      const notes = [...priced[i].notes];
      if (toCents(e.payment.amount) !== payment)
        notes.push({
          line: null,
          key: 'order.check.totalDiffers',
          params: { reported: e.payment.amount, expected: formatCents(payment) },
        });
      if (e.tax !== undefined && toCents(e.tax) !== t.tax)
        notes.push({
          line: null,
          key: 'order.check.taxDiffers',
          params: { reported: e.tax, expected: formatCents(t.tax) },
        });
      return {
        merchant_id: device.merchantId ?? null,
        store_id: device.storeId ?? null,
        device_id: device.id,
        serial_number: device.serialNumber,
        order_no: e.orderNo,
        pickup_code: e.pickupCode,
        order_type: e.orderType,
        status: e.status,
        payment_method: e.payment.method,
        payment_reference: e.payment.reference ?? null,
        currency: e.currency ?? currencyOf(t.country),
        amount: formatCents(amount),
        discount: formatCents(discount),
        actual_payment: formatCents(payment),
        tax: formatCents(t.tax),
        prices_include_tax: t.rule.pricesIncludeTax,
        reported_payment: e.payment.amount,
        reported_tax: e.tax ?? null,
        menu_version: e.menuVersion ?? null,
        member_no: e.memberNo ?? null,
        price_check: checkOf(notes, priced[i].menuUnknown, priced[i].lines),
        check_notes: notes,
        ordered_at: at,
        event_id: e.eventId,
      };
    });
    const inserted = await rows<{ id: string; device_id: string; order_no: string }>(
      tx,
      sql`insert into sales_order (merchant_id, store_id, device_id, serial_number, order_no, pickup_code, order_type,
            status, payment_method, payment_reference, currency, amount, discount, actual_payment, tax,
            prices_include_tax, reported_payment, reported_tax, menu_version, member_no, price_check, check_notes,
            ordered_at, status_at, event_id)
          select merchant_id, store_id, device_id, serial_number, order_no, pickup_code, order_type, status,
                 payment_method, payment_reference, currency, amount, discount, actual_payment, tax,
                 prices_include_tax, reported_payment, reported_tax, menu_version, member_no, price_check,
                 check_notes, ordered_at, ordered_at, event_id
          from json_to_recordset(${json(orderRows)}) as x(merchant_id bigint, store_id bigint, device_id bigint,
               serial_number text, order_no text, pickup_code text, order_type text, status text, payment_method text,
               payment_reference text, currency text, amount numeric, discount numeric, actual_payment numeric,
               tax numeric, prices_include_tax boolean, reported_payment numeric, reported_tax numeric,
               menu_version text, member_no text, price_check text, check_notes jsonb, ordered_at timestamptz,
               event_id text)
          on conflict (device_id, order_no) do nothing
          returning id::text, device_id::text, order_no`,
    );
    if (!inserted.length) return { inserted: 0, duplicates: events.length };
    const idOf = new Map(inserted.map((o) => [`${o.device_id}/${o.order_no}`, o.id]));
    const lineRows: Record<string, unknown>[] = [];
    const stepRows: Record<string, unknown>[] = [];
    const placed: OrderPlaced[] = [];
    for (let i = 0; i < events.length; i++) {
      const { e, device, at } = events[i];
      const orderId = idOf.get(`${device.id}/${e.orderNo}`);
      // A second report of one order number (resent, or within this batch) is the first's.
      if (!orderId) continue;
      idOf.delete(`${device.id}/${e.orderNo}`);
      const t = taxed[i];
      priced[i].lines.forEach((l, j) =>
        lineRows.push({
          order_id: orderId,
          merchant_id: device.merchantId ?? null,
          store_id: device.storeId ?? null,
          seq: l.seq,
          line: l.line,
          kind: l.kind,
          product_id: l.productId,
          extra_product_id: l.extraProductId,
          product_type_id: l.productTypeId,
          product_code: l.productCode,
          name: l.name,
          names: l.names,
          combination: l.combination,
          options: l.options,
          toppings: l.toppings,
          unit_price: formatCents(l.unitPrice),
          reported_unit_price: l.reportedUnitPrice === null ? null : formatCents(l.reportedUnitPrice),
          quantity: l.quantity,
          amount: formatCents(l.amount),
          tax_id: t.lines[j].taxId,
          tax_name: t.lines[j].taxName,
          tax_rate: t.lines[j].taxRate,
          tax: formatCents(t.lines[j].tax),
          net: formatCents(t.lines[j].net),
          gross: formatCents(t.lines[j].gross),
          flag: l.flag,
        }),
      );
      stepRows.push({
        merchant_id: device.merchantId ?? null,
        store_id: device.storeId ?? null,
        device_id: device.id,
        order_id: orderId,
        order_no: e.orderNo,
        event_id: e.eventId,
        status: e.status,
        at,
      });
      placed.push({
        orderId,
        deviceId: device.id,
        merchantId: device.merchantId ?? null,
        storeId: device.storeId ?? null,
        orderNo: e.orderNo,
        status: e.status,
        actualPayment: orderRows[i].actual_payment,
        memberNo: e.memberNo ?? null,
        at,
      });
    }
    await tx.execute(sql`
      insert into sales_order_line (order_id, merchant_id, store_id, seq, line, kind, product_id, extra_product_id,
        product_type_id, product_code, name, names, combination, options, toppings, unit_price, reported_unit_price,
        quantity, amount, tax_id, tax_name, tax_rate, tax, net, gross, flag)
      select * from json_to_recordset(${json(lineRows)}) as x(order_id bigint, merchant_id bigint, store_id bigint,
        seq int, line int, kind text, product_id bigint, extra_product_id bigint, product_type_id bigint,
        product_code text, name text, names jsonb, combination text, options jsonb, toppings jsonb,
        unit_price numeric, reported_unit_price numeric, quantity int, amount numeric, tax_id bigint, tax_name text,
        tax_rate text, tax numeric, net numeric, gross numeric, flag text)`);
    // The status it was taken in is its first step.
    await tx.execute(sql`
      insert into sales_order_step (merchant_id, store_id, device_id, order_id, order_no, event_id, status, outcome,
        cause, at)
      select merchant_id, store_id, device_id, order_id, order_no, event_id, status, 'moved', 'machine', at
      from json_to_recordset(${json(stepRows)}) as x(merchant_id bigint, store_id bigint, device_id bigint,
        order_id bigint, order_no text, event_id text, status text, at timestamptz)
      on conflict (device_id, event_id) do nothing`);
    await publisher.publish(tx, 'orders.orderPlaced', placed);
    // Reports heard before their order are applied now.
    const { changes } = await settleSteps(
      tx,
      placed.map((p) => ({ deviceId: p.deviceId!, orderNo: p.orderNo })),
    );
    await publisher.publish(tx, 'orders.orderStatusChanged', changes);
    return { inserted: placed.length, duplicates: events.length - placed.length };
  }

  async function writeStatuses(
    tx: Db,
    events: ReportedEvent<OrderStatusReport>[],
    publisher: Publisher,
  ): Promise<{ inserted: number; duplicates: number }> {
    // Stored with what became of them, once each (steps.ts).
    const { changes, stored } = await settleSteps(
      tx,
      [],
      events.map(({ device, e, at }) => ({
        merchantId: device.merchantId ?? null,
        storeId: device.storeId ?? null,
        deviceId: device.id,
        orderNo: e.orderNo,
        eventId: e.eventId,
        status: e.status,
        reason: e.reason ?? null,
        received: e.received ?? null,
        at,
      })),
    );
    await publisher.publish(tx, 'orders.orderStatusChanged', changes);
    return { inserted: stored, duplicates: events.length - stored };
  }

  const order: MachineEventWriter<OrderReport> = { type: 'order', schema: orderEvent, write: writeOrders };
  const status: MachineEventWriter<OrderStatusReport> = {
    type: 'order-status',
    schema: orderStatusEvent,
    write: writeStatuses,
  };
  return [order, status] as const;
}
