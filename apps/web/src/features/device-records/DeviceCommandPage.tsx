/**
 * Remote commands: every command issued to the machines this user sees, with its state as a
 * coloured tag, moved live for the machines on screen. Read-only: commands are issued from the
 * device list and detail pages.
 */
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceCommandResource } from '@brewfleet/contracts/resources/device-records';
import type { Row } from '../../api/types';
import ResourcePage from '../../resources/ResourcePage';
import CommandStateTag from '../device/CommandStateTag';
import { isFinal } from '../device/command-tracker';
import { commandReason, reasonFields } from '../device/command-reason';
import { useDeviceLive } from '../device/use-device-live';

/** States as coloured tags, and the server's reasons in the reader's language. */
const adjusted = (columns: ColumnsType<Row>, t: TFunction): ColumnsType<Row> =>
  columns.map((c) =>
    c.key === 'state'
      ? { ...c, render: (value: unknown) => <CommandStateTag state={String(value ?? '')} /> }
      : c.key === 'reason' && 'render' in c && c.render
        ? {
            ...c,
            // The generated cell (ellipsis, width), with the reason worded for the reader.
            render: (value: unknown, row: Row, index: number) =>
              c.render!(value, { ...row, reason: commandReason(t, reasonFields(row)) }, index),
          }
        : c,
  );

export default function DeviceCommandPage() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>([]);
  const adjustColumns = useCallback((columns: ColumnsType<Row>) => adjusted(columns, t), [t]);
  // Commands still under way follow their machines' stream.
  const ids = useMemo(
    () => [...new Set(rows.filter((r) => !isFinal(String(r.state))).map((r) => String(r.deviceId)))],
    [rows],
  );
  useDeviceLive(ids);
  return <ResourcePage def={deviceCommandResource} adjustColumns={adjustColumns} onRowsChange={setRows} />;
}
