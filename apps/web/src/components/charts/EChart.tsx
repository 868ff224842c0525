/**
 * One ECharts chart in a box that fills its place, resized with it (the sidebar folds, the window
 * turns) and disposed with it; the option replaces the previous one whole. A browser without a 2D
 * canvas (a unit test's DOM) draws nothing: the tables beside the charts say it all.
 *
 * A hidden box (its tab kept alive behind another, or a panel folded) measures 0 × 0: ECharts is
 * neither resized to that nor given options then (a map laid out in no room throws), and catches up
 * with the last option when the box has room again.
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

/** The option a chart is given, and the one it drew last. */
interface Options {
  wanted: object;
  drawn: object | null;
}

/**
 * Gives the chart the option it has not drawn (fitted to its box first when `resize`), unless the
 * box has no room.
 */
function draw(
  element: HTMLElement | null,
  instance: echarts.ECharts | null,
  options: Options,
  resize: boolean,
) {
  if (!element || !instance || element.clientWidth === 0 || element.clientHeight === 0) return;
  if (resize) instance.resize();
  if (options.drawn !== options.wanted) {
    instance.setOption(options.wanted as echarts.EChartsCoreOption, { notMerge: true });
    options.drawn = options.wanted;
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
  const options = useRef<Options>({ wanted: option, drawn: null });

  useEffect(() => {
    const element = box.current;
    if (!element || !canDraw()) return undefined;
    chart.current = echarts.init(element, null, { renderer: 'canvas' });
    const observer = new ResizeObserver(() => draw(element, chart.current, options.current, true));
    observer.observe(element);
    draw(element, chart.current, options.current, false);
    return () => {
      observer.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    options.current.wanted = option;
    draw(box.current, chart.current, options.current, false);
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
