/**
 * Tax on order lines, exactly. Whether shelf prices include tax, and how a line's tax is rounded,
 * are the country's rules: prices include VAT in Taiwan, Japan, the EU, the UK, China and Hong Kong;
 * US and Canadian prices exclude sales tax, which is added at the till. Each line is rounded once,
 * straight to the country's smallest unit (no double rounding), and an order's tax is the sum of its
 * lines' taxes, so the order always equals what its lines say.
 */
import { divRound, type Rounding } from './money.ts';

export interface TaxRule {
  /** Shelf prices include the tax (the tax is a part of the price) or exclude it (added on top). */
  pricesIncludeTax: boolean;
  /** The tax of a line is rounded to this many decimal places: 0 for whole dollars or yen. */
  decimals: 0 | 1 | 2;
  rounding: Rounding;
}

const VAT: TaxRule = { pricesIncludeTax: true, decimals: 2, rounding: 'half-up' };
const SALES_TAX: TaxRule = { pricesIncludeTax: false, decimals: 2, rounding: 'half-up' };

/**
 * The rule of each country we sell in (ISO 3166-1 alpha-2); any other country gets VAT-style
 * inclusive prices rounded half up to the cent, the most common rule.
 * - TW: business tax is included and receipts (統一發票) are in whole NT dollars, rounded half up.
 * - JP: consumption tax is included; fractions of a yen are dropped (切り捨て), the usual choice.
 * - US, CA: sales tax is added to the shelf price, rounded half up to the cent.
 */
export const COUNTRY_TAX_RULES: Readonly<Record<string, TaxRule>> = {
  TW: { pricesIncludeTax: true, decimals: 0, rounding: 'half-up' },
  JP: { pricesIncludeTax: true, decimals: 0, rounding: 'floor' },
  US: SALES_TAX,
  CA: SALES_TAX,
  HK: VAT,
  CN: VAT,
  SG: VAT,
  GB: VAT,
};

export function taxRuleOf(country: string | null | undefined): TaxRule {
  return COUNTRY_TAX_RULES[(country ?? '').toUpperCase()] ?? VAT;
}

const PERCENT = /^(\d{1,3})(?:\.(\d{1,4}))?$/;
const MICROS = 1_000_000n;

/** "8.875" (percent) → 88750n: a fraction in millionths. At most four decimals, at most 999. */
export function percentToMicros(percent: string): bigint {
  const m = PERCENT.exec(percent.trim());
  if (!m) throw new RangeError(`not a percentage: ${JSON.stringify(percent)}`);
  return BigInt(m[1]) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0'));
}

export interface LineTaxInput {
  /** The line's amount in cents as the price list states it (unit price × quantity, less discounts). */
  amount: bigint;
  /** Percent, e.g. "5" or "8.875"; absent or "0": no tax. */
  rate?: string | null;
  /** The share of the amount that is taxed, in percent (default 100). */
  base?: string | null;
}

export interface LineTax {
  /** Without tax. */
  net: bigint;
  tax: bigint;
  /** What the customer pays for the line. */
  gross: bigint;
}

/** The tax of one line under a country's rule. Negative amounts (refunds) round symmetrically. */
export function lineTax({ amount, rate, base }: LineTaxInput, rule: TaxRule): LineTax {
  const r = rate ? percentToMicros(rate) : 0n;
  const b = base ? percentToMicros(base) : 100n * 10_000n;
  if (r === 0n || b === 0n) return { net: amount, tax: 0n, gross: amount };
  const share = b * r; // the taxed fraction, in millionths of millionths
  const step = 10n ** BigInt(2 - rule.decimals);
  const abs = amount < 0n ? -amount : amount;
  // Exclusive: tax = amount × share. Inclusive: the amount is net × (1 + share), so the tax is
  // amount × share / (1 + share). One division, rounded straight to the smallest unit.
  const den = rule.pricesIncludeTax ? MICROS * MICROS + share : MICROS * MICROS;
  const taxAbs = divRound(abs * share, den * step, rule.rounding) * step;
  const tax = amount < 0n ? -taxAbs : taxAbs;
  return rule.pricesIncludeTax
    ? { net: amount - tax, tax, gross: amount }
    : { net: amount, tax, gross: amount + tax };
}

export interface OrderTax {
  lines: LineTax[];
  net: bigint;
  tax: bigint;
  gross: bigint;
}

/** Every line's tax and the order's totals: each total is the sum of the lines. */
export function orderTax(lines: LineTaxInput[], rule: TaxRule): OrderTax {
  const taxed = lines.map((line) => lineTax(line, rule));
  const sum = (key: keyof LineTax) => taxed.reduce((total, line) => total + line[key], 0n);
  return { lines: taxed, net: sum('net'), tax: sum('tax'), gross: sum('gross') };
}
