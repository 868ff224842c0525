/**
 * Production records (data center): one row per cup, bad cups in red; a row opens to its coffee or
 * tea quality data. A coffee cup measured with a refractometer is recorded from its row (the reading
 * names the cup: its machine and record are filled in).
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import { P } from '@brewfleet/contracts/permissions';
import { productionRecordResource } from '@brewfleet/contracts/resources/device-records';
import { calibrationReadingResource } from '@brewfleet/contracts/resources/quality';
import type { Row } from '../../api/types';
import ResourceFormDrawer, { type FormTarget } from '../../resources/ResourceFormDrawer';
import ResourcePage, { type RowAction } from '../../resources/ResourcePage';
import { useArrivalRange } from '../../resources/use-arrival-range';
import BadCup from './BadCup';
import QualityData from './QualityData';

const EXPANDABLE = { expandedRowRender: (row: Row) => <QualityData row={row} /> };

const withBadCups = (columns: ColumnsType<Row>): ColumnsType<Row> =>
  columns.map((c) =>
    c.key === 'badCup' ? { ...c, render: (value: unknown) => <BadCup bad={!!value} /> } : c,
  );

export default function ProductionRecordPage() {
  const { t } = useTranslation();
  // The home page's "today" link opens the records narrowed to today.
  const today = useArrivalRange('/dataCenter-produceRecord', productionRecordResource.name, 'producedAt');
  const [reading, setReading] = useState<FormTarget | null>(null);
  const rowActions = useMemo<RowAction[]>(
    () => [
      {
        key: 'reading',
        label: t('quality.addReading'),
        permission: P.calibrationReading.create,
        shown: (row) => !!row.coffee,
        onClick: (row) =>
          setReading({
            mode: 'create',
            defaults: { deviceId: String(row.deviceId), productionRecordId: String(row.id) },
          }),
      },
    ],
    [t],
  );
  return (
    <>
      <ResourcePage
        def={productionRecordResource}
        expandable={EXPANDABLE}
        adjustColumns={withBadCups}
        fixedFilters={today.filters}
        header={today.tag}
        rowActions={rowActions}
      />
      <ResourceFormDrawer
        def={calibrationReadingResource}
        target={reading}
        onClose={() => setReading(null)}
      />
    </>
  );
}
