/**
 * Background jobs (platform administrator): the server's jobs with their last and next run and
 * failures; "Run now" queues a run (logged in the operation log). Refreshed every 10 s while open.
 */
import { App, Card, Space, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { P } from '@brewfleet/contracts/permissions';
import { useHasPermission } from '../../app/stores/permission-store';
import { Button } from '../../components/Button';
import JobsTable from './JobsTable';
import { JOBS_QUERY_KEY, listJobs, runJob } from './jobs-api';

export default function JobsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useHasPermission();
  const queryClient = useQueryClient();
  const jobs = useQuery({ queryKey: JOBS_QUERY_KEY, queryFn: listJobs, refetchInterval: 10_000 });
  const run = useMutation({
    mutationFn: runJob,
    onSuccess: (answer) => {
      void message.success(t(answer.queued ? 'jobs.queued' : 'jobs.alreadyQueued'));
      void queryClient.invalidateQueries({ queryKey: JOBS_QUERY_KEY });
    },
  });
  return (
    <Card
      title={t('jobs.title')}
      extra={
        <Button guardMs={0} onClick={() => void jobs.refetch()}>
          {t('jobs.refresh')}
        </Button>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('jobs.intro')}</Typography.Paragraph>
        <JobsTable
          jobs={jobs.data?.list ?? []}
          loading={jobs.isLoading}
          onRunNow={can(P.platformJob.run) ? (name) => run.mutate(name) : undefined}
        />
      </Space>
    </Card>
  );
}
