/**
 * The watched metrics as SQL over a production record `p`: one row per metric with its value (a
 * lateral VALUES list, so that every statement reads each cup once for all metrics), and the
 * smallest standard deviation a baseline is given (the sensor's resolution): a machine whose
 * readings never varied would otherwise turn the first tenth of a unit into an infinite z.
 */
import { sql } from 'drizzle-orm';
import { DRIFT_METRICS, type DriftMetric } from '@brewfleet/contracts';

export const MIN_SD: Record<DriftMetric, number> = {
  pressureBar: 0.05,
  extractionFlowMlPerS: 0.02,
  temperatureC: 0.1,
  grind: 0.1,
  tampingForceN: 1,
  extractionSeconds: 0.2,
};

/**
 * `cross join lateral … v(metric, value)`: each metric of the cup `p` (null when not reported). The
 * cup's quality data is parsed once (jsonb_to_record), not once per metric.
 */
export const metricValues = sql.raw(`cross join lateral jsonb_to_record(p.coffee) as q("pressureBar" float8,
      "extractionFlowMlPerS" float8, "temperatureC" float8, "grindDegree1" float8, "grindDegree2" float8,
      "tampingForceN" float8)
    cross join lateral unnest(
      array['pressureBar', 'extractionFlowMlPerS', 'temperatureC', 'grind', 'tampingForceN', 'extractionSeconds'],
      array[q."pressureBar", q."extractionFlowMlPerS", q."temperatureC", (q."grindDegree1" + q."grindDegree2") / 2,
            q."tampingForceN", p.extraction_seconds]) v(metric, value)`);

/** The cups a baseline or a recent window counts: completed coffee cups not reported bad. */
export const goodCoffeeCup = sql.raw(`p.result = 'completed' and not p.bad_cup and p.coffee is not null`);

/** `(values ('pressureBar', 0.05), …) floor_sd(metric, min_sd)`, to join the floor by metric. */
export const minSdTable = sql.raw(
  `(values ${DRIFT_METRICS.map((m) => `('${m}', ${MIN_SD[m]}::float8)`).join(', ')}) floor_sd(metric, min_sd)`,
);

/** `(values ('pressureBar'), …) m(metric)`: every metric, for a row per machine and metric. */
export const metricNames = sql.raw(`(values ${DRIFT_METRICS.map((m) => `('${m}')`).join(', ')}) m(metric)`);
