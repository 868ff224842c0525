/**
 * Keeping the rollups (docs/data-center.md): the merge adds the cups the ingest queued and counts
 * again the cells (zone, local day, machine) of orders, faults and cleanings that changed; the
 * rebuild counts a range (or everything) of the ready zones again from the raw rows, in one
 * transaction; a zone asked for the first time is built in many short transactions (steps), so that
 * on the embedded database (one connection) requests run between them. All of them hold one
 * transaction-scoped advisory lock, so they never interleave.
 *
 * Exactness without REPEATABLE READ: each raw read is one statement (one snapshot) and runs after the
 * lock is held. A cup is either visible to that statement together with its queue key (the ingest
 * writes both in one transaction: the rebuild skips it, the next merge adds it) or not at all (the
 * next merge adds it). A REPEATABLE READ snapshot would be taken before the lock is granted and could
 * miss what a merge committed meanwhile.
 *
 * A zone being built has a watermark, `stat_zone.built_until` (migration 0046): every cup produced
 * before it is in the zone's rollups or still queued. A step reads the instants from the watermark to
 * its end (the cups not queued, the orders, faults and cleanings), adds them and moves the watermark
 * there in the same commit. The merge adds a dequeued cup to a zone being built only when it was
 * produced before the watermark (its step skipped it, queued then), and leaves the others to the
 * step that will read them (no longer queued by then); it counts a changed cell again there only when
 * the fact that changed is before the watermark, and from the facts before it (the steps add the
 * rest). So each fact is counted once however steps and merges alternate, and a build stopped
 * half-way goes on from its watermark. The last transaction reads what is at or past the watermark
 * and marks the zone ready.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import {
  careFacts,
  cupBase,
  cupColumns,
  localDay,
  localHour,
  materialColumns,
  materialJoin,
  salesFacts,
  always,
  type AtCondition,
} from './facts.ts';

/** The one lock of the rollups' writers ('stat' in ASCII). */
const LOCK = 0x73746174;
/** Channel the dashboards listen on: the rollups moved. */
export const STATS_CHANNEL = 'brewfleet_stats';
const DAY_MS = 86_400_000;
/** A rebuild reads the cups of this many days per statement (a bounded temporary table). */
const CHUNK_DAYS = 31;

const ident = (names: readonly string[], prefix = '') => sql.raw(names.map((n) => prefix + n).join(', '));

interface Target {
  table: string;
  bucket: 'day' | 'hour';
  keys: readonly string[];
  /** Columns that follow the key (the machine's family): the latest value wins. */
  latest?: readonly string[];
  sums: readonly string[];
}
const CUP_SUMS = [
  'cups',
  'completed',
  'failed',
  'bad',
  'scan_code',
  'manual',
  'cup_out_sum',
  'cup_out_n',
  'extraction_sum',
  'extraction_n',
  'powder_g',
  'water_ml',
] as const;
const CUP_KEYS = ['device_id', 'product_code', 'merchant_id', 'store_id'] as const;
const SALES_KEYS = ['device_id', 'product_code', 'merchant_id', 'store_id', 'currency'] as const;
const SALES_SUMS = ['orders', 'cups_sold', 'revenue', 'refunded', 'tax'] as const;
const CARE_KEYS = ['device_id', 'merchant_id', 'store_id', 'kind', 'code'] as const;
const CARE_SUMS = ['n', 'critical', 'failed', 'seconds', 'open_n', 'open_since'] as const;
const family = ['family'] as const;

export const TARGETS = {
  cupDay: { table: 'stat_cup_day', bucket: 'day', keys: CUP_KEYS, latest: family, sums: CUP_SUMS },
  cupHour: { table: 'stat_cup_hour', bucket: 'hour', keys: CUP_KEYS, latest: family, sums: CUP_SUMS },
  quality: {
    table: 'stat_quality_day',
    bucket: 'day',
    keys: [...CUP_KEYS, 'label'],
    latest: family,
    sums: ['cups'],
  },
  material: {
    table: 'stat_material_day',
    bucket: 'day',
    keys: ['device_id', 'merchant_id', 'store_id', 'material'],
    latest: family,
    sums: ['grams', 'cups'],
  },
  salesDay: { table: 'stat_sales_day', bucket: 'day', keys: SALES_KEYS, latest: family, sums: SALES_SUMS },
  salesHour: { table: 'stat_sales_hour', bucket: 'hour', keys: SALES_KEYS, latest: family, sums: SALES_SUMS },
  care: { table: 'stat_care_day', bucket: 'day', keys: CARE_KEYS, latest: family, sums: CARE_SUMS },
  // The coarser grains (migration 0045): the same sums without the machine or the product.
  cupDeviceDay: {
    table: 'stat_cup_device_day',
    bucket: 'day',
    keys: ['device_id', 'merchant_id', 'store_id'],
    latest: family,
    sums: CUP_SUMS,
  },
  cupProductDay: {
    table: 'stat_cup_product_day',
    bucket: 'day',
    keys: ['merchant_id', 'product_code', 'family'],
    sums: CUP_SUMS,
  },
  cupStoreHour: {
    table: 'stat_cup_store_hour',
    bucket: 'hour',
    keys: ['merchant_id', 'store_id', 'family'],
    sums: CUP_SUMS,
  },
  cupMerchantHour: {
    table: 'stat_cup_merchant_hour',
    bucket: 'hour',
    keys: ['merchant_id', 'family'],
    sums: CUP_SUMS,
  },
  qualityProductDay: {
    table: 'stat_quality_product_day',
    bucket: 'day',
    keys: ['merchant_id', 'product_code', 'family', 'label'],
    sums: ['cups'],
  },
  materialMerchantDay: {
    table: 'stat_material_merchant_day',
    bucket: 'day',
    keys: ['merchant_id', 'family', 'material'],
    sums: ['grams', 'cups'],
  },
  salesProductDay: {
    table: 'stat_sales_product_day',
    bucket: 'day',
    keys: ['merchant_id', 'product_code', 'family', 'currency'],
    sums: SALES_SUMS,
  },
} satisfies Record<string, Target>;

/**
 * The coarser grains added with a fine one: from the fine sums of the same facts (the delta), so
 * the facts are read and grouped once. Sales are counted again per cell rather than added, so their
 * coarse grain is made again from stat_sales_day's rows of the days concerned instead
 * (`remake`).
 */
const COARSE: Partial<Record<string, readonly Target[]>> = {
  stat_cup_day: [TARGETS.cupDeviceDay, TARGETS.cupProductDay],
  stat_cup_hour: [TARGETS.cupStoreHour, TARGETS.cupMerchantHour],
  stat_quality_day: [TARGETS.qualityProductDay],
  stat_material_day: [TARGETS.materialMerchantDay],
};

/** `insert … select` into a target, adding to the rows already there. */
const upsert = (target: Target, select: SQL) => {
  const latest = target.latest ?? [];
  const set = [
    ...latest.map((c) => `${c} = excluded.${c}`),
    ...target.sums.map((c) => `${c} = t.${c} + excluded.${c}`),
  ].join(', ');
  return sql`
    insert into ${sql.raw(target.table)} as t (zone, ${sql.raw(target.bucket)}, ${ident(target.keys)}${
      latest.length ? sql`, ${ident(latest)}` : sql``
    }, ${ident(target.sums)})
    ${select}
    on conflict (zone, ${sql.raw(target.bucket)}, ${ident(target.keys)}) do update set ${sql.raw(set)}`;
};

/** `select` of a target's columns grouped from `from` (zone, bucket, keys, latest, sums of `f`). */
const grouped = (target: Target, zone: SQL, bucket: SQL, from: SQL, where: SQL = sql`true`) => {
  const latest = target.latest ?? [];
  return sql`select ${zone} as zone, ${bucket} as ${sql.raw(target.bucket)}, ${ident(target.keys, 'f.')}${
    latest.length ? sql`, ${sql.raw(latest.map((c) => `max(f.${c}) as ${c}`).join(', '))}` : sql``
  }, ${sql.raw(target.sums.map((c) => `sum(f.${c}) as ${c}`).join(', '))}
    from ${from}
    where ${where}
    group by 1, 2, ${ident(target.keys, 'f.')}`;
};

/**
 * Add the facts of `rel` (columns: `at`, the target's keys and sums) into `target` for each zone of
 * `zones` (a relation with a `zone` column), where `keep` holds (f: the fact, z: the zone); and into
 * the target's coarser grains, from the same sums.
 */
async function addInto(tx: Db, target: Target, rel: SQL, zones: SQL, keep: SQL = sql`true`) {
  const bucket =
    target.bucket === 'day' ? localDay(sql`f.at`, sql`z.zone`) : localHour(sql`f.at`, sql`z.zone`);
  const facts = grouped(target, sql`z.zone`, bucket, sql`(${rel}) f cross join (${zones}) z`, keep);
  const coarse = COARSE[target.table] ?? [];
  if (!coarse.length) {
    await tx.execute(upsert(target, facts));
    return;
  }
  // The fine sums once, in a temporary table: the fine grain and each coarser one are added from it.
  await tx.execute(sql`drop table if exists stat_delta`);
  await tx.execute(sql`create temp table stat_delta on commit drop as ${facts}`);
  await tx.execute(upsert(target, sql`select * from stat_delta`));
  for (const c of coarse)
    await tx.execute(upsert(c, grouped(c, sql`f.zone`, sql`f.${sql.raw(c.bucket)}`, sql`stat_delta f`)));
}

/**
 * A grain made from another table's rows (zone, bucket, keys, sums) where `where` holds (`f`): the
 * sales per merchant × product from stat_sales_day. The caller has deleted the rows it remakes.
 */
const remake = (target: Target, fine: Target, where: SQL) =>
  sql`insert into ${sql.raw(target.table)} (zone, ${sql.raw(target.bucket)}, ${ident(target.keys)}, ${ident(target.sums)})
      ${grouped(target, sql`f.zone`, sql`f.${sql.raw(target.bucket)}`, sql`${sql.raw(fine.table)} f`, where)}`;

/**
 * The cups being added, as their rollup columns (cupColumns) with what their label and materials are
 * made of: each cup is read once, in one narrow pass, when the batch is filled (carrying whole cups
 * through a CTE read twice spilled hundreds of MB to disk at scale).
 */
const BATCH = sql`
  create temp table if not exists stat_batch (
    device_id bigint, product_code text, merchant_id bigint, store_id bigint, family text, at timestamptz,
    cups int, completed int, failed int, bad int, scan_code int, manual int, cup_out_sum float8, cup_out_n int,
    extraction_sum float8, extraction_n int, powder_g float8, water_ml float8, materials jsonb,
    coffee jsonb, tea jsonb, extraction_seconds float8
  ) on commit drop`;
/** Fill the batch from a relation of cupBase's columns. */
const fillBatch = (base: SQL) =>
  sql`insert into stat_batch select ${cupColumns('c')}, c.materials,
        case when c.family in ('coffee', 'tea') then c.coffee end, case when c.family = 'tea' then c.tea end,
        c.extraction_seconds
      from (${base}) c`;

/**
 * The labelled cups of the batch: the profile resolved once per (machine, product) of the batch
 * (a lookup of ~0.4 ms), then each coffee or tea cup labelled against it (migration 0036).
 */
const LABELLED_BATCH = sql`
  with keys as materialized (
    select distinct device_id, product_code from stat_batch where family in ('coffee', 'tea')),
  profiles as materialized (
    select k.device_id, k.product_code, cup_quality_profile(k.device_id, k.product_code) as profile from keys k)
  select b.device_id, b.product_code, b.merchant_id, b.store_id, b.family, b.at,
         cup_quality(b.family, b.coffee, b.tea, b.extraction_seconds, pr.profile) as label, 1 as cups
  from stat_batch b join profiles pr on pr.device_id = b.device_id and pr.product_code = b.product_code
  where b.family in ('coffee', 'tea')`;

/** The cups in stat_batch, added into every cup rollup for `zones`. */
async function addBatch(tx: Db, zones: SQL, keep: SQL = sql`true`) {
  const cups = sql`select * from stat_batch`;
  await addInto(tx, TARGETS.cupDay, cups, zones, keep);
  await addInto(tx, TARGETS.cupHour, cups, zones, keep);
  await addInto(
    tx,
    TARGETS.quality,
    sql`select * from (${LABELLED_BATCH}) l where l.label is not null`,
    zones,
    keep,
  );
  await addInto(
    tx,
    TARGETS.material,
    sql`select ${materialColumns('b')} from stat_batch b ${materialJoin('b')}`,
    zones,
    keep,
  );
}

const READY_ZONES = sql`select zone from stat_zone where ready`;
/**
 * The zones the merge adds cups into: the ready ones, and those being built for the cups produced
 * before their watermark (`keep`: z the zone, f the fact); the backfill reads the others later.
 */
const MERGE_ZONES = sql`select zone, ready, built_until from stat_zone where ready or built_until is not null`;
const MERGE_KEEP = sql`(z.ready or f.at < z.built_until)`;

async function lock(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
}

/** An instant as ISO 8601 to the microsecond (timestamptz's precision): a watermark read and written back unchanged. */
const isoMicros = (at: SQL) => sql`to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface MergeResult {
  cups: number;
  cells: number;
}

/**
 * The job's work: queued cups added (into every ready zone, and into a zone being built when produced
 * before its watermark), changed cells counted again in every ready zone.
 */
export async function mergeRollups(db: Db): Promise<MergeResult> {
  return inScope(db, SYSTEM, async (tx) => {
    await lock(tx);
    // The instant the merge can vouch for: every cup committed before it is queued or merged, and the
    // statements below (later snapshots) take the queue as it is from then on.
    const [{ since }] = await rows<{ since: string }>(tx, sql`select clock_timestamp()::text as since`);
    await tx.execute(BATCH);
    const pendingBase = sql`
      select p.device_id, p.product_code, p.merchant_id, p.store_id, coalesce(d.family, '') as family,
             p.produced_at as at, p.result, p.bad_cup, p.method, p.cup_out_seconds, p.extraction_seconds,
             p.coffee, p.tea, p.materials, p.event_id
      from (select distinct device_id, event_id from taken) q
      join production_record p on p.device_id = q.device_id and p.event_id = q.event_id
      join device d on d.id = p.device_id`;
    const [{ n: cups }] = await rows<{ n: number }>(
      tx,
      sql`with taken as (delete from stat_pending_cup returning device_id, event_id),
          added as (${fillBatch(pendingBase)} returning 1)
          select count(*)::int as n from added`,
    );
    if (cups) await addBatch(tx, MERGE_ZONES, MERGE_KEEP);
    const cells = await recountCells(tx);
    // The version moves when a figure did: answers cached at the previous one are stale.
    await tx.execute(
      sql`update stat_zone set merged_at = ${since}::timestamptz, version = version + ${cups || cells ? 1 : 0} where ready`,
    );
    if (cups || cells) await tx.execute(sql`select pg_notify(${STATS_CHANNEL}, '')`);
    return { cups, cells };
  });
}

/**
 * The cells (zone, local day, machine) of the orders, faults and cleanings that changed, counted
 * again from the raw rows: their rows deleted, then made from the facts of those days and machines.
 * In a zone being built, only facts before its watermark are in its rows: a cell is counted again
 * when the fact that changed is before it, from the facts before it (the backfill reads the rest).
 */
async function recountCells(tx: Db): Promise<number> {
  await tx.execute(
    sql`create temp table if not exists stat_cells (zone text, day date, device_id bigint, kind text) on commit drop`,
  );
  const [{ n }] = await rows<{ n: number }>(
    tx,
    sql`with taken as (delete from stat_pending_cell returning kind, ref_id, device_id, at),
        instants as (
          select 'sales'::text as kind, coalesce(o.device_id, 0) as device_id, o.ordered_at as at
          from taken t join sales_order o on o.id = t.ref_id where t.kind = 'order'
          union all
          select 'fault', f.device_id, f.raised_at
          from taken t join fault_log f on f.device_id = t.device_id and (f.raised_at = t.at or f.cleared_at = t.at)
          where t.kind = 'fault'
          union all
          select 'cleaning', t.device_id, t.at from taken t where t.kind = 'cleaning'),
        cells as (
          insert into stat_cells (zone, day, device_id, kind)
          select distinct z.zone, (i.at at time zone z.zone)::date, i.device_id, i.kind
          from instants i cross join (${MERGE_ZONES}) z
          where z.ready or i.at < z.built_until
          returning 1)
        select count(*)::int as n from cells`,
  );
  if (!n) return 0;
  for (const kind of ['sales', 'fault', 'cleaning'] as const) {
    const [span] = await rows<{ lo: string | null; hi: string | null }>(
      tx,
      sql`select min(day::timestamp at time zone zone)::text as lo, max((day + 1)::timestamp at time zone zone)::text as hi
          from stat_cells where kind = ${kind}`,
    );
    if (!span.lo) continue;
    const within: AtCondition = (at, device) =>
      sql`${at} >= ${span.lo}::timestamptz and ${at} < ${span.hi}::timestamptz
          and ${device} in (select device_id from stat_cells where kind = ${kind})`;
    const zones = sql`select distinct c.zone, s.ready, s.built_until
                      from stat_cells c join stat_zone s on s.zone = c.zone where c.kind = ${kind}`;
    const keep = sql`exists (select 1 from stat_cells c where c.kind = ${kind} and c.zone = z.zone
                             and c.device_id = f.device_id and c.day = ${localDay(sql`f.at`, sql`z.zone`)})
                     and ${MERGE_KEEP}`;
    if (kind === 'sales') {
      await tx.execute(sql`delete from stat_sales_day s using stat_cells c
        where c.kind = 'sales' and s.zone = c.zone and s.day = c.day and s.device_id = c.device_id`);
      await tx.execute(sql`delete from stat_sales_hour s using stat_cells c
        where c.kind = 'sales' and s.zone = c.zone and s.hour >= c.day and s.hour < c.day + 1 and s.device_id = c.device_id`);
      await addInto(tx, TARGETS.salesDay, salesFacts(within), zones, keep);
      await addInto(tx, TARGETS.salesHour, salesFacts(within), zones, keep);
      // The merchant × product grain of those days, made again from their rows.
      const days = sql`select distinct zone, day from stat_cells where kind = 'sales'`;
      await tx.execute(
        sql`delete from stat_sales_product_day s using (${days}) c where s.zone = c.zone and s.day = c.day`,
      );
      await tx.execute(remake(TARGETS.salesProductDay, TARGETS.salesDay, sql`(f.zone, f.day) in (${days})`));
    } else {
      await tx.execute(sql`delete from stat_care_day s using stat_cells c
        where c.kind = ${kind} and s.kind = ${kind} and s.zone = c.zone and s.day = c.day and s.device_id = c.device_id`);
      await addInto(tx, TARGETS.care, careFacts(within, kind), zones, keep);
    }
  }
  return n;
}

export interface RebuildCounts {
  zones: string[];
  cups: number;
  orders: number;
  faults: number;
  cleanings: number;
  ms: number;
}

/** Cups still queued are the next merge's (`p`: cupBase's production_record). */
const NOT_QUEUED = sql`not exists (select 1 from stat_pending_cup q where q.device_id = p.device_id and q.event_id = p.event_id)`;

/** The cups of `where` not queued, read in one statement into the batch and added into `zones`; how many. */
async function addCups(tx: Db, where: AtCondition, zones: SQL, keep: SQL = sql`true`): Promise<number> {
  await tx.execute(BATCH);
  await tx.execute(sql`truncate stat_batch`);
  const base = cupBase((at, device) => sql`${where(at, device)} and ${NOT_QUEUED}`);
  const [{ n }] = await rows<{ n: number }>(
    tx,
    sql`with added as (${fillBatch(base)} returning 1) select count(*)::int as n from added`,
  );
  if (n) await addBatch(tx, zones, keep);
  return n;
}

/**
 * Orders, faults and cleanings of `window` counted into `zones` (whose rows of those days the caller
 * deleted), in one statement each (far fewer rows than cups); `days`: the local days remade in the
 * merchant × product sales (all when omitted). Answers how many raw rows were read.
 */
async function addOthers(tx: Db, window: AtCondition, zones: SQL, keep: SQL, days?: SQL) {
  await addInto(tx, TARGETS.salesDay, salesFacts(window), zones, keep);
  await tx.execute(
    remake(
      TARGETS.salesProductDay,
      TARGETS.salesDay,
      sql`f.zone in (${zones})${days ? sql` and f.day ${days}` : sql``}`,
    ),
  );
  await addInto(tx, TARGETS.salesHour, salesFacts(window), zones, keep);
  await addInto(tx, TARGETS.care, careFacts(window), zones, keep);
  const [counts] = await rows<{ orders: number; faults: number; cleanings: number }>(
    tx,
    sql`select (select count(*) from sales_order o where o.status = 'completed' and ${window(sql`o.ordered_at`, sql`o.device_id`)})::int as orders,
               (select count(*) from fault_log f where ${window(sql`f.raised_at`, sql`f.device_id`)})::int as faults,
               (select count(*) from cleaning_record c where ${window(sql`c.cleaned_at`, sql`c.device_id`)})::int as cleanings`,
  );
  return counts;
}

/** Every rollup row of `zones` deleted (of the local days `from`..`to` only, when given). */
async function deleteRows(tx: Db, zones: SQL, range: { from?: string; to?: string } = {}) {
  const bounded = !!(range.from && range.to);
  for (const target of Object.values(TARGETS)) {
    const inDays = bounded
      ? target.bucket === 'day'
        ? sql` and day between ${range.from}::date and ${range.to}::date`
        : sql` and hour >= ${range.from}::date and hour < ${range.to}::date + 1`
      : sql``;
    await tx.execute(sql`delete from ${sql.raw(target.table)} where zone in (${zones})${inDays}`);
  }
}

/**
 * ANALYZE needs the tables' owner, not the scope's role (brewfleet_app would skip it with a warning):
 * run by the connection's own user, outside any transaction, one table a statement (on PGlite, other
 * requests run between them).
 */
async function analyze(db: Db, tables: readonly string[]) {
  for (const table of tables) await db.execute(sql`analyze ${sql.raw(table)}`);
}
const ROLLUP_TABLES = Object.values(TARGETS).map((t) => t.table);

/**
 * The rollups of every ready zone (or of the ready zone `zone`) counted again from the raw rows, for
 * the local days `from`..`to`, or the whole history when both are omitted, in one transaction (the
 * zones stay readable, with their old figures until it commits). A `zone` not built yet is backfilled
 * instead (`backfillZone`: whole, in short transactions).
 */
export async function rebuildRollups(
  db: Db,
  range: { from?: string; to?: string } = {},
  opts: { zone?: string } = {},
): Promise<RebuildCounts> {
  if (opts.zone) {
    const [zone] = await inScope(db, SYSTEM, (tx) =>
      rows<{ ready: boolean }>(tx, sql`select ready from stat_zone where zone = ${opts.zone}`),
    );
    // A zone never goes back from ready: the answer holds until the transactions below.
    if (!zone?.ready) {
      if (range.from || range.to) throw new Error(`zone ${opts.zone} is not built: it is backfilled whole`);
      const { steps: _steps, ...counts } = await backfillZone(db, opts.zone);
      return counts;
    }
  }
  const started = Date.now();
  const bounded = !!(range.from && range.to);
  // The queue is small (seconds of ingest) but its statistics may say otherwise: fresh ones let the
  // planner hash it, not sort whole cups.
  await analyze(db, ['stat_pending_cup']);
  const counts = await inScope(db, SYSTEM, async (tx) => {
    await lock(tx);
    const zoneList = opts.zone
      ? [opts.zone]
      : (await rows<{ zone: string }>(tx, READY_ZONES)).map((z) => z.zone);
    const zones = opts.zone ? sql`select ${opts.zone}::text as zone` : READY_ZONES;
    const days = sql`between ${range.from ?? null}::date and ${range.to ?? null}::date`;
    const keep = bounded ? sql`${localDay(sql`f.at`, sql`z.zone`)} ${days}` : sql`true`;
    // Every stored row of the zones in those days goes, then the days are made again.
    await deleteRows(tx, zones, range);
    // The instants to read: a day either side of the range holds every zone's local days (offsets
    // lie within ±14 h).
    const epochMs = (t: SQL) => sql`(extract(epoch from ${t}) * 1000)::float8`;
    const [span] = await rows<{ lo: number | null; hi: number | null }>(
      tx,
      bounded
        ? sql`select ${epochMs(sql`(${range.from}::date - 1)::timestamp at time zone 'UTC'`)} as lo,
                     ${epochMs(sql`(${range.to}::date + 2)::timestamp at time zone 'UTC'`)} as hi`
        : sql`select ${epochMs(sql`min(produced_at)`)} as lo, ${epochMs(sql`max(produced_at) + interval '1 second'`)} as hi
              from production_record`,
    );
    let cups = 0;
    if (span.lo != null && span.hi != null) {
      const hi = Number(span.hi);
      for (let lo = Number(span.lo); lo < hi; lo += CHUNK_DAYS * DAY_MS) {
        const to = Math.min(hi, lo + CHUNK_DAYS * DAY_MS);
        cups += await addCups(
          tx,
          (at) =>
            sql`${at} >= ${new Date(lo).toISOString()}::timestamptz and ${at} < ${new Date(to).toISOString()}::timestamptz`,
          zones,
          keep,
        );
      }
    }
    const window: AtCondition = bounded
      ? (at) =>
          sql`${at} >= (${range.from}::date - 1)::timestamp at time zone 'UTC' and ${at} < (${range.to}::date + 2)::timestamp at time zone 'UTC'`
      : always;
    const others = await addOthers(tx, window, zones, keep, bounded ? days : undefined);
    if (opts.zone)
      await tx.execute(
        sql`update stat_zone set ready = true, built_until = null, built_at = now(), merged_at = null,
              version = version + 1
            where zone = ${opts.zone}`,
      );
    else await tx.execute(sql`update stat_zone set built_at = now(), version = version + 1 where ready`);

    await tx.execute(sql`select pg_notify(${STATS_CHANNEL}, '')`);
    return { zones: zoneList, cups, ...others };
  });
  // A whole history rewritten: fresh statistics, so that the first reads are planned on them.
  if (!bounded) await analyze(db, ROLLUP_TABLES);
  return { ...counts, ms: Date.now() - started };
}

/** A zone's build, read under the lock (its row made when no query registered it: the bench's seed). */
async function buildState(tx: Db, zone: string) {
  await tx.execute(sql`insert into stat_zone (zone) values (${zone}) on conflict do nothing`);
  const [z] = await rows<{ ready: boolean; built_until: string | null }>(
    tx,
    sql`select ready, ${isoMicros(sql`built_until`)} as built_until from stat_zone where zone = ${zone}`,
  );
  return { ready: z.ready, builtUntil: z.built_until };
}

/**
 * Everything of the instants [from, to) added into a zone being built (from: the start of history
 * when null, its rows deleted first; to: the end of history when null): the cups not queued, the
 * orders, faults and cleanings, and the merchant × product sales of the local days touched made
 * again from the zone's sales rows. Answers how many cups.
 */
async function addSpan(tx: Db, zone: string, from: string | null, to: string | null) {
  const only = sql`select ${zone}::text as zone`;
  const after = (at: SQL) => (from ? sql`${at} >= ${from}::timestamptz` : sql`true`);
  const before = (at: SQL) => (to ? sql`${at} < ${to}::timestamptz` : sql`true`);
  const window: AtCondition = (at) => sql`${after(at)} and ${before(at)}`;
  if (!from) await deleteRows(tx, only);
  const cups = await addCups(tx, window, only);
  await addInto(tx, TARGETS.salesDay, salesFacts(window), only);
  await addInto(tx, TARGETS.salesHour, salesFacts(window), only);
  await addInto(tx, TARGETS.care, careFacts(window), only);
  // A day either side: a zone whose clocks go back across midnight has instants after `from` on the
  // day before its day.
  const dayOf = (at: string) => localDay(sql`${at}::timestamptz`, sql`${zone}::text`);
  const days = sql`f.zone = ${zone}${from ? sql` and f.day >= ${dayOf(from)} - 1` : sql``}${
    to ? sql` and f.day <= ${dayOf(to)} + 1` : sql``
  }`;
  await tx.execute(sql`delete from stat_sales_product_day f where ${days}`);
  await tx.execute(remake(TARGETS.salesProductDay, TARGETS.salesDay, days));
  return cups;
}

export interface ZoneStep {
  /** Cups added by this step. */
  cups: number;
  /** The watermark after it (null: nothing read yet). */
  builtUntil: string | null;
  /** False: nothing left at or past the watermark (or the zone ready): `finishZoneBuild` is next. */
  more: boolean;
}

/**
 * One transaction of a zone's backfill: what happened from the watermark to `spanMs` after the first
 * fact at or past it (cups not queued, orders, faults, cleanings) added into the zone, and the
 * watermark moved there.
 */
export async function buildZoneStep(
  db: Db,
  zone: string,
  spanMs = DAY_MS,
  opts: { maxCups?: number } = {},
): Promise<ZoneStep> {
  return inScope(db, SYSTEM, async (tx) => {
    await lock(tx);
    const { ready, builtUntil: from } = await buildState(tx, zone);
    if (ready) return { cups: 0, builtUntil: null, more: false };
    // The first fact at or past the watermark (a demo's orders start weeks before its cups), from
    // the indexes on their instants (each machine's for cups, faults and cleanings): a gap of weeks
    // (a machine's clock once wrong) is skipped at once, where the cups' BRIN index would read every
    // block after it.
    const since = (at: string) => (from ? sql` and ${sql.raw(at)} >= ${from}::timestamptz` : sql``);
    const first = (table: string, at: string) =>
      sql`(select min(n.at) from device d cross join lateral (
             select x.${sql.raw(at)} as at from ${sql.raw(table)} x
             where x.device_id = d.id${since(`x.${at}`)} order by x.${sql.raw(at)} limit 1) n)`;
    const [next] = await rows<{ lo: string | null; hi: string | null }>(
      tx,
      sql`select ${isoMicros(sql`f.lo`)} as lo,
                 ${isoMicros(sql`f.lo + ${spanMs / 1000}::float8 * interval '1 second'`)} as hi
          from (select least(${first('production_record', 'produced_at')},
                             (select min(o.ordered_at) from sales_order o where true${since('o.ordered_at')}),
                             ${first('fault_log', 'raised_at')}, ${first('cleaning_record', 'cleaned_at')}) as lo) f`,
    );
    if (!next.lo || !next.hi) return { cups: 0, builtUntil: from, more: false };
    const lo = sql`${next.lo}::timestamptz`;
    let hi = next.hi;
    // At most `maxCups` (about): the span shrunk in proportion to the cups it holds (counted by the
    // time index), a few times at most (cups bunched at one instant are read together).
    for (let i = 0; opts.maxCups && i < 3; i++) {
      const [fit] = await rows<{ n: number; hi: string }>(
        tx,
        sql`select c.n, ${isoMicros(
          // Past the first fact however narrow (a step always moves the watermark on).
          sql`greatest(${lo} + (${hi}::timestamptz - ${lo}) * (${opts.maxCups}::float8 / greatest(c.n, 1)),
                       ${lo} + interval '1 microsecond')`,
        )} as hi
            from (select count(*)::int as n from production_record p
                  where p.produced_at >= ${lo} and p.produced_at < ${hi}::timestamptz) c`,
      );
      if (fit.n <= opts.maxCups) break;
      hi = fit.hi;
    }
    const cups = await addSpan(tx, zone, from, hi);
    await tx.execute(sql`update stat_zone set built_until = ${hi}::timestamptz where zone = ${zone}`);
    return { cups, builtUntil: hi, more: true };
  });
}

/**
 * The backfill's last transaction: what happened at or past the watermark (cups stored since the
 * last step or from a clock ahead, orders and faults since) added, and the zone marked ready: from
 * then on the merge adds every cup into it. Null when the zone was ready already; else how many raw
 * rows the zone holds.
 */
export async function finishZoneBuild(db: Db, zone: string) {
  return inScope(db, SYSTEM, async (tx) => {
    await lock(tx);
    const { ready, builtUntil: from } = await buildState(tx, zone);
    if (ready) return null;
    const cups = await addSpan(tx, zone, from, null);
    const [counts] = await rows<{ orders: number; faults: number; cleanings: number }>(
      tx,
      sql`select (select count(*) from sales_order where status = 'completed')::int as orders,
                 (select count(*) from fault_log)::int as faults,
                 (select count(*) from cleaning_record)::int as cleanings`,
    );
    await tx.execute(
      sql`update stat_zone set ready = true, built_until = null, built_at = now(), merged_at = null,
            version = version + 1
          where zone = ${zone}`,
    );
    await tx.execute(sql`select pg_notify(${STATS_CHANNEL}, '')`);
    return { cups, ...counts };
  });
}

/**
 * One connection for every statement (PGlite): each statement of a request issued during a step
 * waits for its end, and a request makes several.
 */
const oneConnection = (db: Db) => (db as { $client?: unknown }).$client instanceof PGlite;
/**
 * On one connection, a step aims at about this long (its span follows), and then as long is left to
 * others. 80 ms let a page asked during the demo's first build wait ~300 ms once the demo sold at its
 * history's pace (18,300 orders); 50 ms: ≤ 166 ms (`npm run bench:data-center -- --phases embedded`).
 */
const SHARED_STEP_MS = 50;
/** And reads at most about this many cups (~0.3 ms each on PGlite, labels included). */
const SHARED_STEP_CUPS = 160;
const MIN_SPAN_MS = 15 * 60_000;
const MAX_SPAN_MS = CHUNK_DAYS * DAY_MS;

/**
 * A zone asked for the first time, built from the raw rows in short transactions (`buildZoneStep`
 * until nothing is left past the watermark, then `finishZoneBuild`); one stopped half-way goes on
 * from its watermark. A step reads a day (`spanMs`); on one connection (PGlite) steps are sized to
 * ~50 ms and each is followed by a pause as long, so that a page asked meanwhile (several
 * statements) waits for one step at most, not for the next ones. `afterStep` runs between two steps
 * (the job merges there, so the ready zones stay current).
 */
export async function backfillZone(
  db: Db,
  zone: string,
  opts: {
    spanMs?: number;
    afterStep?: () => Promise<unknown> | void;
    stopping?: AbortSignal;
    /** Nothing else waits for the connection (a first start's demo): no cup bound, no pauses. */
    alone?: boolean;
  } = {},
): Promise<RebuildCounts & { steps: number; stopped?: boolean }> {
  const started = Date.now();
  const shared = !opts.alone && oneConnection(db);
  await analyze(db, ['stat_pending_cup']);
  let span = opts.spanMs ?? DAY_MS;
  let cups = 0;
  let steps = 0;
  for (;;) {
    const began = Date.now();
    const step = await buildZoneStep(db, zone, span, { maxCups: shared ? SHARED_STEP_CUPS : undefined });
    const took = Date.now() - began;
    cups += step.cups;
    if (!step.more) break;
    steps++;
    // The process is stopping: the build goes on from its watermark at the next run (here or elsewhere).
    if (opts.stopping?.aborted)
      return {
        zones: [zone],
        cups,
        orders: 0,
        faults: 0,
        cleanings: 0,
        steps,
        stopped: true,
        ms: Date.now() - started,
      };
    await opts.afterStep?.();
    if (!shared) continue;
    if (!opts.spanMs) {
      // Gently: a step slowed by the host's load alone should not make the next ones tiny. A step
      // that read few cups took its time in what every step costs (its statements, the requests
      // queued on the connection), not in its span: shrinking would only make the build crawl (a
      // loaded host once took four minutes for three weeks of one machine). It grows instead; the
      // cup bound keeps the next step short.
      const few = step.cups < SHARED_STEP_CUPS / 2;
      const scale = few ? 2 : Math.min(2, Math.max(0.5, SHARED_STEP_MS / Math.max(1, took)));
      span = Math.min(MAX_SPAN_MS, Math.max(MIN_SPAN_MS, Math.round(span * scale)));
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(took, 1000)));
  }
  const last = await finishZoneBuild(db, zone);
  // A whole history written: fresh statistics, so that the first reads are planned on them.
  if (last) await analyze(db, ROLLUP_TABLES);
  return {
    zones: [zone],
    cups: cups + (last?.cups ?? 0),
    orders: last?.orders ?? 0,
    faults: last?.faults ?? 0,
    cleanings: last?.cleanings ?? 0,
    steps: steps + 1,
    ms: Date.now() - started,
  };
}

/** The zones asked for and not yet built, oldest request first. */
export async function zonesToBuild(db: Db): Promise<string[]> {
  return inScope(db, SYSTEM, async (tx) =>
    (
      await rows<{ zone: string }>(
        tx,
        sql`select zone from stat_zone where not ready order by requested_at, zone`,
      )
    ).map((z) => z.zone),
  );
}

/** While a zone is built, the ready zones are merged at this period too (the job's). */
const MERGE_EVERY_MS = 5_000;

/** The job's run: build the zones asked for (each in short transactions), then merge. */
export async function runRollups(
  db: Db,
  opts: { stopping?: AbortSignal } = {},
): Promise<MergeResult & { built: string[] }> {
  const built: string[] = [];
  const merged: MergeResult = { cups: 0, cells: 0 };
  let lastMerge = Date.now();
  const merge = async () => {
    const r = await mergeRollups(db);
    merged.cups += r.cups;
    merged.cells += r.cells;
    lastMerge = Date.now();
  };
  for (const zone of await zonesToBuild(db)) {
    const build = await backfillZone(db, zone, {
      afterStep: () => (Date.now() - lastMerge >= MERGE_EVERY_MS ? merge() : undefined),
      stopping: opts.stopping,
    });
    if (build.stopped) return { ...merged, built };
    built.push(zone);
  }
  await merge();
  return { ...merged, built };
}
