/**
 * Customers at a simulated machine (docs/device-protocol.md §4.3, orders): when they come (a day's
 * shape in the machine's local time: morning and afternoon peaks, quieter and later weekends), what
 * they choose from the menu the machine adopted (products, options, toppings, dine-in or packed), how
 * they pay, and what each line costs by the protocol's price rule. The server's demo history uses the
 * same day shape and payment mix, so 90 days of the past look like the live machines.
 */
import {
  PAYMENT_METHODS,
  formatCents,
  orderTax,
  taxRuleOf,
  toCents,
  type MenuContent,
  type OrderReport,
  type PaymentMethod,
} from '@brewfleet/contracts';
import type { Family } from './families.ts';

type Random = () => number;
type MenuProduct = MenuContent['products'][number];

/** Share of customers per payment method (issue 11 §5: card machine first, then cash, wallet, apps). */
export const PAYMENT_MIX: Readonly<Record<PaymentMethod, number>> = {
  'card-machine': 0.35,
  cash: 0.2,
  wallet: 0.2,
  'third-party': 0.2,
  other: 0.05,
};

export function pickPaymentMethod(random: Random): PaymentMethod {
  let r = random();
  for (const method of PAYMENT_METHODS) {
    r -= PAYMENT_MIX[method];
    if (r < 0) return method;
  }
  return 'other';
}

/**
 * Customers a machine has in a weekday's busiest hour, by family; the day shape below scales the
 * other hours (a weekday sums to ~7.7 busiest hours within 07:00–22:00). The demo's live machines,
 * its 90 days of orders and its two weeks of cups all follow it, so that today reads against last
 * week as it would in a real fleet: a coffee machine ~19 customers a weekday, ~31 cups.
 */
export const PEAK_CUSTOMERS_PER_HOUR: Readonly<Record<Family, number>> = {
  coffee: 2.5,
  tea: 2,
  'milk-frother': 1.5,
  'ice-sand': 1.5,
  blender: 1.2,
};

/** Cups in one customer's order on average (composeOrder: 1.38 lines of 1.18 cups each). */
export const CUPS_PER_ORDER = 1.63;

/**
 * Customers per hour of the local day, relative to the busiest hour (1). Weekdays: commuters from 7
 * to 10, a lunch shoulder, the afternoon break from 14 to 17, a quiet night. Weekends: later and
 * flatter — a slow start, late-morning and mid-afternoon humps, at most about 60 % of a weekday peak.
 */
// prettier-ignore
export const WEEKDAY_DEMAND: readonly number[] = [
  // 0     1     2     3     4     5     6     7     8     9    10    11
  0.02, 0.01, 0.01, 0.01, 0.01, 0.03, 0.15, 0.7,  1,    0.85, 0.55, 0.45,
  // 12   13    14    15    16    17    18    19    20    21    22    23
  0.5,  0.45, 0.7,  0.8,  0.7,  0.4,  0.25, 0.18, 0.12, 0.06, 0.04, 0.03,
];
// prettier-ignore
export const WEEKEND_DEMAND: readonly number[] = [
  0.03, 0.02, 0.01, 0.01, 0.01, 0.01, 0.03, 0.08, 0.2,  0.4,  0.55, 0.6,
  0.5,  0.42, 0.45, 0.55, 0.6,  0.5,  0.35, 0.25, 0.17, 0.1,  0.06, 0.04,
];

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: '2-digit',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formats.set(timeZone, format);
  }
  return format;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export interface LocalTime {
  /** 0–23 */
  hour: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
  /** yyMMdd, for order numbers */
  day: string;
  secondsOfDay: number;
}

/** The wall clock of `timeZone` (IANA, e.g. "Asia/Taipei") at `date`. */
export function localTime(date: Date, timeZone = 'UTC'): LocalTime {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const hour = Number(parts.hour);
  return {
    hour,
    weekday: WEEKDAYS.indexOf(parts.weekday),
    day: `${parts.year}${parts.month}${parts.day}`,
    secondsOfDay: hour * 3600 + Number(parts.minute) * 60 + Number(parts.second),
  };
}

export const isWeekend = (weekday: number) => weekday === 0 || weekday === 6;

/** How busy the machine is at `date` (its local time), relative to a weekday's busiest hour. */
export function demandAt(date: Date, timeZone = 'UTC'): number {
  const { hour, weekday } = localTime(date, timeZone);
  return (isWeekend(weekday) ? WEEKEND_DEMAND : WEEKDAY_DEMAND)[hour];
}

/** What a customer chose of one product: the menu's option ids and toppings by name. */
export interface LineChoice {
  optionIds: string[];
  toppings: Array<{ code: string; quantity: number }>;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && new Set(a).size === new Set([...a, ...b]).size;

/**
 * The protocol's price rule (docs/device-protocol.md, orders), in cents: the product's price; plus
 * the priceChange of the recipe combination whose optionIds are exactly the chosen options (as a
 * set), else the sum of the chosen options' priceChange; plus each charged topping's price times its
 * quantity. Unknown option ids and toppings add nothing.
 */
export function unitPriceCents(product: MenuProduct, choice: LineChoice): bigint {
  let cents = toCents(product.price);
  const combo = product.combos?.find((c) => sameSet(c.optionIds, choice.optionIds));
  if (combo) cents += toCents(combo.priceChange);
  else
    for (const id of choice.optionIds) {
      const option = product.options.find((o) => o.id === id);
      if (option) cents += toCents(option.priceChange);
    }
  for (const t of choice.toppings) {
    const topping = product.toppings.find((x) => x.name === t.code);
    if (topping?.charged) cents += toCents(topping.price) * BigInt(t.quantity);
  }
  return cents;
}

/**
 * A customer's choice of options and toppings: each option type that must be chosen gets one (its
 * default more often than not), an optional type now and then; a topping on about one cup in five.
 * Only options with an id can be reported (the protocol names options by id).
 */
export function chooseLine(product: MenuProduct, random: Random): LineChoice {
  const byType = new Map<string, MenuProduct['options']>();
  for (const o of product.options) if (o.id) byType.set(o.type, [...(byType.get(o.type) ?? []), o]);
  const optionIds: string[] = [];
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  for (const options of byType.values()) {
    const fallback = options.find((o) => o.isDefault);
    const required = options.some((o) => o.required) || !!fallback;
    if (required) {
      const chosen = fallback && random() < 0.6 ? fallback : pick(options);
      optionIds.push(chosen.id!);
      if (options.some((o) => o.multiple) && random() < 0.15) {
        const more = pick(options.filter((o) => o !== chosen));
        if (more) optionIds.push(more.id!);
      }
    } else if (random() < 0.3) optionIds.push(pick(options).id!);
  }
  const toppings =
    product.toppings.length && random() < 0.2
      ? [{ code: pick(product.toppings).name, quantity: random() < 0.1 ? 2 : 1 }]
      : [];
  return { optionIds, toppings };
}

/** "Large / Oat milk": the chosen options by name, for a combination's display label. */
function comboLabel(product: MenuProduct, optionIds: readonly string[]): string | undefined {
  const combo = product.combos?.find((c) => sameSet(c.optionIds, optionIds));
  if (!combo || !optionIds.length) return undefined;
  const names = optionIds.map((id) => product.options.find((o) => o.id === id)?.name ?? id);
  return names.join(' / ').slice(0, 64);
}

export interface ComposedOrder {
  /** The `order` event's body (without eventId and ts). */
  order: Omit<OrderReport, 'eventId' | 'ts'>;
  /** The menu product of each line, in line order. */
  products: MenuProduct[];
}

export interface ComposeOptions {
  orderNo: string;
  pickupCode: string;
  /**
   * Percent of sales tax added at the till, for a machine where prices exclude tax (US, CA):
   * reported in `tax` and added to `payment.amount`. Absent: prices include any tax.
   */
  salesTaxRate?: string;
}

/** How many lines a customer orders (at most three, mostly one): 1.38 on average. */
export function lineCount(random: Random): number {
  const r = random();
  return r < 0.7 ? 1 : r < 0.92 ? 2 : 3;
}

/** How many cups of a line (mostly one): 1.18 on average. */
export function lineQuantity(random: Random): number {
  const q = random();
  return q < 0.85 ? 1 : q < 0.97 ? 2 : 3;
}

/**
 * One customer's order from the products on offer: 1–3 lines (mostly one), mostly one cup a line,
 * eaten in or packed, paid by the payment mix. Every amount follows the price rule exactly.
 */
export function composeOrder(
  menu: MenuContent,
  offered: readonly MenuProduct[],
  random: Random,
  opts: ComposeOptions,
): ComposedOrder {
  const count = Math.min(offered.length, lineCount(random));
  const products: MenuProduct[] = [];
  const lines: OrderReport['lines'] = [];
  for (let line = 1; line <= count; line++) {
    const product = offered[Math.floor(random() * offered.length)];
    let choice = chooseLine(product, random);
    // A menu whose discounts outweigh the price would make a negative cup: then the plain product.
    if (unitPriceCents(product, choice) < 0n) choice = { optionIds: [], toppings: [] };
    const unit = unitPriceCents(product, choice);
    const quantity = lineQuantity(random);
    const combination = comboLabel(product, choice.optionIds);
    products.push(product);
    lines.push({
      line,
      productCode: product.code,
      ...(combination ? { combination } : {}),
      options: choice.optionIds,
      toppings: choice.toppings,
      extras: [],
      unitPrice: formatCents(unit < 0n ? 0n : unit),
      quantity,
    });
  }
  const amounts = lines.map((l) => toCents(l.unitPrice) * BigInt(l.quantity));
  const subtotal = amounts.reduce((a, b) => a + b, 0n);
  // Sales tax on top, line by line as the country's rule rounds it (US rule: half up to the cent).
  const tax = opts.salesTaxRate
    ? orderTax(
        amounts.map((amount) => ({ amount, rate: opts.salesTaxRate })),
        taxRuleOf('US'),
      ).tax
    : null;
  const currency = menu.currency && /^[A-Z]{3}$/.test(menu.currency) ? menu.currency : undefined;
  return {
    products,
    order: {
      type: 'order',
      orderNo: opts.orderNo,
      pickupCode: opts.pickupCode,
      orderType: random() < 0.55 ? 'dine-in' : 'pack',
      menuVersion: menu.version,
      ...(currency ? { currency } : {}),
      lines,
      payment: {
        method: pickPaymentMethod(random),
        amount: formatCents(subtotal + (tax ?? 0n)),
        discount: '0.00',
      },
      ...(tax !== null ? { tax: formatCents(tax) } : {}),
      status: 'waiting-payment',
    },
  };
}

/** "<last 6 letters and digits of the serial>-<yyMMdd>-<seq>": unique per machine. */
export function orderNumber(serialNumber: string, day: string, seq: number): string {
  const suffix =
    serialNumber
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(-6)
      .toUpperCase() || 'M';
  return `${suffix}-${day}-${seq}`;
}
