/**
 * The server's price of what a machine reported (docs/device-protocol.md, "Orders": the price rule).
 * A line's unit price is the menu product's price, plus the recipe combination's price change when
 * the chosen options make one (else each chosen option's), plus the charged toppings; an extra
 * product (a packaging bag) is priced from the catalog. Everything is whole cents (bigint).
 *
 * What cannot be priced is kept, never dropped: a product neither the menu nor the catalog knows
 * keeps the machine's price and is flagged; a menu version the server never sent falls back to the
 * catalog's prices (and the machine's, for options it cannot check), flagged on the order.
 */
import {
  formatCents,
  toCents,
  type MenuContent,
  type OrderCheckNote,
  type OrderReport,
} from '@brewfleet/contracts';

type MenuProduct = MenuContent['products'][number];

/** What the catalog says of a product or extra product the machine named. */
export interface Priced {
  id: string;
  name: string;
  names: Record<string, string> | null;
  productTypeId: string | null;
  price: string | null;
}

export interface PricedLine {
  seq: number;
  line: number;
  kind: 'product' | 'extra';
  productId: string | null;
  extraProductId: string | null;
  productTypeId: string | null;
  productCode: string;
  name: string;
  names: Record<string, string> | null;
  combination: string | null;
  options: string[];
  toppings: Array<{ code: string; quantity: number }>;
  unitPrice: bigint;
  reportedUnitPrice: bigint | null;
  quantity: number;
  /** unitPrice × quantity, before the order's discount. */
  amount: bigint;
  flag: 'unknown-product' | 'differs' | null;
}

export interface PricedOrder {
  lines: PricedLine[];
  notes: OrderCheckNote[];
  /** The menu version was not one the server sent this machine. */
  menuUnknown: boolean;
}

const sameSet = (a: readonly string[], b: ReadonlySet<string>) =>
  a.length === b.size && a.every((x) => b.has(x));

/** One of a menu product with these options and toppings, or null when an option is not on the menu. */
export function menuUnitPrice(
  product: MenuProduct,
  options: readonly string[],
  toppings: ReadonlyArray<{ code: string; quantity: number }>,
): bigint {
  let cents = toCents(product.price);
  const chosen = new Set(options);
  const combo = chosen.size ? product.combos?.find((c) => sameSet(c.optionIds, chosen)) : undefined;
  if (combo) cents += toCents(combo.priceChange);
  else
    for (const o of product.options)
      if (o.id !== undefined && chosen.has(o.id)) cents += toCents(o.priceChange);
  for (const t of toppings) {
    const topping = product.toppings.find((x) => x.name === t.code);
    if (topping?.charged) cents += toCents(topping.price) * BigInt(t.quantity);
  }
  return cents;
}

export function priceOrder(
  report: OrderReport,
  menu: MenuContent | null,
  productOf: (code: string) => Priced | undefined,
  extraOf: (id: string) => Priced | undefined,
): PricedOrder {
  const lines: PricedLine[] = [];
  const notes: OrderCheckNote[] = [];
  const menuUnknown = !menu;
  if (menuUnknown)
    notes.push({ line: null, key: 'order.check.menuUnknown', params: { version: report.menuVersion ?? '' } });
  for (const l of report.lines) {
    const reported = toCents(l.unitPrice);
    const onMenu = menu?.products.find((p) => p.code === l.productCode);
    const known = productOf(l.productCode);
    let unitPrice: bigint;
    let flag: PricedLine['flag'] = null;
    if (onMenu) unitPrice = menuUnitPrice(onMenu, l.options, l.toppings);
    else if (known?.price != null && !menu)
      // No menu to read option prices from: the catalog's price for a plain cup, the machine's otherwise.
      unitPrice = l.options.length || l.toppings.length ? reported : toCents(known.price);
    else {
      unitPrice = reported;
      flag = 'unknown-product';
      notes.push({
        line: l.line,
        key: 'order.check.unknownProduct',
        params: { line: l.line, code: l.productCode },
      });
    }
    if (!flag && unitPrice !== reported) {
      flag = 'differs';
      notes.push({
        line: l.line,
        key: 'order.check.priceDiffers',
        params: { line: l.line, reported: l.unitPrice, expected: formatCents(unitPrice) },
      });
    }
    lines.push({
      seq: lines.length + 1,
      line: l.line,
      kind: 'product',
      productId: known?.id ?? null,
      extraProductId: null,
      productTypeId: known?.productTypeId ?? null,
      productCode: l.productCode,
      name: known?.name ?? onMenu?.name ?? l.productCode,
      names: known?.names ?? onMenu?.names ?? null,
      combination: l.combination ?? null,
      options: l.options,
      toppings: l.toppings,
      unitPrice,
      reportedUnitPrice: reported,
      quantity: l.quantity,
      amount: unitPrice * BigInt(l.quantity),
      flag,
    });
    for (const x of l.extras) {
      const extra = /^\d{1,19}$/.test(x.code) ? extraOf(x.code) : undefined;
      if (!extra)
        notes.push({ line: l.line, key: 'order.check.unknownExtra', params: { line: l.line, code: x.code } });
      const price = extra?.price != null ? toCents(extra.price) : 0n;
      lines.push({
        seq: lines.length + 1,
        line: l.line,
        kind: 'extra',
        productId: null,
        extraProductId: extra?.id ?? null,
        productTypeId: null,
        productCode: x.code,
        name: extra?.name ?? x.code,
        names: null,
        combination: null,
        options: [],
        toppings: [],
        unitPrice: price,
        reportedUnitPrice: null,
        quantity: x.quantity,
        amount: price * BigInt(x.quantity),
        flag: extra ? null : 'unknown-product',
      });
    }
  }
  return { lines, notes, menuUnknown };
}
