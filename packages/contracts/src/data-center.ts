/**
 * The data center (issue 17): statistics pages over rollups of what the machines and orders report.
 *
 * Declared once here: every statistics page (its menu url, titles, permission code, the dimensions it
 * may be grouped by, the measures it shows, its chart), the one query every page sends
 * (`POST /api/coffee/data-center/query`) and its answer. The server answers any page from the
 * rollups (module `datacenter`); the console draws any page from its declaration (features/data-center).
 *
 * Units as spec §3 says: cups, g, seconds. Money is a decimal string per currency (merchants of
 * several countries are never summed into one figure).
 */
import { z } from 'zod';
import { MACHINE_FAMILIES } from './device-protocol.ts';
import { idSchema } from './resource.ts';

type Titles = [zh: string, tw: string, en: string];

/**
 * The nine regions of the SCA Coffee Brewing Control Chart (strength × extraction yield) and the tea
 * strength labels (spec §9). The stored code of a label is its index + 1 (smallint in the rollups).
 */
export const COFFEE_QUALITY_LABELS = [
  'strong-acid',
  'strong-balance',
  'strong-bitter',
  'medium-acid',
  'golden-cup',
  'bitter',
  'weak-acid',
  'weak-balance',
  'weak-bitter',
] as const;
export const TEA_STRENGTH_LABELS = ['tea-under', 'tea-balanced', 'tea-over', 'tea-low', 'tea-high'] as const;
export const QUALITY_LABELS = [...COFFEE_QUALITY_LABELS, ...TEA_STRENGTH_LABELS] as const;
export type QualityLabel = (typeof QUALITY_LABELS)[number];
/** The smallint a rollup stores for a label, and back. */
export const qualityCode = (label: QualityLabel): number => QUALITY_LABELS.indexOf(label) + 1;
export const qualityLabelOf = (code: number): QualityLabel | null => QUALITY_LABELS[code - 1] ?? null;

/** What kind of business a merchant is (the merchant charts group by it). */
export const MERCHANT_KINDS = ['chain-brand', 'distributor', 'manufacturer', 'store', 'supplier'] as const;
export type MerchantKind = (typeof MERCHANT_KINDS)[number];

/**
 * What a page may be grouped by. `day` and `hour` are buckets in the request's time zone (each local
 * day or hour of the range); `hourOfDay` folds the range onto 0–23 (when machines are used).
 */
export const STAT_DIMENSIONS = [
  'day',
  'hour',
  'hourOfDay',
  'merchant',
  'merchantKind',
  'store',
  'device',
  'family',
  'product',
  'quality',
  'material',
  'faultCode',
  'cleaningKind',
] as const;
export type StatDimension = (typeof STAT_DIMENSIONS)[number];

/**
 * Every measure, by the rollup it comes from. A page lists the measures it shows; the answer gives
 * each row a value per measure. Kinds: `count` (integer), `rate` (0–1, null when nothing to divide),
 * `seconds`, `grams`, `ratio`, `money` (decimal strings per currency).
 */
export const STAT_MEASURES = {
  // cups (production records)
  cups: { source: 'cups', kind: 'count' },
  completed: { source: 'cups', kind: 'count' },
  failed: { source: 'cups', kind: 'count' },
  errorRate: { source: 'cups', kind: 'rate' }, // failed / cups
  badCups: { source: 'cups', kind: 'count' },
  badCupRate: { source: 'cups', kind: 'rate' }, // bad / completed
  scanCode: { source: 'cups', kind: 'count' },
  manual: { source: 'cups', kind: 'count' },
  avgCupOutSeconds: { source: 'cups', kind: 'seconds' },
  avgExtractionSeconds: { source: 'cups', kind: 'seconds' },
  powderG: { source: 'cups', kind: 'grams' },
  waterPowderRatio: { source: 'cups', kind: 'ratio' }, // water ml (≈ g) / powder g, coffee cups
  // extraction quality (coffee and tea cups with extraction data)
  labelled: { source: 'quality', kind: 'count' },
  goldenCupShare: { source: 'quality', kind: 'rate' },
  // material consumption (each cup's reported grams per channel)
  materialG: { source: 'materials', kind: 'grams' },
  materialCups: { source: 'materials', kind: 'count' },
  // sales (orders and their lines)
  orders: { source: 'sales', kind: 'count' },
  cupsSold: { source: 'sales', kind: 'count' },
  revenue: { source: 'sales', kind: 'money' }, // completed orders' payment less refunds
  refunded: { source: 'sales', kind: 'money' },
  tax: { source: 'sales', kind: 'money' },
  avgTicket: { source: 'sales', kind: 'money' },
  // after-sales (faults and cleanings)
  faults: { source: 'care', kind: 'count' },
  criticalFaults: { source: 'care', kind: 'count' },
  faultMinutes: { source: 'care', kind: 'ratio' }, // minutes from raised to cleared (open: to now)
  cleanings: { source: 'care', kind: 'count' },
  failedCleanings: { source: 'care', kind: 'count' },
} as const;
export type StatMeasure = keyof typeof STAT_MEASURES;
export type StatSource = (typeof STAT_MEASURES)[StatMeasure]['source'];
/** Per quality label, `quality:<label>` is a count measure too (the mix, one column per label). */
export type QualityMeasure = `quality:${QualityLabel}`;

/** Which dimensions each source can be grouped by (the others are refused with a clear message). */
export const SOURCE_DIMENSIONS: Record<StatSource, readonly StatDimension[]> = {
  cups: ['day', 'hour', 'hourOfDay', 'merchant', 'merchantKind', 'store', 'device', 'family', 'product'],
  quality: ['day', 'merchant', 'merchantKind', 'store', 'device', 'family', 'product', 'quality'],
  materials: ['day', 'merchant', 'merchantKind', 'store', 'device', 'family', 'material'],
  sales: ['day', 'hour', 'hourOfDay', 'merchant', 'merchantKind', 'store', 'device', 'family', 'product'],
  care: ['day', 'merchant', 'merchantKind', 'store', 'device', 'family', 'faultCode', 'cleaningKind'],
};

export type StatChart = 'line' | 'bar' | 'pie' | 'stacked-bar';

/** A statistics page: one declaration drives its menu entry, its route, its query and its screen. */
export interface StatPage {
  name: string;
  /** Menu url (its route is the url with slashes as hyphens, CONTRACT §5). */
  url: string;
  titles: Titles;
  /** Dimensions offered, the first the default. */
  by: readonly StatDimension[];
  measures: readonly (StatMeasure | 'qualityMix')[];
  /** The chart drawn above the table, per dimension (time dimensions draw lines). */
  chart: StatChart;
  /** The measure the chart draws (others are in the table). */
  chartMeasure: StatMeasure | 'qualityMix';
  /** A page about one machine family (the per-machine-kind statistics). */
  family?: (typeof MACHINE_FAMILIES)[number];
  /** Filters this page needs in the address (a detail page: one product, one machine). */
  requires?: 'productCode' | 'deviceId';
  icon: string;
}

const page = (p: StatPage) => p;

/** Spec §2 "Data center" and the menu's statistics pages, in menu order. */
export const STAT_PAGES = [
  page({
    name: 'business',
    url: 'dataCenter/business',
    titles: ['营业中心', '營業中心', 'Business Center'],
    by: ['day', 'store', 'device', 'merchant', 'hourOfDay'],
    measures: ['orders', 'revenue', 'avgTicket', 'refunded', 'tax', 'cupsSold'],
    chart: 'line',
    chartMeasure: 'revenue',
    icon: 'fund',
  }),
  page({
    name: 'merchant',
    url: 'dataCenter/merchantStatistics',
    titles: ['商户统计', '商戶統計', 'Merchant statistics'],
    by: ['merchantKind', 'merchant', 'store', 'day'],
    measures: ['cups', 'badCups', 'badCupRate', 'revenue', 'orders'],
    chart: 'pie',
    chartMeasure: 'cups',
    icon: 'shop',
  }),
  page({
    name: 'device',
    url: 'dataCenter/deviceStatistics',
    titles: ['设备统计', '設備統計', 'Device statistics'],
    by: ['device', 'store', 'family', 'day'],
    measures: [
      'cups',
      'completed',
      'failed',
      'errorRate',
      'badCups',
      'badCupRate',
      'avgCupOutSeconds',
      'revenue',
    ],
    chart: 'bar',
    chartMeasure: 'cups',
    icon: 'desktop',
  }),
  page({
    name: 'production',
    url: 'dataCenter/produceData',
    titles: ['生产统计', '生產統計', 'Production statistics'],
    by: ['day', 'hour', 'product', 'family', 'device'],
    measures: [
      'cups',
      'completed',
      'scanCode',
      'manual',
      'avgCupOutSeconds',
      'avgExtractionSeconds',
      'badCupRate',
    ],
    chart: 'line',
    chartMeasure: 'cups',
    icon: 'line-chart',
  }),
  page({
    name: 'after-sales',
    url: 'dataCenter/afterSales',
    titles: ['售后统计', '售後統計', 'After-sales statistics'],
    by: ['device', 'faultCode', 'store', 'day'],
    measures: ['faults', 'criticalFaults', 'faultMinutes', 'cleanings', 'failedCleanings'],
    chart: 'bar',
    chartMeasure: 'faults',
    icon: 'customer-service',
  }),
  page({
    name: 'usage',
    url: 'dataCenter/usage',
    titles: ['使用统计', '使用統計', 'Usage statistics'],
    by: ['hourOfDay', 'day', 'device', 'store'],
    measures: ['cups', 'completed', 'badCupRate', 'avgCupOutSeconds'],
    chart: 'bar',
    chartMeasure: 'cups',
    icon: 'clock-circle',
  }),
  page({
    name: 'matter',
    url: 'dataCenter/matter',
    titles: ['物料统计', '物料統計', 'Matter statistics'],
    by: ['material', 'device', 'store', 'day'],
    measures: ['materialG', 'materialCups'],
    chart: 'pie',
    chartMeasure: 'materialG',
    icon: 'experiment',
  }),
  page({
    name: 'product',
    url: 'dataCenter/product',
    titles: ['商品统计', '商品統計', 'Product statistics'],
    by: ['product', 'store', 'device', 'day'],
    measures: ['cups', 'cupsSold', 'revenue', 'badCups', 'badCupRate', 'avgCupOutSeconds'],
    chart: 'bar',
    chartMeasure: 'cups',
    icon: 'coffee',
  }),
  page({
    name: 'quality',
    url: 'dataCenter/extractionQuality',
    titles: ['萃取质量', '萃取品質', 'Extraction quality'],
    by: ['quality', 'device', 'product', 'store', 'day'],
    measures: ['labelled', 'goldenCupShare', 'qualityMix'],
    chart: 'pie',
    chartMeasure: 'labelled',
    icon: 'experiment',
  }),
  page({
    name: 'coffee',
    url: 'dataCenter/machineStatistics',
    titles: ['咖啡机统计', '咖啡機統計', 'Machine statistics'],
    by: ['day', 'device', 'product'],
    measures: ['cups', 'badCupRate', 'avgExtractionSeconds', 'waterPowderRatio', 'powderG', 'goldenCupShare'],
    chart: 'line',
    chartMeasure: 'cups',
    family: 'coffee',
    icon: 'coffee',
  }),
  page({
    name: 'tea',
    url: 'dataCenter/teaStatistics',
    titles: ['茶饮统计', '茶飲統計', 'Tea statistics'],
    by: ['quality', 'day', 'device', 'product'],
    measures: ['labelled', 'qualityMix'],
    chart: 'pie',
    chartMeasure: 'labelled',
    family: 'tea',
    icon: 'fire',
  }),
  page({
    name: 'tea-making',
    url: 'dataCenter/teaMakingStatistics',
    titles: ['制茶统计', '製茶統計', 'Tea-making statistics'],
    by: ['day', 'device', 'product'],
    measures: ['cups', 'completed', 'failed', 'badCupRate', 'avgCupOutSeconds', 'avgExtractionSeconds'],
    chart: 'line',
    chartMeasure: 'cups',
    family: 'tea',
    icon: 'coffee',
  }),
  page({
    name: 'blend',
    url: 'dataCenter/blendStatistics',
    titles: ['搅拌统计', '攪拌統計', 'Blend statistics'],
    by: ['day', 'device', 'product'],
    measures: ['cups', 'completed', 'failed', 'badCupRate', 'avgCupOutSeconds'],
    chart: 'line',
    chartMeasure: 'cups',
    family: 'blender',
    icon: 'sync',
  }),
  page({
    name: 'ice-making',
    url: 'dataCenter/iceStatistics',
    titles: ['制冰统计', '製冰統計', 'Ice-making statistics'],
    by: ['day', 'device', 'product'],
    measures: ['cups', 'completed', 'failed', 'badCupRate', 'avgCupOutSeconds'],
    chart: 'line',
    chartMeasure: 'cups',
    family: 'ice-sand',
    icon: 'cloud',
  }),
  page({
    name: 'milk-foam',
    url: 'dataCenter/milkFoamStatistics',
    titles: ['奶泡统计', '奶泡統計', 'Milk-foam statistics'],
    by: ['day', 'device', 'product'],
    measures: ['cups', 'completed', 'failed', 'badCupRate', 'avgCupOutSeconds'],
    chart: 'line',
    chartMeasure: 'cups',
    family: 'milk-frother',
    icon: 'coffee',
  }),
  page({
    name: 'wash',
    url: 'dataCenter/washStatistics',
    titles: ['清洗统计', '清洗統計', 'Wash statistics'],
    by: ['device', 'cleaningKind', 'store', 'day'],
    measures: ['cleanings', 'failedCleanings'],
    chart: 'bar',
    chartMeasure: 'cleanings',
    icon: 'clear',
  }),
  page({
    name: 'single-product',
    url: 'single-product-detail',
    titles: ['单品统计', '單品統計', 'Single product statistics'],
    by: ['day', 'store', 'device', 'quality'],
    measures: ['cups', 'cupsSold', 'revenue', 'badCupRate', 'avgCupOutSeconds', 'goldenCupShare'],
    chart: 'line',
    chartMeasure: 'cups',
    requires: 'productCode',
    icon: 'coffee',
  }),
  page({
    name: 'machine-data',
    url: 'dataCenter/machineDataStatistics',
    titles: ['机器数据', '機器資料', 'Machine data'],
    by: ['day', 'hour', 'product', 'quality'],
    measures: [
      'cups',
      'completed',
      'failed',
      'badCupRate',
      'avgCupOutSeconds',
      'avgExtractionSeconds',
      'revenue',
    ],
    chart: 'line',
    chartMeasure: 'cups',
    requires: 'deviceId',
    icon: 'dashboard',
  }),
] as const satisfies readonly StatPage[];
export type StatPageName = (typeof STAT_PAGES)[number]['name'];
export const STAT_PAGE_NAMES = STAT_PAGES.map((p) => p.name) as [StatPageName, ...StatPageName[]];
export const statPage = (name: string): StatPage | undefined => STAT_PAGES.find((p) => p.name === name);

/** The longest range one query may span (a year and a day: last year's same day still fits). */
export const STAT_MAX_DAYS = 366;
/** `hour` buckets: at most this many days. */
export const STAT_MAX_HOUR_DAYS = 7;
/** Rows an answer holds at most (the rest is summed into one `other` row, so totals stay true). */
export const STAT_MAX_ROWS = 500;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/**
 * `POST /api/coffee/data-center/query` (the page's own permission code): one page's figures for a
 * range of local days (`from`..`to`, both included, in the request's `timeZone`), grouped `by` one of
 * the page's dimensions, filtered. `source: 'raw'` counts the same figures from the raw rows (slow;
 * for checks and the benchmark), the default reads the rollups.
 */
export const statQuery = z.object({
  page: z.enum(STAT_PAGE_NAMES),
  by: z.enum(STAT_DIMENSIONS),
  from: day,
  to: day,
  merchantId: idSchema.optional(),
  storeId: idSchema.optional(),
  deviceId: idSchema.optional(),
  family: z.enum(MACHINE_FAMILIES).optional(),
  productCode: z.string().max(64).optional(),
  merchantKind: z.enum(MERCHANT_KINDS).optional(),
  source: z.enum(['rollup', 'raw']).default('rollup'),
  /**
   * The rows answered: `limit` rows (every row without it) from `offset` of the answer's ordered
   * rows (by time, or by the chart's measure, largest first). The totals are always the whole
   * filter's. The console asks for a table page (STAT_TABLE_PAGE rows) of machines, stores…, and
   * for every bucket of a time series. A `limit` over 100 counts as a large list (CONTRACT §3).
   */
  offset: z.number().int().min(0).max(STAT_MAX_ROWS).default(0),
  limit: z.number().int().min(1).max(STAT_MAX_ROWS).optional(),
});
export type StatQuery = z.input<typeof statQuery>;

/** Rows of a statistics table page (the console asks for one page of machines, stores…, at a time). */
export const STAT_TABLE_PAGE = 50;
/** Dimensions answered whole (a chart over time has no pages). */
export const STAT_SERIES_DIMENSIONS: readonly StatDimension[] = ['day', 'hour', 'hourOfDay'];

/** A measure's value: a count or a figure, null when undefined (a rate of nothing), money per currency. */
export const statValue = z.union([z.number(), z.record(z.string(), z.string()), z.null()]);

export const statRow = z.object({
  /** The group's key: a date, an hour (`YYYY-MM-DDTHH`), 0–23, an id, a code, a label. */
  key: z.string(),
  /** The group in the reader's language (a store's name, a product's name, a label's title). */
  label: z.string(),
  values: z.record(z.string(), statValue),
});
export type StatRow = z.infer<typeof statRow>;

export const statAnswer = z.object({
  page: z.string(),
  by: z.enum(STAT_DIMENSIONS),
  from: day,
  to: day,
  timeZone: z.string(),
  source: z.enum(['rollup', 'raw']),
  /** The rollups hold every cup and order stored before this instant (null: counted from raw rows). */
  asOf: z.string().nullable(),
  /** The measures of each row, in the page's order (`qualityMix` expanded to one per label). */
  measures: z.array(z.string()),
  /** `limit` rows from `offset` (statQuery) of the `rowCount` rows the answer has in all. */
  rows: z.array(statRow),
  offset: z.number().int(),
  rowCount: z.number().int(),
  /** The whole range and filter, not only the rows shown. */
  totals: z.record(z.string(), statValue),
});
export type StatAnswer = z.infer<typeof statAnswer>;

/** `POST /api/coffee/data-center/rebuild` (platform): the rollups of a range counted again from raw rows. */
export const statRebuild = z.object({ from: day, to: day });

/** What a rebuild counted again: the zones, the raw rows read and how long it took. */
export const statRebuildAnswer = z.object({
  zones: z.array(z.string()),
  cups: z.number().int(),
  orders: z.number().int(),
  faults: z.number().int(),
  cleanings: z.number().int(),
  ms: z.number().int(),
});
export type StatRebuildAnswer = z.infer<typeof statRebuildAnswer>;

/**
 * `POST /api/coffee/data-center/export`: the page as shown, as a spreadsheet, with every row of its
 * table (all its pages) and the totals.
 */
export const statExport = statQuery
  .omit({ offset: true, limit: true })
  .extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') });
