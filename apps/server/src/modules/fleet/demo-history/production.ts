/** The demo machines' cups of the past weeks, with their quality data, as the gateway stores them. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { insertJson } from './bulk.ts';
import type { MachineHistory } from './timeline.ts';

export async function writeProduction(db: Db, histories: MachineHistory[]): Promise<void> {
  const list = histories.flatMap((h) =>
    h.cups.map(({ eventId, at, cup }) => ({
      device_id: h.machine.id,
      event_id: eventId,
      produced_at: at.toISOString(),
      product_code: cup.productCode,
      recipe_version: cup.recipeVersion ?? null,
      method: cup.method,
      result: cup.result,
      bad_cup: cup.badCup,
      started_at: cup.startedAt,
      cup_out_seconds: cup.cupOutSeconds,
      extraction_seconds: cup.extractionSeconds ?? null,
      coffee: cup.coffee ?? null,
      tea: cup.tea ?? null,
      materials: cup.materials,
    })),
  );
  await insertJson(
    db,
    list,
    (json) => sql`
      insert into production_record (merchant_id, store_id, device_id, serial_number, event_id, produced_at,
        product_code, recipe_version, method, result, bad_cup, started_at, cup_out_seconds, extraction_seconds,
        coffee, tea, materials, received_at, created_at, updated_at)
      select d.merchant_id, d.store_id, d.id, d.serial_number, x.event_id, x.produced_at, x.product_code,
             x.recipe_version, x.method, x.result, x.bad_cup, x.started_at, x.cup_out_seconds, x.extraction_seconds,
             x.coffee, x.tea, x.materials, x.produced_at, x.produced_at, x.produced_at
      from jsonb_to_recordset(${json}::jsonb) as x(device_id bigint, event_id text, produced_at timestamptz,
           product_code text, recipe_version text, method text, result text, bad_cup boolean, started_at timestamptz,
           cup_out_seconds float8, extraction_seconds float8, coffee jsonb, tea jsonb, materials jsonb)
      join device d on d.id = x.device_id`,
  );
}
