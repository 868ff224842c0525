/**
 * `/operation` (spec §2): the operation dashboard for a big screen — today's cups and revenue against
 * last week, cups by machine family (pie), the top products (bar), the stores on a map, the machines
 * by state. Opened by a signed-in user (menu page) or a display link (`?display=<token>`).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabelKey } from '../../resources/field-meta';
import ChartPanel from './ChartPanel';
import DashboardFrame from './DashboardFrame';
import StoresPanel from './StoresPanel';
import Tiles from './Tiles';
import { barOption, familyItems, machineItems, pieOption } from './layout-model';
import { useDashboard } from './use-dashboard';

export default function OperationPage() {
  const { t } = useTranslation();
  const { data, error } = useDashboard('operation');
  const options = useMemo(
    () =>
      data && {
        families: pieOption(familyItems(data.families, (f) => t(enumLabelKey('device', 'family', f)))),
        products: barOption(data.products),
        machines: barOption(
          machineItems(data.machines, (s) => t(`dashboard.states.${s}`)),
          'states',
        ),
      },
    [data, t],
  );
  return (
    <DashboardFrame
      title={t('dashboard.operation')}
      data={data}
      error={error ? (error as Error).message || t('dashboard.failed') : null}
      layout="operation"
    >
      {data && options && (
        <>
          <Tiles data={data} />
          <ChartPanel
            title={t('dashboard.families')}
            area="families"
            testId="panel-families"
            option={options.families}
            empty={!data.families.length}
          />
          <StoresPanel stores={data.stores} />
          <ChartPanel
            title={t('dashboard.products')}
            area="products"
            testId="panel-products"
            option={options.products}
            empty={!data.products.length}
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
