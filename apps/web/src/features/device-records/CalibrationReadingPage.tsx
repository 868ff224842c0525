/**
 * Refractometer calibration (`dataCenter/calibration`): the generic list of calibration readings,
 * whose cup reads as the cup (when it was made, what) rather than its production record's id.
 */
import type { ColumnsType } from 'antd/es/table';
import { calibrationReadingResource } from '@brewfleet/contracts/resources/quality';
import type { Row } from '../../api/types';
import ResourcePage from '../../resources/ResourcePage';
import ReadingCup from './ReadingCup';

const withCups = (columns: ColumnsType<Row>): ColumnsType<Row> =>
  columns.map((c) =>
    c.key === 'productionRecordId'
      ? { ...c, render: (value: unknown) => (value ? <ReadingCup id={String(value)} /> : null) }
      : c,
  );

export default function CalibrationReadingPage() {
  return <ResourcePage def={calibrationReadingResource} adjustColumns={withCups} />;
}
