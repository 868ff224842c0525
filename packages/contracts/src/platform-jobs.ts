/**
 * The platform's background jobs as the console sees them (server: platform/jobs; console: the
 * Jobs page). Only the platform administrator reads them and asks for a run.
 */
import { z } from 'zod';

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

export const jobListAnswerSchema = z.object({ list: z.array(jobStatusSchema), total: z.number().int() });
export type JobListAnswer = z.infer<typeof jobListAnswerSchema>;

export const jobRunRequestSchema = z.object({ name: z.string().min(1).max(100) });
/** `queued` false: a run was already waiting, so none was added. */
export const jobRunAnswerSchema = z.object({ name: z.string(), queued: z.boolean() });
