/**
 * The recent records around a machine: production (a row opens to its quality data), faults,
 * cleanings and commands (their states move live).
 */
import { Card, Empty } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceAutomation } from '@brewfleet/contracts/enums';
import {
  cleaningRecordResource,
  deviceCommandResource,
  faultLogResource,
  productionRecordResource,
} from '@brewfleet/contracts/resources/device-records';
import type { Row } from '../../api/types';
import CommandStateTag from '../device/CommandStateTag';
import BadCup from '../device-records/BadCup';
import QualityData from '../device-records/QualityData';
import { COFFEE_UNITS, coffeeValue } from '../device-records/quality';
import { EXTRACTION_COLUMNS, PRODUCTION_FIELDS } from './detail-layout';
import RecordTable from './RecordTable';
import { commandReason, reasonFields } from '../device/command-reason';
import { SectionTitle } from './SummaryCards';

type Records = Array<Record<string, unknown>>;

function RecordsCard({
  title,
  testId,
  empty,
  children,
}: {
  title: string;
  testId: string;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={<SectionTitle>{title}</SectionTitle>} data-testid={testId}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deviceDetail.noRecords')} />
      ) : (
        children
      )}
    </Card>
  );
}

export function ProductionCard({ rows, automation }: { rows: Records; automation: DeviceAutomation }) {
  const { t } = useTranslation();
  const extraction: ColumnsType<Row> = EXTRACTION_COLUMNS[automation].map((key) => ({
    key,
    title: `${t(`quality.coffee.${key}`)}${COFFEE_UNITS[key] ? ` (${COFFEE_UNITS[key]})` : ''}`,
    align: 'right',
    render: (_: unknown, row: Row) => coffeeValue(row, key) ?? '',
  }));
  return (
    <RecordsCard title={t('deviceDetail.production')} testId="detail-production" empty={!rows.length}>
      <RecordTable
        label={t('deviceDetail.production')}
        def={productionRecordResource}
        rows={rows}
        fields={PRODUCTION_FIELDS[automation]}
        extra={extraction}
        expandable={{ expandedRowRender: (row) => <QualityData row={row} /> }}
        cells={{ badCup: (value) => <BadCup bad={!!value} /> }}
      />
    </RecordsCard>
  );
}

export function FaultsCard({ rows }: { rows: Records }) {
  const { t } = useTranslation();
  return (
    <RecordsCard title={t('deviceDetail.faults')} testId="detail-faults" empty={!rows.length}>
      <RecordTable
        label={t('deviceDetail.faults')}
        def={faultLogResource}
        rows={rows}
        fields={['code', 'message', 'severity', 'active', 'raisedAt', 'clearedAt']}
      />
    </RecordsCard>
  );
}

export function CleaningsCard({ rows }: { rows: Records }) {
  const { t } = useTranslation();
  return (
    <RecordsCard title={t('deviceDetail.cleanings')} testId="detail-cleanings" empty={!rows.length}>
      <RecordTable
        label={t('deviceDetail.cleanings')}
        def={cleaningRecordResource}
        rows={rows}
        fields={['kind', 'result', 'durationSeconds', 'cleanedAt']}
      />
    </RecordsCard>
  );
}

export function CommandsCard({ rows }: { rows: Records }) {
  const { t } = useTranslation();
  return (
    <RecordsCard title={t('deviceDetail.commands')} testId="detail-commands" empty={!rows.length}>
      <RecordTable
        label={t('deviceDetail.commands')}
        def={deviceCommandResource}
        rows={rows}
        fields={['type', 'state', 'issuedBy', 'attempts', 'reason', 'createdAt', 'finishedAt']}
        cells={{
          state: (value) => <CommandStateTag state={String(value ?? '')} />,
          reason: (_value, row) => commandReason(t, reasonFields(row)),
        }}
      />
    </RecordsCard>
  );
}
