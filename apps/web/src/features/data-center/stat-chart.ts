/**
 * The chart above a page's table, from its declaration and the answer: what kind of chart, which
 * series. Time groupings draw a line whatever the page's chart; a page that draws lines over time
 * draws bars for other groupings. Money draws one series per currency (currencies are never summed),
 * rates are drawn in %, the quality mix one series (or pie slice) per label. The ECharts option is a
 * plain object built here so that it is tested without a canvas (StatChart.tsx draws it).
 */
import type { TFunction } from 'i18next';
import type { StatAnswer, StatChart, StatDimension, StatPage } from '@brewfleet/contracts/data-center';
import {
  chartNumber,
  currenciesOf,
  isQualityMeasure,
  measureKind,
  measureTitle,
  moneyEntries,
  rowLabel,
} from './stat-answer';

const TIME: readonly StatDimension[] = ['day', 'hour'];

export interface ChartSeries {
  name: string;
  data: (number | null)[];
}

export interface ChartModel {
  kind: StatChart;
  /** One per row (bars, lines) or per slice (pies). */
  categories: string[];
  /** Pies: one series per pie (a currency each for money). */
  series: ChartSeries[];
  /** Values are percentages. */
  percent: boolean;
  title: string;
}

export function chartKind(page: StatPage, by: StatDimension): StatChart {
  if (TIME.includes(by)) return 'line';
  return page.chart === 'line' ? 'bar' : page.chart;
}

export function chartModel(t: TFunction, page: StatPage, answer: StatAnswer): ChartModel {
  let kind = chartKind(page, answer.by);
  const labels = answer.rows.map((row) => rowLabel(t, answer.by, row));
  const title = t('dataCenter.chart', {
    measure:
      page.chartMeasure === 'qualityMix'
        ? t('dataCenter.dimensions.quality')
        : measureTitle(t, page.chartMeasure),
    by: t(`dataCenter.dimensions.${answer.by}`),
  });

  if (page.chartMeasure === 'qualityMix') {
    const mix = answer.measures.filter(isQualityMeasure);
    if (kind === 'pie')
      return {
        kind,
        title,
        percent: false,
        categories: mix.map((m) => measureTitle(t, m)),
        series: [{ name: title, data: mix.map((m) => chartNumber('count', answer.totals[m])) }],
      };
    // Each row's mix, the labels stacked.
    if (kind !== 'line') kind = 'stacked-bar';
    return {
      kind,
      title,
      percent: false,
      categories: labels,
      series: mix.map((m) => ({
        name: measureTitle(t, m),
        data: answer.rows.map((row) => chartNumber('count', row.values[m])),
      })),
    };
  }

  const measure = page.chartMeasure;
  const kindOfMeasure = measureKind(measure);
  const name = measureTitle(t, measure);
  const series: ChartSeries[] =
    kindOfMeasure === 'money'
      ? currenciesOf(answer, measure).map((currency) => ({
          name: `${name} (${currency})`,
          data: answer.rows.map((row) => {
            const amount = moneyEntries(row.values[measure]).find(([c]) => c === currency)?.[1];
            // A group that took nothing in this currency took zero of it (the line stays unbroken).
            return amount === undefined ? 0 : Number(amount);
          }),
        }))
      : [{ name, data: answer.rows.map((row) => chartNumber(kindOfMeasure, row.values[measure])) }];
  return { kind, title, percent: kindOfMeasure === 'rate', categories: labels, series };
}

type Option = Record<string, unknown>;

/** The ECharts option of a model (tooltip, legend, grid; axes except for pies). */
export function chartOption(model: ChartModel): Option {
  const suffix = model.percent ? '%' : '';
  const base: Option = {
    animation: false,
    tooltip: {
      trigger: model.kind === 'pie' ? 'item' : 'axis',
      valueFormatter: (v: unknown) => `${v ?? '—'}${suffix}`,
    },
    legend: { type: 'scroll', top: 0 },
  };
  if (model.kind === 'pie') {
    const n = model.series.length;
    return {
      ...base,
      series: model.series.map((s, i) => ({
        type: 'pie',
        name: s.name,
        radius: ['35%', '65%'],
        center: [`${((i + 0.5) / n) * 100}%`, '55%'],
        data: model.categories
          .map((category, j) => ({ name: category, value: s.data[j] }))
          .filter((slice) => slice.value !== null && slice.value > 0),
        label: { formatter: '{b}: {d}%' },
      })),
    };
  }
  const stacked = model.kind === 'stacked-bar';
  return {
    ...base,
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: model.categories, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', axisLabel: { formatter: `{value}${suffix}` } },
    series: model.series.map((s) => ({
      type: model.kind === 'line' ? 'line' : 'bar',
      name: s.name,
      data: s.data,
      ...(stacked ? { stack: 'mix' } : {}),
      ...(model.kind === 'line' ? {} : { barMaxWidth: 48 }),
      ...(model.kind === 'line'
        ? { smooth: true, showSymbol: s.data.length <= 60, connectNulls: false }
        : {}),
    })),
  };
}
