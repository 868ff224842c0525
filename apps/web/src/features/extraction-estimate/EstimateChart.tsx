/** The cup on the brewing control chart (components/charts: ECharts, loaded with the page). */
import { useMemo } from 'react';
import EChart from '../../components/charts/EChart';
import { controlChartOption, type ChartTexts, type PlottedCup } from './control-chart';

export default function EstimateChart({
  cup,
  texts,
  title,
}: {
  cup: PlottedCup;
  texts: ChartTexts;
  title: string;
}) {
  const option = useMemo(() => controlChartOption(cup, texts), [cup, texts]);
  return (
    <EChart
      option={option}
      label={title}
      className="estimate-chart"
      testId="estimate-chart"
      data={{ region: cup.label, tds: cup.tds.toFixed(2), yield: cup.yield.toFixed(2) }}
    />
  );
}
