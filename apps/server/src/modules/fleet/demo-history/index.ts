/**
 * The demo fleet's past (DEMO=1, first start): three weeks of cups, faults, cleanings, refills,
 * commands and machine-log lines for every demo machine, lived in memory (timeline.ts) and written
 * kind by kind in a few set-based statements, then the machines' counters and states computed from
 * those records as the gateway computes them. Some machines are left in the parts roles.ts gives
 * them: offline, in alarm, short of milk, due for maintenance.
 *
 * The cups are written naming no order: the orders module's demo history (orders/demo-history.ts,
 * a later step) then sells them — its orders of these days are made of these cups — and links each
 * cup to its order line through this module's service (reports.historyCups, linkCupsToOrders).
 * Another kind of the fleet's own history is one more file beside these, called from WRITERS.
 */
import { sql } from 'drizzle-orm';
import { menuContent } from '@brewfleet/contracts';
import { PRODUCTS, productOfMenu, type Family } from '@brewfleet/simulator';
import { rows, type Db } from '../../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../../platform/db/scope.ts';
import { DEMO_SERIAL_PREFIX } from '../demo.ts';
import { writeChannelLevels } from './channels.ts';
import { writeCleanings } from './cleanings.ts';
import { writeCommands } from './commands.ts';
import { writeDeviceState } from './device-state.ts';
import { writeFaults } from './faults.ts';
import { writeLog } from './log.ts';
import { writeProduction } from './production.ts';
import { demoRoles } from './roles.ts';
import { liveHistory, type HistoryMachine, type MachineHistory } from './timeline.ts';

/** In this order: the machines' counters and states last, from the records before them. */
const WRITERS: Array<(db: Db, histories: MachineHistory[]) => Promise<void>> = [
  writeProduction,
  writeFaults,
  writeCleanings,
  writeCommands,
  writeLog,
  writeChannelLevels,
  writeDeviceState,
];

export async function seedDemoHistory(database: Db, now = Date.now()): Promise<void> {
  await inScope(database, SYSTEM, async (db) => {
    const machines = await demoMachines(db);
    const histories = machines.map((m) => liveHistory(m, now));
    for (const write of WRITERS) await write(db, histories);
  });
}

async function demoMachines(db: Db): Promise<HistoryMachine[]> {
  const found = await rows<{
    id: string;
    serial_number: string;
    family: Family;
    basic: number;
    deep: number;
    channels: Array<{ channel: number; capacityG: number; lowLevelG: number; shelfLifeHours: number | null }>;
    menu: unknown;
  }>(
    db,
    sql`select d.id::text, d.serial_number, d.family, m.basic_maintenance_cups as basic, m.deep_maintenance_cups as deep,
               (select jsonb_agg(jsonb_build_object('channel', c.channel_number, 'capacityG', c.capacity_g,
                                                    'lowLevelG', c.low_level_g, 'shelfLifeHours', c.shelf_life_hours)
                                 order by c.channel_number)
                from device_channel c where c.device_id = d.id) as channels,
               (select k.params->'menu' from device_command k where k.device_id = d.id and k.type = 'menu'
                order by k.created_at desc limit 1) as menu
        from device d join device_model m on m.id = d.model_id
        where d.serial_number like ${`${DEMO_SERIAL_PREFIX}%`} order by d.serial_number`,
  );
  const roles = demoRoles(found.map((d) => ({ serialNumber: d.serial_number, family: d.family })));
  return found.map((d) => {
    // What the machine makes: the menu its store pushed (as it will make it live), else its factory products.
    const menu = menuContent.safeParse(d.menu);
    const products = menu.success
      ? menu.data.products
          .filter((p) => p.family === d.family && p.orderable !== false)
          .map((p) => ({ ...productOfMenu(p), recipeVersion: p.recipeVersion }))
      : [];
    return {
      id: d.id,
      serialNumber: d.serial_number,
      family: d.family,
      basicEvery: d.basic,
      deepEvery: d.deep,
      channels: (d.channels ?? []).filter((c) => c.capacityG > 0),
      products: products.length ? products : PRODUCTS[d.family],
      role: roles.get(d.serial_number),
    };
  });
}
