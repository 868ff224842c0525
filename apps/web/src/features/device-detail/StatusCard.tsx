/**
 * The head of a detail page: the machine's name and status tags, the actions on it (remote
 * operations, debugging, its log and channels), its live status and its registry fields.
 */
import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import { Button } from '../../components/Button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DeviceDetail } from '@brewfleet/contracts/fleet-api';
import { P } from '@brewfleet/contracts/permissions';
import { deviceResource } from '@brewfleet/contracts/resources/device';
import { useHasPermission } from '../../app/stores/permission-store';
import CellValue from '../../resources/CellValue';
import { fieldLabel } from '../../resources/field-meta';
import { LiveBadge } from '../device/CommandPanel';
import { channelsPath, journalPath } from '../device/device-links';
import DeviceStatusTags from '../device/DeviceStatusTags';
import RemoteOperations from '../device/RemoteOperations';
import type { LiveStatus } from '../device/use-device-live';
import { cupsText } from '../../utils/units';

const REGISTRY = [
  'serialNumber',
  'code',
  'family',
  'automation',
  'location',
  'latitude',
  'longitude',
  'availableMerchantIds',
  'brand',
  'retailer',
  'phone',
  'cardMachineSerial',
  'manufactureDate',
  'usageDate',
  'totalCups',
] as const;

interface Props {
  detail: DeviceDetail;
  live: LiveStatus;
  onIssued: () => void;
  onDebug: () => void;
}

export default function StatusCard({ detail, live, onIssued, onDebug }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useHasPermission();
  const device = detail.device;
  const id = String(device.id);
  const name = String(device.name ?? id);
  const faultCodes = Array.isArray(device.faultCodes) ? (device.faultCodes as unknown[]).map(String) : [];
  const value = (key: string) => (
    <CellValue resource="device" name={key} field={deviceResource.fields[key]} value={device[key]} />
  );
  const label = (key: string) => fieldLabel(t, 'device', key);

  return (
    <Card
      className="page-card device-detail-head"
      title={
        <Space wrap size={12}>
          <Typography.Title level={2} className="resource-title">
            {name}
          </Typography.Title>
          <DeviceStatusTags device={device} />
          <LiveBadge status={live} />
        </Space>
      }
    >
      <Space wrap className="device-detail-actions">
        <RemoteOperations ids={[id]} names={{ [id]: name }} onIssued={onIssued} />
        {can(P.device.debug) && (
          <Button onClick={onDebug} data-testid="device-debug">
            {t('deviceDetail.debug.open')}
          </Button>
        )}
        {can(P.deviceLog.list) && (
          <Button onClick={() => navigate(journalPath(id))}>{t('devices.links.journal')}</Button>
        )}
        {can(P.deviceChannel.list) && (
          <Button onClick={() => navigate(channelsPath(id))}>{t('devices.links.channels')}</Button>
        )}
      </Space>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 3 }}
        title={
          <Typography.Title level={3} className="detail-section-title">
            {t('deviceDetail.status')}
          </Typography.Title>
        }
        items={[
          { key: 'state', label: label('state'), children: value('state') },
          { key: 'locked', label: label('locked'), children: value('locked') },
          {
            key: 'faultCodes',
            label: t('deviceDetail.alarmCodes'),
            children: faultCodes.length
              ? faultCodes.map((code) => (
                  <Tag key={code} color="#a8071a">
                    {code}
                  </Tag>
                ))
              : t('common.none'),
          },
          { key: 'menuStatus', label: label('menuStatus'), children: value('menuStatus') },
          { key: 'menuVersion', label: label('menuVersion'), children: value('menuVersion') },
          { key: 'firmware', label: label('firmware'), children: value('firmware') },
          { key: 'lastSeenAt', label: label('lastSeenAt'), children: value('lastSeenAt') },
          {
            key: 'clockSkewed',
            label: label('clockSkewed'),
            children: device.clockSkewed ? (
              <Tag color="#7c5e00">{t('deviceDetail.clockSkewed')}</Tag>
            ) : (
              t('deviceDetail.clockInSync')
            ),
          },
        ]}
      />
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 3 }}
        className="device-detail-registry"
        title={
          <Typography.Title level={3} className="detail-section-title">
            {t('deviceDetail.registry')}
          </Typography.Title>
        }
        items={[
          { key: 'model', label: label('modelId'), children: detail.modelName ?? '' },
          { key: 'type', label: t('deviceDetail.type'), children: detail.typeName ?? '' },
          {
            key: 'merchant',
            label: label('merchantId'),
            children: detail.merchantName ?? t('deviceDetail.unbound'),
          },
          { key: 'store', label: label('storeId'), children: detail.storeName ?? '' },
          ...REGISTRY.map((key) => ({
            key,
            label: label(key),
            children: key === 'totalCups' ? cupsText(t, device.totalCups) : value(key),
          })),
        ]}
      />
    </Card>
  );
}
