/**
 * Recipe parameters per machine family (product_parameter): seeded from the contracts' defaults at
 * start (missing ones only, so edits stay), and read when a recipe is checked.
 */
import { sql } from 'drizzle-orm';
import { PARAMETER_DEFAULTS, type MachineFamily, type ParameterRange } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';

export async function seedProductParameters(database: Db): Promise<void> {
  const payload = JSON.stringify(
    PARAMETER_DEFAULTS.map((p) => ({
      family: p.family,
      key: p.key,
      unit: p.unit,
      name: p.names[0],
      tw_name: p.names[1],
      en_name: p.names[2],
      min: p.min,
      max: p.max,
    })),
  );
  await inScope(database, SYSTEM, (db) =>
    db.execute(sql`
      insert into product_parameter (family, key, unit, name, tw_name, en_name, min, max)
      select * from jsonb_to_recordset(${payload}::jsonb) as x(family text, key text, unit text, name text,
             tw_name text, en_name text, min float8, max float8)
      on conflict (family, key) do nothing`),
  );
}

export async function parameterRanges(db: Db, family: MachineFamily): Promise<ParameterRange[]> {
  const list = await rows<{
    key: string;
    unit: string;
    min: number;
    max: number;
    name: string;
    tw_name: string;
    en_name: string;
  }>(
    db,
    sql`select key, unit, min, max, name, tw_name, en_name from product_parameter where family = ${family}`,
  );
  return list.map((r) => ({
    family,
    key: r.key,
    unit: r.unit,
    min: Number(r.min),
    max: Number(r.max),
    names: [r.name, r.tw_name, r.en_name],
  }));
}
