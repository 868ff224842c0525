/** Display formats that depend on the language: money with `$` or `元`, dates and times. */
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

export function formatMoney(value: string | number | null | undefined, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = Number(value).toFixed(2);
  return t('common.moneyFormat', { amount });
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
