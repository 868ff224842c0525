/**
 * The data center's extraction drift page (`/dataCenter-drift`, issue 17 point 4): every coffee
 * machine's metrics as the last scan judged them, worst first, filtered by state and metric. A row
 * opens the machine's evidence in a drawer; `?device=<id>` (the machine detail's link) opens it too.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Drawer, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DRIFT_METRICS,
  DRIFT_STATES,
  type DriftMetric,
  type DriftState,
} from '@brewfleet/contracts/drift-api';
import { useArrivalParams } from '../../app/routing/use-arrival-params';
import { formatDateTime } from '../../utils/format';
import DriftEvidenceView from './DriftEvidenceView';
import { DRIFT_PATH, driftKeys, fetchDriftList, type DriftListBody } from './drift-api';
import { driftRows, type DriftRow } from './drift-rows';
import './drift.css';

const ARRIVAL = ['device'] as const;

export default function DriftPage() {
  const { t } = useTranslation();
  const arrival = useArrivalParams(DRIFT_PATH, ARRIVAL);
  const [state, setState] = useState<DriftState | undefined>();
  const [metric, setMetric] = useState<DriftMetric | undefined>();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    if (arrival.values.device) setOpen(arrival.values.device);
  }, [arrival.key, arrival.values.device]);

  const body: DriftListBody = { page, limit, ...(state && { state }), ...(metric && { metric }) };
  const findings = useQuery({
    queryKey: driftKeys.list(body),
    queryFn: () => fetchDriftList(body),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const rows = useMemo(() => driftRows(t, findings.data?.list ?? []), [t, findings.data]);
  const columns: ColumnsType<DriftRow> = [
    {
      key: 'machine',
      title: t('drift.columns.machine'),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{r.machine}</Typography.Text>
          <Typography.Text type="secondary">{r.serialNumber}</Typography.Text>
        </Space>
      ),
    },
    { key: 'store', title: t('drift.columns.store'), dataIndex: 'store' },
    { key: 'metric', title: t('drift.columns.metric'), dataIndex: 'metricLabel' },
    {
      key: 'state',
      title: t('drift.columns.state'),
      render: (_, r) => (
        <Tag color={r.color} data-testid="drift-state">
          {r.stateLabel}
        </Tag>
      ),
    },
    { key: 'recent', title: t('drift.columns.recent'), dataIndex: 'recent', align: 'right' },
    { key: 'baseline', title: t('drift.columns.baseline'), dataIndex: 'baseline', align: 'right' },
    { key: 'z', title: t('drift.columns.z'), dataIndex: 'z', align: 'right' },
    { key: 'fleetZ', title: t('drift.columns.fleetZ'), dataIndex: 'fleetZ', align: 'right' },
    {
      key: 'since',
      title: t('drift.columns.since'),
      render: (_, r) => (r.since ? formatDateTime(r.since) : '—'),
    },
  ];

  return (
    <Card title={t('drift.title')} className="page-card drift-page">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('drift.hint')}</Typography.Paragraph>
        <Space wrap>
          <Select<DriftState | undefined>
            aria-label={t('drift.filters.state')}
            data-testid="drift-filter-state"
            style={{ minWidth: 160 }}
            value={state}
            allowClear
            placeholder={t('drift.filters.allStates')}
            options={DRIFT_STATES.map((s) => ({ value: s, label: t(`drift.states.${s}`) }))}
            onChange={(v) => {
              setState(v);
              setPage(1);
            }}
          />
          <Select<DriftMetric | undefined>
            aria-label={t('drift.filters.metric')}
            data-testid="drift-filter-metric"
            style={{ minWidth: 180 }}
            value={metric}
            allowClear
            placeholder={t('drift.filters.allMetrics')}
            options={DRIFT_METRICS.map((m) => ({ value: m, label: t(`drift.metrics.${m}`) }))}
            onChange={(v) => {
              setMetric(v);
              setPage(1);
            }}
          />
        </Space>
        <Table<DriftRow>
          rowKey="key"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={findings.isLoading}
          scroll={{ x: 'max-content' }}
          onRow={(r) => ({
            onClick: () => setOpen(r.deviceId),
            className: 'drift-row',
            ...({ 'data-testid': 'drift-row' } as object),
          })}
          pagination={{
            current: page,
            pageSize: limit,
            total: findings.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (count) => t('common.total', { count }),
            onChange: (p, size) => {
              setPage(size === limit ? p : 1);
              setLimit(size);
            },
          }}
        />
      </Space>
      <Drawer
        open={!!open}
        size="large"
        title={t('drift.title')}
        onClose={() => setOpen(null)}
        destroyOnHidden
      >
        {open && <DriftEvidenceView deviceId={open} />}
      </Drawer>
    </Card>
  );
}
