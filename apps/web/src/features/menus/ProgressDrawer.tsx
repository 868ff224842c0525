/**
 * A release's push, machine by machine, live: where each machine's menu command is (queued → sent →
 * acknowledged → succeeded / failed / expired), how many attempts, why it failed and, for a menu the
 * machine rejected, what was wrong with each product. An offline machine waits: the command goes out
 * when it comes back. "Push again" sends the release to the machines that failed or expired.
 */
import { Alert, Drawer, Empty, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MENU_SKIP_REASONS } from '@brewfleet/contracts/menu-protocol';
import { P } from '@brewfleet/contracts/permissions';
import { useHasPermission } from '../../app/stores/permission-store';
import { formatDateTime } from '../../utils/format';
import { LiveBadge } from '../device/CommandPanel';
import CommandStateTag from '../device/CommandStateTag';
import { commandReason } from '../device/command-reason';
import { detailPath } from '../device/device-links';
import type { SkippedMachine } from './menu-api';
import { colorOf, PHASE_COLORS } from './menu-colors';
import { ReleaseStateTag } from './MenuTags';
import { phaseOf, retryTargets, summarize, type ProgressRow } from './progress-merge';
import { useReleaseProgress } from './use-release-progress';
import { Button } from '../../components/Button';

/** Why the server left a machine out: a code (MENU_SKIP_REASONS) said in the user's language. */
const skipReason = (reason: string): string =>
  (MENU_SKIP_REASONS as readonly string[]).includes(reason) ? `menuProgress.skipReasons.${reason}` : reason;

interface Props {
  releaseId: string | null;
  /** Machines the last push from this page left out. */
  skipped?: SkippedMachine[];
  onClose: () => void;
  onPushAgain: (releaseId: string, version: string, deviceIds: string[]) => void;
}

export default function ProgressDrawer({ releaseId, skipped = [], onClose, onPushAgain }: Props) {
  const { t } = useTranslation();
  const can = useHasPermission();
  const { page, live, loading, refetch } = useReleaseProgress(releaseId);
  const summary = page ? summarize(page) : null;
  const retry = page ? retryTargets(page) : [];

  const columns: ColumnsType<ProgressRow> = [
    {
      key: 'machine',
      title: t('menuProgress.machine'),
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={0}>
          <Link to={detailPath({ id: row.deviceId })}>{row.name ?? row.serialNumber}</Link>
          <Typography.Text type="secondary">{row.serialNumber}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'state',
      title: t('menuProgress.state'),
      render: (_: unknown, row) => {
        const phase = phaseOf(row);
        return (
          <Space orientation="vertical" size={4}>
            <Space size={4} wrap>
              <CommandStateTag state={row.state} />
              {!row.online && <Tag>{t('menuProgress.offline')}</Tag>}
            </Space>
            {phase === 'waiting' && (
              <Typography.Text type="secondary" data-testid="waiting-hint">
                {t('menuProgress.waiting')}
              </Typography.Text>
            )}
          </Space>
        );
      },
    },
    { key: 'attempts', dataIndex: 'attempts', title: t('menuProgress.attempts'), width: 90 },
    {
      key: 'reason',
      title: t('menuProgress.reason'),
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={2}>
          {row.reason && <Typography.Text>{commandReason(t, row)}</Typography.Text>}
          {!!row.details?.length && (
            <ul className="menu-rejection" aria-label={t('menuProgress.details')}>
              {row.details.map((detail, i) => (
                <li key={i}>
                  {detail.productCode && <Typography.Text code>{detail.productCode}</Typography.Text>}{' '}
                  {detail.message}
                </li>
              ))}
            </ul>
          )}
        </Space>
      ),
    },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('menuProgress.updatedAt'),
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
  ];

  return (
    <Drawer
      open={!!releaseId}
      onClose={onClose}
      size={960}
      title={t('menuProgress.title', { version: page?.version ?? '' })}
      extra={
        <Space>
          <LiveBadge status={live} />
          <Button onClick={() => void refetch()} loading={loading}>
            {t('common.refresh')}
          </Button>
          {can(P.menuRelease.push) && page && retry.length > 0 && (
            <Button
              type="primary"
              onClick={() => onPushAgain(page.id, page.version, retry)}
              data-testid="push-again"
            >
              {t('menuDistribution.pushAgain.action', { count: retry.length })}
            </Button>
          )}
        </Space>
      }
    >
      {summary && (
        <Space wrap size={[16, 8]} className="menu-progress-summary" data-testid="progress-summary">
          <ReleaseStateTag state={summary.state} />
          {(['succeeded', 'failed', 'underWay', 'waiting'] as const).map((key) => (
            <Tag
              key={key}
              color={colorOf(PHASE_COLORS, key === 'underWay' ? 'under-way' : key)}
              data-count={key}
            >
              {t(`menuProgress.counts.${key}`, { count: summary[key] })}
            </Tag>
          ))}
          <Typography.Text>{t('menuProgress.counts.targets', { count: summary.targets })}</Typography.Text>
        </Space>
      )}
      {skipped.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="menu-progress-skipped"
          title={t('menuProgress.skipped', { count: skipped.length })}
          description={skipped.map((s) => `${s.serialNumber}: ${t(skipReason(s.reason))}`).join('; ')}
        />
      )}
      {page && !page.list.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menuProgress.notPushed')} />
      ) : (
        <Table<ProgressRow>
          rowKey="deviceId"
          size="middle"
          loading={!page && loading}
          columns={columns}
          dataSource={page?.list ?? []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          onRow={(row) => ({ 'data-device': row.deviceId, 'data-phase': phaseOf(row) }) as object}
          data-testid="progress-machines"
        />
      )}
    </Drawer>
  );
}
