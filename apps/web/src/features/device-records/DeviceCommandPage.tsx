/**
 * Remote commands: every command issued to the machines this user sees, with its state as a
 * coloured tag, moved live for the machines on screen. Read-only: commands are issued from the
 * device list and detail pages.
 */
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { deviceCommandResource } from '@brewfleet/contracts/resources/device-records';
import type { Row } from '../../api/types';
import ResourcePage from '../../resources/ResourcePage';
import CommandStateTag from '../device/CommandStateTag';
import { isFinal } from '../device/command-tracker';
import { useDeviceLive } from '../device/use-device-live';

const withStateTags = (columns: ColumnsType<Row>): ColumnsType<Row> =>
  columns.map((c) =>
    c.key === 'state'
      ? { ...c, render: (value: unknown) => <CommandStateTag state={String(value ?? '')} /> }
      : c,
  );

export default function DeviceCommandPage() {
  const [rows, setRows] = useState<Row[]>([]);
  // Commands still under way follow their machines' stream.
  const ids = useMemo(
    () => [...new Set(rows.filter((r) => !isFinal(String(r.state))).map((r) => String(r.deviceId)))],
    [rows],
  );
  useDeviceLive(ids);
  return <ResourcePage def={deviceCommandResource} adjustColumns={withStateTags} onRowsChange={setRows} />;
}
