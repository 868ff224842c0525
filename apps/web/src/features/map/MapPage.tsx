/**
 * Map (`/map`): every machine with coordinates, coloured by status (online green, offline grey,
 * alarm red, locked orange, shortage gold, maintenance due blue), narrowed by merchant and store on
 * the server and by status in the page (status-filter.ts): the markers and the table show the chosen
 * statuses, the legend counts every machine answered. Tiles come from the server's MAP_TILE_URL;
 * without one the map still works on a plain graticule. Leaflet is loaded with this page only.
 * Machines it cannot show (no place, or past the server's cap) are announced above it, so that an
 * operator never takes a partial map for the whole fleet.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Form, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAP_STATUSES, type MapPoint, type MapStatus } from '@brewfleet/contracts/fleet-api';
import { deviceApi, deviceKeys } from '../../api/device-api';
import { useRefOptions } from '../../resources/use-ref-options';
import { detailPath } from '../device/device-links';
import { STATUS_COLORS } from '../device/device-status';
import MachineMap from './MachineMap';
import { countByStatus, filterByStatus } from './status-filter';
import './map.css';

export function Legend({ points }: { points: MapPoint[] }) {
  const { t } = useTranslation();
  const counts = countByStatus(points);
  return (
    <ul className="map-legend" aria-label={t('map.legend')}>
      {MAP_STATUSES.map((status) => (
        <li key={status} data-status={status}>
          <span className="map-legend-dot" style={{ background: STATUS_COLORS[status].marker }} aria-hidden />
          {t(`devices.status.${status}`)} ({counts[status]})
        </li>
      ))}
    </ul>
  );
}

/** The device list narrowed as the map is, where the machines without a place can be given one. */
function listPathOf(filters: { merchantId?: string; storeId?: string }): string {
  const query = new URLSearchParams(filters).toString();
  return query ? `/device-list?${query}` : '/device-list';
}

export default function MapPage() {
  const { t } = useTranslation();
  const [merchantId, setMerchantId] = useState<string | undefined>();
  const [storeId, setStoreId] = useState<string | undefined>();
  const [statuses, setStatuses] = useState<MapStatus[]>([]);
  const merchants = useRefOptions('merchant');
  const stores = useRefOptions('store', true, { merchantId });
  const filters = { ...(merchantId ? { merchantId } : {}), ...(storeId ? { storeId } : {}) };
  const map = useQuery({ queryKey: deviceKeys.map(filters), queryFn: () => deviceApi.map(filters) });
  const points = useMemo(() => map.data?.points ?? [], [map.data]);
  // Client-side: the server's answer (and its notices of what it left out) stays the same.
  const shown = useMemo(() => filterByStatus(points, statuses), [points, statuses]);

  return (
    <Card
      className="page-card"
      title={
        <Typography.Title level={2} className="resource-title">
          {t('map.title')}
        </Typography.Title>
      }
    >
      <Form layout="inline" className="resource-search" role="search" name="map-filters">
        <Form.Item label={t('resources.device.fields.merchantId')} htmlFor="map-merchant">
          <Select
            id="map-merchant"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={merchants.data ?? []}
            value={merchantId}
            placeholder={t('common.pleaseSelect')}
            onChange={(value?: string) => {
              setMerchantId(value);
              setStoreId(undefined);
            }}
          />
        </Form.Item>
        <Form.Item label={t('resources.device.fields.storeId')} htmlFor="map-store">
          <Select
            id="map-store"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={stores.data ?? []}
            value={storeId}
            placeholder={t('common.pleaseSelect')}
            onChange={(value?: string) => setStoreId(value)}
          />
        </Form.Item>
        <Form.Item label={t('devices.status.column')} htmlFor="map-status">
          <Select<MapStatus[]>
            id="map-status"
            mode="multiple"
            allowClear
            className="map-status-filter"
            options={MAP_STATUSES.map((status) => ({ value: status, label: t(`devices.status.${status}`) }))}
            value={statuses}
            placeholder={t('map.allStatuses')}
            onChange={setStatuses}
          />
        </Form.Item>
      </Form>
      {map.data && !map.data.tileUrl && (
        <Alert
          type="info"
          showIcon
          className="map-notice"
          title={t('map.noTiles')}
          data-testid="map-no-tiles"
        />
      )}
      {!!map.data?.unplaced && (
        <Alert
          type="warning"
          showIcon
          className="map-notice"
          title={t('map.unplaced', { count: map.data.unplaced })}
          description={
            <Space wrap size={[12, 4]} data-testid="map-unplaced-machines">
              {map.data.unplacedMachines.map((m) => (
                <Link key={m.id} to={detailPath(m)}>
                  {m.name} ({m.serialNumber})
                </Link>
              ))}
              {map.data.unplaced > map.data.unplacedMachines.length && (
                <Typography.Text type="secondary">
                  {t('map.unplacedMore', { count: map.data.unplaced - map.data.unplacedMachines.length })}
                </Typography.Text>
              )}
            </Space>
          }
          action={
            <Link to={listPathOf(filters)} data-testid="map-unplaced-open">
              {t('map.openDeviceList')}
            </Link>
          }
          data-testid="map-unplaced"
        />
      )}
      {map.data?.truncated && (
        <Alert
          type="warning"
          showIcon
          className="map-notice"
          title={t('map.truncated', { shown: points.length, total: map.data.placed })}
          data-testid="map-truncated"
        />
      )}
      <Space className="map-summary" wrap>
        <Legend points={points} />
        <Typography.Text type="secondary" data-testid="map-count">
          {statuses.length
            ? t('map.countFiltered', { shown: shown.length, count: points.length })
            : t('map.count', { count: points.length })}
        </Typography.Text>
      </Space>
      {map.data && <MachineMap tileUrl={map.data.tileUrl} points={shown} />}
      <Table<MapPoint>
        className="map-table"
        rowKey="id"
        size="small"
        loading={map.isFetching}
        dataSource={shown}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          {
            key: 'name',
            title: t('resources.device.fields.name'),
            render: (_, p) => <Link to={detailPath(p)}>{p.name}</Link>,
          },
          {
            key: 'serialNumber',
            dataIndex: 'serialNumber',
            title: t('resources.device.fields.serialNumber'),
          },
          {
            key: 'status',
            title: t('devices.status.column'),
            render: (_, p) => (
              <span className="map-status">
                <span
                  className="map-legend-dot"
                  style={{ background: STATUS_COLORS[p.status].marker }}
                  aria-hidden
                />
                {t(`devices.status.${p.status}`)}
              </span>
            ),
          },
          { key: 'store', dataIndex: 'storeName', title: t('resources.device.fields.storeId') },
          {
            key: 'position',
            title: t('map.position'),
            render: (_, p) => `${p.latitude.toFixed(4)}, ${p.longitude.toFixed(4)}`,
          },
        ]}
      />
    </Card>
  );
}
