/**
 * Map (`/map`): every machine with coordinates, coloured by status (online green, offline grey,
 * alarm red, locked orange, shortage gold, maintenance due blue), narrowed by merchant and store on
 * the server and by status in the page (status-filter.ts): the markers and the table show the chosen
 * statuses, the legend counts every machine answered. Tiles come from the server's MAP_TILE_URL;
 * without one the map still works on a plain graticule. Leaflet is loaded with this page only.
 * Machines it cannot show (no place, or past the server's cap) are announced above it, so that an
 * operator never takes a partial map for the whole fleet. Without tiles the map draws offline outlines
 * of coasts and borders. Users who may edit machines get a position editor: drag a pin, or place a
 * machine without a location by clicking the map (MoveDialog asks whether the machine or its store
 * moves).
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Form, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAP_STATUSES, type MapPoint, type MapStatus } from '@brewfleet/contracts/fleet-api';
import { P } from '@brewfleet/contracts/permissions';
import { deviceApi, deviceKeys } from '../../api/device-api';
import { useHasPermission } from '../../app/stores/permission-store';
import { useUserStore } from '../../app/stores/user-store';
import { useRefOptions } from '../../resources/use-ref-options';
import { detailPath } from '../device/device-links';
import { STATUS_COLORS } from '../device/device-status';
import MachineMap from './MachineMap';
import MoveDialog, { type PendingMove } from './MoveDialog';
import { countByStatus, filterByStatus } from './status-filter';
import ListTable from '../../resources/ListTable';
import { Button } from '../../components/Button';
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
  // A store user's machines are all of its store: no merchant or store to choose.
  const ofStore = useUserStore((s) => s.partnerType) === 'store';
  const merchants = useRefOptions('merchant', !ofStore);
  const stores = useRefOptions('store', !ofStore, { merchantId });
  const filters = { ...(merchantId ? { merchantId } : {}), ...(storeId ? { storeId } : {}) };
  const map = useQuery({ queryKey: deviceKeys.map(filters), queryFn: () => deviceApi.map(filters) });
  const points = useMemo(() => map.data?.points ?? [], [map.data]);
  // Client-side: the server's answer (and its notices of what it left out) stays the same.
  const shown = useMemo(() => filterByStatus(points, statuses), [points, statuses]);
  const canEdit = useHasPermission()(P.device.update);
  const [editing, setEditing] = useState(false);
  /** The machine without a location that the next click on the map places. */
  const [placing, setPlacing] = useState<{ id: string; name: string } | null>(null);
  const [move, setMove] = useState<PendingMove | null>(null);
  // A cancelled move redraws the pins where they were (the data itself did not change).
  const [revision, setRevision] = useState(0);

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
        {!ofStore && (
          <>
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
          </>
        )}
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
      {canEdit && (
        <Space className="map-edit-bar" wrap>
          <Button
            type={editing ? 'primary' : 'default'}
            onClick={() => {
              setEditing(!editing);
              setPlacing(null);
            }}
            data-testid="map-edit-toggle"
            guardMs={0}
          >
            {editing ? t('map.edit.done') : t('map.edit.start')}
          </Button>
          {editing && (
            <Typography.Text type="secondary" data-testid="map-edit-hint">
              {placing ? t('map.edit.placingHint', { name: placing.name }) : t('map.edit.hint')}
            </Typography.Text>
          )}
        </Space>
      )}
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
                <Space key={m.id} size={4}>
                  <Link to={detailPath(m)}>
                    {m.name} ({m.serialNumber})
                  </Link>
                  {editing && (
                    <Button
                      size="small"
                      type={placing?.id === m.id ? 'primary' : 'default'}
                      onClick={() => setPlacing({ id: m.id, name: m.name })}
                      data-testid="map-place"
                      guardMs={0}
                    >
                      {t('map.edit.place')}
                    </Button>
                  )}
                </Space>
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
      {map.data && (
        <MachineMap
          key={revision}
          tileUrl={map.data.tileUrl}
          points={shown}
          editing={editing}
          placing={editing && !!placing}
          onMove={(point, to) =>
            setMove({
              machine: point,
              store: point.storeId ? { id: point.storeId, name: point.storeName ?? '' } : null,
              to,
            })
          }
          onPlace={(to) => placing && setMove({ machine: placing, store: null, to })}
        />
      )}
      {move && (
        <MoveDialog
          move={move}
          onClose={(saved) => {
            setMove(null);
            if (saved) setPlacing(null);
            else setRevision((r) => r + 1);
          }}
        />
      )}
      <ListTable<MapPoint>
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
