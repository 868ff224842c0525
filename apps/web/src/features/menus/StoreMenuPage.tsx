/**
 * Store Menu (`menu/store`): a store's current menu — the latest release pushed for the store that
 * its machines took — with its products, prices and options, and the menu each of the store's
 * machines runs (menu status and versions follow the machines live). Opened as
 * `/menu-store?storeId=…` it starts on that store.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Form, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resourceApi } from '../../api/resource-api';
import type { Row } from '../../api/types';
import { useArrivalParams } from '../../app/routing/use-arrival-params';
import { resourceKeys, useRefOptions } from '../../resources/use-ref-options';
import { formatDateTime } from '../../utils/format';
import { LiveBadge } from '../device/CommandPanel';
import DeviceStatusTags from '../device/DeviceStatusTags';
import { useDeviceLive } from '../device/use-device-live';
import { machineMenuColumns, machineNameColumn } from './machine-menu-columns';
import { contentOf } from './menu-api';
import { releaseProgressPath } from './menu-links';
import MenuContentView from './MenuContentView';
import { useRefetchOnMenuStatus } from './use-refetch-on-menu-status';
import { useStoreCurrentRelease } from './use-releases';
import '../../resources/resource-page.css';
import '../device/device.css';
import ListTable from '../../resources/ListTable';
import './menus.css';

const PATH = '/menu-store';
const ARRIVAL = ['storeId'] as const;
/** A store's machines fit in one page. */
const STORE_MACHINES_LIMIT = 500;

function CurrentMenu({ release }: { release: Row }) {
  const { t } = useTranslation();
  const content = contentOf(release);
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 4 }}
        items={[
          { key: 'name', label: t('resources.menu-release.fields.name'), children: String(release.name) },
          {
            key: 'version',
            label: t('resources.menu-release.fields.version'),
            children: (
              <Link to={releaseProgressPath(release.id)} data-testid="store-menu-version">
                {String(release.version)}
              </Link>
            ),
          },
          {
            key: 'pushedAt',
            label: t('resources.menu-release.fields.pushedAt'),
            children: formatDateTime(release.pushedAt),
          },
          {
            key: 'machines',
            label: t('menuDistribution.machines'),
            children: t('menuDistribution.counts', {
              succeeded: Number(release.succeeded ?? 0),
              targets: Number(release.targets ?? 0),
            }),
          },
        ]}
      />
      <MenuContentView products={content.products} level={4} />
    </>
  );
}

export default function StoreMenuPage() {
  const { t } = useTranslation();
  const [storeId, setStoreId] = useState<string | undefined>();
  const arrival = useArrivalParams(PATH, ARRIVAL);
  const [arrivedFor, setArrivedFor] = useState('');
  if (arrival.key && arrival.key !== arrivedFor) {
    setArrivedFor(arrival.key);
    setStoreId(arrival.values.storeId);
  }

  const stores = useRefOptions('store');
  const release = useStoreCurrentRelease(storeId);
  const body = { page: 1, limit: STORE_MACHINES_LIMIT, sort: 'name', storeId };
  const devices = useQuery({
    queryKey: resourceKeys.list('device', body),
    queryFn: () => resourceApi.list('device', body),
    enabled: !!storeId,
  });
  const machines = useMemo(() => (storeId ? (devices.data?.list ?? []) : []), [storeId, devices.data]);
  const live = useDeviceLive(useMemo(() => machines.map((m) => String(m.id)), [machines]));
  const { refetch: refetchDevices } = devices;
  const { refetch: refetchRelease } = release;
  const refetchAll = useCallback(() => {
    void refetchDevices();
    void refetchRelease();
  }, [refetchDevices, refetchRelease]);
  useRefetchOnMenuStatus(machines, refetchAll);

  const columns: ColumnsType<Row> = [
    machineNameColumn(t),
    { key: 'serialNumber', dataIndex: 'serialNumber', title: t('resources.device.fields.serialNumber') },
    {
      key: 'status',
      title: t('devices.status.column'),
      render: (_: unknown, row: Row) => <DeviceStatusTags device={row} withMenu={false} />,
    },
    ...machineMenuColumns(t),
  ];

  return (
    <Card
      className="page-card"
      title={
        <Typography.Title level={2} className="resource-title">
          {t('storeMenu.title')}
        </Typography.Title>
      }
      extra={<LiveBadge status={live} />}
    >
      <Form layout="inline">
        <Form.Item label={t('storeMenu.store')} htmlFor="store-menu-store">
          <Select
            id="store-menu-store"
            className="menu-store-picker"
            value={storeId}
            onChange={(id: string | undefined) => setStoreId(id)}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={stores.isLoading}
            options={stores.data ?? []}
            placeholder={t('storeMenu.choose')}
          />
        </Form.Item>
      </Form>

      {!storeId ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('storeMenu.chooseHint')} />
      ) : (
        <Space orientation="vertical" size={24} className="menu-picker">
          <section className="menu-section" data-testid="store-current-menu">
            <Typography.Title level={3}>{t('storeMenu.current')}</Typography.Title>
            {release.data ? (
              <CurrentMenu release={release.data} />
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={release.isFetching ? t('common.loading') : t('storeMenu.noMenu')}
              />
            )}
          </section>
          <section className="menu-section">
            <Typography.Title level={3}>{t('storeMenu.machines')}</Typography.Title>
            <ListTable<Row>
              rowKey="id"
              size="middle"
              loading={devices.isFetching}
              columns={columns}
              dataSource={machines}
              pagination={false}
              data-testid="store-machines"
              locale={{ emptyText: t('storeMenu.noMachines') }}
            />
          </section>
        </Space>
      )}
    </Card>
  );
}
