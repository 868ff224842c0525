/**
 * The raw facts every rollup is made of, as SQL relations without a time zone: one row per cup, per
 * cup and material, per order (and per order and product), per fault and cleaning, each with its
 * instant `at`. The merge, the rebuild and the `source: 'raw'` answer all read these, so the rollups
 * and the raw count cannot disagree about what a figure means; only the bucketing differs (a zone's
 * local day is `(at at time zone zone)::date`).
 */
import { sql, type SQL } from 'drizzle-orm';

/** A condition on a relation's instant column (a range of instants, the cells of a recount…). */
export type AtCondition = (at: SQL, device: SQL) => SQL;
export const always: AtCondition = () => sql`true`;

/**
 * Per cup (production_record `p`): the columns of the cup rollups before grouping. Water for coffee
 * is soak flow × soak time + extraction flow × extraction time (ml, ≈ g); powder is the coffee data's
 * dose. Both only for coffee cups that report coffee data, so their ratio compares like with like.
 */
export const cupColumns = (p: string) => {
  const c = (name: string) => sql.raw(`${p}.${name}`);
  const coffee = sql`(${c('family')} = 'coffee' and ${c('coffee')} is not null)`;
  return sql`${c('device_id')} as device_id, ${c('product_code')} as product_code, ${c('merchant_id')} as merchant_id,
    ${c('store_id')} as store_id, ${c('family')} as family, ${c('at')} as at,
    1 as cups, (${c('result')} = 'completed')::int as completed, (${c('result')} = 'failed')::int as failed,
    ${c('bad_cup')}::int as bad, (${c('method')} = 'scan-code')::int as scan_code, (${c('method')} = 'manual')::int as manual,
    coalesce(${c('cup_out_seconds')}, 0) as cup_out_sum, (${c('cup_out_seconds')} is not null)::int as cup_out_n,
    coalesce(${c('extraction_seconds')}, 0) as extraction_sum, (${c('extraction_seconds')} is not null)::int as extraction_n,
    case when ${coffee} then coalesce((${c('coffee')} ->> 'powderG')::float8, 0) else 0 end as powder_g,
    case when ${coffee} then coalesce((${c('coffee')} ->> 'soakFlowMlPerS')::float8 * (${c('coffee')} ->> 'soakTimeS')::float8, 0)
      + coalesce((${c('coffee')} ->> 'extractionFlowMlPerS')::float8 * ${c('extraction_seconds')}, 0) else 0 end as water_ml`;
};

/** The cups of production_record matching `where`, with their machine's family (`p.*`, `family`, `at`). */
export const cupBase = (where: AtCondition) => sql`
  select p.device_id, p.product_code, p.merchant_id, p.store_id, coalesce(d.family, '') as family,
         p.produced_at as at, p.result, p.bad_cup, p.method, p.cup_out_seconds, p.extraction_seconds,
         p.coffee, p.tea, p.materials, p.event_id
  from production_record p join device d on d.id = p.device_id
  where ${where(sql`p.produced_at`, sql`p.device_id`)}`;

/**
 * A cup's quality label code (contracts QUALITY_LABELS index + 1) by migration 0036's functions,
 * the profile resolved once per (machine, product) of the relation `rel` (columns of cupBase), each
 * cup labelled once.
 */
export const labelledCups = (rel: SQL) => sql`
  with c as materialized (${rel}),
  -- Materialized: inlined, the planner may scan it again for every cup (a profile lookup a cup).
  profiles as materialized (
    select k.device_id, k.product_code, cup_quality_profile(k.device_id, k.product_code) as profile
    from (select distinct device_id, product_code from c) k)
  select c.*, cup_quality(c.family, c.coffee, c.tea, c.extraction_seconds, pr.profile) as label
  from c join profiles pr on pr.device_id = c.device_id and pr.product_code = c.product_code
  -- A fence: a caller's condition on the label ("label is not null") pushed into this query would
  -- label every cup twice, once to filter and once for the answer (PGlite, 9,008 cups: 236 → 145 ms).
  offset 0`;

/**
 * Per cup and material channel: the grams it took, named by the machine's channel (its material,
 * else "channel N").
 */
export const materialColumns = (p: string) => sql`
  ${sql.raw(p)}.device_id, ${sql.raw(p)}.merchant_id, ${sql.raw(p)}.store_id, ${sql.raw(p)}.family, ${sql.raw(p)}.at,
  coalesce(nullif(dc.material, ''), 'channel ' || m.channel) as material, coalesce(m.grams, 0) as grams, 1 as cups`;
export const materialJoin = (p: string) => sql`
  cross join lateral jsonb_to_recordset(coalesce(${sql.raw(p)}.materials, '[]'::jsonb)) as m(channel int, grams float8)
  left join device_channel dc on dc.device_id = ${sql.raw(p)}.device_id and dc.channel_number = m.channel`;

/**
 * Sales of completed orders: the order-level row (product_code '') with its payment less refunds,
 * refunds, tax and the cups of its product lines, and per order and product its lines' share.
 */
export const salesFacts = (where: AtCondition) => {
  const cond = where(sql`o.ordered_at`, sql`coalesce(o.device_id, 0)`);
  return sql`
  select o.ordered_at as at, coalesce(o.device_id, 0) as device_id, ''::text as product_code, o.merchant_id, o.store_id,
         coalesce(d.family, '') as family, o.currency, 1 as orders,
         coalesce((select sum(l.quantity) from sales_order_line l where l.order_id = o.id and l.kind = 'product'), 0)::int as cups_sold,
         o.actual_payment - o.refunded as revenue, o.refunded, o.tax
  from sales_order o left join device d on d.id = o.device_id
  where o.status = 'completed' and ${cond}
  union all
  select o.ordered_at, coalesce(o.device_id, 0), l.product_code, o.merchant_id, o.store_id, coalesce(d.family, ''),
         o.currency, 1, sum(l.quantity)::int, sum(l.gross - l.refunded), sum(l.refunded), sum(l.tax)
  from sales_order o join sales_order_line l on l.order_id = o.id and l.kind = 'product'
       left join device d on d.id = o.device_id
  where o.status = 'completed' and ${cond}
  group by o.id, d.family, l.product_code`;
};

/**
 * Faults (at the instant raised; a cleared fault's seconds to its clearing, an open one counted to now
 * at query time from `open_since`) and cleanings (their duration; `failed` when they failed).
 */
export const careFacts = (where: AtCondition, kinds: 'fault' | 'cleaning' | 'both' = 'both') => {
  const fault = sql`
  select f.raised_at as at, f.device_id, f.merchant_id, f.store_id, coalesce(d.family, '') as family,
         'fault'::text as kind, f.code, 1 as n, (f.severity = 'critical')::int as critical, 0 as failed,
         case when f.cleared_at is not null then extract(epoch from f.cleared_at - f.raised_at)::float8 else 0 end as seconds,
         (f.active and f.cleared_at is null)::int as open_n,
         case when f.active and f.cleared_at is null then extract(epoch from f.raised_at)::float8 else 0 end as open_since
  from fault_log f join device d on d.id = f.device_id
  where ${where(sql`f.raised_at`, sql`f.device_id`)}`;
  const cleaning = sql`
  select c.cleaned_at as at, c.device_id, c.merchant_id, c.store_id, coalesce(d.family, '') as family,
         'cleaning'::text as kind, c.kind as code, 1 as n, 0 as critical, (c.result = 'failed')::int as failed,
         coalesce(c.duration_seconds, 0)::float8 as seconds, 0 as open_n, 0::float8 as open_since
  from cleaning_record c join device d on d.id = c.device_id
  where ${where(sql`c.cleaned_at`, sql`c.device_id`)}`;
  if (kinds === 'fault') return fault;
  if (kinds === 'cleaning') return cleaning;
  return sql`${fault} union all ${cleaning}`;
};

/** A zone's local day and hour of an instant. */
export const localDay = (at: SQL, zone: SQL) => sql`(${at} at time zone ${zone})::date`;
export const localHour = (at: SQL, zone: SQL) => sql`date_trunc('hour', ${at} at time zone ${zone})`;
/** The instants of local days `from`..`to` (both included) in `zone`: [lo, hi). */
export const dayRange = (from: string, to: string, zone: SQL) => ({
  lo: sql`(${from}::date::timestamp at time zone ${zone})`,
  hi: sql`((${to}::date + 1)::timestamp at time zone ${zone})`,
});
