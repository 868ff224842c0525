/**
 * The machine log (`/device-journal`): online and offline, faults, cleanings, commands, binding …
 * one line each, the kind as a coloured tag. Opened as `?deviceId=` (from a machine's row or detail
 * page) it shows that machine only, until the user asks for all.
 */
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceLogResource } from '@brewfleet/contracts/resources/device-records';
import type { Row } from '../../api/types';
import { useArrivalParams } from '../../app/routing/use-arrival-params';
import { enumLabelKey } from '../../resources/field-meta';
import ResourcePage from '../../resources/ResourcePage';
import { useRefOptions } from '../../resources/use-ref-options';
import { journalMessage } from './journal-message';
import { KIND_COLORS } from './log-kinds';
import { Button } from '../../components/Button';
import '../device/device.css';

const ARRIVAL = ['deviceId'] as const;

export default function DeviceJournalPage() {
  const { t } = useTranslation();
  const arrival = useArrivalParams('/device-journal', ARRIVAL);
  const [scope, setScope] = useState<{ key: string; deviceId?: string }>({ key: '' });
  if (scope.key !== arrival.key) setScope({ key: arrival.key, deviceId: arrival.values.deviceId });
  const devices = useRefOptions('device', !!scope.deviceId);
  const deviceName = devices.data?.find((o) => o.value === scope.deviceId)?.label ?? scope.deviceId;
  const fixedFilters = useMemo(
    () => (scope.deviceId ? { deviceId: scope.deviceId } : undefined),
    [scope.deviceId],
  );

  const adjustColumns = (columns: ColumnsType<Row>): ColumnsType<Row> =>
    columns.map((c) => {
      if (c.key === 'kind')
        return {
          ...c,
          render: (value: unknown) => (
            <Tag color={KIND_COLORS[String(value)]} data-kind={String(value)}>
              {t(enumLabelKey('device-log', 'kind', String(value)))}
            </Tag>
          ),
        };
      // The line in the reader's language; the stored English text where a line has no key.
      if (c.key === 'message') return { ...c, render: (_: unknown, row: Row) => journalMessage(t, row) };
      return c;
    });

  return (
    <ResourcePage
      def={deviceLogResource}
      fixedFilters={fixedFilters}
      adjustColumns={adjustColumns}
      header={
        scope.deviceId && (
          <div className="device-scope">
            <Tag>{t('journal.machine', { name: deviceName })}</Tag>
            <Button size="small" type="link" onClick={() => setScope((s) => ({ ...s, deviceId: undefined }))}>
              {t('journal.allMachines')}
            </Button>
          </div>
        )
      }
    />
  );
}
