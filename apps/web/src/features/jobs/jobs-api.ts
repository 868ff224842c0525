/** The platform's background jobs (server: platform/jobs/routes.ts). */
import type { JobListAnswer } from '@brewfleet/contracts/platform-jobs';
import { MAX_LIST_LIMIT } from '@brewfleet/contracts/envelope';
import { request } from '../../api/client';

export const JOBS_QUERY_KEY = ['platform-jobs'] as const;

/** Every job on one page (a list answers 10 rows unless asked for more). */
export const listJobs = () =>
  request<JobListAnswer>({
    method: 'POST',
    url: '/coffee/platform-job/list',
    data: { limit: MAX_LIST_LIMIT },
  });

export const runJob = (name: string) =>
  request<{ name: string; queued: boolean }>({
    method: 'POST',
    url: '/coffee/platform-job/run',
    data: { name },
  });
