/**
 * The SCA brewing control chart of one estimated cup, as an ECharts option: extraction yield across,
 * strength (TDS) up, the nine regions drawn from the profile's golden region (contracts COFFEE_GRID:
 * strong at the top, acid on the left) and the cup as one point. The axes reach one golden-region
 * width beyond each side, further when the cup lies outside.
 */
import { COFFEE_GRID, type TrialEstimateAnswer } from '@brewfleet/contracts/extraction-estimate';
import type { QualityLabel } from '@brewfleet/contracts/data-center';

export interface ChartTexts {
  x: string;
  y: string;
  cup: string;
  regions: Record<QualityLabel, string>;
}

/** What the chart needs: an estimate and the golden region it was judged against. */
export interface PlottedCup {
  tds: number;
  yield: number;
  tdsLow: number;
  tdsHigh: number;
  yieldLow: number;
  yieldHigh: number;
  label: QualityLabel;
}

export function plottedCup(r: TrialEstimateAnswer): PlottedCup | null {
  const { tds, yield: ey, tdsLow, tdsHigh, yieldLow, yieldHigh, label } = r;
  if (tds === null || ey === null || label === null) return null;
  if (tdsLow === null || tdsHigh === null || yieldLow === null || yieldHigh === null) return null;
  return { tds, yield: ey, tdsLow, tdsHigh, yieldLow, yieldHigh, label };
}

/** The axis from a golden range and the cup's value: a range's width each side, the cup in sight. */
export function axisRange(low: number, high: number, value: number): [number, number] {
  const width = high - low || 1;
  const min = Math.min(low - width, value - width / 4);
  const max = Math.max(high + width, value + width / 4);
  return [Math.max(0, Math.floor(min * 2) / 2), Math.ceil(max * 2) / 2];
}

const REGION_COLOURS: Record<string, string> = {
  acid: 'rgba(22, 119, 255, 0.08)',
  balance: 'rgba(35, 120, 4, 0.08)',
  bitter: 'rgba(168, 7, 26, 0.08)',
  golden: 'rgba(212, 160, 23, 0.38)',
};

export function controlChartOption(cup: PlottedCup, texts: ChartTexts) {
  const [xMin, xMax] = axisRange(cup.yieldLow, cup.yieldHigh, cup.yield);
  const [yMin, yMax] = axisRange(cup.tdsLow, cup.tdsHigh, cup.tds);
  const rows = [
    [cup.tdsHigh, yMax],
    [cup.tdsLow, cup.tdsHigh],
    [yMin, cup.tdsLow],
  ];
  const columns = [
    [xMin, cup.yieldLow],
    [cup.yieldLow, cup.yieldHigh],
    [cup.yieldHigh, xMax],
  ];
  const columnColour = ['acid', 'balance', 'bitter'];
  const regions = COFFEE_GRID.flatMap((row, r) =>
    row.map((label, c) => [
      {
        name: texts.regions[label],
        xAxis: columns[c][0],
        yAxis: rows[r][0],
        itemStyle: {
          color: REGION_COLOURS[label === 'golden-cup' ? 'golden' : columnColour[c]],
          borderColor: '#bfbfbf',
          borderWidth: 1,
        },
        label: { fontWeight: label === cup.label ? 'bold' : 'normal' },
      },
      { xAxis: columns[c][1], yAxis: rows[r][1] },
    ]),
  );
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 16, bottom: 48 },
    tooltip: { trigger: 'item' },
    xAxis: { type: 'value', name: texts.x, nameLocation: 'middle', nameGap: 28, min: xMin, max: xMax },
    yAxis: { type: 'value', name: texts.y, nameLocation: 'middle', nameGap: 40, min: yMin, max: yMax },
    series: [
      {
        name: texts.cup,
        type: 'scatter',
        symbolSize: 16,
        itemStyle: { color: '#262626' },
        data: [[Number(cup.yield.toFixed(2)), Number(cup.tds.toFixed(2))]],
        markArea: {
          silent: true,
          label: { show: true, position: 'inside', color: '#434343', fontSize: 11 },
          data: regions,
        },
      },
    ],
  };
}
