/** The platform's machine catalog, debugging settings and what machines report: plain resources. */
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  channelTypeResource,
  commandConfigResource,
  deviceModelResource,
  deviceTypeResource,
  presetCommandResource,
  productionRecordResource,
  faultLogResource,
  cleaningRecordResource,
  deviceLogResource,
  deviceCommandResource,
} from '@brewfleet/contracts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import type { Db } from '../../platform/db/client.ts';
import type { FleetDeps } from './deps.ts';

export function registerCatalog(app: FastifyInstance, deps: FleetDeps) {
  // Deleting a type, model or channel type still in use is refused by its foreign key (409 "in use").
  // A machine copies its family and automation from its model's type when it is registered; an edit
  // of the type or model reaches the machines at once (the detail page they open, the presets and
  // menus they may take), as does a model's new maintenance interval (the counters).
  registerResource(app, deps, deviceTypeResource, {
    hooks: {
      afterUpdate: (row, _before, ctx) => followModels(ctx.db, sql`m.device_type_id = ${String(row.id)}`),
    },
  });
  registerResource(app, deps, deviceModelResource, {
    hooks: { afterUpdate: (row, _before, ctx) => followModels(ctx.db, sql`m.id = ${String(row.id)}`) },
  });
  registerResource(app, deps, channelTypeResource);
  registerResource(app, deps, presetCommandResource);
  registerResource(app, deps, commandConfigResource);
  // What machines report: listed and exported, never written through the API.
  for (const def of [
    productionRecordResource,
    faultLogResource,
    cleaningRecordResource,
    deviceLogResource,
    deviceCommandResource,
  ])
    registerResource(app, deps, def);
}

/** Machines of the models `which` selects take their type's family and automation and model's intervals. */
async function followModels(db: Db, which: SQL): Promise<void> {
  const due = sql`(d.cups_since_basic >= m.basic_maintenance_cups or d.cups_since_deep >= m.deep_maintenance_cups)`;
  await db.execute(sql`
    update device d set family = t.family, automation = t.automation, maintenance_due = ${due}, updated_at = now()
    from device_model m join device_type t on t.id = m.device_type_id
    where d.model_id = m.id and ${which}
      and (d.family, d.automation, d.maintenance_due) is distinct from (t.family, t.automation, ${due})`);
}
