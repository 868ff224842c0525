/**
 * The platform's default profiles (every start, idempotent: a default already there, edited or not,
 * is left alone). Tuned against the simulator's cups (docs/extraction-quality.md): its good espresso
 * lands golden-cup, each defect in another region.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';

export const PLATFORM_PROFILES = [
  {
    name: 'Espresso (platform default)',
    kind: 'espresso',
    tds_low: 7.5,
    tds_high: 12.5,
    yield_low: 18,
    yield_high: 22,
    ref_time_s: 27,
    ref_temperature_c: 92.5,
    ref_flow_ml_per_s: 1.6,
    ref_yield: 20,
    // 1.25 ml/s × 4 s soak + 1.6 ml/s × 27 s = 48.2 g of water on 18 g of powder.
    ref_ratio: 2.68,
    retained_water_g_per_g: 0.7,
  },
  {
    name: 'Filter coffee (platform default)',
    kind: 'filter',
    tds_low: 1.15,
    tds_high: 1.35,
    yield_low: 18,
    yield_high: 22,
    ref_time_s: 180,
    ref_temperature_c: 93,
    ref_flow_ml_per_s: 1.33,
    ref_yield: 20,
    // A 30 g bloom and 240 g poured on 15 g: 270 g, of which the bed keeps 2 g per g.
    ref_ratio: 18,
    retained_water_g_per_g: 2,
  },
  {
    name: 'Tea (platform default)',
    kind: 'tea',
    tea_target1_s: 40,
    tea_target2_s: 55,
    tea_target3_s: 70,
    tea_under_share: 0.8,
    tea_over_share: 1.25,
    leaf_low_g: 4.5,
    leaf_high_g: 14,
  },
] as const;

export async function seedPlatformProfiles(database: Db): Promise<void> {
  const payload = JSON.stringify(PLATFORM_PROFILES);
  await inScope(database, SYSTEM, (db) =>
    db.execute(sql`
      insert into extraction_profile (name, kind, tds_low, tds_high, yield_low, yield_high, ref_time_s,
        ref_temperature_c, ref_flow_ml_per_s, ref_yield, ref_ratio, retained_water_g_per_g,
        tea_target1_s, tea_target2_s, tea_target3_s, tea_under_share, tea_over_share, leaf_low_g, leaf_high_g)
      select x.* from jsonb_to_recordset(${payload}::jsonb) as x(name text, kind text, tds_low float8,
        tds_high float8, yield_low float8, yield_high float8, ref_time_s float8, ref_temperature_c float8,
        ref_flow_ml_per_s float8, ref_yield float8, ref_ratio float8, retained_water_g_per_g float8,
        tea_target1_s float8, tea_target2_s float8, tea_target3_s float8, tea_under_share float8,
        tea_over_share float8, leaf_low_g float8, leaf_high_g float8)
      -- Two processes starting at once both seed: the scope key lets one in, the other does nothing.
      on conflict ((coalesce(merchant_id, 0)), (coalesce(device_model_id, 0)), (coalesce(product_code, '')), kind)
        do nothing`),
  );
}
