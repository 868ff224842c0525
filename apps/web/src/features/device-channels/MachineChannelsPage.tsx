/**
 * One machine's channel binding list (`/machine-bind-chargingBasket?deviceId=`): the machine named
 * above its channels, which are created (with the next free number), edited, deleted and marked
 * refilled here. A fixed route, reached from the device channels and the device screens.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Result, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { P } from '@brewfleet/contracts/permissions';
import { deviceResource } from '@brewfleet/contracts/resources/device';
import { deviceChannelResource } from '@brewfleet/contracts/resources/channels';
import { resourceApi } from '../../api/resource-api';
import type { Row } from '../../api/types';
import { useArrivalParams } from '../../app/routing/use-arrival-params';
import { useHasPermission } from '../../app/stores/permission-store';
import CellValue from '../../resources/CellValue';
import { fieldLabel } from '../../resources/field-meta';
import ResourcePage from '../../resources/ResourcePage';
import { resourceKeys } from '../../resources/use-ref-options';
import { channelColumns } from './channel-columns';
import { nextChannelNumber } from './channel-status';
import { MACHINE_CHANNELS_PATH } from './machine-channels-location';
import { useRefill } from './use-refill';
import { Button } from '../../components/Button';
import './device-channels.css';

const ARRIVAL_PARAMS = ['deviceId'] as const;
const ID_PATTERN = /^[1-9]\d{0,18}$/;
const SUMMARY_KEYS = ['serialNumber', 'modelId', 'storeId', 'online'] as const;
/** A machine has at most 99 channels: one request sees all their numbers. */
const ALL_CHANNELS = { page: 1, limit: 100 };

function MachineSummary({ device }: { device: Row }) {
  const { t } = useTranslation();
  return (
    <Card className="page-card machine-summary" data-testid="machine-summary">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={SUMMARY_KEYS.map((key) => ({
          key,
          label: fieldLabel(t, deviceResource.name, key),
          children: (
            <CellValue
              resource={deviceResource.name}
              name={key}
              field={deviceResource.fields[key]}
              value={device[key]}
            />
          ),
        }))}
      />
    </Card>
  );
}

function MachineChannels({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const can = useHasPermission();
  const refill = useRefill();
  const device = useQuery({
    queryKey: resourceKeys.item(deviceResource.name, deviceId),
    queryFn: () => resourceApi.get(deviceResource.name, deviceId),
    retry: false,
  });
  const numbersBody = { ...ALL_CHANNELS, deviceId };
  const numbers = useQuery({
    queryKey: resourceKeys.list(deviceChannelResource.name, numbersBody),
    queryFn: () => resourceApi.list(deviceChannelResource.name, numbersBody),
  });
  const name = String(device.data?.name ?? '');
  const fixedFilters = useMemo(() => ({ deviceId }), [deviceId]);
  const createDefaults = useMemo(
    () => ({ deviceId, channelNumber: nextChannelNumber(numbers.data?.list ?? []) }),
    [deviceId, numbers.data],
  );
  // The machine is given by the page: its picker shows it and cannot change.
  const renderers = useMemo(
    () => ({ deviceId: () => <Select disabled options={[{ value: deviceId, label: name || deviceId }]} /> }),
    [deviceId, name],
  );
  const adjustColumns = useCallback(
    (columns: ColumnsType<Row>) => channelColumns(columns, t, { withDevice: false }),
    [t],
  );
  const refillSelected = (ids: string[], clear: () => void) =>
    ids.length > 0 && (
      <Button onClick={() => refill(ids, clear)} data-testid="refill-selected">
        {t('deviceChannels.refillSelected')}
      </Button>
    );

  if (device.isError)
    return (
      <Result
        status="warning"
        title={<Typography.Title level={2}>{t('machineChannels.notFound')}</Typography.Title>}
        extra={<BackToAll />}
      />
    );
  return (
    <>
      {device.data && <MachineSummary device={device.data} />}
      <ResourcePage
        def={deviceChannelResource}
        title={t('machineChannels.title', { name: name || deviceId })}
        fixedFilters={fixedFilters}
        createDefaults={createDefaults}
        renderers={renderers}
        adjustColumns={adjustColumns}
        rowActions={[
          {
            key: 'refill',
            label: t('deviceChannels.refill'),
            permission: P.deviceChannel.refill,
            onClick: (row) => refill([row.id]),
          },
        ]}
        bulkActions={can(P.deviceChannel.refill) ? refillSelected : undefined}
      />
    </>
  );
}

function BackToAll() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate('/machineBasket-index')} guardMs={0}>
      {t('machineChannels.allChannels')}
    </Button>
  );
}

export default function MachineChannelsPage() {
  const { t } = useTranslation();
  const { values } = useArrivalParams(MACHINE_CHANNELS_PATH, ARRIVAL_PARAMS);
  const deviceId = values.deviceId;
  if (!deviceId || !ID_PATTERN.test(deviceId))
    return (
      <Result
        status="info"
        title={<Typography.Title level={2}>{t('machineChannels.noDevice')}</Typography.Title>}
        subTitle={t('machineChannels.noDeviceHint')}
        extra={<BackToAll />}
      />
    );
  // Keyed by machine: another machine starts with its own search, page and selection.
  return <MachineChannels key={deviceId} deviceId={deviceId} />;
}
