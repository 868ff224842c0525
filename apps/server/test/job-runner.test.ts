/**
 * The platform's job runner (platform/jobs) on real PostgreSQL and on PGlite: retries with back-off,
 * schedules in a time zone, one run across two runners on one database, and the jobs screen's API
 * (list, run now) for the platform administrator only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestDatabase, startTestApp, type TestApp } from './helpers/test-app.ts';
import { quietMachine, startFleetTest, waitFor } from './helpers/fleet.ts';
import { createJobRunner } from '../src/platform/jobs/runner.ts';
import type { JobRunner } from '../src/platform/jobs/types.ts';
import { openPglite, openPostgres, type Database } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import type { JobStatus } from '@brewfleet/contracts';
import { defineModule } from '../src/platform/module.ts';
import { startModules } from '../src/platform/module-runner.ts';

const PASSWORD = 'Jobs-Strong-Pass-7';
const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One PostgreSQL database for the runners below; each runner stands for a server process. */
let url: string;
const cleanup: Array<() => Promise<void>> = [];

beforeAll(async () => {
  const made = await createTestDatabase();
  url = made.url;
  cleanup.push(made.drop);
  const database = await openPostgres(url, 2);
  await migrate(database);
  await database.close();
});
afterAll(async () => {
  for (const close of cleanup.reverse()) await close();
});

/** A runner of its own on the test database (a server process, as far as jobs go). */
async function runnerOnDatabase(pollSeconds = 0.5): Promise<JobRunner> {
  const database = await openPostgres(url, 2);
  const runner = createJobRunner({ database, log, pollSeconds });
  cleanup.push(async () => {
    await runner.stop();
    await database.close();
  });
  return runner;
}

const listed = async (runner: JobRunner, name: string): Promise<JobStatus | undefined> =>
  (await runner.list()).find((j) => j.name === name);

it('retries a failed run with growing delays, and counts the failures with the last error', async () => {
  const runner = await runnerOnDatabase();
  const attempts: Array<{ at: number; attempt: number }> = [];
  await runner.define([
    {
      name: 'test.flaky',
      retry: { limit: 3, delaySeconds: 1, backoff: true },
      async run({ attempt }) {
        attempts.push({ at: Date.now(), attempt });
        if (attempts.length < 3) throw new Error(`boom ${attempts.length}`);
      },
    },
  ]);
  expect(await runner.trigger('test.flaky')).toBe(true);
  await waitFor(() => attempts.length >= 3, 20_000, 'three attempts');
  expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
  const first = attempts[1]!.at - attempts[0]!.at;
  const second = attempts[2]!.at - attempts[1]!.at;
  // Back-off: at least the delay (1 s), then at least twice it.
  expect(first).toBeGreaterThanOrEqual(900);
  expect(second).toBeGreaterThanOrEqual(1900);
  const job = await waitFor(async () => {
    const j = await listed(runner, 'test.flaky');
    return j?.runs === 3 ? j : undefined;
  });
  expect(job).toMatchObject({
    failures: 2,
    lastOutcome: 'succeeded',
    lastError: 'boom 2',
    retryLimit: 3,
    nextRunAt: null,
  });
  expect(Date.parse(job!.lastFailedAt!)).toBeLessThan(Date.parse(job!.lastFinishedAt!));
}, 30_000);

it('computes the next run of a schedule in its time zone', async () => {
  const runner = await runnerOnDatabase();
  const noop = async () => {};
  await runner.define([
    { name: 'test.taipei-night', schedule: { cron: '0 3 * * *', timeZone: 'Asia/Taipei' }, run: noop },
    { name: 'test.berlin-night', schedule: { cron: '0 3 * * *', timeZone: 'Europe/Berlin' }, run: noop },
  ]);
  const now = Date.now();
  // 03:00 in Taipei (UTC+8, no summer time) is 19:00 UTC, the next one after now.
  const today = new Date(now);
  today.setUTCHours(19, 0, 0, 0);
  const expected = today.getTime() > now ? today : new Date(today.getTime() + 86_400_000);
  const taipei = await listed(runner, 'test.taipei-night');
  expect(taipei).toMatchObject({ cron: '0 3 * * *', timeZone: 'Asia/Taipei', everySeconds: null });
  expect(taipei!.nextRunAt).toBe(expected.toISOString());

  // Berlin: 03:00 local, whether summer time applies or not, within the next day.
  const berlin = await listed(runner, 'test.berlin-night');
  const next = new Date(berlin!.nextRunAt!);
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(next);
  expect(local).toBe('03:00');
  expect(next.getTime() - now).toBeGreaterThan(0);
  expect(next.getTime() - now).toBeLessThanOrEqual(25 * 3600_000);
});

it('runs a job once per period and never twice at a time, with two runners on one database', async () => {
  const [a, b] = [await runnerOnDatabase(), await runnerOnDatabase()];
  const runs: Array<{ by: string; start: number; end: number }> = [];
  const job = (by: string) => ({
    name: 'test.every-second',
    everySeconds: 1,
    retry: { limit: 0, delaySeconds: 1 },
    async run() {
      const start = Date.now();
      await sleep(300);
      runs.push({ by, start, end: Date.now() });
    },
  });
  const began = Date.now();
  const defined = await Promise.all([a.define([job('a')]), b.define([job('b')])]);
  await sleep(4500);
  await Promise.all(defined.map((d) => d.stop()));
  const seconds = Math.ceil((Date.now() - began) / 1000);
  // Each runner offers a run every second: together they would make about twice as many.
  expect(runs.length).toBeGreaterThanOrEqual(3);
  expect(runs.length).toBeLessThanOrEqual(seconds + 1);
  const sorted = [...runs].sort((x, y) => x.start - y.start);
  for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);

  // Asked for many times while one run is under way: one more run, not one per request.
  let manual = 0;
  const slow = {
    name: 'test.asked-often',
    async run() {
      manual++;
      await sleep(500);
    },
  };
  await Promise.all([a.define([slow]), b.define([{ ...slow }])]);
  await a.trigger('test.asked-often');
  await waitFor(() => manual === 1, 10_000, 'first run');
  await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).trigger('test.asked-often')));
  await sleep(2500);
  expect(manual).toBe(2);
}, 30_000);

it('tells a run in steps that the process stops working its job, so that stopping does not wait for all of it', async () => {
  const runner = await runnerOnDatabase();
  let steps = 0;
  let ended: 'stopped' | 'finished' | null = null;
  const defined = await runner.define([
    {
      name: 'test.in-steps',
      // A hundred steps of 100 ms (10 s), each ending early when this process stops working the job.
      async run({ stopping }) {
        for (let i = 0; i < 100; i++) {
          if (stopping.aborted) return void (ended = 'stopped');
          steps++;
          await sleep(100);
        }
        ended = 'finished';
      },
    },
  ]);
  await runner.trigger('test.in-steps');
  await waitFor(() => steps >= 3, 10_000, 'a few steps');
  const began = Date.now();
  await defined.stop();
  expect(ended).toBe('stopped');
  // After the step under way, not after the 10 s of the whole run.
  expect(Date.now() - began).toBeLessThan(5000);
  expect(steps).toBeLessThan(100);
}, 30_000);

describe('the jobs screen API', () => {
  let t: TestApp;
  let admin: string;
  let merchant: string;
  let ran = 0;
  const listedByApi = async (name: string): Promise<JobStatus | undefined> => {
    const res = await t.call('POST', '/api/coffee/platform-job/list', { token: admin, body: { limit: 500 } });
    expect(res.statusCode).toBe(200);
    return (res.json().data.list as JobStatus[]).find((j) => j.name === name);
  };
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
    const created = await t.call('POST', '/api/coffee/merchant', {
      token: admin,
      body: { name: 'Jobs Coffee', loginAccount: 'jobs-admin', password: t.encrypt(PASSWORD) },
    });
    expect(created.statusCode).toBe(200);
    merchant = await t.login('jobs-admin', PASSWORD);
    await t.app.jobs.define([
      {
        name: 'test.on-demand',
        async run() {
          ran++;
        },
      },
    ]);
  });
  afterAll(() => t?.close());

  it('runs a job now for the platform administrator, and logs it', async () => {
    const before = await listedByApi('test.on-demand');
    expect(before).toMatchObject({ runs: 0, lastOutcome: null, nextRunAt: null, cron: null });
    const res = await t.call('POST', '/api/coffee/platform-job/run', {
      token: admin,
      body: { name: 'test.on-demand' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ name: 'test.on-demand', queued: true });
    await waitFor(() => ran === 1, 10_000, 'the run asked for');
    const after = await waitFor(async () => {
      const j = await listedByApi('test.on-demand');
      return j?.runs === 1 ? j : undefined;
    });
    expect(after!.lastOutcome).toBe('succeeded');
    expect(after!.failures).toBe(0);
    const [logged] = await t.sql(
      `select account, status_code from operation_log where action = 'platform-job.run' and target_id = $1`,
      ['test.on-demand'],
    );
    expect(logged).toEqual({ account: 'admin', status_code: 200 });
  });

  it('answers 404 for a job that does not exist', async () => {
    const res = await t.call('POST', '/api/coffee/platform-job/run', {
      token: admin,
      body: { name: 'test.no-such-job' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a merchant account (403), list and run alike', async () => {
    const list = await t.call('POST', '/api/coffee/platform-job/list', { token: merchant, body: {} });
    expect(list.statusCode).toBe(403);
    const run = await t.call('POST', '/api/coffee/platform-job/run', {
      token: merchant,
      body: { name: 'test.on-demand' },
    });
    expect(run.statusCode).toBe(403);
    expect(ran).toBe(1);
  });
});

it('sends a queued command to its online machine within a second (delivery on the runner)', async () => {
  const f = await startFleetTest();
  const m = await f.register();
  const machine = quietMachine(f.url, m);
  try {
    await machine.start();
    const online = async () =>
      (await f.t.sql(`select online from device where id = $1`, [m.id]))[0]?.online === true;
    await waitFor(online, 10_000, 'machine online');
    const delays: number[] = [];
    for (const type of ['lock', 'unlock', 'lock']) {
      const res = await f.t.call('POST', `/api/coffee/device/${type}`, {
        token: f.admin,
        body: { ids: [m.id] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [{ id }] = res.json().data.commands;
      // The server's own clock: from the row's creation to its first send.
      const row = await waitFor(
        async () =>
          (
            await f.t.sql(
              `select (extract(epoch from sent_at - created_at) * 1000)::int as ms from device_command
               where id = $1 and sent_at is not null`,
              [id],
            )
          )[0],
      );
      delays.push(row.ms);
      await waitFor(
        async () =>
          (await f.t.sql(`select state from device_command where id = $1`, [id]))[0].state === 'succeeded',
      );
    }
    expect(Math.max(...delays), `delays ${delays.join(', ')} ms`).toBeLessThan(1000);
    // The console lists the fleet's jobs with their runs.
    const res = await f.t.call('POST', '/api/coffee/platform-job/list', {
      token: f.admin,
      body: { limit: 500 },
    });
    const names = (res.json().data.list as JobStatus[]).map((j) => j.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'fleet.command-delivery',
        'fleet.command-expiry',
        'fleet.machines-offline',
        'fleet.channel-shelf-life',
      ]),
    );
  } finally {
    await machine.stop();
    await f.close();
  }
}, 60_000);

it('runs jobs on the embedded database (PGlite)', async () => {
  const database: Database = await openPglite(null);
  await migrate(database);
  const runner = createJobRunner({ database, log, pollSeconds: 0.5 });
  try {
    let ran = 0;
    await runner.define([
      {
        name: 'test.embedded',
        async run() {
          ran++;
        },
      },
    ]);
    expect(await runner.trigger('test.embedded')).toBe(true);
    await waitFor(() => ran === 1, 10_000, 'the embedded run');
    const job = await waitFor(async () => (await runner.list()).find((j) => j.runs === 1));
    expect(job).toMatchObject({ name: 'test.embedded', lastOutcome: 'succeeded' });
  } finally {
    await runner.stop();
    await database.close();
  }
  // PGlite starts slowly (WebAssembly) on a busy machine.
}, 120_000);

it('works the jobs a module declares while the module list runs, and stops them with it', async () => {
  const runner = await runnerOnDatabase();
  let ran = 0;
  const module = defineModule({
    name: 'rollups',
    tables: [],
    register: () => undefined as never,
    jobs: [
      {
        name: 'rollups.test-hourly',
        async run() {
          ran++;
        },
      },
    ],
  });
  const started = await startModules([module], { jobs: runner } as never, {});
  expect(await runner.trigger('rollups.test-hourly')).toBe(true);
  await waitFor(() => ran === 1, 10_000, "the module's job");
  await started.stop();
  // Stopped: a run asked for now is queued, not worked, in this process.
  await runner.trigger('rollups.test-hourly');
  await sleep(1500);
  expect(ran).toBe(1);
}, 60_000);
