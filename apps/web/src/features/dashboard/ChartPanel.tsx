/** A titled panel with a chart, or "nothing yet today" when there is nothing to draw. */
import { useTranslation } from 'react-i18next';
import { Panel } from './DashboardFrame';
import EChart from '../../components/charts/EChart';

export default function ChartPanel(props: {
  title: string;
  area: string;
  testId: string;
  option: object;
  empty: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Panel title={props.title} area={props.area} testId={props.testId}>
      {props.empty ? (
        <div className="dashboard-empty">{t('dashboard.noData')}</div>
      ) : (
        <EChart
          option={props.option}
          label={props.title}
          className="dashboard-chart"
          testId={`${props.testId}-chart`}
        />
      )}
    </Panel>
  );
}
