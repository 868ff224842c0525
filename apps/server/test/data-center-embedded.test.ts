/**
 * The data center on the embedded database (PGlite, one connection): the migration's `nulls not
 * distinct` keys, the merge's temporary batch and advisory lock, the rebuild and the query all work
 * there as on PostgreSQL. A cup written by hand is counted by a rebuild, one queued by the ingest's
 * subscriber by the merge; the rollup and the raw count agree in Asia/Kathmandu. A zone is built in
 * short transactions: a page asked meanwhile is answered between two of them, not after the build.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/platform/db/client.ts';
import { inScope, SYSTEM } from '../src/platform/db/scope.ts';
import { rows } from '../src/platform/db/client.ts';
import { rebuildRollups, runRollups } from '../src/modules/datacenter/index.ts';
import { openEmbeddedApp, type EmbeddedApp } from './helpers/embedded-app.ts';

let database: Database;
let app: FastifyInstance;
let token: string;
const DAY = 86_400_000;
const day = new Date(Math.floor(Date.now() / DAY) * DAY - 2 * DAY).toISOString().slice(0, 10);

const cup = (at: string, eventId = crypto.randomUUID()) =>
  sql`insert into production_record (device_id, serial_number, event_id, produced_at, product_code, method, result)
      values (7, 'S-7', ${eventId}, ${at}::timestamptz, 'LAT', 'manual', 'completed')`;
const exec = (text: ReturnType<typeof sql>) => inScope(database.db, SYSTEM, (tx) => tx.execute(text));

async function query(timeZone: string, source?: 'raw', from = day) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/coffee/data-center/query',
    headers: { token },
    payload: { page: 'production', by: 'day', from, to: day, timeZone, ...(source ? { source } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

let embedded: EmbeddedApp;
beforeAll(async () => {
  embedded = await openEmbeddedApp();
  ({ database, app } = embedded);
  token = await embedded.signIn();
}, 120_000);
afterAll(() => embedded?.close());

it('keeps and answers the rollups on PGlite', async () => {
  await exec(
    sql`insert into device_type (id, name, family, automation) values (1, 'T', 'coffee', 'automatic')`,
  );
  await exec(sql`insert into device_model (id, name, code, device_type_id) values (1, 'M', 'M-1', 1)`);
  await exec(
    sql`insert into device (id, name, serial_number, model_id, family) values (7, 'Seven', 'S-7', 1, 'coffee')`,
  );
  // 18:16Z the day before is already `day` in Kathmandu (+05:45), not in UTC.
  const before = new Date(Date.parse(`${day}T00:00:00Z`) - (5.75 * 60 - 1) * 60_000).toISOString();
  await exec(cup(before));
  await exec(cup(`${day}T12:00:00Z`));
  await runRollups(database.db); // UTC built (from the raw rows)
  await query('Asia/Kathmandu'); // registers the zone
  await runRollups(database.db);
  const ktm = await query('Asia/Kathmandu');
  expect(ktm.source).toBe('rollup');
  expect(ktm.rows).toEqual([
    expect.objectContaining({ key: day, values: expect.objectContaining({ cups: 2 }) }),
  ]);
  expect((await query('UTC')).totals.cups).toBe(1);

  // A cup the ingest stored queues its key (as the subscriber does): the merge adds it.
  const id = crypto.randomUUID();
  await exec(cup(`${day}T13:00:00Z`, id));
  await exec(sql`insert into stat_pending_cup (device_id, event_id) values (7, ${id})`);
  const merged = await runRollups(database.db);
  expect(merged.cups).toBe(1);
  const after = await query('Asia/Kathmandu');
  expect(after.totals.cups).toBe(3);
  expect((await query('Asia/Kathmandu', 'raw')).rows).toEqual(after.rows);
  const rebuilt = await rebuildRollups(database.db, { from: day, to: day });
  expect(rebuilt.zones).toEqual(expect.arrayContaining(['UTC', 'Asia/Kathmandu']));
  expect((await query('Asia/Kathmandu')).rows).toEqual(after.rows);
});

it('answers a page while a zone is built: the build leaves the connection to others between its steps', async () => {
  // Three weeks of machine 7's cups (made above), one every half hour.
  const first = Date.parse(`${day}T00:00:00Z`) - 21 * DAY;
  await exec(
    sql`insert into production_record (device_id, serial_number, event_id, produced_at, product_code, method, result)
        select 7, 'S-7', gen_random_uuid()::text, ${new Date(first).toISOString()}::timestamptz + n * interval '30 minutes',
               'LAT', 'manual', 'completed'
        from generate_series(0, 21 * 48 - 1) n`,
  );
  const zone = 'Asia/Tokyo';
  await exec(sql`insert into stat_zone (zone) values (${zone})`);
  const from = new Date(first - DAY).toISOString().slice(0, 10);
  const expected = (await query(zone, 'raw', from)).totals.cups;

  // The job's run, and meanwhile statements one after the other, then a page once the zone is
  // part-built: each waits for the step under way, not for the build.
  let done = false;
  const started = Date.now();
  const building = runRollups(database.db).then((r) => ((done = true), r));
  const watermarks = new Set<string>();
  let longest = 0;
  let page: { answer: Awaited<ReturnType<typeof query>>; ms: number; buildDone: boolean } | null = null;
  while (!done) {
    // PGlite answers within microtasks: a loop of awaits alone would never let the build's timer run
    // (requests arrive through I/O, which does).
    await new Promise((resolve) => setImmediate(resolve));
    const asked = Date.now();
    const [z] = await inScope(database.db, SYSTEM, (tx) =>
      rows<{ ready: boolean; built_until: string | null }>(
        tx,
        sql`select ready, built_until::text from stat_zone where zone = ${zone}`,
      ),
    );
    longest = Math.max(longest, Date.now() - asked);
    if (z.ready || !z.built_until) continue;
    watermarks.add(z.built_until);
    if (!page) {
      const t0 = Date.now();
      const answer = await query(zone, undefined, from);
      page = { answer, ms: Date.now() - t0, buildDone: done };
    }
  }
  const built = await building;
  const took = Date.now() - started;
  expect(built.built).toEqual([zone]);
  expect(watermarks.size).toBeGreaterThan(2);
  // Counted from the raw rows (the zone is not ready), all of them, before the build ended.
  expect(page).toMatchObject({
    answer: { source: 'raw', asOf: null, totals: { cups: expected } },
    buildDone: false,
  });
  expect(page!.ms).toBeLessThan(took / 2);
  expect(longest).toBeLessThan(took / 3);

  const kept = await query(zone, undefined, from);
  expect(kept.source).toBe('rollup');
  expect(kept.rows).toEqual((await query(zone, 'raw', from)).rows);
  expect(kept.totals.cups).toBe(expected);
});
