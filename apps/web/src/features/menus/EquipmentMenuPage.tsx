/**
 * Equipment Menu (`menu/equipment`): every machine with its menu status (updated when it runs the
 * version last pushed to it), the version it runs and the one assigned, each linked to its release,
 * the machine linked to its detail page; a row opens on the products of the version it runs. Menu
 * status follows the machines live.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { P } from '@brewfleet/contracts/permissions';
import type { ResourceDef } from '@brewfleet/contracts/resource';
import { deviceResource } from '@brewfleet/contracts/resources/device';
import type { Row } from '../../api/types';
import { formDef } from '../../resources/form-def';
import ResourcePage from '../../resources/ResourcePage';
import { resourceKeys } from '../../resources/use-ref-options';
import { LiveBadge } from '../device/CommandPanel';
import DeviceStatusTags from '../device/DeviceStatusTags';
import { useDeviceLive } from '../device/use-device-live';
import { machineMenuColumns, machineNameColumn } from './machine-menu-columns';
import { contentOf } from './menu-api';
import { productsForFamily } from './menu-content';
import MenuContentView from './MenuContentView';
import { useRefetchOnMenuStatus } from './use-refetch-on-menu-status';
import { useReleaseOfVersion } from './use-releases';
import '../device/device.css';
import './menus.css';

/** The machines as this screen reads them: nothing to create, edit, delete, import or export here. */
const EQUIPMENT_DEF: ResourceDef = {
  ...formDef(deviceResource, {
    fields: ['name', 'serialNumber', 'family', 'merchantId', 'storeId', 'online', 'menuStatus'],
    overrides: { online: { list: false }, menuStatus: { list: false } },
  }),
  disable: ['create', 'update', 'delete'],
  permissions: { list: P.device.list },
};

/** The products of the version a machine runs: its family's part of that release. */
function RunningProducts({ device }: { device: Row }) {
  const { t } = useTranslation();
  const release = useReleaseOfVersion(device.menuVersion, device.merchantId);
  if (!device.menuVersion)
    return <Typography.Text type="secondary">{t('equipmentMenu.noMenu')}</Typography.Text>;
  if (!release.data)
    return (
      <Typography.Text type="secondary">
        {release.isFetching ? t('common.loading') : t('equipmentMenu.unknownVersion')}
      </Typography.Text>
    );
  return (
    <div data-testid="running-products">
      <Typography.Paragraph type="secondary">
        {t('equipmentMenu.productsOf', { version: String(device.menuVersion) })}
      </Typography.Paragraph>
      <MenuContentView
        products={productsForFamily(contentOf(release.data).products, device.family)}
        level={4}
      />
    </div>
  );
}

export default function EquipmentMenuPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>([]);
  const live = useDeviceLive(useMemo(() => rows.map((r) => String(r.id)), [rows]));
  const refetchMachines = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [...resourceKeys.all('device'), 'list'] }),
    [queryClient],
  );
  useRefetchOnMenuStatus(rows, refetchMachines);

  const adjustColumns = useCallback(
    (columns: ColumnsType<Row>): ColumnsType<Row> => {
      const named = columns.map((c) => (c.key === 'name' ? machineNameColumn(t) : c));
      const status = {
        key: 'status',
        title: t('devices.status.column'),
        render: (_: unknown, row: Row) => <DeviceStatusTags device={row} withMenu={false} />,
      };
      return [...named, status, ...machineMenuColumns(t)];
    },
    [t],
  );

  return (
    <ResourcePage
      def={EQUIPMENT_DEF}
      title={t('equipmentMenu.title')}
      adjustColumns={adjustColumns}
      onRowsChange={setRows}
      header={
        <div className="device-scope">
          <LiveBadge status={live} />
        </div>
      }
      expandable={{ expandedRowRender: (row) => <RunningProducts device={row} /> }}
    />
  );
}
