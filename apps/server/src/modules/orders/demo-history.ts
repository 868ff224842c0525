/**
 * The demo's 90 days of orders (DEMO=1, first start; issue 11 §5), for every demo machine standing in
 * a store. The days its cups of the past cover (fleet's demo history: the last two weeks, from its
 * first cup) are made of those cups (demo-history-cups.ts): cups close together are one customer's
 * order, a line per product, rejected with the machine's reason when a cup failed, with a few
 * cancelled before paying beside them; each cup then names its order and line, as a live machine's
 * cup does, so an order's detail shows its cups and a day's cups made match its cups sold. The days
 * before are drawn: the customers of each day by the simulator's own day shape in the store's local
 * time (morning and afternoon peaks, later and quieter weekends, within the store's opening hours),
 * about 2 in 100 cancelled before paying and 1 in 100 rejected at the machine, with no cups. Either
 * way: the payment mix, and lines priced at what the store sells them for, taxed by the server's
 * rule: each product type's tax for the order type as the taxes module allocates it (the Taiwanese
 * brands' 5 % business tax, included; none in Hong Kong), each line rounded by the country's rule
 * (contracts tax.ts), the order's tax the sum of its lines'. Finished orders only, each with its steps.
 *
 * Made in memory (seeded by serial number: the same history on every first start) and written in a
 * few set-based statements per few thousand orders: the embedded database takes it at first start
 * without slowing it noticeably. Stores and merchants are read as the tenant tree tenancy shares;
 * machines and their cups through fleet's service (which also links the cups to their orders), what
 * stores sell through the catalog's, taxes through the taxes module's: this file's SQL names the
 * orders module's tables only.
 */
import { sql } from 'drizzle-orm';
import {
  currencyOf,
  formatCents,
  orderTax,
  seededRandom,
  taxRuleOf,
  toCents,
  type OrderStatus,
  type OrderType,
  type PaymentMethod,
} from '@brewfleet/contracts';
import {
  PEAK_CUSTOMERS_PER_HOUR,
  WEEKDAY_DEMAND,
  WEEKEND_DEMAND,
  lineCount,
  lineQuantity,
  pickPaymentMethod,
  type Family,
} from '@brewfleet/simulator';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { DEMO_SERIAL_PREFIX } from '../fleet/demo.ts';
import { ordersFromCups, type OrderDraft } from './demo-history-cups.ts';
import type { FleetService, HistoryCup } from '../fleet/service.ts';
import type { StoreSale } from '../catalog/service.ts';
import type { TaxService } from '../taxes/service.ts';

export const ORDER_HISTORY_DAYS = 90;
/** History order numbers start with this: the live machines' never do (simulator orders.ts). */
export const HISTORY_ORDER_PREFIX = 'H';
const CANCELLED_SHARE = 0.02;
const REJECTED_SHARE = 0.01;
const REJECT_REASONS = ['channel 1 is short of material', 'the cup failed at the machine'];
/** Orders written per statement: a few megabytes of JSON at most. */
const CHUNK = 4000;
const HOUR = 3_600_000;

/**
 * The demo stores' wall clock, by their merchant's country (Taiwan and Hong Kong, neither with
 * daylight saving time, so a fixed offset is their local time all year).
 */
const UTC_OFFSET_HOURS: Record<string, number> = { TW: 8, HK: 8, CN: 8, SG: 8, JP: 9 };

export interface DemoOrderHistoryDeps {
  /** The machines, and their cups of the past (read, then linked to their order lines). */
  fleet: { machines: Pick<FleetService['machines'], 'targets'> } & {
    reports: Pick<FleetService['reports'], 'historyCups' | 'linkCupsToOrders'>;
  };
  taxes: Pick<TaxService, 'compute'>;
  /** What these stores sell and for how much (the catalog's service). */
  storeSales(tx: Db, storeIds: string[]): Promise<StoreSale[]>;
}

interface Store {
  id: string;
  merchant_id: string;
  opening_time: string | null;
  closing_time: string | null;
  operating_days: string[];
}

interface Tax {
  taxId: string | null;
  taxName: string | null;
  taxRate: string;
  taxBase: string;
}

/** A cup made for an order line (fleet's reports.linkCupsToOrders). */
type CupLink = { deviceId: string; eventId: string; orderNo: string; line: number };

/** One order as the statement reads it (json_to_recordset), its lines nested. */
interface HistoryOrder {
  device_id: string;
  merchant_id: string;
  store_id: string;
  serial_number: string;
  order_no: string;
  pickup_code: string;
  order_type: OrderType;
  status: OrderStatus;
  payment_method: PaymentMethod;
  currency: string;
  amount: string;
  received: string | null;
  tax: string;
  prices_include_tax: boolean;
  reason: string | null;
  ordered_at: string;
  paid_at: string;
  status_at: string;
  lines: Array<{
    seq: number;
    product_id: string;
    product_type_id: string | null;
    product_code: string;
    name: string;
    names: Record<string, string> | null;
    unit_price: string;
    quantity: number;
    amount: string;
    tax_id: string | null;
    tax_name: string | null;
    tax_rate: string;
    tax: string;
    net: string;
    gross: string;
  }>;
}

/** A Poisson count with mean `mean` (Knuth; the means here are small). */
function poisson(random: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  for (let p = random(); p > limit; p *= random()) k++;
  return k;
}

const hourOf = (time: string | null, fallback: number) => {
  const m = /^(\d{1,2})(?::(\d{2}))?/.exec(time ?? '');
  return m ? Number(m[1]) + Number(m[2] ?? 0) / 60 : fallback;
};
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

export async function seedDemoOrderHistory(
  database: Db,
  deps: DemoOrderHistoryDeps,
  now = Date.now(),
): Promise<{ orders: number; buildMs: number; writeMs: number }> {
  const started = performance.now();
  return inScope(database, SYSTEM, async (db) => {
    const [done] = await rows(
      db,
      sql`select 1 from sales_order where order_no like ${`${HISTORY_ORDER_PREFIX}%`} limit 1`,
    );
    if (done) return { orders: 0, buildMs: 0, writeMs: 0 };
    const stores = await rows<Store>(
      db,
      sql`select id::text, merchant_id::text, opening_time, closing_time, operating_days from store order by id`,
    );
    const merchants = await rows<{ id: string; parent_id: string | null; country: string | null }>(
      db,
      sql`select id::text, parent_id::text, country from merchant`,
    );
    const byId = new Map(merchants.map((m) => [m.id, m]));
    /** The merchant, then its ancestors: whose taxes apply, nearest first. */
    const chainOf = (id: string) => {
      const chain: string[] = [];
      for (
        let m = byId.get(id);
        m && !chain.includes(m.id);
        m = m.parent_id ? byId.get(m.parent_id) : undefined
      )
        chain.push(m.id);
      return chain;
    };
    const sales = await deps.storeSales(
      db,
      stores.map((s) => s.id),
    );
    // The machines' cups of the past (fleet's demo history, written before: its `later` step runs
    // first), from which the days they cover are made.
    const since = new Date(now - ORDER_HISTORY_DAYS * 24 * HOUR);
    const orders: HistoryOrder[] = [];
    const links: CupLink[] = [];
    for (const store of stores) {
      const machines = (await deps.fleet.machines.targets(db, null, store.id, [])).filter((m) =>
        m.serial_number.startsWith(DEMO_SERIAL_PREFIX),
      );
      if (!machines.length) continue;
      const chain = chainOf(store.merchant_id);
      const country =
        chain
          .map((id) => byId.get(id)?.country?.trim().toUpperCase())
          .find((c) => c && /^[A-Z]{2}$/.test(c)) ?? '';
      const locale = { utcOffsetHours: UTC_OFFSET_HOURS[country] ?? 0, currency: currencyOf(country) };
      const sold = sales.filter((s) => s.storeId === store.id);
      const taxes = await taxesOf(db, deps.taxes, chain, country, sold);
      const cups = await deps.fleet.reports.historyCups(
        db,
        machines.map((m) => m.id),
        since,
      );
      for (const machine of machines) {
        const products = sold.filter((s) => s.family === machine.family);
        if (!products.length) continue;
        const made = machineHistory({
          machine: {
            id: machine.id,
            serial: machine.serial_number,
            merchantId: machine.merchant_id ?? store.merchant_id,
            storeId: store.id,
            family: machine.family as Family,
          },
          store,
          products,
          cups: cups.filter((c) => c.deviceId === machine.id),
          taxes,
          country,
          locale,
          now,
        });
        orders.push(...made.orders);
        links.push(...made.links);
      }
    }
    const built = performance.now();
    for (let i = 0; i < orders.length; i += CHUNK) await writeOrders(db, orders.slice(i, i + CHUNK));
    // Each cup then names its order and line, as a live machine's cup does (fleet's table: its service).
    await deps.fleet.reports.linkCupsToOrders(db, links);
    return { orders: orders.length, buildMs: built - started, writeMs: performance.now() - built };
  });
}

/** Each product type's tax for each order type, under the merchant's configuration (taxes module). */
async function taxesOf(
  db: Db,
  taxes: Pick<TaxService, 'compute'>,
  merchantIds: string[],
  country: string,
  sold: StoreSale[],
): Promise<Record<OrderType, Map<string, Tax>>> {
  const types = [...new Set(sold.flatMap((s) => (s.productTypeId ? [s.productTypeId] : [])))];
  const of = async (orderType: OrderType) => {
    const map = new Map<string, Tax>();
    if (!country || !types.length) return map;
    const taxed = await taxes.compute(db, {
      merchantIds,
      country,
      orderType,
      lines: types.map((productTypeId) => ({ productTypeId, amount: 0n })),
    });
    types.forEach((type, i) => map.set(type, taxed.lines[i]));
    return map;
  };
  return { 'dine-in': await of('dine-in'), pack: await of('pack') };
}

interface MachineInput {
  machine: { id: string; serial: string; merchantId: string; storeId: string; family: Family };
  store: Store;
  products: StoreSale[];
  /** Its cups of the past that name no order, oldest first (fleet's reports.historyCups). */
  cups: HistoryCup[];
  taxes: Record<OrderType, Map<string, Tax>>;
  country: string;
  locale: { utcOffsetHours: number; currency: string };
  now: number;
}

/**
 * A machine's 90 days: Poisson customers until its first cup of the past, its cups' customers from
 * then on (demo-history-cups.ts), numbered by the store's local day in the order they came.
 */
function machineHistory(input: MachineInput): { orders: HistoryOrder[]; links: CupLink[] } {
  const { machine, cups, locale, now } = input;
  const offset = locale.utcOffsetHours * HOUR;
  const from = cups.length ? cups[0].producedAt : Infinity;
  const drafts = [
    ...poissonDrafts(input, from),
    // A stream of its own: the days before stay what they were without the cups.
    ...ordersFromCups({
      cups,
      products: input.products,
      random: seededRandom(`${machine.serial}/cups`),
      cancelledShare: CANCELLED_SHARE,
      now,
    }),
  ].sort((a, b) => a.at - b.at);
  const suffix = machine.serial
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-6)
    .toUpperCase();
  const rule = taxRuleOf(input.country);
  let day = '';
  let seq = 0;
  const links: CupLink[] = [];
  const orders = drafts.map((draft) => {
    const yymmdd = new Date(draft.at + offset).toISOString().slice(2, 10).replaceAll('-', '');
    if (yymmdd !== day) [day, seq] = [yymmdd, 0];
    const orderNo = `${HISTORY_ORDER_PREFIX}${suffix}-${yymmdd}-${++seq}`;
    for (const { eventId, line } of draft.cups) links.push({ deviceId: machine.id, eventId, orderNo, line });
    return priceOrder(input, rule, draft, orderNo);
  });
  return { orders, links };
}

/**
 * The customers of each past day by the simulator's day shape, within the store's opening hours,
 * ordered before `until` (the machine's first cup of the past, from which its cups make the orders).
 */
function poissonDrafts(input: MachineInput, until: number): OrderDraft[] {
  const { machine, store, products, locale, now } = input;
  const random = seededRandom(machine.serial);
  // The live machines' pace (the simulator's PEAK_CUSTOMERS_PER_HOUR), so the past reads like today.
  const peak = PEAK_CUSTOMERS_PER_HOUR[machine.family] ?? 1;
  const opens = hourOf(store.opening_time, 7);
  const closes = hourOf(store.closing_time, 22) || 24;
  const offset = locale.utcOffsetHours * HOUR;
  const out: OrderDraft[] = [];
  // Local midnight of today, then back day by day.
  const today = Math.floor((now + offset) / (24 * HOUR)) * 24 * HOUR - offset;
  for (let day = ORDER_HISTORY_DAYS - 1; day >= 0; day--) {
    const midnight = today - day * 24 * HOUR;
    if (midnight >= until) break;
    const weekday = new Date(midnight + offset).getUTCDay();
    if (store.operating_days.length && !store.operating_days.includes(DAYS[weekday])) continue;
    const shape = weekday === 0 || weekday === 6 ? WEEKEND_DEMAND : WEEKDAY_DEMAND;
    for (let hour = 0; hour < 24; hour++) {
      if (hour < Math.floor(opens) || hour >= Math.ceil(closes)) continue;
      const count = poisson(random, peak * shape[hour]);
      const times = Array.from({ length: count }, () => midnight + (hour + random()) * HOUR).sort(
        (a, b) => a - b,
      );
      for (const at of times) {
        const localHour = (at - midnight) / HOUR;
        if (localHour < opens || localHour >= closes || at > now - 5 * 60_000 || at >= until) continue;
        const orderType: OrderType = random() < 0.55 ? 'dine-in' : 'pack';
        const chosen = Array.from({ length: lineCount(random) }, () => {
          const quantity = lineQuantity(random);
          return { product: products[Math.floor(random() * products.length)], quantity };
        });
        const fate = random();
        const status: OrderStatus =
          fate < CANCELLED_SHARE
            ? 'cancelled'
            : fate < CANCELLED_SHARE + REJECTED_SHARE
              ? 'rejected'
              : 'completed';
        const paidAt = at + (20 + random() * 40) * 1000;
        const cups = chosen.reduce((n, c) => n + c.quantity, 0);
        const statusAt =
          status === 'cancelled'
            ? at + (15 + random() * 60) * 1000
            : paidAt + (5 + cups * (40 + random() * 30)) * 1000;
        const pickupCode = String(1000 + Math.floor(random() * 9000));
        const paymentMethod = pickPaymentMethod(random);
        out.push({
          at,
          paidAt,
          statusAt,
          status,
          reason:
            status === 'cancelled'
              ? 'cancelled by the customer'
              : status === 'rejected'
                ? REJECT_REASONS[Math.floor(random() * REJECT_REASONS.length)]
                : null,
          orderType,
          paymentMethod,
          pickupCode,
          chosen,
          cups: [],
        });
      }
    }
  }
  return out;
}

/**
 * An order as the statement writes it: its lines priced at what the store sells them for, taxed by
 * the product type's tax for the order type and rounded by the country's rule.
 */
function priceOrder(
  input: MachineInput,
  rule: ReturnType<typeof taxRuleOf>,
  draft: OrderDraft,
  orderNo: string,
): HistoryOrder {
  const { machine, taxes, locale } = input;
  const { chosen, status } = draft;
  const amounts = chosen.map((c) => toCents(c.product.price) * BigInt(c.quantity));
  const lineTaxes = chosen.map((c) => taxes[draft.orderType].get(c.product.productTypeId ?? ''));
  const totals = orderTax(
    amounts.map((amount, i) => ({ amount, rate: lineTaxes[i]?.taxRate, base: lineTaxes[i]?.taxBase })),
    rule,
  );
  const amount = formatCents(totals.gross);
  return {
    device_id: machine.id,
    merchant_id: machine.merchantId,
    store_id: machine.storeId,
    serial_number: machine.serial,
    order_no: orderNo,
    pickup_code: draft.pickupCode,
    order_type: draft.orderType,
    status,
    payment_method: draft.paymentMethod,
    currency: locale.currency,
    amount,
    received: status === 'cancelled' ? null : amount,
    tax: formatCents(totals.tax),
    prices_include_tax: rule.pricesIncludeTax,
    reason: draft.reason,
    ordered_at: new Date(draft.at).toISOString(),
    paid_at: new Date(draft.paidAt).toISOString(),
    status_at: new Date(draft.statusAt).toISOString(),
    lines: chosen.map((c, i) => ({
      seq: i + 1,
      product_id: c.product.productId,
      product_type_id: c.product.productTypeId,
      product_code: c.product.code,
      name: c.product.name,
      names: c.product.names,
      unit_price: formatCents(toCents(c.product.price)),
      quantity: c.quantity,
      amount: formatCents(amounts[i]),
      tax_id: lineTaxes[i]?.taxId ?? null,
      tax_name: lineTaxes[i]?.taxName ?? null,
      tax_rate: lineTaxes[i]?.taxRate ?? '0',
      tax: formatCents(totals.lines[i].tax),
      net: formatCents(totals.lines[i].net),
      gross: formatCents(totals.lines[i].gross),
    })),
  };
}

/**
 * One statement per chunk: the orders, their lines (nested in each order's record) and their steps
 * (made here from each order's final status: waiting-payment, then paid, processing and completed or
 * rejected; or cancelled before paying). Each order and step has an event id of its own as a machine's report
 * would, unique per machine (`history:<order no>[:<status>]`; cheaper than a random UUID a row).
 */
async function writeOrders(db: Db, orders: HistoryOrder[]): Promise<void> {
  await db.execute(sql`
    with src as materialized (
      select * from json_to_recordset(${JSON.stringify(orders)}::json) as x(
        device_id bigint, merchant_id bigint, store_id bigint, serial_number text, order_no text, pickup_code text,
        order_type text, status text, payment_method text, currency text, amount numeric, received numeric,
        tax numeric, prices_include_tax boolean, reason text, ordered_at timestamptz, paid_at timestamptz,
        status_at timestamptz, lines json)
    ),
    o as (
      insert into sales_order (merchant_id, store_id, device_id, serial_number, source, order_no, pickup_code,
        order_type, status, payment_method, currency, amount, discount, actual_payment, actual_received, tax,
        prices_include_tax, reported_payment, reported_tax, price_check, ordered_at, status_at, event_id,
        created_at, updated_at)
      select merchant_id, store_id, device_id, serial_number, 'machine', order_no, pickup_code, order_type, status,
             payment_method, currency, amount, 0, amount, received, tax, prices_include_tax, amount,
             case when prices_include_tax then null else tax end, 'ok', ordered_at, status_at,
             'history:' || order_no, ordered_at, status_at
      from src
      returning id, device_id, order_no
    ),
    -- Run whether read or not (a data-modifying WITH always runs to completion).
    l as (
      insert into sales_order_line (order_id, merchant_id, store_id, seq, line, kind, product_id, product_type_id,
        product_code, name, names, unit_price, reported_unit_price, quantity, amount, tax_id, tax_name, tax_rate,
        tax, net, gross, created_at)
      select o.id, s.merchant_id, s.store_id, x.seq, x.seq, 'product', x.product_id, x.product_type_id,
             x.product_code, x.name, x.names, x.unit_price, x.unit_price, x.quantity, x.amount, x.tax_id, x.tax_name,
             x.tax_rate, x.tax, x.net, x.gross, s.ordered_at
      from src s join o on o.device_id = s.device_id and o.order_no = s.order_no,
           json_to_recordset(s.lines) as x(seq int, product_id bigint, product_type_id bigint, product_code text,
             name text, names jsonb, unit_price numeric, quantity int, amount numeric, tax_id bigint, tax_name text,
             tax_rate text, tax numeric, net numeric, gross numeric)
    )
    insert into sales_order_step (merchant_id, store_id, device_id, order_id, order_no, event_id, status, outcome,
      cause, reason, received, at, created_at)
    select s.merchant_id, s.store_id, s.device_id, o.id, s.order_no,
           'history:' || s.order_no || case when step.status = 'waiting-payment' then '' else ':' || step.status end,
           step.status, 'moved',
           'machine', step.reason, step.received, step.at, step.at
    from src s join o on o.device_id = s.device_id and o.order_no = s.order_no
    cross join lateral (values
      -- The status it was taken in is its first step, under the order event's id (as ingest.ts does).
      ('waiting-payment', s.ordered_at, null::numeric, null::text, true),
      ('paid', s.paid_at, s.received, null::text, s.status <> 'cancelled'),
      ('processing', s.paid_at + interval '2 seconds', null::numeric, null::text, s.status <> 'cancelled'),
      (s.status, s.status_at, null::numeric, s.reason, true)
    ) as step(status, at, received, reason, taken)
    where step.taken`);
}
