/**
 * Production records (data center): one row per cup, bad cups in red; a row opens to its coffee or
 * tea quality data.
 */
import type { ColumnsType } from 'antd/es/table';
import { productionRecordResource } from '@brewfleet/contracts/resources/device-records';
import type { Row } from '../../api/types';
import ResourcePage from '../../resources/ResourcePage';
import BadCup from './BadCup';
import QualityData from './QualityData';

const EXPANDABLE = { expandedRowRender: (row: Row) => <QualityData row={row} /> };

const withBadCups = (columns: ColumnsType<Row>): ColumnsType<Row> =>
  columns.map((c) =>
    c.key === 'badCup' ? { ...c, render: (value: unknown) => <BadCup bad={!!value} /> } : c,
  );

export default function ProductionRecordPage() {
  return <ResourcePage def={productionRecordResource} expandable={EXPANDABLE} adjustColumns={withBadCups} />;
}
