/**
 * The scan (job `drift.scan`, every 5 minutes; docs/extraction-drift.md): three set-based statements
 * for every coffee machine at once, run as the system (the fleet band is a platform-wide statistic
 * per model; only aggregates of it reach a tenant's rows).
 *
 * 1. Baselines: per machine and metric, mean, sd and count of its good cups over the 7 days that end
 *    24 h ago; only for machines whose baseline is older than an hour (it moves slowly), or all when
 *    forced. Reads the cups through the (device_id, produced_at) index, machine by machine (lateral).
 * 2. Fleet: per model and metric, the pooled mean and sd of its machines' baselines (from their
 *    means, sds and counts: no cup is read again).
 * 3. Recent: per machine, its last 50 good cups of the last 24 h (lateral, index, limit); per metric
 *    the running EWMA anchored at the baseline mean, its z at each cup, the state, its direction and
 *    when the present excursion began.
 */
import { sql } from 'drizzle-orm';
import { DRIFT_THRESHOLDS as T } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import type { JobDefinition } from '../../platform/jobs/types.ts';
import { goodCoffeeCup, metricNames, metricValues, minSdTable } from './metrics.ts';

export interface ScanOptions {
  /** The scan's "now" (tests place cups relative to it); default the database's now(). */
  now?: Date;
  /** Recompute every baseline, however fresh. */
  refreshBaselines?: boolean;
}

export interface ScanResult {
  baselines: number;
  checked: number;
  drifting: number;
  watch: number;
}

export async function scanDrift(db: Db, opts: ScanOptions = {}): Promise<ScanResult> {
  const now = sql`${(opts.now ?? new Date()).toISOString()}::timestamptz`;
  const force = opts.refreshBaselines ?? false;
  return inScope(db, SYSTEM, async (tx) => {
    const [base] = await rows<{ n: number }>(
      tx,
      sql`with due as (
            select d.id, d.merchant_id, d.store_id, d.model_id from device d
            where d.family = 'coffee'
              and (${force} or not exists (
                select 1 from extraction_drift x
                where x.device_id = d.id and x.baseline_at > ${now} - make_interval(mins => ${T.baselineRefreshMinutes})))),
          base as (
            select due.id as device_id, v.metric, avg(v.value) as mean, stddev_samp(v.value) as sd, count(*)::int as n
            from due
            cross join lateral (
              select p.coffee, p.extraction_seconds, p.result, p.bad_cup from production_record p
              where p.device_id = due.id
                and p.produced_at >= ${now} - make_interval(days => ${T.baselineDays}, hours => ${T.gapHours})
                and p.produced_at < ${now} - make_interval(hours => ${T.gapHours})) p
            ${metricValues}
            where ${goodCoffeeCup} and v.value is not null
            group by due.id, v.metric),
          written as (
            insert into extraction_drift (merchant_id, store_id, device_id, model_id, metric, baseline_mean,
                                          baseline_sd, baseline_n, baseline_at, checked_at)
            select due.merchant_id, due.store_id, due.id, due.model_id, m.metric, b.mean, b.sd, coalesce(b.n, 0),
                   ${now}, ${now}
            from due cross join ${metricNames}
            left join base b on b.device_id = due.id and b.metric = m.metric
            on conflict (device_id, metric) do update set
              merchant_id = excluded.merchant_id, store_id = excluded.store_id, model_id = excluded.model_id,
              baseline_mean = excluded.baseline_mean, baseline_sd = excluded.baseline_sd,
              baseline_n = excluded.baseline_n, baseline_at = excluded.baseline_at
            returning 1)
          select count(*)::int as n from written`,
    );

    await tx.execute(sql`
      with fleet as (
        select model_id, metric, sum(baseline_n) as total, count(*)::int as machines,
               sum(baseline_n * baseline_mean) / sum(baseline_n) as mean
        from extraction_drift where baseline_n > 0 group by model_id, metric),
      spread as (
        select f.model_id, f.metric, f.machines, f.mean,
               case when f.total > 1 then sqrt(greatest(0,
                 (sum((x.baseline_n - 1) * coalesce(x.baseline_sd, 0) ^ 2)
                  + sum(x.baseline_n * (x.baseline_mean - f.mean) ^ 2)) / (f.total - 1))) end as sd
        from fleet f join extraction_drift x on x.model_id = f.model_id and x.metric = f.metric and x.baseline_n > 0
        group by f.model_id, f.metric, f.machines, f.mean, f.total)
      update extraction_drift x set fleet_mean = s.mean, fleet_sd = s.sd, fleet_machines = s.machines
      from extraction_drift y left join spread s on s.model_id = y.model_id and s.metric = y.metric
      where y.id = x.id`);

    const lambda = T.lambda;
    // The recent windows are sorted in memory (a few MB per thousand machines), not on disk.
    await tx.execute(sql`set local work_mem = '64MB'`);
    const [checked] = await rows<{ checked: number; drifting: number; watch: number }>(
      tx,
      sql`with cups as (
            select d.id as device_id, d.merchant_id, d.store_id, p.id, p.produced_at, p.coffee, p.extraction_seconds
            from device d cross join lateral (
              select p.id, p.produced_at, p.coffee, p.extraction_seconds, p.result, p.bad_cup from production_record p
              where p.device_id = d.id and p.produced_at >= ${now} - make_interval(hours => ${T.gapHours})
                and p.produced_at <= ${now} and ${goodCoffeeCup}
              order by p.produced_at desc limit ${T.recentCups}) p
            where d.family = 'coffee'),
          vals as (
            select p.device_id, p.merchant_id, p.store_id, v.metric, v.value, p.produced_at,
                   row_number() over (partition by p.device_id, v.metric order by p.produced_at, p.id) as i
            from cups p ${metricValues}
            where v.value is not null),
          anchored as (
            -- The running EWMA in closed form: (1-λ)^k·(μ0 + λ·Σ_{i≤k} x_i/(1-λ)^i) with μ0 the baseline
            -- mean; its sd at cup k σ·sqrt(λ/(2-λ)·(1-(1-λ)^2k)). No baseline: no EWMA (nor z).
            select v.*, x.baseline_mean as mu, x.baseline_n, x.fleet_mean, x.fleet_sd, x.fleet_machines,
                   floor_sd.min_sd, greatest(coalesce(x.baseline_sd, 0), floor_sd.min_sd) as sigma
            from vals v
            join extraction_drift x on x.device_id = v.device_id and x.metric = v.metric
            join ${minSdTable} on floor_sd.metric = v.metric),
          running as (
            select a.*,
                   power(1 - ${lambda}::float8, i) * (mu + ${lambda}::float8 * sum(value / power(1 - ${lambda}::float8, i))
                     over (partition by device_id, metric order by i)) as ewma
            from anchored a),
          scored as (
            select r.*, (ewma - mu) / (sigma * sqrt(${lambda}::float8 / (2 - ${lambda}::float8)
                                                     * (1 - power(1 - ${lambda}::float8, 2 * i)))) as zk,
                   last_value((ewma - mu) / sigma) over whole as z_sign
            from running r
            window whole as (partition by device_id, metric order by i
                             rows between unbounded preceding and unbounded following)),
          ranked as (
            -- The present excursion began after the last cup whose z was inside the watch limit or on
            -- the other side of the last cup's.
            select s.*, max(case when abs(zk) < ${T.watchZ} or sign(zk) <> sign(z_sign) then i end)
                          over (partition by device_id, metric) as last_inside,
                        row_number() over (partition by device_id, metric order by i desc) as back
            from scored s),
          summary as (
            select device_id, metric, max(merchant_id) as merchant_id, max(store_id) as store_id,
                   count(*)::int as n, avg(value) as recent_mean, min(produced_at) as first_at,
                   max(ewma) filter (where back = 1) as ewma, max(zk) filter (where back = 1) as z_last,
                   min(produced_at) filter (where i > coalesce(last_inside, 0)) as began,
                   max(baseline_n) as baseline_n, max(fleet_mean) as fleet_mean, max(fleet_sd) as fleet_sd,
                   max(fleet_machines) as fleet_machines, max(min_sd) as min_sd
            from ranked group by device_id, metric),
          judged as (
            select s.*,
                   case when s.n >= ${T.minRecent} and s.baseline_n >= ${T.minBaseline} then s.z_last end as z,
                   case when s.n >= ${T.minRecent} and s.fleet_machines >= ${T.minFleetMachines} and s.fleet_sd is not null
                        then (s.recent_mean - s.fleet_mean) / greatest(s.fleet_sd, s.min_sd) end as fleet_z
            from summary s),
          decided as (
            select j.*,
                   case when abs(j.z) >= ${T.driftZ} or abs(j.fleet_z) >= ${T.fleetDriftZ} then 'drifting'
                        when abs(j.z) >= ${T.watchZ} or abs(j.fleet_z) >= ${T.fleetWatchZ} then 'watch'
                        else 'normal' end as state,
                   case when abs(j.z) >= ${T.watchZ} then case when j.z > 0 then 'up' else 'down' end
                        when abs(j.fleet_z) >= ${T.fleetWatchZ} then case when j.fleet_z > 0 then 'up' else 'down' end
                   end as direction,
                   abs(j.z) >= ${T.watchZ} as own
            from judged j),
          updated as (
            -- Each judged (machine, metric) finds its row by the unique key: an index lookup each.
            update extraction_drift x set
              merchant_id = d.merchant_id, store_id = d.store_id, n = d.n, recent_mean = d.recent_mean,
              recent_ewma = d.ewma, z = d.z, fleet_z = d.fleet_z, state = d.state, direction = d.direction,
              -- An excursion that goes on keeps its beginning, though its first cups left the window.
              since = case when d.state = 'normal' then null
                           when x.state <> 'normal' and x.direction = d.direction and x.since is not null then x.since
                           when d.own then coalesce(d.began, d.first_at)
                           else d.first_at end,
              checked_at = ${now}
            from decided d where x.device_id = d.device_id and x.metric = d.metric
            returning x.state)
          select count(*)::int as checked, (count(*) filter (where state = 'drifting'))::int as drifting,
                 (count(*) filter (where state = 'watch'))::int as watch
          from updated`,
    );
    // Machines and metrics without a good cup in the last 24 h: nothing recent to judge.
    const idle = await rows<{ n: number }>(
      tx,
      sql`with quiet as (
            update extraction_drift x set state = 'normal', direction = null, since = null, n = 0,
              recent_mean = null, recent_ewma = null, z = null, fleet_z = null, checked_at = ${now}
            where x.checked_at < ${now}
            returning 1)
          select count(*)::int as n from quiet`,
    );
    if (checked) checked.checked += idle[0]?.n ?? 0;
    return {
      baselines: base?.n ?? 0,
      checked: checked?.checked ?? 0,
      drifting: checked?.drifting ?? 0,
      watch: checked?.watch ?? 0,
    };
  });
}

export const driftScanJob: JobDefinition = {
  name: 'drift.scan',
  everySeconds: 300,
  // Runs when the server starts too (the runner offers a run at once), so the demo shows findings.
  timeoutSeconds: 240,
  run: async ({ db, log }) => {
    const result = await scanDrift(db);
    log.info({ job: 'drift.scan', ...result }, 'extraction drift scanned');
  },
};
