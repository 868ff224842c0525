/**
 * Production records (data center): one row per cup, bad cups in red; a row opens to its coffee or
 * tea quality data.
 */
import type { ColumnsType } from 'antd/es/table';
import { productionRecordResource } from '@brewfleet/contracts/resources/device-records';
import type { Row } from '../../api/types';
import ResourcePage from '../../resources/ResourcePage';
import { useArrivalRange } from '../../resources/use-arrival-range';
import BadCup from './BadCup';
import QualityData from './QualityData';

const EXPANDABLE = { expandedRowRender: (row: Row) => <QualityData row={row} /> };

const withBadCups = (columns: ColumnsType<Row>): ColumnsType<Row> =>
  columns.map((c) =>
    c.key === 'badCup' ? { ...c, render: (value: unknown) => <BadCup bad={!!value} /> } : c,
  );

export default function ProductionRecordPage() {
  // The home page's "today" link opens the records narrowed to today.
  const today = useArrivalRange('/dataCenter-produceRecord', productionRecordResource.name, 'producedAt');
  return (
    <ResourcePage
      def={productionRecordResource}
      expandable={EXPANDABLE}
      adjustColumns={withBadCups}
      fixedFilters={today.filters}
      header={today.tag}
    />
  );
}
