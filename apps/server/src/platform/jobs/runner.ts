/**
 * One job runner for the server, over pg-boss (a queue made for PostgreSQL): jobs are rows in its
 * schema, claimed with `FOR UPDATE SKIP LOCKED`, retried with back-off, scheduled by cron in a time
 * zone. Each job's queue has the `stately` policy: at most one run waiting and one running across
 * every process on the database, so a job defined by several server processes runs once.
 *
 * Both database paths: PostgreSQL through pg-boss's own small pool (it needs a session of its own
 * for LISTEN, which wakes a worker the moment a run is queued), PGlite through pg-boss's adapter on
 * the same embedded instance. The summary the console shows (runs, failures, last error) is kept in
 * `platform_job` (migration 0023), since pg-boss deletes finished jobs after a while.
 */
import { PgBoss, fromPglite, type ConstructorOptions, type Job } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { isoTime, rows, type Database } from '../db/client.ts';
import type { DefinedJobs, JobDefinition, JobRunner, JobStatus } from './types.ts';

const DEFAULT_RETRY = { limit: 2, delaySeconds: 5, backoff: true };
/** Finished runs of frequent jobs pile up: pg-boss keeps them an hour (the summary keeps the rest). */
const KEEP_FINISHED_SECONDS = 3600;
const NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/i;

interface JobData {
  /** What asked for the run (shown in logs). */
  by?: 'schedule' | 'interval' | 'trigger';
}

export function createJobRunner(opts: {
  database: Database;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for runs that no notification announced (retries). Default 2. */
  pollSeconds?: number;
}): JobRunner {
  const { database, log } = opts;
  const poll = opts.pollSeconds ?? 2;
  const db = database.db;
  const boss = new PgBoss(bossOptions(database));
  boss.on('error', (error) => log.error({ err: error }, 'job runner error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job runner warning'));

  let starting: Promise<void> | null = null;
  let stopped = false;
  /** The interval timers of every define() call still working, to clear them all on stop. */
  const timers = new Set<NodeJS.Timeout>();
  /** Per job defined here, what tells its runs that this process stops working it. */
  const stoppings = new Set<AbortController>();

  const start = () => {
    if (stopped) return Promise.reject(new Error('the job runner has stopped'));
    starting ??= boss.start().then(() => undefined);
    return starting;
  };

  async function handle(def: JobDefinition, stopping: AbortSignal, [job]: Job<JobData>[]) {
    const started = new Date();
    try {
      await def.run({ db, log, attempt: job.retryCount + 1, signal: job.signal, stopping });
      await recordRun(def.name, started, null);
    } catch (error) {
      log.warn({ err: error, job: def.name, attempt: job.retryCount + 1 }, 'job failed');
      await recordRun(def.name, started, error as Error).catch(() => {});
      throw error;
    }
  }

  function recordRun(name: string, started: Date, error: Error | null) {
    const failed = error !== null;
    const message = error ? String(error.message || error).slice(0, 2000) : null;
    return db.execute(sql`
      update platform_job set runs = runs + 1, failures = failures + ${failed ? 1 : 0},
        last_started_at = ${started.toISOString()}, last_finished_at = now(),
        last_outcome = ${failed ? 'failed' : 'succeeded'},
        last_error = case when ${failed} then ${message} else last_error end,
        last_failed_at = case when ${failed} then now() else last_failed_at end
      where name = ${name}`);
  }

  /** Queue, summary row, schedule and a worker for one job; returns how to stop working it. */
  async function defineOne(def: JobDefinition): Promise<() => Promise<void>> {
    if (!NAME.test(def.name)) throw new Error(`job name ${def.name}: letters, digits, '.', '-', '_'`);
    const retry = def.retry ?? DEFAULT_RETRY;
    const queue = {
      policy: 'stately' as const,
      notify: true,
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: retry.backoff ?? false,
      expireInSeconds: def.timeoutSeconds ?? 300,
      deleteAfterSeconds: KEEP_FINISHED_SECONDS,
    };
    if (await boss.getQueue(def.name)) {
      const { policy: _fixed, ...changeable } = queue;
      await boss.updateQueue(def.name, changeable);
    } else await boss.createQueue(def.name, queue).catch(ignoreIfExists);
    await db.execute(sql`
      insert into platform_job (name, cron, time_zone, every_seconds, retry_limit)
      values (${def.name}, ${def.schedule?.cron ?? null}, ${def.schedule ? (def.schedule.timeZone ?? 'UTC') : null},
              ${def.everySeconds ?? null}, ${retry.limit})
      on conflict (name) do update set cron = excluded.cron, time_zone = excluded.time_zone,
        every_seconds = excluded.every_seconds, retry_limit = excluded.retry_limit, defined_at = now()`);
    if (def.schedule)
      await boss.schedule(def.name, def.schedule.cron, { by: 'schedule' } satisfies JobData, {
        tz: def.schedule.timeZone ?? 'UTC',
      });
    else await boss.unschedule(def.name);
    const stopping = new AbortController();
    stoppings.add(stopping);
    const workerId = await boss.work<JobData>(
      def.name,
      // NOTIFY wakes a worker for a run queued now; a retry's back-off ends unannounced, so the
      // backstop poll stays as short as the plain one (pg-boss would wait 30 s).
      { pollingIntervalSeconds: poll, notifyPollingIntervalSeconds: poll, batchSize: 1 },
      (jobs) => handle(def, stopping.signal, jobs),
    );
    let timer: NodeJS.Timeout | undefined;
    if (def.everySeconds) {
      const every = def.everySeconds;
      // The slot (singletonSeconds) makes the period's offers from every process one run.
      const offer = () =>
        void boss
          .send(def.name, { by: 'interval' } satisfies JobData, { singletonSeconds: every })
          .catch((error) => log.warn({ err: error, job: def.name }, 'job not offered'));
      offer();
      timer = setInterval(offer, every * 1000);
      timers.add(timer);
    }
    return async () => {
      if (timer) {
        clearInterval(timer);
        timers.delete(timer);
      }
      stopping.abort();
      stoppings.delete(stopping);
      if (!stopped) await boss.offWork(def.name, { id: workerId, wait: true });
    };
  }

  return {
    start,
    async define(jobs): Promise<DefinedJobs> {
      await start();
      const stops: Array<() => Promise<void>> = [];
      for (const def of jobs) stops.push(await defineOne(def));
      return {
        async stop() {
          for (const stop of stops.splice(0)) await stop();
        },
      };
    },

    async trigger(name) {
      await start();
      const id = await boss.send(name, { by: 'trigger' } satisfies JobData);
      return id !== null;
    },

    async list() {
      await start();
      const jobs = await rows<Omit<JobStatus, 'nextRunAt'> & { runs: string; failures: string }>(
        db,
        sql`select name, cron, time_zone as "timeZone", every_seconds as "everySeconds", retry_limit as "retryLimit",
                   runs, failures, ${isoTime(sql`last_started_at`)} as "lastStartedAt",
                   ${isoTime(sql`last_finished_at`)} as "lastFinishedAt", last_outcome as "lastOutcome",
                   last_error as "lastError", ${isoTime(sql`last_failed_at`)} as "lastFailedAt"
            from platform_job order by name`,
      );
      const now = new Date();
      return Promise.all(
        jobs.map(async (j) => ({
          ...j,
          runs: Number(j.runs),
          failures: Number(j.failures),
          nextRunAt: await nextRun(j, now),
        })),
      );
    },

    async stop(graceMs = 5000) {
      if (stopped) return;
      stopped = true;
      for (const timer of timers.values()) clearInterval(timer);
      timers.clear();
      for (const stopping of stoppings) stopping.abort();
      stoppings.clear();
      if (!starting) return;
      await starting.catch(() => {});
      // graceful: running jobs may finish (up to graceMs); close: pg-boss's own pool ends.
      await boss.stop({ graceful: true, timeout: graceMs, close: true });
    },
  };

  /** The earliest of: a run waiting (a retry's back-off, a run asked for), the schedule's next slot. */
  async function nextRun(
    j: Pick<JobStatus, 'name' | 'cron' | 'timeZone' | 'everySeconds' | 'lastStartedAt'>,
    now: Date,
  ): Promise<string | null> {
    const candidates: number[] = [];
    const waiting = await boss.findJobs(j.name, { queued: true, limit: 10 }).catch(() => []);
    for (const job of waiting) candidates.push(Math.max(job.startAfter.getTime(), now.getTime()));
    if (j.cron) {
      const [next] = boss.previewSchedule(j.cron, { tz: j.timeZone ?? 'UTC', from: now, count: 1 });
      if (next) candidates.push(next.getTime());
    }
    if (j.everySeconds) {
      const last = j.lastStartedAt ? Date.parse(j.lastStartedAt) : now.getTime();
      candidates.push(Math.max(last + j.everySeconds * 1000, now.getTime()));
    }
    return candidates.length ? new Date(Math.min(...candidates)).toISOString() : null;
  }
}

function bossOptions(database: Database): ConstructorOptions {
  const common: ConstructorOptions = {
    schema: 'pgboss',
    useListenNotify: true,
    // The registry of instances and persisted warnings are for pg-boss's dashboard, which we do not run.
    registerInstance: false,
    persistWarnings: false,
  };
  if (database.pglite) return { ...common, db: fromPglite(database.pglite), backend: 'pglite' };
  if (!database.connectionString) throw new Error('the job runner needs PostgreSQL or PGlite');
  return {
    ...common,
    connectionString: database.connectionString,
    max: 3,
    application_name: 'brewfleet-jobs',
  };
}

/** Two processes creating the same queue at once: the second finds it made. */
function ignoreIfExists(error: unknown) {
  if (!/already exists|duplicate key/i.test(String((error as Error)?.message))) throw error;
}
