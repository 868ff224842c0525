/**
 * The platform's background jobs as the console sees them (server: platform/jobs; console: the
 * Jobs page). Only the platform administrator reads them and asks for a run.
 */
import { z } from 'zod';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from './envelope.ts';

const time = z.string().nullable();

export const jobStatusSchema = z.object({
  /** `<module>.<what>`, e.g. `fleet.command-delivery`. */
  name: z.string(),
  /** Cron expression and its time zone, when the job runs on a calendar. */
  cron: z.string().nullable(),
  timeZone: z.string().nullable(),
  /** The period, when the job runs every so many seconds. */
  everySeconds: z.number().int().nullable(),
  retryLimit: z.number().int(),
  runs: z.number().int(),
  failures: z.number().int(),
  lastStartedAt: time,
  lastFinishedAt: time,
  lastOutcome: z.enum(['succeeded', 'failed']).nullable(),
  lastError: z.string().nullable(),
  lastFailedAt: time,
  /** When it runs next: its schedule, a waiting retry or a run asked for; null: only when asked. */
  nextRunAt: time,
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** `POST /api/coffee/platform-job/list` pages like every list (CONTRACT §3); the console asks for them all. */
export const jobListRequestSchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(DEFAULT_LIST_LIMIT),
});
export type JobListRequest = z.input<typeof jobListRequestSchema>;

export const jobListAnswerSchema = z.object({
  list: z.array(jobStatusSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type JobListAnswer = z.infer<typeof jobListAnswerSchema>;

export const jobRunRequestSchema = z.object({ name: z.string().min(1).max(100) });
/** `queued` false: a run was already waiting, so none was added. */
export const jobRunAnswerSchema = z.object({ name: z.string(), queued: z.boolean() });
