/**
 * Exact money: amounts are whole cents in a bigint, never floating point. Money travels as decimal
 * strings with two places (CONTRACT §3: "12.50"); these helpers convert at the edges and round with
 * an explicit rule wherever a division happens (taxes, discounts shared across lines).
 */

/** How a division that does not come out even is rounded (the half modes round the exact half). */
export const ROUNDINGS = ['half-up', 'half-even', 'floor', 'ceil', 'down'] as const;
export type Rounding = (typeof ROUNDINGS)[number];

const MONEY = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;

/** "12.5" → 1250n. Throws on anything but a plain decimal with at most two places. */
export function toCents(amount: string): bigint {
  const m = MONEY.exec(amount.trim());
  if (!m) throw new RangeError(`not an amount of money: ${JSON.stringify(amount)}`);
  const cents = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] && cents !== 0n ? -cents : cents;
}

/** 1250n → "12.50"; -5n → "-0.05". */
export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** n / d rounded by `mode`; d must be positive. Exact for any size (bigint). */
export function divRound(n: bigint, d: bigint, mode: Rounding): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  const q = n / d; // truncated toward zero
  const r = n % d; // same sign as n
  if (r === 0n) return q;
  const negative = n < 0n;
  switch (mode) {
    case 'down':
      return q;
    case 'floor':
      return negative ? q - 1n : q;
    case 'ceil':
      return negative ? q : q + 1n;
    default: {
      const twice = (r < 0n ? -r : r) * 2n;
      const away = negative ? q - 1n : q + 1n;
      if (twice > d) return away;
      if (twice < d) return q;
      // Exactly half.
      if (mode === 'half-up') return away;
      return q % 2n === 0n ? q : away;
    }
  }
}

/** Rounds cents to a multiple of 10^(2 − decimals): decimals 0 gives whole units, 2 leaves cents. */
export function roundCents(cents: bigint, decimals: 0 | 1 | 2, mode: Rounding): bigint {
  const step = 10n ** BigInt(2 - decimals);
  return divRound(cents, step, mode) * step;
}

export const sumCents = (values: Iterable<bigint>): bigint => {
  let total = 0n;
  for (const v of values) total += v;
  return total;
};

/** ISO 4217 currency of the countries we sell in (ISO 3166-1 alpha-2); others: US dollars. */
const CURRENCY_OF_COUNTRY: Readonly<Record<string, string>> = {
  TW: 'TWD',
  HK: 'HKD',
  JP: 'JPY',
  CN: 'CNY',
  SG: 'SGD',
  GB: 'GBP',
  US: 'USD',
  CA: 'CAD',
};

/**
 * The country of a merchant whose tree names none: its taxes' rule and its currency are Taiwan's (the
 * console's home market), for orders as for a member's wallet.
 */
export const DEFAULT_COUNTRY = 'TW';

export const currencyOf = (country: string | null | undefined): string =>
  CURRENCY_OF_COUNTRY[(country ?? '').toUpperCase()] ?? 'USD';

/**
 * `total` shared across parts in proportion to their weights, exactly: each gets its floor and the
 * cents left go to the largest remainders (a discount spread over an order's lines).
 */
export function shareCents(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum <= 0n || total === 0n) return weights.map(() => 0n);
  const shares = weights.map((w) => (total * w) / sum);
  const remainders = weights.map((w, i) => ({ i, r: (total * w) % sum }));
  let left = total - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (b.r > a.r ? 1 : b.r < a.r ? -1 : a.i - b.i));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    shares[i] += 1n;
    left -= 1n;
  }
  return shares;
}
