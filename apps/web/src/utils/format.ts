/**
 * Display formats that depend on the language: money ($12.50 in English, 12.50 元 in Chinese: spec
 * "The currency label is $ in English and yuan in Chinese"), durations, dates and times.
 */
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

export function formatMoney(value: string | number | null | undefined, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = Number(value).toFixed(2);
  return t('common.moneyFormat', { amount });
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
