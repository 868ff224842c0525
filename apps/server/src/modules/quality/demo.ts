/**
 * The demo's refractometer calibration (DEMO=1, first start; issue 17 §3, §7): a few readings of
 * good cups of one demo coffee machine, so the Refractometer calibration page shows readings with
 * their estimates and the model's factor. They are made after the fleet's history (its cups) and go
 * through the resource's hooks as the API's create does: each stores its uncalibrated estimate and
 * the model's factor. The measured TDS scatters a few percent around the estimate, as a well-set
 * estimate does, so the factor stays near 1 and the demo's labels barely move.
 */
import { sql } from 'drizzle-orm';
import { estimateCoffee, type CoffeeQuality } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { createAsMerchant } from '../../platform/crud/create-as-merchant.ts';
import type { ResourceRegistry } from '../../platform/crud/registry.ts';
import type { Row } from '../../platform/crud/types.ts';
import { createQualityService } from './service.ts';

/** Measured ÷ estimated TDS of the demo's readings (their median, the model's factor, is 1.00). */
export const DEMO_READING_RATIOS = [1.02, 0.97, 1.01, 0.99] as const;

interface DemoCup {
  id: string;
  device_id: string;
  merchant_id: string;
  product_code: string;
  produced_at: string;
  coffee: CoffeeQuality;
  extraction_seconds: number;
}

/** Recent good cups of the first demo coffee machine (by id) of a chain brand, else of any merchant. */
async function goodCups(db: Db): Promise<DemoCup[]> {
  return rows<DemoCup>(
    db,
    sql`with machine as (
          select d.id from device d join merchant m on m.id = d.merchant_id
          where d.family = 'coffee'
            and exists (select 1 from production_record r where r.device_id = d.id and r.coffee is not null)
          order by coalesce(m.kind = 'chain-brand', false) desc, d.id limit 1)
        select r.id::text, r.device_id::text, r.merchant_id::text, r.product_code,
               r.produced_at::text, r.coffee, r.extraction_seconds
        from production_record r join machine on machine.id = r.device_id
        where r.result = 'completed' and not r.bad_cup and r.coffee is not null
          and r.extraction_seconds is not null
        order by r.produced_at desc limit 40`,
  );
}

export async function seedDemoReadings(database: Db, resources: ResourceRegistry): Promise<number> {
  const reg = resources.get('calibration-reading');
  const quality = createQualityService();
  return inScope(database, SYSTEM, async (db) => {
    let made = 0;
    for (const cup of await goodCups(db)) {
      if (made === DEMO_READING_RATIOS.length) break;
      const profile = await quality.profileOf(db, cup.device_id, cup.product_code);
      // The uncalibrated estimate (what the hook stores too): only cups it places in the golden cup.
      const estimate = profile && estimateCoffee(cup.coffee, cup.extraction_seconds, profile, 1);
      if (!estimate || estimate.label !== 'golden-cup') continue;
      const measuredAt = new Date(new Date(cup.produced_at).getTime() + 3 * 60_000);
      const input: Row = {
        deviceId: cup.device_id,
        productionRecordId: cup.id,
        measuredTds: Math.round(estimate.tds * DEMO_READING_RATIOS[made] * 100) / 100,
        // Weighed on a scale: to the gram.
        beverageG: Math.round(estimate.beverageG),
        measuredAt,
        remarks: 'Demo: refractometer reading of a good cup',
      };
      await createAsMerchant(db, reg, cup.merchant_id, input);
      made += 1;
    }
    return made;
  });
}
