/**
 * What the dashboards draw, from the figures the server answers: the tiles' numbers and the ECharts
 * options of each chart. Pure functions (no React, no ECharts import), so that the mapping is tested
 * apart from drawing it; the screen gives them its translations.
 */
import type { DashboardAnswer, DashboardItem, DashboardStore } from '@brewfleet/contracts/dashboard-api';

export const MACHINE_STATES = ['online', 'offline', 'alarm', 'locked', 'shortage', 'maintenance'] as const;
export type MachineState = (typeof MACHINE_STATES)[number];

/** Colours readable on the big screen's dark ground. */
export const PALETTE = [
  '#4fc3f7',
  '#ffb74d',
  '#81c784',
  '#e57373',
  '#ba68c8',
  '#fff176',
  '#4db6ac',
  '#f06292',
  '#90a4ae',
  '#a1887f',
];
const TEXT = '#cfd8dc';
const AXIS = '#546e7a';

/** Today against last week as a signed share (0.25 = 25 % more); null when last week had nothing. */
export function change(today: number, lastWeek: number): number | null {
  return lastWeek > 0 ? (today - lastWeek) / lastWeek : null;
}

export const formatPercent = (share: number | null, lang = 'en') =>
  share === null
    ? '—'
    : `${share > 0 ? '+' : ''}${new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(share)}`;

/** Revenue lines, one per currency (never summed across currencies), largest today first. */
export function revenueLines(revenue: DashboardAnswer['revenue']) {
  const currencies = [...new Set([...Object.keys(revenue.today), ...Object.keys(revenue.lastWeek)])];
  return currencies
    .map((currency) => {
      const today = Number(revenue.today[currency] ?? 0);
      const lastWeek = Number(revenue.lastWeek[currency] ?? 0);
      return { currency, today, lastWeek, change: change(today, lastWeek) };
    })
    .sort((a, b) => b.today - a.today || a.currency.localeCompare(b.currency));
}

export const badCupRate = (cups: DashboardAnswer['cups']) =>
  cups.reportedToday > 0 ? cups.badToday / cups.reportedToday : null;

/** The machines by state, as bars (every state, zero included, so the chart keeps its shape). */
export function machineItems(machines: DashboardAnswer['machines'], label: (s: MachineState) => string) {
  return MACHINE_STATES.map((state) => ({ key: state, label: label(state), value: machines[state] }));
}

const tooltip = { trigger: 'item' as const, textStyle: { fontSize: 16 } };

/** The answer names a machine family by its key ("milk-frother"); the reader's language names it. */
export const familyItems = (items: DashboardItem[], name: (family: string) => string): DashboardItem[] =>
  items.map((item) => ({ ...item, label: name(item.key) }));

/** A pie of shares (families, kinds of merchant). */
export function pieOption(items: DashboardItem[]) {
  return {
    color: PALETTE,
    tooltip: { ...tooltip, formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, textStyle: { color: TEXT, fontSize: 14 }, type: 'scroll' as const },
    series: [
      {
        type: 'pie' as const,
        radius: ['38%', '68%'],
        center: ['50%', '45%'],
        label: { color: TEXT, fontSize: 14, formatter: '{b}\n{c}' },
        data: items.map((i) => ({ name: i.label, value: i.value })),
      },
    ],
  };
}

/**
 * Horizontal bars, read top-down in the order given: names (products, machines, stores) in one colour,
 * or states (`states`: the machines by state) one colour each. Horizontal for both: a state's name
 * under a narrow vertical bar broke mid-word ("Maintenanc / e due") or ran into its neighbour's.
 */
export function barOption(items: DashboardItem[], kind: 'names' | 'states' = 'names') {
  // A horizontal category axis draws from the bottom: reversed, the first item shows on top.
  const names = items.map((i) => i.label).reverse();
  // A state keeps its colour whatever the order drawn: the palette follows the order given.
  const values = items
    .map((i, at) =>
      kind === 'states' ? { value: i.value, itemStyle: { color: PALETTE[at % PALETTE.length] } } : i.value,
    )
    .reverse();
  return {
    color: PALETTE,
    tooltip: { ...tooltip, trigger: 'axis' as const },
    grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
    xAxis: {
      type: 'value' as const,
      minInterval: 1,
      axisLabel: { color: TEXT, fontSize: 13 },
      splitLine: { lineStyle: { color: '#263238' } },
    },
    yAxis: {
      type: 'category' as const,
      data: names,
      // Every name shown (ECharts would skip some when they crowd), cut short past 160 px.
      axisLabel: { color: TEXT, fontSize: 14, interval: 0, width: 160, overflow: 'truncate' as const },
      axisLine: { lineStyle: { color: AXIS } },
    },
    series: [
      {
        type: 'bar' as const,
        data: values,
        barMaxWidth: 36,
        label: { show: true, position: 'right' as const, color: TEXT, fontSize: 14 },
      },
    ],
  };
}

/** A line over days, in the order given (the server's, oldest first); days shown as MM-DD. */
export function lineOption(items: DashboardItem[]) {
  return {
    color: PALETTE,
    tooltip: { ...tooltip, trigger: 'axis' as const },
    grid: { left: 8, right: 24, top: 24, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category' as const,
      data: items.map((i) => (/^\d{4}-\d{2}-\d{2}$/.test(i.key) ? i.key.slice(5) : i.label)),
      axisLabel: { color: TEXT, fontSize: 14 },
      axisLine: { lineStyle: { color: AXIS } },
    },
    yAxis: {
      type: 'value' as const,
      minInterval: 1,
      axisLabel: { color: TEXT, fontSize: 13 },
      splitLine: { lineStyle: { color: '#263238' } },
    },
    series: [
      {
        type: 'line' as const,
        smooth: true,
        areaStyle: { opacity: 0.2 },
        label: { show: true, color: TEXT, fontSize: 13 },
        data: items.map((i) => i.value),
      },
    ],
  };
}

/** Stores with a place on the map. */
export const placedStores = (stores: DashboardStore[]) =>
  stores.filter((s) => s.latitude !== null && s.longitude !== null);

/**
 * The map's view: the stores' bounding box, widened so that one store or a row of them still shows
 * its surroundings ([[west, north], [east, south]], ECharts geo's boundingCoords).
 */
export function mapBounds(
  stores: DashboardStore[],
  margin = 0.25,
  minSpan = 4,
): [[number, number], [number, number]] {
  const placed = placedStores(stores);
  const lngs = placed.map((s) => s.longitude!);
  const lats = placed.map((s) => s.latitude!);
  const widen = (lo: number, hi: number, limit: number) => {
    const span = Math.max(hi - lo, minSpan);
    const mid = (lo + hi) / 2;
    const half = (span * (1 + margin * 2)) / 2;
    return [Math.max(-limit, mid - half), Math.min(limit, mid + half)];
  };
  const [west, east] = widen(Math.min(...lngs), Math.max(...lngs), 180);
  const [south, north] = widen(Math.min(...lats), Math.max(...lats), 85);
  return [
    [west, north],
    [east, south],
  ];
}

/** Stores as dots on the land (geo map `mapName`), sized by today's cups. */
export function storesMapOption(
  stores: DashboardStore[],
  mapName: string,
  tip: (s: DashboardStore) => string,
) {
  const placed = placedStores(stores);
  const most = Math.max(1, ...placed.map((s) => s.cups ?? 0));
  return {
    tooltip: { ...tooltip, formatter: (p: { dataIndex: number }) => tip(placed[p.dataIndex]) },
    geo: {
      map: mapName,
      roam: false,
      boundingCoords: mapBounds(placed),
      itemStyle: { areaColor: '#1c313a', borderColor: '#37474f' },
      emphasis: { disabled: true },
      silent: true,
    },
    series: [
      {
        type: 'scatter' as const,
        coordinateSystem: 'geo' as const,
        data: placed.map((s) => ({ name: s.name, value: [s.longitude!, s.latitude!, s.cups ?? 0] })),
        symbolSize: (value: number[]) => 12 + 28 * Math.sqrt((value[2] ?? 0) / most),
        itemStyle: { color: PALETTE[1], borderColor: '#fff', borderWidth: 1 },
        label: {
          show: placed.length <= 12,
          formatter: '{b}',
          position: 'right' as const,
          color: TEXT,
          fontSize: 13,
        },
        // Stores of one city stand a few pixels apart: their names are moved apart, not overprinted.
        labelLayout: { moveOverlap: 'shiftY' as const, hideOverlap: true },
      },
    ],
  };
}

/** The stores as bars of today's cups (no store has a place, or no map could be drawn). */
export const storeItems = (stores: DashboardStore[]): DashboardItem[] =>
  [...stores]
    .map((s) => ({ key: s.id, label: s.name, value: s.cups ?? s.machines }))
    .sort((a, b) => b.value - a.value)
    .slice(0, 10);
