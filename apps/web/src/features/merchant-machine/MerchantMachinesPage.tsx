/**
 * Merchant machines (`/merchant-machine`): how many machines each merchant has and how many of them
 * are online, offline, alarmed, locked, short of material or due for maintenance. Each number opens
 * the device list narrowed to that merchant and condition.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DeviceCondition } from '@brewfleet/contracts/enums';
import type { MerchantMachines } from '@brewfleet/contracts/fleet-api';
import { deviceApi, deviceKeys } from '../../api/device-api';
import { deviceListPath } from '../device/device-links';
import '../../resources/resource-page.css';
import ListTable from '../../resources/ListTable';
import { Button } from '../../components/Button';

type Count = Exclude<keyof MerchantMachines, 'merchantId' | 'merchantName'>;

/** Each column and the device-list condition its numbers open; `online` has no counter of its own. */
const COLUMNS: Array<[Count, DeviceCondition | null]> = [
  ['total', 'all'],
  ['online', null],
  ['offline', 'offline'],
  ['alarm', 'alarm'],
  ['locked', 'locked'],
  ['shortage', 'shortage'],
  ['maintenance', 'maintenance'],
];

export default function MerchantMachinesPage() {
  const { t } = useTranslation();
  const summary = useQuery({ queryKey: deviceKeys.merchantSummary(), queryFn: deviceApi.merchantSummary });

  const columns: ColumnsType<MerchantMachines> = [
    {
      key: 'merchant',
      title: t('merchantMachines.merchant'),
      render: (_, row) => row.merchantName ?? t('merchantMachines.unbound'),
    },
    ...COLUMNS.map(([key, condition]) => ({
      key,
      title: t(`merchantMachines.columns.${key}`),
      align: 'right' as const,
      sorter: (a: MerchantMachines, b: MerchantMachines) => a[key] - b[key],
      render: (_: unknown, row: MerchantMachines) =>
        // Unbound machines have no merchant to narrow by; `online` has no filter of its own.
        row.merchantId && condition && row[key] > 0 ? (
          <Link
            to={deviceListPath({ merchantId: row.merchantId, condition })}
            aria-label={t('merchantMachines.open', {
              count: row[key],
              condition: t(`merchantMachines.columns.${key}`),
              merchant: row.merchantName ?? '',
            })}
          >
            {row[key]}
          </Link>
        ) : (
          row[key]
        ),
    })),
  ];

  return (
    <Card
      className="page-card"
      title={
        <Typography.Title level={2} className="resource-title">
          {t('merchantMachines.title')}
        </Typography.Title>
      }
      extra={
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('common.refresh')}
          onClick={() => void summary.refetch()}
        />
      }
    >
      <ListTable<MerchantMachines>
        rowKey={(row) => row.merchantId ?? 'unbound'}
        size="middle"
        loading={summary.isFetching}
        columns={columns}
        dataSource={summary.data ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
      />
    </Card>
  );
}
