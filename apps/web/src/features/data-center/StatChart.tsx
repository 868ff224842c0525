/**
 * Draws a chart model with ECharts, tree-shaken to what the statistics pages draw. Only the page's
 * module imports this file, so ECharts loads with the first statistics page and never with the shell.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { chartOption, type ChartModel } from './stat-chart';

echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  CanvasRenderer,
]);

/** A browser without a 2D canvas (a test's DOM) shows no chart; the table says it all. */
function canDraw(): boolean {
  try {
    return typeof navigator !== 'undefined' && !/jsdom/i.test(navigator.userAgent);
  } catch {
    return false;
  }
}

export default function StatChart({ model }: { model: ChartModel }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw()) return undefined;
    const instance = echarts.init(el);
    chart.current = instance;
    // The box follows the page's width (the sidebar folds, the window turns).
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(chartOption(model), { notMerge: true });
  }, [model]);

  return (
    <div
      ref={box}
      className="stat-chart"
      role="img"
      aria-label={model.title}
      data-testid="stat-chart"
      data-kind={model.kind}
      data-series={model.series.length}
    />
  );
}
