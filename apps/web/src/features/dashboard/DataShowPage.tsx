/**
 * `/dataShow` (spec §2): the data display for a big screen — machine, merchant and produce charts:
 * cups per machine today (bar), cups by kind of merchant (pie), cups over the last seven days (line),
 * and the machines by state. Opened by a signed-in user (menu page) or a display link.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import ChartPanel from './ChartPanel';
import DashboardFrame from './DashboardFrame';
import Tiles from './Tiles';
import { barOption, lineOption, machineItems, pieOption } from './layout-model';
import { useDashboard } from './use-dashboard';

export default function DataShowPage() {
  const { t } = useTranslation();
  const { data, error } = useDashboard('dataShow');
  const options = useMemo(
    () =>
      data && {
        devices: barOption(data.devices),
        kinds: pieOption(
          data.merchantKinds.map((k) => ({
            ...k,
            label: k.label || t(`dashboard.kinds.${k.key}`, { defaultValue: k.key }),
          })),
        ),
        trend: lineOption(data.trend),
        machines: barOption(
          machineItems(data.machines, (s) => t(`dashboard.states.${s}`)),
          'states',
        ),
      },
    [data, t],
  );
  return (
    <DashboardFrame
      title={t('dashboard.dataShow')}
      data={data}
      error={error ? (error as Error).message || t('dashboard.failed') : null}
      layout="dataShow"
    >
      {data && options && (
        <>
          <Tiles data={data} />
          <ChartPanel
            title={t('dashboard.devices')}
            area="devices"
            testId="panel-devices"
            option={options.devices}
            empty={!data.devices.length}
          />
          <ChartPanel
            title={t('dashboard.merchantKinds')}
            area="kinds"
            testId="panel-kinds"
            option={options.kinds}
            empty={!data.merchantKinds.length}
          />
          <ChartPanel
            title={t('dashboard.trend')}
            area="trend"
            testId="panel-trend"
            option={options.trend}
            empty={!data.trend.length}
          />
          <ChartPanel
            title={t('dashboard.machines')}
            area="machines"
            testId="panel-machines"
            option={options.machines}
            empty={data.machines.all === 0}
          />
        </>
      )}
    </DashboardFrame>
  );
}
