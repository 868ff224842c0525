/**
 * The taxes module's service: the tax of an order's lines under the current configuration, for the
 * Tax Center's calculator and for orders (issue 11 §3). Each line finds the tax allocated to its
 * product type (or extra product) for the order type in the country, the nearest merchant's first
 * (a sub-merchant's own allocation, else its parent's); the country's rule (contracts tax.ts)
 * computes every line exactly in cents and the order's totals are the sums of its lines.
 */
import { sql } from 'drizzle-orm';
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
  return {
    /**
     * Every line's tax and the order's totals. `db` runs in the caller's scope (a request's, or the
     * system's for machine reports). A line whose product type has no tax for this order type and
     * country carries none (rate "0").
     */
    async compute(db: Db, input: TaxInput): Promise<TaxedOrder> {
      const country = input.country.toUpperCase();
      const rule = taxRuleOf(country);
      const typeIds = input.lines.flatMap((l) => (l.productTypeId ? [l.productTypeId] : []));
      const extraIds = input.lines.flatMap((l) => (l.extraProductId ? [l.extraProductId] : []));
      const found =
        input.merchantIds.length && (typeIds.length || extraIds.length)
          ? await rows<Allocated>(
              db,
              sql`select a.product_type_id::text, a.extra_product_id::text, a.merchant_id::text,
                         t.id::text as tax_id, t.name, t.rate, coalesce(t.base, '100') as base
                  from tax_allocation a join tax t on t.id = a.tax_id
                  where a.merchant_id = any(${idArray(input.merchantIds)}::bigint[])
                    and a.order_type = ${input.orderType} and a.country = ${country}
                    and (a.product_type_id = any(${idArray(typeIds)}::bigint[])
                         or a.extra_product_id = any(${idArray(extraIds)}::bigint[]))`,
            )
          : [];
      // The nearest merchant's allocation wins: a sub-merchant's own over its parent's.
      const rank = (merchantId: string) => input.merchantIds.indexOf(merchantId);
      const byTarget = new Map<string, Allocated>();
      for (const a of found) {
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
    },
  };
}
export type TaxService = ReturnType<typeof createTaxService>;
