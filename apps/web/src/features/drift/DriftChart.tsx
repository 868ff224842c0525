/**
 * One metric's evidence as a small ECharts line: the hourly means of the last 48 h, the machine's own
 * normal band (shaded) and the fleet band (dashed lines), drawn with the console's ECharts pieces
 * (components/charts), loaded with the drift page.
 */
import { useMemo } from 'react';
import EChart from '../../components/charts/EChart';
import type { DriftEvidence } from './drift-api';

type MetricEvidence = DriftEvidence['metrics'][number];

export function chartOption(m: MetricEvidence, names: { series: string; band: string; fleet: string }) {
  const values = m.points.map((p) => p.mean);
  const bands = [m.baseline?.low, m.baseline?.high, m.fleet?.low, m.fleet?.high].filter(
    (v): v is number => v != null,
  );
  const all = [...values, ...bands];
  const pad = all.length ? (Math.max(...all) - Math.min(...all)) * 0.1 || 1 : 1;
  const color =
    m.finding?.state === 'drifting' ? '#a8071a' : m.finding?.state === 'watch' ? '#874d00' : '#0050b3';
  return {
    animation: false,
    grid: { left: 48, right: 12, top: 12, bottom: 28 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'time' },
    yAxis: {
      type: 'value',
      scale: true,
      min: all.length ? Math.min(...all) - pad : undefined,
      max: all.length ? Math.max(...all) + pad : undefined,
    },
    series: [
      {
        name: names.series,
        type: 'line',
        showSymbol: true,
        symbolSize: 4,
        lineStyle: { color },
        itemStyle: { color },
        data: m.points.map((p) => [p.at, Number(p.mean.toFixed(3)), p.n]),
        markArea: m.baseline
          ? {
              silent: true,
              itemStyle: { color: 'rgba(35, 120, 4, 0.12)' },
              data: [[{ name: names.band, yAxis: m.baseline.low }, { yAxis: m.baseline.high }]],
            }
          : undefined,
        markLine: m.fleet
          ? {
              silent: true,
              symbol: 'none',
              lineStyle: { type: 'dashed', color: '#595959' },
              label: { show: false },
              data: [
                { yAxis: m.fleet.low, name: names.fleet },
                { yAxis: m.fleet.high, name: names.fleet },
              ],
            }
          : undefined,
      },
    ],
  };
}

export default function DriftChart(props: {
  metric: MetricEvidence;
  label: string;
  names: { series: string; band: string; fleet: string };
}) {
  const option = useMemo(() => chartOption(props.metric, props.names), [props.metric, props.names]);
  return <EChart option={option} label={props.label} className="drift-chart" testId="drift-chart" />;
}
