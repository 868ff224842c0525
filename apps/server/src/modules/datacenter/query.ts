/**
 * One statistics page's figures (contracts data-center.ts): checked (point 9), then each measure read
 * from its source — the rollups of the request's zone, or the raw rows (`source: 'raw'`, and while a
 * zone is not built yet) through the very same grouping SQL — merged by key, labelled in the reader's
 * language, cut to STAT_MAX_ROWS (the rest in one `other` row) and totalled over the whole filter.
 * Runs in the caller's transaction and scope: row-level security keeps every row to the tenant.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  COFFEE_QUALITY_LABELS,
  QUALITY_LABELS,
  SOURCE_DIMENSIONS,
  STAT_MAX_DAYS,
  STAT_MAX_HOUR_DAYS,
  STAT_MAX_ROWS,
  STAT_MEASURES,
  TEA_STRENGTH_LABELS,
  qualityCode,
  qualityLabelOf,
  statPage,
  statQuery,
  type Language,
  type StatAnswer,
  type StatDimension,
  type StatQuery,
  type StatSource,
} from '@brewfleet/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { AnswerCache } from './answer-cache.ts';
import { AS_OF_SQL } from './zone-state.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import {
  careFacts,
  cupBase,
  cupColumns,
  dayRange,
  labelledCups,
  localDay,
  localHour,
  materialColumns,
  materialJoin,
  salesFacts,
  type AtCondition,
} from './facts.ts';

/** Zones kept at most (each is a copy of the rollups): beyond, a new zone is answered from raw rows. */
export const MAX_ZONES = 48;
const DAY_MS = 86_400_000;

type Sums = Record<string, number>;
type Money = Record<string, Record<string, number>>; // currency → sum name → value
interface Group {
  key: string | null;
  sums: Sums;
  money: Money;
  /** A merchant whose rows hold the key (a product's catalog is looked up there). */
  owner?: string | null;
}

const SUMS: Record<StatSource, readonly string[]> = {
  cups: [
    'cups',
    'completed',
    'failed',
    'bad',
    'scan_code',
    'manual',
    'cup_out_sum',
    'cup_out_n',
    'extraction_sum',
    'extraction_n',
    'powder_g',
    'water_ml',
  ],
  quality: ['cups', ...QUALITY_LABELS.map((l) => `q${qualityCode(l)}`)],
  materials: ['grams', 'cups'],
  sales: ['orders', 'cups_sold'],
  care: ['faults', 'critical', 'fault_seconds', 'open_n', 'open_since', 'cleanings', 'failed_cleanings'],
};
const MONEY_SUMS = ['orders', 'revenue', 'refunded', 'tax'];
/** Which rows of the care rollup (stat_care_day.kind) a care measure is made of. */
const CARE_KIND: Record<string, 'fault' | 'cleaning'> = {
  faults: 'fault',
  criticalFaults: 'fault',
  faultMinutes: 'fault',
  cleanings: 'cleaning',
  failedCleanings: 'cleaning',
};

const day = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== d)
    throw new AppError('msg.statDayInvalid', { day: d });
  return t;
};

/** The measures of a page, `qualityMix` expanded to the labels of its family. */
export function pageMeasures(page: NonNullable<ReturnType<typeof statPage>>): string[] {
  const labels =
    page.family === 'tea'
      ? TEA_STRENGTH_LABELS
      : page.family === 'coffee'
        ? COFFEE_QUALITY_LABELS
        : QUALITY_LABELS;
  return page.measures.flatMap((m) => (m === 'qualityMix' ? labels.map((l) => `quality:${l}`) : [m]));
}
const sourceOf = (measure: string): StatSource =>
  measure.startsWith('quality:') ? 'quality' : STAT_MEASURES[measure as keyof typeof STAT_MEASURES].source;

/** Refuses what the page does not allow, with a message naming the fix (point 9). */
export function checkQuery(input: StatQuery) {
  const q = statQuery.parse(input);
  const page = statPage(q.page)!;
  const from = day(q.from);
  const to = day(q.to);
  if (from > to) throw new AppError('msg.statRangeReversed', { from: q.from, to: q.to });
  const days = (to - from) / DAY_MS + 1;
  if (days > STAT_MAX_DAYS) throw new AppError('msg.statRangeTooLong', { days, max: STAT_MAX_DAYS });
  if (q.by === 'hour' && days > STAT_MAX_HOUR_DAYS)
    throw new AppError('msg.statHourRangeTooLong', { days, max: STAT_MAX_HOUR_DAYS });
  const measures = pageMeasures(page);
  const sources = [...new Set(measures.map(sourceOf))];
  // A dimension some of the page's sources cannot split leaves their measures empty in the rows (the
  // totals still hold them); one none of them can split is refused.
  if (!page.by.includes(q.by) || !sources.some((s) => SOURCE_DIMENSIONS[s].includes(q.by)))
    throw new AppError('msg.statDimensionRefused', { page: q.page, by: q.by, allowed: page.by.join(', ') });
  if (page.requires && !q[page.requires])
    throw new AppError('msg.statFilterRequired', { page: q.page, filter: page.requires });
  return { q, page, measures, sources };
}

/** A column a grouping, a filter or the scope needs from a rollup (beyond the zone and the bucket). */
type Col = 'merchant' | 'store' | 'device' | 'product' | 'family' | 'label' | 'material' | 'code';
interface Grain {
  table: string;
  cols: readonly Col[];
}
const FINE_CUPS: Col[] = ['device', 'product', 'merchant', 'store', 'family'];
/**
 * The rollups of each source, coarsest first (migration 0045): a query reads the first one holding
 * every column it needs. Per machine × product × day, 30 days of a merchant of 250 machines are
 * ~28,000 rows; per machine ~7,500; per merchant × product ~420; per merchant and hour ~2,200.
 */
const GRAINS: Record<StatSource, { day: readonly Grain[]; hour?: readonly Grain[] }> = {
  cups: {
    day: [
      { table: 'stat_cup_product_day', cols: ['merchant', 'product', 'family'] },
      { table: 'stat_cup_device_day', cols: ['device', 'merchant', 'store', 'family'] },
      { table: 'stat_cup_day', cols: FINE_CUPS },
    ],
    hour: [
      { table: 'stat_cup_merchant_hour', cols: ['merchant', 'family'] },
      { table: 'stat_cup_store_hour', cols: ['merchant', 'store', 'family'] },
      { table: 'stat_cup_hour', cols: FINE_CUPS },
    ],
  },
  quality: {
    day: [
      { table: 'stat_quality_product_day', cols: ['merchant', 'product', 'family', 'label'] },
      { table: 'stat_quality_day', cols: [...FINE_CUPS, 'label'] },
    ],
  },
  materials: {
    day: [
      { table: 'stat_material_merchant_day', cols: ['merchant', 'family', 'material'] },
      { table: 'stat_material_day', cols: ['device', 'merchant', 'store', 'family', 'material'] },
    ],
  },
  sales: {
    day: [
      { table: 'stat_sales_product_day', cols: ['merchant', 'product', 'family'] },
      { table: 'stat_sales_day', cols: FINE_CUPS },
    ],
    hour: [{ table: 'stat_sales_hour', cols: FINE_CUPS }],
  },
  care: { day: [{ table: 'stat_care_day', cols: ['device', 'merchant', 'store', 'family', 'code'] }] },
};

const DIMENSION_COLS: Partial<Record<StatDimension, Col>> = {
  merchant: 'merchant',
  merchantKind: 'merchant',
  store: 'store',
  device: 'device',
  family: 'family',
  product: 'product',
  quality: 'label',
  material: 'material',
  faultCode: 'code',
  cleaningKind: 'code',
};

/** The columns a query needs of a source's rollup: its grouping, its filters, a store's scope. */
function neededCols(q: Ctx['q'], source: StatSource, storeScope: boolean): Set<Col> {
  const cols = new Set<Col>();
  const by = DIMENSION_COLS[q.by];
  if (by && SOURCE_DIMENSIONS[source].includes(q.by)) cols.add(by);
  if (q.merchantId || q.merchantKind) cols.add('merchant');
  if (q.storeId || storeScope) cols.add('store');
  if (q.deviceId) cols.add('device');
  if (q.family || statPage(q.page)!.family) cols.add('family');
  if (q.productCode) cols.add('product');
  return cols;
}

/** The smallest rollup of a source holding every needed column. */
export function grainOf(source: StatSource, hourly: boolean, cols: Set<Col>): string {
  const list = (hourly ? GRAINS[source].hour : GRAINS[source].day) ?? [];
  const grain = list.find((g) => [...cols].every((c) => g.cols.includes(c)));
  if (!grain) throw new Error(`no ${hourly ? 'hourly' : 'daily'} rollup of ${source} holds ${[...cols]}`);
  return grain.table;
}

/**
 * The grouping key of each dimension over a source relation `r`: what to group by (a column, so
 * the rows are grouped on raw values) and the text answered (formatted once a group).
 */
function keyOf(by: StatDimension, source: StatSource): { group: SQL; text: SQL } | null {
  if (!SOURCE_DIMENSIONS[source].includes(by)) return null;
  const column = (c: string, text: string) => ({ group: sql.raw(`r.${c}`), text: sql.raw(text) });
  switch (by) {
    case 'day':
      return column('day', `to_char(r.day, 'YYYY-MM-DD')`);
    case 'hour':
      return column('hour', `to_char(r.hour, 'YYYY-MM-DD"T"HH24')`);
    case 'hourOfDay':
      return { group: sql`extract(hour from r.hour)`, text: sql`extract(hour from r.hour)::int::text` };
    case 'merchant':
    case 'merchantKind': // the merchants' kinds are looked up once their groups are made
      return column('merchant_id', 'r.merchant_id::text');
    case 'store':
      return column('store_id', 'r.store_id::text');
    case 'device':
      return column('device_id', 'nullif(r.device_id, 0)::text');
    case 'family':
      return column('family', `nullif(r.family, '')`);
    case 'product':
      return column('product_code', `nullif(r.product_code, '')`);
    case 'quality':
      return column('label', 'r.label::text');
    case 'material':
      return column('material', 'r.material');
    case 'faultCode': {
      const e = sql`case when r.kind = 'fault' then r.code end`;
      return { group: e, text: e };
    }
    case 'cleaningKind': {
      const e = sql`case when r.kind = 'cleaning' then r.code end`;
      return { group: e, text: e };
    }
  }
}

interface Ctx {
  q: ReturnType<typeof statQuery.parse>;
  zone: string;
  raw: boolean;
  /** The transaction's scope is a store's: only rollups with store_id hold its rows. */
  storeScope: boolean;
  measures: string[];
}

/** The relation a source is read from: its rollup rows of the zone and range, or the raw facts. */
function relation(source: StatSource, ctx: Ctx, hourly: boolean): SQL {
  const { q, zone, raw } = ctx;
  if (!raw) {
    const table = sql.raw(grainOf(source, hourly, neededCols(q, source, ctx.storeScope)));
    const range = hourly
      ? sql`hour >= ${q.from}::date and hour < ${q.to}::date + 1`
      : sql`day between ${q.from}::date and ${q.to}::date`;
    return sql`select * from ${table} where zone = ${zone} and ${range}`;
  }
  const z = sql`${zone}::text`;
  const { lo, hi } = dayRange(q.from, q.to, z);
  const inRange: AtCondition = (at) => sql`${at} >= ${lo} and ${at} < ${hi}`;
  const bucket = (at: SQL) => (hourly ? sql`${localHour(at, z)} as hour` : sql`${localDay(at, z)} as day`);
  switch (source) {
    case 'cups':
      return sql`select ${bucket(sql`c.at`)}, x.* from (${cupBase(inRange)}) c, lateral (select ${cupColumns('c')}) x`;
    case 'quality':
      return sql`select ${bucket(sql`c.at`)}, c.device_id, c.product_code, c.merchant_id, c.store_id, c.family, c.label, 1 as cups
              from (${labelledCups(cupBase(inRange))}) c where c.label is not null`;
    case 'materials':
      return sql`select ${bucket(sql`c.at`)}, '' as product_code, ${materialColumns('c')} from (${cupBase(inRange)}) c ${materialJoin('c')}`;
    case 'sales':
      return sql`select ${bucket(sql`s.at`)}, s.* from (${salesFacts(inRange)}) s`;
    case 'care':
      return sql`select ${bucket(sql`c.at`)}, '' as product_code, c.* from (${careFacts(inRange)}) c`;
  }
}

/**
 * The sums a source's groups carry, with the columns they are further split by: sales per
 * currency, quality per label and care per kind (spread into their sums by `spread`).
 */
function sumsSql(source: StatSource, measures: string[]): { sums: SQL; split?: SQL; names: string[] } {
  const names = SUMS[source] as string[];
  switch (source) {
    case 'cups': {
      const used = SUMS.cups.filter((c) => measures.some((m) => CUP_SUMS_OF[m]?.includes(c)));
      return { sums: sql.raw(used.map((c) => `sum(r.${c})::float8 as ${c}`).join(', ')), names: used };
    }
    case 'quality':
      return { sums: sql`sum(r.cups)::float8 as cups`, split: sql`r.label`, names };
    case 'materials':
      return { sums: sql`sum(r.grams)::float8 as grams, sum(r.cups)::float8 as cups`, names };
    case 'sales':
      return {
        sums: sql`sum(r.orders)::float8 as orders, sum(r.cups_sold)::float8 as cups_sold,
                  sum(r.revenue)::text as revenue, sum(r.refunded)::text as refunded, sum(r.tax)::text as tax`,
        split: sql`r.currency`,
        names,
      };
    case 'care':
      return {
        sums: sql`sum(r.n)::float8 as n, sum(r.critical)::float8 as critical, sum(r.seconds)::float8 as seconds,
                  sum(r.open_n)::float8 as open_n, sum(r.open_since)::float8 as open_since, sum(r.failed)::float8 as failed`,
        split: sql`r.kind`,
        names,
      };
  }
}

type Found = Record<string, string | number | null>;
const bump = (into: Sums, name: string, v: number) => (into[name] = (into[name] ?? 0) + v);
/** A row's sums added to a group's, under the names valuesOf reads (`source.name`). */
function spread(source: StatSource, row: Found, into: Sums, names: readonly string[]) {
  const n = (k: string) => Number(row[k] ?? 0);
  switch (source) {
    case 'quality':
      bump(into, 'quality.cups', n('cups'));
      bump(into, `quality.q${row.split}`, n('cups'));
      return;
    case 'care':
      bump(into, 'care.open_n', n('open_n'));
      bump(into, 'care.open_since', n('open_since'));
      if (row.split === 'fault') {
        bump(into, 'care.faults', n('n'));
        bump(into, 'care.critical', n('critical'));
        bump(into, 'care.fault_seconds', n('seconds'));
      } else {
        bump(into, 'care.cleanings', n('n'));
        bump(into, 'care.failed_cleanings', n('failed'));
      }
      return;
    default:
      for (const k of names) bump(into, `${source}.${k}`, n(k));
  }
}

/** The cup sums the measures are made of (a page reads only those). */
const CUP_SUMS_OF: Record<string, readonly string[]> = {
  cups: ['cups'],
  completed: ['completed'],
  failed: ['failed'],
  errorRate: ['failed', 'cups'],
  badCups: ['bad'],
  badCupRate: ['bad', 'completed'],
  scanCode: ['scan_code'],
  manual: ['manual'],
  avgCupOutSeconds: ['cup_out_sum', 'cup_out_n'],
  avgExtractionSeconds: ['extraction_sum', 'extraction_n'],
  powderG: ['powder_g'],
  waterPowderRatio: ['water_ml', 'powder_g'],
};

async function readSource(tx: Db, source: StatSource, ctx: Ctx): Promise<Group[]> {
  const { q } = ctx;
  const key = keyOf(q.by, source) ?? { group: sql`null::text`, text: sql`null::text` };
  const hourly = q.by === 'hour' || q.by === 'hourOfDay';
  const filters: SQL[] = [];
  if (q.merchantId) filters.push(sql`r.merchant_id = ${q.merchantId}`);
  if (q.storeId) filters.push(sql`r.store_id = ${q.storeId}`);
  // Row-level security keeps a store's rows only; said here too, a rollup led by the store is read
  // through its index.
  if (ctx.storeScope && !ctx.raw) filters.push(sql`r.store_id = any ((select app_scope_stores())::bigint[])`);
  if (q.deviceId) filters.push(sql`r.device_id = ${q.deviceId}`);
  const page = statPage(q.page)!;
  const family = q.family ?? page.family;
  if (family) filters.push(sql`r.family = ${family}`);
  if (q.productCode) {
    // Materials, faults and cleanings are no product's: a product filter leaves them empty.
    if (source === 'materials' || source === 'care') return [];
    filters.push(sql`r.product_code = ${q.productCode}`);
  } else if (source === 'sales' && q.by !== 'product') filters.push(sql`r.product_code = ''`);
  if (source === 'sales' && q.by === 'product') filters.push(sql`r.product_code <> ''`);
  if (q.merchantKind)
    filters.push(sql`r.merchant_id in (select id from merchant where kind = ${q.merchantKind})`);
  // A page of cleanings only (wash) reads no fault rows, and the other way round.
  if (source === 'care') {
    const kinds = new Set(ctx.measures.filter((m) => sourceOf(m) === 'care').map((m) => CARE_KIND[m]));
    if (kinds.size === 1) filters.push(sql`r.kind = ${[...kinds][0]}`);
  }
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const { sums, split, names } = sumsSql(source, ctx.measures);
  const found = await rows<Found>(
    tx,
    sql`select ${key.text} as key${split ? sql`, ${split} as split` : sql``}, ${sums}${
      q.by === 'product' ? sql`, min(r.merchant_id)::text as owner` : sql``
    }
        from (${relation(source, ctx, hourly)}) r
        ${where}
        group by ${key.group}${split ? sql`, ${split}` : sql``}`,
  );
  const groups = new Map<string | null, Group>();
  for (const row of found) {
    const k = row.key == null ? null : String(row.key);
    const g = groups.get(k) ?? { key: k, sums: {}, money: {}, owner: (row.owner as string | null) ?? null };
    groups.set(k, g);
    spread(source, row, g.sums, names);
    if (source === 'sales') {
      const m = (g.money[String(row.split)] ??= {});
      for (const name of MONEY_SUMS) m[name] = (m[name] ?? 0) + Number(row[name] ?? 0);
    }
  }
  // Quality keys are label names (the stored code is a smallint).
  if (q.by === 'quality' && source === 'quality')
    return [...groups.values()].map((g) => ({ ...g, key: g.key && qualityLabelOf(Number(g.key)) }));
  return [...groups.values()];
}

const ratio = (a: number, b: number) => (b ? a / b : null);
const cents = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

function add(into: Group, from: Group) {
  for (const k in from.sums) into.sums[k] = (into.sums[k] ?? 0) + from.sums[k];
  for (const [c, m] of Object.entries(from.money)) {
    const t = (into.money[c] ??= {});
    for (const [k, v] of Object.entries(m)) t[k] = (t[k] ?? 0) + v;
  }
}

/** Each measure's value from a group's sums (each source's sums kept apart by a prefix). */
function valuesOf(g: Group, measures: string[], sources: Set<StatSource>, nowS: number) {
  const s = (source: StatSource, name: string) => g.sums[`${source}.${name}`] ?? 0;
  const money = (name: string) =>
    Object.fromEntries(
      Object.entries(g.money)
        .filter(([, m]) => m.orders || m[name])
        .map(([c, m]) => [c, cents(m[name] ?? 0)]),
    );
  const values: Record<string, number | Record<string, string> | null> = {};
  for (const m of measures) {
    const source = sourceOf(m);
    if (!sources.has(source)) {
      values[m] = null;
      continue;
    }
    if (m.startsWith('quality:')) {
      values[m] = s('quality', `q${qualityCode(m.slice(8) as never)}`);
      continue;
    }
    switch (m) {
      case 'cups':
        values[m] = s('cups', 'cups');
        break;
      case 'completed':
      case 'failed':
      case 'manual':
        values[m] = s('cups', m);
        break;
      case 'scanCode':
        values[m] = s('cups', 'scan_code');
        break;
      case 'badCups':
        values[m] = s('cups', 'bad');
        break;
      case 'errorRate':
        values[m] = ratio(s('cups', 'failed'), s('cups', 'cups'));
        break;
      case 'badCupRate':
        values[m] = ratio(s('cups', 'bad'), s('cups', 'completed'));
        break;
      case 'avgCupOutSeconds':
        values[m] = ratio(s('cups', 'cup_out_sum'), s('cups', 'cup_out_n'));
        break;
      case 'avgExtractionSeconds':
        values[m] = ratio(s('cups', 'extraction_sum'), s('cups', 'extraction_n'));
        break;
      case 'powderG':
        values[m] = s('cups', 'powder_g');
        break;
      case 'waterPowderRatio':
        values[m] = ratio(s('cups', 'water_ml'), s('cups', 'powder_g'));
        break;
      case 'labelled':
        values[m] = s('quality', 'cups');
        break;
      case 'goldenCupShare':
        values[m] = ratio(s('quality', `q${qualityCode('golden-cup')}`), s('quality', 'cups'));
        break;
      case 'materialG':
        values[m] = s('materials', 'grams');
        break;
      case 'materialCups':
        values[m] = s('materials', 'cups');
        break;
      case 'orders':
        values[m] = s('sales', 'orders');
        break;
      case 'cupsSold':
        values[m] = s('sales', 'cups_sold');
        break;
      case 'revenue':
      case 'refunded':
      case 'tax':
        values[m] = money(m);
        break;
      case 'avgTicket':
        values[m] = Object.fromEntries(
          Object.entries(g.money)
            .filter(([, v]) => v.orders)
            .map(([c, v]) => [c, cents((v.revenue ?? 0) / v.orders)]),
        );
        break;
      case 'faults':
        values[m] = s('care', 'faults');
        break;
      case 'criticalFaults':
        values[m] = s('care', 'critical');
        break;
      case 'faultMinutes':
        values[m] = (s('care', 'fault_seconds') + s('care', 'open_n') * nowS - s('care', 'open_since')) / 60;
        break;
      case 'cleanings':
        values[m] = s('care', 'cleanings');
        break;
      case 'failedCleanings':
        values[m] = s('care', 'failed_cleanings');
        break;
    }
  }
  return values;
}

/** Names of merchants, stores and machines in the caller's scope (row-level security). */
async function labelsOf(tx: Db, by: StatDimension, keys: string[]): Promise<Map<string, string>> {
  const table = by === 'merchant' ? 'merchant' : by === 'store' ? 'store' : by === 'device' ? 'device' : null;
  const ids = keys.filter((k) => /^\d+$/.test(k));
  if (!table || !ids.length) return new Map();
  const found = await rows<{ id: string; name: string }>(
    tx,
    sql`select id::text, name from ${sql.raw(table)} where id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
  return new Map(found.map((r) => [r.id, r.name]));
}

export interface QueryOptions {
  timeZone: string;
  lang: Language;
  /** Products' names by code in these merchants' catalogs (catalog's service). */
  productNames?: (
    tx: Db,
    merchantIds: string[],
    codes: string[],
  ) => Promise<
    Array<{ code: string; merchantId: string | null; name: string; names: Record<string, string> | null }>
  >;
  /** Register a zone not kept yet (then ask the job to build it). */
  onNewZone?: (zone: string) => void;
  /** Keep what a rollup query counted for the next same query in the same scope (answer-cache.ts). */
  cache?: { answers: AnswerCache<Tally>; scope: string };
}

/** Is this filter's merchant, store or machine visible in the transaction's scope? */
async function visible(tx: Db, table: 'merchant' | 'store' | 'device', id: string | undefined) {
  if (!id) return true;
  const found = await rows(tx, sql`select 1 from ${sql.raw(table)} where id = ${id}`);
  return found.length > 0;
}

/** What a query counted, before its measures are worked out (kept by the answer cache). */
export interface Tally {
  groups: Array<Group & { label: string }>;
  totals: Group;
}

/** Rekey merchant groups by their merchant's kind (a merchant not in the scope: ''). */
async function byKind(tx: Db, groups: Group[]): Promise<Group[]> {
  const ids = [...new Set(groups.map((g) => g.key).filter((k): k is string => !!k))];
  const kinds = new Map(
    ids.length
      ? (
          await rows<{ id: string; kind: string }>(
            tx,
            sql`select id::text, coalesce(kind, '') as kind from merchant where id = any(${`{${ids.join(',')}}`}::bigint[])`,
          )
        ).map((r) => [r.id, r.kind])
      : [],
  );
  return groups.map((g) => ({ ...g, key: g.key == null ? null : (kinds.get(g.key) ?? '') }));
}

/** The groups of the query (merged by key across its sources, sorted, cut, named) and its totals. */
async function tally(
  tx: Db,
  ctx: Ctx,
  page: NonNullable<ReturnType<typeof statPage>>,
  sources: StatSource[],
  nowS: number,
  opts: QueryOptions,
): Promise<Tally> {
  const { q } = ctx;
  const merged = new Map<string | null, Group>();
  const totals: Group = { key: null, sums: {}, money: {} };
  for (const source of sources) {
    let found = await readSource(tx, source, ctx);
    if (q.by === 'merchantKind') found = await byKind(tx, found);
    for (const g of found) {
      // The group's sums are named `source.sum` already (spread).
      add(totals, g);
      if (g.key == null) continue;
      const into = merged.get(g.key) ?? { key: g.key, sums: {}, money: {}, owner: g.owner };
      merged.set(g.key, into);
      add(into, g);
    }
  }
  const rowSources = new Set(sources.filter((s) => SOURCE_DIMENSIONS[s].includes(q.by)));
  let groups = [...merged.values()];
  const timeLike = q.by === 'day' || q.by === 'hour' || q.by === 'hourOfDay';
  if (q.by === 'day') {
    // Every day of the range, the quiet ones too (a line chart has no holes).
    for (let t = Date.parse(`${q.from}T00:00:00Z`); t <= Date.parse(`${q.to}T00:00:00Z`); t += DAY_MS) {
      const key = new Date(t).toISOString().slice(0, 10);
      if (!merged.has(key)) groups.push({ key, sums: {}, money: {} });
    }
  }
  if (q.by === 'hourOfDay')
    for (let h = 0; h < 24; h++)
      if (!merged.has(String(h))) groups.push({ key: String(h), sums: {}, money: {} });
  const chart = page.chartMeasure === 'qualityMix' ? 'labelled' : page.chartMeasure;
  const weightOf = (g: Group) => {
    const v = valuesOf(g, [chart], rowSources, nowS)[chart];
    return typeof v === 'number' ? v : v ? Object.values(v).reduce((a, b) => a + Number(b), 0) : 0;
  };
  if (timeLike)
    groups.sort((a, b) =>
      q.by === 'hourOfDay' ? Number(a.key) - Number(b.key) : a.key! < b.key! ? -1 : a.key! > b.key! ? 1 : 0,
    );
  else {
    // Each group's weight once, not once a comparison.
    const weight = new Map(groups.map((g) => [g, weightOf(g)]));
    groups.sort((a, b) => weight.get(b)! - weight.get(a)! || String(a.key).localeCompare(String(b.key)));
  }
  if (groups.length > STAT_MAX_ROWS) {
    const other: Group = { key: 'other', sums: {}, money: {} };
    for (const g of groups.slice(STAT_MAX_ROWS - 1)) add(other, g);
    groups = [...groups.slice(0, STAT_MAX_ROWS - 1), other];
  }
  const names = await labelsOf(
    tx,
    q.by,
    groups.map((g) => g.key!),
  );
  if (q.by === 'product' && opts.productNames) {
    const owners = [...new Set(groups.map((g) => g.owner).filter((o): o is string => !!o))];
    const products = await opts.productNames(
      tx,
      owners,
      groups.map((g) => g.key!),
    );
    for (const g of groups) {
      const p =
        products.find((x) => x.code === g.key && x.merchantId === g.owner) ??
        products.find((x) => x.code === g.key);
      if (p) names.set(g.key!, p.names?.[opts.lang] || p.name);
    }
  }
  const labelOf = (key: string) =>
    key === 'other' ? 'other' : q.by === 'hourOfDay' ? `${key.padStart(2, '0')}:00` : (names.get(key) ?? key);
  return { groups: groups.map((g) => ({ ...g, label: labelOf(g.key!) })), totals };
}

export async function queryStats(tx: Db, input: StatQuery, opts: QueryOptions): Promise<StatAnswer> {
  const { q, page, measures, sources } = checkQuery(input);
  const zone = opts.timeZone;
  if (
    !(await visible(tx, 'merchant', q.merchantId)) ||
    !(await visible(tx, 'store', q.storeId)) ||
    !(await visible(tx, 'device', q.deviceId))
  )
    throw new AppError('msg.notFound');

  // The zone's rollups, if built (a zone asked for the first time is registered and built by the job).
  const [kept] = await rows<{
    ready: boolean;
    as_of: string | null;
    now_s: number;
    version: string | null;
    scope: string | null;
  }>(
    tx,
    sql`select z.ready, ${sql.raw(AS_OF_SQL.replace('merged_at', 'z.merged_at'))} as as_of,
               extract(epoch from now())::float8 as now_s, z.version::text as version,
               current_setting('app.scope', true) as scope
        from (select 1) one left join stat_zone z on z.zone = ${zone}`,
  );
  if (kept.ready == null) {
    const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from stat_zone`);
    if (n < MAX_ZONES) {
      await tx.execute(sql`insert into stat_zone (zone) values (${zone}) on conflict do nothing`);
      opts.onNewZone?.(zone);
    }
  }
  const raw = q.source === 'raw' || !kept.ready || !kept.as_of;
  const ctx: Ctx = { q, zone, raw, storeScope: kept.scope === 'store', measures };
  const nowS = Number(kept.now_s);

  // Counted once per version of the rollups; the raw count never kept.
  // One tally serves every page of its rows.
  const { offset, limit, ...counting } = q;
  const cacheKey =
    !raw && opts.cache ? JSON.stringify([opts.cache.scope, zone, kept.version, opts.lang, counting]) : null;
  let counted = cacheKey ? opts.cache!.answers.get(cacheKey) : undefined;
  if (!counted) {
    counted = await tally(tx, ctx, page, sources, nowS, opts);
    if (cacheKey) opts.cache!.answers.set(cacheKey, counted);
  }
  // Worked out at every answer: an open fault's minutes run to now.
  const rowSources = new Set(sources.filter((s) => SOURCE_DIMENSIONS[s].includes(q.by)));
  return {
    page: q.page,
    by: q.by,
    from: q.from,
    to: q.to,
    timeZone: zone,
    source: raw ? 'raw' : 'rollup',
    asOf: raw ? null : kept.as_of,
    measures,
    rows: counted.groups.slice(offset, limit === undefined ? undefined : offset + limit).map((g) => ({
      key: g.key!,
      label: g.label,
      values: valuesOf(g, measures, rowSources, nowS),
    })),
    offset,
    rowCount: counted.groups.length,
    totals: valuesOf(counted.totals, measures, new Set(sources), nowS),
  };
}
