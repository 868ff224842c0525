/** An answer as the page shows it: table rows and totals, value texts, chart series (stat-answer, stat-chart). */
import { beforeAll, describe, expect, it } from 'vitest';
import { statPage, type StatAnswer, type StatPage } from '@brewfleet/contracts/data-center';
import { i18next, initI18n, setLanguage } from '../../app/i18n';
import { formatValue, measureTitle, rowLabel, tableData, withProductNames } from './stat-answer';
import { chartKind, chartModel, chartOption } from './stat-chart';
import { answerFor } from './stat-fixture';

const t = i18next.t;
const page = (name: string) => statPage(name)!;

beforeAll(async () => {
  await initI18n('en');
  await setLanguage('en');
});

describe('the table of an answer', () => {
  it('words each group, ends with the totals of the whole range, and has none when there are no rows', () => {
    const answer = answerFor(page('device'), 'device');
    const { rows, total } = tableData(t, answer);
    expect(rows.map((r) => r.label)).toEqual(['Lobby espresso', 'Pier tea']);
    expect(total?.label).toBe('Total');
    // The totals are the answer's (a rate of the whole range is not the sum of the rows' rates).
    expect(total?.values).toBe(answer.totals);
    expect(tableData(t, { ...answer, rows: [] })).toEqual({ rows: [], total: null });
  });

  it('formats counts, rates as %, seconds, grams, ratios and money one amount per currency', () => {
    expect(formatValue('count', 12345)).toBe('12,345');
    expect(formatValue('rate', 0.0251)).toBe('2.5%');
    expect(formatValue('rate', null)).toBe('—');
    expect(formatValue('seconds', 31.25)).toBe('31.3');
    expect(formatValue('grams', 1200)).toBe('1,200');
    expect(formatValue('grams', 120.5)).toBe('120.5');
    expect(formatValue('ratio', 15.333)).toBe('15.33');
    expect(formatValue('money', { USD: '12.5', NPR: '4500.5' })).toBe('4,500.50 NPR · 12.50 USD');
    expect(formatValue('count', undefined)).toBe('—');
    expect(formatValue('money', {})).toBe('—');
  });

  it('titles measures with their unit, from the measure kind', () => {
    expect(measureTitle(t, 'badCupRate')).toBe('Bad-cup rate (%)');
    expect(measureTitle(t, 'avgCupOutSeconds')).toBe('Avg cup-out time (s)');
    expect(measureTitle(t, 'powderG')).toBe('Powder (g)');
    expect(measureTitle(t, 'cups')).toBe('Cups');
    expect(measureTitle(t, 'quality:golden-cup')).toBe('Golden cup');
  });

  it('words labels, kinds, families, cleaning kinds and hours from their keys, in the reader language', async () => {
    expect(rowLabel(t, 'quality', { key: 'golden-cup', label: 'x' })).toBe('Golden cup');
    expect(rowLabel(t, 'quality', { key: '5', label: 'x' })).toBe('Golden cup');
    expect(rowLabel(t, 'merchantKind', { key: 'chain-brand', label: '' })).toBe('Chain brand');
    expect(rowLabel(t, 'family', { key: 'milk-frother', label: '' })).toBe('Milk frother');
    expect(rowLabel(t, 'cleaningKind', { key: 'deep', label: '' })).toBe('Deep cleaning');
    expect(rowLabel(t, 'hourOfDay', { key: '8', label: '08:00' })).toBe('08:00–08:59');
    expect(rowLabel(t, 'hour', { key: '2026-11-20T08', label: '2026-11-20T08' })).toBe('2026-11-20 08:00');
    expect(rowLabel(t, 'store', { key: 'other', label: 'other' })).toBe('Other');
    expect(rowLabel(t, 'store', { key: '9', label: '' })).toBe('9');
    await setLanguage('tw');
    expect(rowLabel(t, 'quality', { key: 'strong-balance', label: 'x' })).toBe('濃鬱平衡');
    expect(rowLabel(t, 'merchantKind', { key: 'distributor', label: '' })).toBe('經銷商');
    await setLanguage('en');
  });
});

it('names products grouped by code from the product list', () => {
  const answer = answerFor(statPage('product')!, 'product');
  const named = withProductNames(answer, [{ value: 'LATTE', label: 'Latte · LATTE' }]);
  expect(named.rows.map((r) => r.label)).toEqual(['Latte · LATTE', 'MOCHA']);
  expect(withProductNames({ ...answer, by: 'store' }, [{ value: 'LATTE', label: 'x' }]).rows[0].label).toBe(
    'LATTE',
  );
});

describe('the chart of an answer', () => {
  it('draws time as a line, other groupings as the page says (a line page draws bars)', () => {
    expect(chartKind(page('business'), 'day')).toBe('line');
    expect(chartKind(page('business'), 'store')).toBe('bar');
    expect(chartKind(page('usage'), 'hourOfDay')).toBe('bar');
    expect(chartKind(page('merchant'), 'merchantKind')).toBe('pie');
    expect(chartKind(page('merchant'), 'day')).toBe('line');
  });

  it('draws money one series per currency, never summed', () => {
    const model = chartModel(t, page('business'), answerFor(page('business'), 'day'));
    expect(model.kind).toBe('line');
    expect(model.categories).toEqual(['2026-11-20', '2026-11-21']);
    expect(model.series).toEqual([
      { name: 'Revenue (NPR)', data: [1000.25, 2000.5] },
      { name: 'Revenue (USD)', data: [12.5, 25] },
    ]);
    const option = chartOption(model) as { series: { type: string }[] };
    expect(option.series.map((s) => s.type)).toEqual(['line', 'line']);
    // A day without sales in a currency took zero of it.
    const quiet = answerFor(page('business'), 'day');
    quiet.rows[0].values.revenue = { USD: '4.00' };
    expect(chartModel(t, page('business'), quiet).series).toEqual([
      { name: 'Revenue (NPR)', data: [0, 2000.5] },
      { name: 'Revenue (USD)', data: [4, 25] },
    ]);
  });

  it('draws rates in %', () => {
    const ratePage: StatPage = { ...page('device'), chartMeasure: 'badCupRate' };
    const model = chartModel(t, ratePage, answerFor(ratePage, 'device'));
    expect(model.percent).toBe(true);
    expect(model.series[0].data).toEqual([2.5, 5]);
  });

  it('draws the quality mix as a pie of the labels, or one stacked bar per group', () => {
    const quality = page('tea');
    const mixPage: StatPage = { ...quality, chartMeasure: 'qualityMix' };
    const pie = chartModel(t, mixPage, answerFor(mixPage, 'quality'));
    expect(pie.kind).toBe('pie');
    expect(pie.categories).toEqual([
      'Sour (extraction too short)',
      'Balanced',
      'Bitter (over-extracted)',
      'Low concentration',
      'High concentration',
    ]);
    expect(pie.series).toHaveLength(1);
    const barPage: StatPage = { ...mixPage, chart: 'bar' };
    const bars = chartModel(t, barPage, answerFor(barPage, 'device'));
    expect(bars.kind).toBe('stacked-bar');
    expect(bars.series).toHaveLength(5);
    expect(bars.series[0]).toEqual({ name: 'Sour (extraction too short)', data: [10, 20] });
    const option = chartOption(bars) as { series: { type: string; stack?: string }[] };
    expect(option.series.every((s) => s.type === 'bar' && s.stack === 'mix')).toBe(true);
  });

  it('leaves empty slices out of a pie', () => {
    const merchant = page('merchant');
    const answer: StatAnswer = answerFor(merchant, 'merchantKind');
    answer.rows[1].values.cups = 0;
    const option = chartOption(chartModel(t, merchant, answer)) as { series: { data: unknown[] }[] };
    expect(option.series[0].data).toEqual([{ name: 'Chain brand', value: 10 }]);
  });
});
