/**
 * The taxes module's service: the tax of an order's lines under the current configuration, for the
 * Tax Center's calculator and for orders (issue 11 §3). Each line finds the tax allocated to its
 * product type (or extra product) for the order type in the country, the nearest merchant's first
 * (a sub-merchant's own allocation, else its parent's); the country's rule (contracts tax.ts)
 * computes every line exactly in cents and the order's totals are the sums of its lines.
 */
import { sql, type SQL } from 'drizzle-orm';
import { orderTax, taxRuleOf, type TaxOrderType, type TaxRule } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';

export interface TaxLineInput {
  /** What the line sells: a product's type, or an extra product (a packaging bag). */
  productTypeId?: string | null;
  extraProductId?: string | null;
  /** The line's amount in cents as the price list states it (unit price × quantity, less discounts). */
  amount: bigint;
}

export interface TaxInput {
  /** The merchant whose taxes apply, then those it inherits from (its ancestors, nearest first). */
  merchantIds: readonly string[];
  /** ISO 3166-1 alpha-2 (the store's): the allocations of that country and its rule. */
  country: string;
  orderType: TaxOrderType;
  lines: readonly TaxLineInput[];
}

export interface TaxedLine {
  taxId: string | null;
  taxName: string | null;
  /** Percent as configured ("5", "8.875"); "0" when the line has no tax. */
  taxRate: string;
  taxBase: string;
  net: bigint;
  tax: bigint;
  gross: bigint;
}

export interface TaxedOrder {
  country: string;
  rule: TaxRule;
  lines: TaxedLine[];
  net: bigint;
  tax: bigint;
  gross: bigint;
}

interface Allocated {
  order_type: string;
  country: string;
  product_type_id: string | null;
  extra_product_id: string | null;
  merchant_id: string;
  tax_id: string;
  name: string;
  rate: string;
  base: string;
}

const idArray = (ids: Iterable<string>) => `{${[...new Set(ids)].join(',')}}`;

export function createTaxService() {
  /**
   * Many orders' taxes with one query (the gateway prices a batch of thousands of orders at once):
   * every allocation any of them may use is read together, then each order keeps its own.
   */
  async function computeMany(db: Db, inputs: readonly TaxInput[]): Promise<TaxedOrder[]> {
    const merchants = new Set<string>();
    const typeIds = new Set<string>();
    const extraIds = new Set<string>();
    const kinds = new Set<string>();
    for (const input of inputs) {
      for (const m of input.merchantIds) merchants.add(m);
      for (const l of input.lines) {
        if (l.extraProductId) extraIds.add(l.extraProductId);
        else if (l.productTypeId) typeIds.add(l.productTypeId);
      }
      kinds.add(`${input.orderType}/${input.country.toUpperCase()}`);
    }
    // Product types' and extra products' allocations as two branches, each on its own index: with
    // `product_type_id = any(…) or extra_product_id = any(…)` PostgreSQL planned the statement
    // afresh at every call (~0.5 ms, more than running it); this shape is planned once per connection.
    const allocations = (target: SQL) => sql`
      select a.product_type_id::text, a.extra_product_id::text, a.merchant_id::text, a.order_type, a.country,
             t.id::text as tax_id, t.name, t.rate, coalesce(t.base, '100') as base
        from tax_allocation a join tax t on t.id = a.tax_id
       where a.merchant_id = any(${idArray(merchants)}::bigint[])
         and (a.order_type || '/' || a.country) = any(${`{${[...kinds].join(',')}}`}::text[])
         and ${target}`;
    const found =
      merchants.size && (typeIds.size || extraIds.size)
        ? await rows<Allocated>(
            db,
            sql`${allocations(sql`a.product_type_id = any(${idArray(typeIds)}::bigint[])`)}
                union all
                ${allocations(sql`a.extra_product_id = any(${idArray(extraIds)}::bigint[])`)}`,
          )
        : [];
    return inputs.map((input) => taxOne(input, found));
  }

  return {
    computeMany,
    /**
     * Every line's tax and the order's totals. `db` runs in the caller's scope (a request's, or the
     * system's for machine reports). A line whose product type has no tax for this order type and
     * country carries none (rate "0").
     */
    async compute(db: Db, input: TaxInput): Promise<TaxedOrder> {
      const [taxed] = await computeMany(db, [input]);
      return taxed;
    },
  };
}

/** One order's taxes from the allocations read for it (and others). */
function taxOne(input: TaxInput, found: readonly Allocated[]): TaxedOrder {
  const country = input.country.toUpperCase();
  const rule = taxRuleOf(country);
  // The nearest merchant's allocation wins: a sub-merchant's own over its parent's.
  const rank = (merchantId: string) => input.merchantIds.indexOf(merchantId);
  const byTarget = new Map<string, Allocated>();
  for (const a of found) {
    if (a.order_type !== input.orderType || a.country !== country || rank(a.merchant_id) < 0) continue;
    const key = a.product_type_id ? `t${a.product_type_id}` : `e${a.extra_product_id}`;
    const held = byTarget.get(key);
    if (!held || rank(a.merchant_id) < rank(held.merchant_id)) byTarget.set(key, a);
  }
  const taxes = input.lines.map((l) =>
    byTarget.get(l.extraProductId ? `e${l.extraProductId}` : `t${l.productTypeId ?? ''}`),
  );
  const totals = orderTax(
    input.lines.map((l, i) => ({ amount: l.amount, rate: taxes[i]?.rate, base: taxes[i]?.base })),
    rule,
  );
  return {
    country,
    rule,
    lines: totals.lines.map((line, i) => ({
      taxId: taxes[i]?.tax_id ?? null,
      taxName: taxes[i]?.name ?? null,
      taxRate: taxes[i]?.rate ?? '0',
      taxBase: taxes[i]?.base ?? '100',
      ...line,
    })),
    net: totals.net,
    tax: totals.tax,
    gross: totals.gross,
  };
}
export type TaxService = ReturnType<typeof createTaxService>;
