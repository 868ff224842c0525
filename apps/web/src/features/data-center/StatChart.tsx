/** A statistics page's chart model drawn (components/charts: ECharts, loaded with the page). */
import { useMemo } from 'react';
import EChart from '../../components/charts/EChart';
import { chartOption, type ChartModel } from './stat-chart';

export default function StatChart({ model }: { model: ChartModel }) {
  const option = useMemo(() => chartOption(model), [model]);
  return (
    <EChart
      option={option}
      label={model.title}
      className="stat-chart"
      testId="stat-chart"
      data={{ kind: model.kind, series: model.series.length }}
    />
  );
}
