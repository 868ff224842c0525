/**
 * Display formats that depend on the language: money ($12.50 in English, 12.50 元 in Chinese: spec
 * "The currency label is $ in English and yuan in Chinese"), durations, dates and times.
 */
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

/**
 * An amount with two places and its thousands grouped: "-1234.5" → "-1,234.50". Money travels as a
 * decimal string; such a string is laid out digit by digit, never through a float (a balance past
 * 2^53 cents would lose its last digits). A number, or a string of more places, is rounded to two.
 */
export function groupedAmount(value: string | number): string {
  const text = String(value).trim();
  const parts =
    /^(-?)(\d+)(?:\.(\d{0,2}))?$/.exec(text) ?? /^(-?)(\d+)\.(\d{2})$/.exec(Number(text).toFixed(2));
  // Not a number (or past 1e21): shown as it came rather than as a made-up amount.
  if (!parts) return text;
  const [, sign, whole, cents] = parts;
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const amount = `${grouped}.${(cents ?? '').padEnd(2, '0')}`;
  return sign && /[1-9]/.test(amount) ? `-${amount}` : amount;
}

/**
 * Money in the language's format. The sign goes before the currency label ("-$12.50", never
 * "$-12.50"), as refunds and wallet payments read in a ledger.
 */
export function formatMoney(value: string | number | null | undefined, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = groupedAmount(value);
  if (!amount.startsWith('-')) return t('common.moneyFormat', { amount });
  return `-${t('common.moneyFormat', { amount: amount.slice(1) })}`;
}

const AMOUNT = '\u0000';

/** Where the currency label goes beside an amount input, read from the same money format. */
export function moneyAffix(t: TFunction): { prefix?: string; suffix?: string } {
  const [before = '', after = ''] = t('common.moneyFormat', { amount: AMOUNT }).split(AMOUNT);
  return {
    ...(before.trim() ? { prefix: before.trim() } : {}),
    ...(after.trim() ? { suffix: after.trim() } : {}),
  };
}

const UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
] as const;

/** A number of seconds in words: 604800 → "7 days", 90 → "1 min 30 s" (its two largest units). */
export function formatDuration(value: number | string | null | undefined, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '';
  let rest = Math.round(Number(value));
  if (!Number.isFinite(rest)) return String(value);
  if (rest === 0) return t('duration.seconds', { count: 0 });
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    if (!count) continue;
    rest -= count * size;
    parts.push(t(`duration.${unit}${count === 1 ? '' : 's'}`, { count }));
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : value;
}

export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD') : value;
}
