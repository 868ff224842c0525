/**
 * An answer of `POST /api/coffee/data-center/query` as the page shows it: the table's columns (one
 * per measure, its unit from the measure's kind), its rows and totals row, and each value's text.
 * Nothing here knows a page: the declarations in contracts/data-center.ts say everything.
 */
import type { TFunction } from 'i18next';
import {
  QUALITY_LABELS,
  STAT_MEASURES,
  qualityLabelOf,
  type QualityLabel,
  type StatAnswer,
  type StatDimension,
  type StatMeasure,
} from '@brewfleet/contracts/data-center';
import { enumLabelKey } from '../../resources/field-meta';
import { groupedAmount } from '../../utils/format';

export type MeasureKind = (typeof STAT_MEASURES)[StatMeasure]['kind'];
export type StatValue = StatAnswer['totals'][string];

const QUALITY_PREFIX = 'quality:';
/** The key of the row that sums what did not fit in an answer (STAT_MAX_ROWS). */
export const OTHER_KEY = 'other';
export const TOTAL_KEY = '__total__';

export const isQualityMeasure = (measure: string): boolean => measure.startsWith(QUALITY_PREFIX);

/** A `quality:<label>` measure is a count; an unknown measure is read as a count too. */
export function measureKind(measure: string): MeasureKind {
  if (Object.hasOwn(STAT_MEASURES, measure)) return STAT_MEASURES[measure as StatMeasure].kind;
  return 'count';
}

/** The unit shown beside a measure's name (counts and money carry theirs in the name or cell). */
const UNIT_KEY: Partial<Record<MeasureKind, string>> = { rate: 'percent', grams: 'g', seconds: 's' };

const qualityOf = (text: string): QualityLabel | null =>
  (QUALITY_LABELS as readonly string[]).includes(text)
    ? (text as QualityLabel)
    : /^\d+$/.test(text)
      ? qualityLabelOf(Number(text))
      : null;

/** A measure's name in the reader's language, with its unit: "Bad-cup rate (%)". */
export function measureTitle(t: TFunction, measure: string): string {
  const name = isQualityMeasure(measure)
    ? t(`dataCenter.quality.${measure.slice(QUALITY_PREFIX.length)}`)
    : t(`dataCenter.measures.${measure}`);
  const unit = UNIT_KEY[measureKind(measure)];
  return unit ? `${name} (${t(`dataCenter.units.${unit}`)})` : name;
}

/**
 * A group's name: the server words stores, machines and products; labels, kinds, families and hours
 * are worded here from their keys, so they follow the reader's language even in a cached answer.
 */
export function rowLabel(t: TFunction, by: StatDimension, row: { key: string; label: string }): string {
  if (row.key === OTHER_KEY) return t('dataCenter.other');
  switch (by) {
    case 'quality': {
      const label = qualityOf(row.key);
      if (label) return t(`dataCenter.quality.${label}`);
      break;
    }
    case 'merchantKind':
      if (row.key) return t(`dataCenter.merchantKinds.${row.key}`, { defaultValue: row.label || row.key });
      break;
    case 'family':
      if (row.key)
        return t(enumLabelKey('device', 'family', row.key), { defaultValue: row.label || row.key });
      break;
    case 'cleaningKind':
      if (row.key)
        return t(enumLabelKey('cleaning-record', 'kind', row.key), { defaultValue: row.label || row.key });
      break;
    case 'hour': {
      const hour = /^(\d{4}-\d{2}-\d{2})T(\d{2})$/.exec(row.key);
      if (hour) return `${hour[1]} ${hour[2]}:00`;
      break;
    }
    case 'hourOfDay':
      if (/^\d{1,2}$/.test(row.key)) return t('dataCenter.hourOfDay', { hour: row.key.padStart(2, '0') });
      break;
    default:
      break;
  }
  return row.label || row.key || t('dataCenter.unknown');
}

/**
 * Products are grouped by code and the answer names them by it: the reader's product list names them
 * (a code no product has any more keeps its code).
 */
export function withProductNames(
  answer: StatAnswer,
  products: readonly { value: string; label: string }[] | undefined,
): StatAnswer {
  if (answer.by !== 'product' || !products?.length) return answer;
  const names = new Map(products.map((p) => [p.value, p.label]));
  return {
    ...answer,
    rows: answer.rows.map((row) =>
      row.label === row.key && names.has(row.key) ? { ...row, label: names.get(row.key)! } : row,
    ),
  };
}

/** Money as the answer gives it, one amount per currency, in a stable order. */
export function moneyEntries(value: StatValue | undefined): [currency: string, amount: string][] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
}

/** The number a chart draws for a value (rates in %); null for nothing. */
export function chartNumber(kind: MeasureKind, value: StatValue | undefined): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return kind === 'rate' ? Math.round(value * 10_000) / 100 : value;
}

const grouped = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** One value's text in a cell (money: one line per currency, joined here with " · "). */
export function formatValue(kind: MeasureKind, value: StatValue | undefined): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') {
    if (!moneyEntries(value).length) return '—';
    return moneyEntries(value)
      .map(([currency, amount]) => `${groupedAmount(amount)} ${currency}`)
      .join(' · ');
  }
  switch (kind) {
    case 'rate':
      return `${(value * 100).toFixed(1)}%`;
    case 'seconds':
      return grouped(value, 1);
    case 'grams':
      return grouped(value, value % 1 ? 1 : 0);
    case 'ratio':
      return grouped(value, 2);
    case 'money':
      return grouped(value, 2);
    default:
      return grouped(value, 0);
  }
}

export interface TableRow {
  key: string;
  label: string;
  values: Record<string, StatValue>;
}

/**
 * The table's rows, the answer's groups worded for the reader, and its totals row: the whole range
 * and filter (not the sum of the rows shown: rates and averages are not sums). No rows, no totals.
 */
export function tableData(t: TFunction, answer: StatAnswer): { rows: TableRow[]; total: TableRow | null } {
  const rows = answer.rows.map((row) => ({
    key: row.key,
    label: rowLabel(t, answer.by, row),
    values: row.values,
  }));
  const total = rows.length ? { key: TOTAL_KEY, label: t('dataCenter.total'), values: answer.totals } : null;
  return { rows, total };
}

/** A money measure's currencies across the answer, for one chart series each. */
export function currenciesOf(answer: StatAnswer, measure: string): string[] {
  const all = new Set<string>();
  for (const row of answer.rows)
    for (const [currency] of moneyEntries(row.values[measure])) all.add(currency);
  for (const [currency] of moneyEntries(answer.totals[measure])) all.add(currency);
  return [...all].sort();
}
