/** The platform's background jobs (server: platform/jobs/routes.ts). */
import type { JobListAnswer } from '@brewfleet/contracts/platform-jobs';
import { request } from '../../api/client';

export const JOBS_QUERY_KEY = ['platform-jobs'] as const;

export const listJobs = () =>
  request<JobListAnswer>({ method: 'POST', url: '/coffee/platform-job/list', data: {} });

export const runJob = (name: string) =>
  request<{ name: string; queued: boolean }>({
    method: 'POST',
    url: '/coffee/platform-job/run',
    data: { name },
  });
