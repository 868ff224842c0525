/**
 * The stores: dots on the land of the console's offline base map (features/map), sized by today's
 * cups, when stores have a place and the outlines load; otherwise bars of cups by store.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardStore } from '@brewfleet/contracts/dashboard-api';
import ChartPanel from './ChartPanel';
import { LAND_MAP, registerLand } from './echarts';
import { barOption, placedStores, storeItems, storesMapOption } from './layout-model';

export default function StoresPanel({ stores }: { stores: DashboardStore[] }) {
  const { t } = useTranslation();
  const placed = placedStores(stores).length > 0;
  const [land, setLand] = useState(false);
  useEffect(() => {
    if (placed) void registerLand().then(setLand);
  }, [placed]);
  const tip = (s: DashboardStore) =>
    t('dashboard.storeTip', { store: s.name, machines: s.machines, online: s.online, cups: s.cups ?? '—' });
  const onMap = placed && land;
  const option = useMemo(
    () => (onMap ? storesMapOption(stores, LAND_MAP, tip) : barOption(storeItems(stores))),
    // tip reads the language through t
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [onMap, stores, t],
  );
  return (
    <ChartPanel
      title={onMap ? t('dashboard.storesMap') : t('dashboard.storesBar')}
      area="stores"
      testId="panel-stores"
      option={option}
      empty={stores.length === 0}
    />
  );
}
