/**
 * A statistics page's view as the address says it (`?by=store&from=…&to=…&storeId=7`), so a link
 * reproduces what its sender saw, and the query the page sends for it. Only what differs from the
 * page's defaults is written, except the range: "the last 7 days" of a link sent yesterday is not
 * what its sender saw.
 */
import dayjs from 'dayjs';
import {
  MERCHANT_KINDS,
  STAT_DIMENSIONS,
  type MerchantKind,
  type StatDimension,
  type StatPage,
  type StatQuery,
} from '@brewfleet/contracts/data-center';
import { MACHINE_FAMILIES } from '@brewfleet/contracts/device-protocol';

export type Family = (typeof MACHINE_FAMILIES)[number];

export interface StatFilters {
  by: StatDimension;
  from: string;
  to: string;
  merchantId?: string;
  storeId?: string;
  deviceId?: string;
  family?: Family;
  productCode?: string;
  merchantKind?: MerchantKind;
}

/** Every name the address may carry: the page reads them on arrival. */
export const FILTER_PARAMS = [
  'by',
  'from',
  'to',
  'merchantId',
  'storeId',
  'deviceId',
  'family',
  'productCode',
  'merchantKind',
] as const;

/** The filters kept when a row opens another page (its grouping is that page's own). */
const CARRIED = [
  'from',
  'to',
  'merchantId',
  'storeId',
  'deviceId',
  'family',
  'productCode',
  'merchantKind',
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^\d{1,19}$/;
export const DEFAULT_DAYS = 7;

/** The last `days` local days, today included. */
export function lastDays(days: number, today = dayjs()): { from: string; to: string } {
  return { from: today.subtract(days - 1, 'day').format('YYYY-MM-DD'), to: today.format('YYYY-MM-DD') };
}

const oneOf = <T extends string>(list: readonly T[], value: string | undefined): T | undefined =>
  value !== undefined && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/**
 * The page's view from the address's values: what is missing or malformed takes the page's default
 * (its first dimension, the last 7 days); a family page keeps its family whatever the address says.
 */
export function filtersFrom(
  page: StatPage,
  values: Readonly<Record<string, string | undefined>>,
  today = dayjs(),
): StatFilters {
  const by = oneOf(STAT_DIMENSIONS, values.by);
  const range =
    values.from && values.to && DAY.test(values.from) && DAY.test(values.to) && values.from <= values.to
      ? { from: values.from, to: values.to }
      : lastDays(DEFAULT_DAYS, today);
  const id = (value: string | undefined) => (value && ID.test(value) ? value : undefined);
  const productCode = values.productCode?.trim().slice(0, 64) || undefined;
  return {
    by: by && page.by.includes(by) ? by : page.by[0],
    ...range,
    merchantId: id(values.merchantId),
    storeId: id(values.storeId),
    deviceId: id(values.deviceId),
    family: page.family ?? oneOf(MACHINE_FAMILIES, values.family),
    productCode,
    merchantKind: oneOf(MERCHANT_KINDS, values.merchantKind),
  };
}

/** The address's query string of a view (no leading `?`); defaults and a fixed family are left out. */
export function filtersSearch(page: StatPage, filters: StatFilters): string {
  const params = new URLSearchParams();
  if (filters.by !== page.by[0]) params.set('by', filters.by);
  params.set('from', filters.from);
  params.set('to', filters.to);
  for (const name of [
    'merchantId',
    'storeId',
    'deviceId',
    'family',
    'productCode',
    'merchantKind',
  ] as const) {
    const value = filters[name];
    if (value && !(name === 'family' && page.family)) params.set(name, value);
  }
  return params.toString();
}

/** The body of `POST /api/coffee/data-center/query` (and of the export: the same figures). */
export function statQueryOf(page: StatPage, filters: StatFilters): StatQuery {
  const query: StatQuery = {
    page: page.name as StatQuery['page'],
    by: filters.by,
    from: filters.from,
    to: filters.to,
  };
  for (const name of ['merchantId', 'storeId', 'deviceId', 'productCode', 'merchantKind'] as const) {
    const value = filters[name];
    if (value) Object.assign(query, { [name]: value });
  }
  const family = page.family ?? filters.family;
  if (family) query.family = family;
  return query;
}

/** A page the page's rows open, with this view's filters and range (and the row's own key). */
export function linkTo(
  route: string,
  from: StatPage,
  filters: StatFilters,
  extra: Record<string, string>,
): string {
  const params = new URLSearchParams();
  for (const name of CARRIED) {
    const value = name === 'family' ? (from.family ?? filters.family) : filters[name];
    if (value) params.set(name, value);
  }
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return `/${route}?${params.toString()}`;
}

/** Whether the page lacks the one filter it cannot show anything without. */
export const lacksRequired = (page: StatPage, filters: StatFilters): boolean =>
  !!page.requires && !filters[page.requires];
