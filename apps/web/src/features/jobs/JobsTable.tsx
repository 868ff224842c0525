/**
 * The jobs as a table: what each is and when it runs, how its last run went, when it runs next, how
 * many runs failed and the last error. "Run now" shows for a user holding the run code.
 */
import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobStatus } from '@brewfleet/contracts/platform-jobs';
import { Button } from '../../components/Button';
import { formatDateTime } from '../../utils/format';

interface Props {
  jobs: JobStatus[];
  loading?: boolean;
  /** Absent: the user may not ask for runs, and no button shows. */
  onRunNow?: (name: string) => void;
}

export default function JobsTable({ jobs, loading, onRunNow }: Props) {
  const { t } = useTranslation();
  const columns: ColumnsType<JobStatus> = [
    {
      key: 'name',
      title: t('jobs.name'),
      render: (_: unknown, job) => <Typography.Text code>{job.name}</Typography.Text>,
    },
    {
      key: 'schedule',
      title: t('jobs.schedule'),
      render: (_: unknown, job) =>
        job.cron
          ? t('jobs.cron', { cron: job.cron, timeZone: job.timeZone ?? 'UTC' })
          : job.everySeconds
            ? t('jobs.every', { count: job.everySeconds })
            : t('jobs.onDemand'),
    },
    {
      key: 'lastRun',
      title: t('jobs.lastRun'),
      render: (_: unknown, job) =>
        job.lastStartedAt ? (
          <span data-testid="last-run">
            {formatDateTime(job.lastStartedAt)}{' '}
            {job.lastOutcome && (
              <Tag color={job.lastOutcome === 'succeeded' ? 'green' : 'red'}>
                {t(`jobs.outcome.${job.lastOutcome}`)}
              </Tag>
            )}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('jobs.never')}</Typography.Text>
        ),
    },
    {
      key: 'nextRun',
      title: t('jobs.nextRun'),
      render: (_: unknown, job) => (job.nextRunAt ? formatDateTime(job.nextRunAt) : '—'),
    },
    { key: 'runs', title: t('jobs.runs'), dataIndex: 'runs', align: 'right' },
    {
      key: 'failures',
      title: t('jobs.failures'),
      align: 'right',
      render: (_: unknown, job) => (
        <Typography.Text data-testid="failures" type={job.failures ? 'danger' : undefined}>
          {job.failures}
        </Typography.Text>
      ),
    },
    {
      key: 'lastError',
      title: t('jobs.lastError'),
      render: (_: unknown, job) =>
        job.lastError ? (
          <Typography.Text
            type="danger"
            ellipsis={{ tooltip: job.lastError }}
            title={job.lastError}
            style={{ maxWidth: 320 }}
          >
            {formatDateTime(job.lastFailedAt)} {job.lastError}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    { key: 'retryLimit', title: t('jobs.retries'), dataIndex: 'retryLimit', align: 'right' },
  ];
  if (onRunNow)
    columns.push({
      key: 'actions',
      title: '',
      render: (_: unknown, job) => (
        <Button size="small" data-testid={`run-${job.name}`} onClick={() => onRunNow(job.name)}>
          {t('jobs.runNow')}
        </Button>
      ),
    });
  return (
    <Table<JobStatus>
      data-testid="jobs-table"
      rowKey="name"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={jobs}
      pagination={false}
      locale={{ emptyText: t('jobs.empty') }}
      onRow={(job) => ({ 'data-job': job.name }) as HTMLAttributes<HTMLElement>}
      scroll={{ x: 'max-content' }}
    />
  );
}
