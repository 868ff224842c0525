/**
 * What a simulated app customer puts in the basket from a machine's app menu (contracts
 * appMenuAnswer): one line mostly, sometimes two; each option type that must be chosen gets one
 * (its default more often than not), a topping now and then; and what the basket costs by the
 * protocol's price rule (the combination's priceChange for exactly the chosen options, else the
 * options' own; charged toppings times their quantity), so the customer knows before ordering
 * whether the wallet covers it.
 */
import { formatCents, toCents, type AppOrderBody } from '@brewfleet/contracts';
import type { AppMenu } from './customers-api.ts';

type Random = () => number;
type Product = AppMenu['products'][number];
type Line = AppOrderBody['lines'][number];

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && new Set(a).size === new Set([...a, ...b]).size;

/** The price of one cup of `product` with these options and toppings, in cents. */
export function unitCents(product: Product, options: readonly string[], toppings: Line['toppings']): bigint {
  let cents = toCents(product.price);
  const combination = product.combinations.find((c) => sameSet(c.optionIds, options));
  if (combination) cents += toCents(combination.priceChange);
  else
    for (const id of options) cents += toCents(product.options.find((o) => o.id === id)?.priceChange ?? '0');
  for (const t of toppings) {
    const topping = product.toppings.find((x) => x.code === t.code);
    if (topping?.charged) cents += toCents(topping.price) * BigInt(t.quantity);
  }
  return cents < 0n ? 0n : cents;
}

function chooseOptions(product: Product, random: Random): string[] {
  const byType = new Map<string, Product['options']>();
  for (const o of product.options) byType.set(o.type, [...(byType.get(o.type) ?? []), o]);
  const chosen: string[] = [];
  for (const options of byType.values()) {
    const fallback = options.find((o) => o.isDefault);
    if (options.some((o) => o.required) || fallback)
      chosen.push(
        (fallback && random() < 0.6 ? fallback : options[Math.floor(random() * options.length)]).id,
      );
    else if (random() < 0.3) chosen.push(options[Math.floor(random() * options.length)].id);
  }
  return chosen;
}

export interface Basket {
  lines: Line[];
  /** What the lines cost before any coupon, in cents. */
  cents: bigint;
}

/** A basket from the menu: 1 line (4 in 5) or 2, one cup a line mostly. */
export function chooseBasket(menu: AppMenu, random: Random): Basket | null {
  if (!menu.products.length) return null;
  const count = random() < 0.8 ? 1 : 2;
  const lines: Line[] = [];
  let cents = 0n;
  for (let i = 0; i < count; i++) {
    const product = menu.products[Math.floor(random() * menu.products.length)];
    const options = chooseOptions(product, random);
    const toppings =
      product.toppings.length && random() < 0.2
        ? [{ code: product.toppings[Math.floor(random() * product.toppings.length)].code, quantity: 1 }]
        : [];
    const quantity = random() < 0.9 ? 1 : 2;
    const combination = product.combinations.find((c) => sameSet(c.optionIds, options));
    lines.push({
      productCode: product.code,
      ...(combination?.label ? { combination: combination.label } : {}),
      options,
      toppings,
      quantity,
    });
    cents += unitCents(product, options, toppings) * BigInt(quantity);
  }
  return { lines, cents };
}

/** The cheapest plain cup of the menu: what a customer short of money settles for. */
export function cheapestBasket(menu: AppMenu): Basket | null {
  const plain = menu.products
    .map((product) => {
      // Options that must be chosen: the default, else the first of the type.
      const options = [...new Set(product.options.map((o) => o.type))].flatMap((type) => {
        const ofType = product.options.filter((o) => o.type === type);
        const must = ofType.some((o) => o.required) || ofType.some((o) => o.isDefault);
        return must ? [(ofType.find((o) => o.isDefault) ?? ofType[0]).id] : [];
      });
      return { product, options, cents: unitCents(product, options, []) };
    })
    .sort((a, b) => (a.cents < b.cents ? -1 : a.cents > b.cents ? 1 : 0))[0];
  if (!plain) return null;
  const combination = plain.product.combinations.find((c) => sameSet(c.optionIds, plain.options));
  return {
    lines: [
      {
        productCode: plain.product.code,
        ...(combination?.label ? { combination: combination.label } : {}),
        options: plain.options,
        toppings: [],
        quantity: 1,
      },
    ],
    cents: plain.cents,
  };
}

export const money = (cents: bigint) => formatCents(cents);
