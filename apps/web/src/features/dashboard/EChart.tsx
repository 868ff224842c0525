/** One ECharts chart in a box that fills its grid cell, resized with it, disposed with it. */
import { useEffect, useRef } from 'react';
import { echarts } from './echarts';

export default function EChart({
  option,
  label,
  testId,
}: {
  option: object;
  label: string;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = box.current!;
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
    chart.current?.setOption(option as echarts.EChartsCoreOption, true);
  }, [option]);

  return <div ref={box} className="dashboard-chart" role="img" aria-label={label} data-testid={testId} />;
}
