/**
 * One ECharts chart in a box that fills its place, resized with it (the sidebar folds, the window
 * turns) and disposed with it; the option replaces the previous one whole. A browser without a 2D
 * canvas (a unit test's DOM) draws nothing: the tables beside the charts say it all.
 */
import { useEffect, useRef } from 'react';
import { echarts } from './echarts';

function canDraw(): boolean {
  try {
    return typeof navigator !== 'undefined' && !/jsdom/i.test(navigator.userAgent);
  } catch {
    return false;
  }
}

export default function EChart({
  option,
  label,
  className,
  testId,
  data,
}: {
  option: object;
  /** What the chart shows, for screen readers (the box is an image to them). */
  label: string;
  className: string;
  testId?: string;
  /** Extra `data-*` attributes (what the browser tests read). */
  data?: Record<string, string | number>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || !canDraw()) return undefined;
    const instance = echarts.init(element, null, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option as echarts.EChartsCoreOption, { notMerge: true });
  }, [option]);

  const dataAttributes = Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [`data-${k}`, v]));
  return (
    <div
      ref={box}
      className={className}
      role="img"
      aria-label={label}
      data-testid={testId}
      {...dataAttributes}
    />
  );
}
