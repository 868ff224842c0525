/**
 * The job runner's vocabulary (platform/jobs/runner.ts). A module declares its jobs as plain objects;
 * the runner knows nothing of what they do.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobStatus } from '@brewfleet/contracts';
import type { Db } from '../db/client.ts';

export type { JobStatus };

export interface JobDefinition {
  /** Unique across the server, `<module>.<what>` (letters, digits, `.`, `-`, `_`): the queue's name. */
  name: string;
  /** The work. A throw is a failed run: recorded, then retried as `retry` says. */
  run(ctx: JobContext): Promise<void>;
  /**
   * After a failure: up to `limit` more attempts, the first `delaySeconds` later, each further one
   * about twice as late when `backoff` (with jitter). Default: 2 retries, 5 s, back-off.
   */
  retry?: { limit: number; delaySeconds: number; backoff?: boolean };
  /**
   * A cron expression (5 fields, minute precision) read in `timeZone` (IANA; default UTC): "at 03:00
   * in Taipei" stays 03:00 there. One run per occurrence, whichever process sends it.
   */
  schedule?: { cron: string; timeZone?: string };
  /**
   * Every so many seconds (for periods under a minute, which cron does not express): every process
   * that defines the job offers a run per period, and the period's slot lets only one through.
   */
  everySeconds?: number;
  /** A run still going after this long counts as lost (its process died) and is retried. Default 300. */
  timeoutSeconds?: number;
}

export interface JobContext {
  /** The server's database (no tenant scope set: a job that reads tenant tables picks its scope). */
  db: Db;
  log: FastifyBaseLogger;
  /** 1 for the first attempt of a run, 2 for its first retry… */
  attempt: number;
  /** Aborted when the runner stops and the run outlives the grace period. */
  signal: AbortSignal;
  /**
   * Aborted as soon as this process stops working the job (its module's runtime or the runner
   * stopping): a long run that can go on later from where it got (one made of steps) ends after its
   * step, so that a shutdown does not wait for the whole of it.
   */
  stopping: AbortSignal;
}

export interface JobRunner {
  /**
   * Declare jobs and work them in this process (creates their queues, sets their schedules) until
   * the answer's `stop()`. A job defined by several processes, or twice in one (two runtimes of a
   * test), still runs once per schedule slot, and never twice at a time.
   */
  define(jobs: readonly JobDefinition[]): Promise<DefinedJobs>;
  /**
   * Ask for a run as soon as possible (from any process). While a run already waits, no second one
   * is queued; a run under way is followed by the one asked for. False when nothing was queued.
   */
  trigger(name: string): Promise<boolean>;
  /** Every job ever defined on this database, with its last run, next run and failures. */
  list(): Promise<JobStatus[]>;
  /** Connect and install pg-boss's schema (idempotent; define() and list() call it). */
  start(): Promise<void>;
  /** Stop taking jobs; wait up to `graceMs` for the ones running, then let go. */
  stop(graceMs?: number): Promise<void>;
}

/** Jobs one define() call works in this process. */
export interface DefinedJobs {
  /** Stop working them here (a module's runtime stopping); waits for their runs under way. */
  stop(): Promise<void>;
}
