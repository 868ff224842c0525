/**
 * The demo fleet (DEMO=1): machine types and models of every family, machines in the demo stores
 * with their channels, and, at each start, simulated machines in this process that connect to the
 * broker with fresh secrets, make cups, raise faults, clean and obey commands, so every screen shows
 * living data.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  CHANNELS,
  LOW_LEVEL_SHARE,
  PEAK_CUSTOMERS_PER_HOUR,
  startFleet,
  type Family,
  type Fleet,
  type FleetMachine,
} from '@brewfleet/simulator';
import { isBulkLiquid } from '@brewfleet/contracts/bulk-liquids';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { hashSecret, newSecret } from './credentials.ts';
import { demoRoles } from './demo-history/roles.ts';
import { DEMO_CHANCES, runDemoScenario } from './demo-scenario.ts';

export const DEMO_SERIAL_PREFIX = 'DEMO-';

const TYPES: Array<{
  name: string;
  family: Family;
  automation: string;
  /** Shown in the console's language (and the menu's). */
  names: { en: string; zh: string; tw: string };
  model: string;
  code: string;
  maker: string;
}> = [
  {
    name: 'Automatic espresso',
    names: { en: 'Automatic espresso', zh: '全自动咖啡机', tw: '全自動咖啡機' },
    family: 'coffee',
    automation: 'automatic',
    model: 'BaristaBot X2',
    code: 'BB-X2',
    maker: 'Brewtronic',
  },
  {
    name: 'Semi-automatic espresso',
    names: { en: 'Semi-automatic espresso', zh: '半自动咖啡机', tw: '半自動咖啡機' },
    family: 'coffee',
    automation: 'semi-automatic',
    model: 'Lever Pro 2G',
    code: 'LP-2G',
    maker: 'Caffè Meccanica',
  },
  {
    name: 'Tea extractor',
    names: { en: 'Tea extractor', zh: '萃茶机', tw: '萃茶機' },
    family: 'tea',
    automation: 'automatic',
    model: 'LeafPress T3',
    code: 'LP-T3',
    maker: 'Formosa Machines',
  },
  {
    name: 'Ice-sand and smoothie',
    names: { en: 'Ice-sand and smoothie', zh: '冰沙机', tw: '冰沙機' },
    family: 'ice-sand',
    automation: 'automatic',
    model: 'FrostMix 500',
    code: 'FM-500',
    maker: 'Polar Works',
  },
  {
    name: 'Milk frother',
    names: { en: 'Milk frother', zh: '奶泡机', tw: '奶泡機' },
    family: 'milk-frother',
    automation: 'semi-automatic',
    model: 'FoamJet M1',
    code: 'FJ-M1',
    maker: 'Brewtronic',
  },
  {
    name: 'Blender',
    names: { en: 'Blender', zh: '搅拌机', tw: '攪拌機' },
    family: 'blender',
    automation: 'automatic',
    model: 'VortexBlend B4',
    code: 'VB-B4',
    maker: 'Polar Works',
  },
];

/** Which machines stand in a demo store: tea houses get tea, the rest a mix. */
function machinesFor(storeName: string, index: number): number[] {
  if (/tea/i.test(storeName)) return [2, 3];
  return [
    [0, 1, 4],
    [0, 3],
    [0, 5],
    [1, 2],
  ][index % 4];
}

export async function seedDemoFleet(database: Db): Promise<void> {
  await inScope(database, SYSTEM, async (db) => {
    const models: string[] = [];
    for (const t of TYPES) {
      const [type] = await rows<{ id: string }>(
        db,
        sql`insert into device_type (name, names, family, automation)
            values (${t.name}, ${JSON.stringify(t.names)}::jsonb, ${t.family}, ${t.automation}) returning id::text`,
      );
      const [model] = await rows<{ id: string }>(
        db,
        sql`insert into device_model (name, code, device_type_id, manufacturer, channel_count, basic_maintenance_cups, deep_maintenance_cups)
            values (${t.model}, ${t.code}, ${type.id}, ${t.maker}, ${CHANNELS[t.family].length}, 300, 3000) returning id::text`,
      );
      models.push(model.id);
    }
    // Channel types in the spec's units: bulk liquids in barrels (buckets), the rest in hoppers.
    const [barrel, hopper] = await rows<{ id: string }>(
      db,
      sql`insert into channel_type (name, code, description)
          values ('Barrel (bucket)', 'BARREL', 'Bulk liquids: water, fresh milk, syrups, purées, yoghurt'),
                 ('Hopper', 'HOPPER', 'Beans, tea leaves and powders, dosed in grams')
          returning id::text`,
    );
    const stores = await rows<{
      id: string;
      merchant_id: string;
      name: string;
      latitude: number;
      longitude: number;
      address: string;
    }>(
      db,
      sql`select id::text, merchant_id::text, name, latitude, longitude, address from store order by id`,
    );
    let n = 0;
    for (const [i, store] of stores.entries()) {
      for (const t of machinesFor(store.name, i)) {
        n++;
        const family = TYPES[t].family;
        const serial = `${DEMO_SERIAL_PREFIX}${String(n).padStart(4, '0')}`;
        const [device] = await rows<{ id: string }>(
          db,
          sql`insert into device (merchant_id, store_id, name, serial_number, model_id, family, automation, code, brand,
                                  location, latitude, longitude, manufacture_date, usage_date, secret_hash)
              values (${store.merchant_id}, ${store.id}, ${`${store.name} · ${TYPES[t].model}`}, ${serial}, ${models[t]},
                      ${family}, ${TYPES[t].automation}, ${`M${String(n).padStart(3, '0')}`}, ${TYPES[t].maker},
                      ${store.address}, ${store.latitude + (n % 3) * 0.0004}, ${store.longitude + (n % 2) * 0.0004},
                      '2025-09-01', '2026-01-15', ${hashSecret(newSecret())})
              returning id::text`,
        );
        for (const c of CHANNELS[family]) {
          const liquid = isBulkLiquid(c.material);
          await db.execute(sql`
            insert into device_channel (merchant_id, store_id, device_id, name, channel_number, channel_type_id, material,
                                        capacity_g, low_level_g, shelf_life_hours, filled_at, level_g, config_name)
            values (${store.merchant_id}, ${store.id}, ${device.id}, ${`${c.material} ${liquid ? 'barrel' : 'hopper'}`},
                    ${c.channel}, ${liquid ? barrel.id : hopper.id}, ${c.material},
                    ${c.capacityG}, ${Math.round(c.capacityG * LOW_LEVEL_SHARE)}, ${c.material === 'water' ? null : 72},
                    now(), ${c.capacityG}, 'Demo')`);
        }
      }
    }
  });
}

/** The demo's countries' time zones (its brands are in Taiwan and Hong Kong). */
const DEMO_TIME_ZONES: Readonly<Record<string, string>> = { TW: 'Asia/Taipei', HK: 'Asia/Hong_Kong' };

/**
 * Start the demo machines: each gets a new secret (only its hash is stored; the plain one lives in
 * this process), so the fleet can run however many times the server restarts. Each starts where the
 * server last knew it (channel levels with when each was filled and its shelf life, cups since its
 * cleanings, open faults), as a real machine remembers them — so its staff replace a perishable
 * material before it expires, as in the history — and the demo scenario (demo-scenario.ts) plays
 * on top.
 */
export async function startDemoFleet(opts: {
  db: Db;
  url: string;
  log: FastifyBaseLogger;
  /** DATA_DIR: the machines keep their menus under <dataDir>/simulator across server restarts. */
  dataDir?: string;
  /** One minute of the demo scenario, in milliseconds (tests run it faster). */
  scenarioMinuteMs?: number;
}): Promise<Fleet | null> {
  const found = await inScope(opts.db, SYSTEM, async (db) => {
    const list = await rows<{
      id: string;
      serial_number: string;
      family: Family;
      cups_since_basic: number;
      cups_since_deep: number;
      fault_codes: string[] | null;
      levels: Array<{
        channel: number;
        grams: number;
        filledAt: string | null;
        shelfLifeHours: number | null;
      }> | null;
      country: string | null;
    }>(
      db,
      sql`select d.id::text, d.serial_number, d.family, d.cups_since_basic, d.cups_since_deep, d.fault_codes,
                 (select upper(m.country) from merchant m where m.id = d.merchant_id) as country,
                 (select jsonb_agg(jsonb_build_object('channel', c.channel_number, 'grams', c.level_g,
                                                      'filledAt', c.filled_at, 'shelfLifeHours', c.shelf_life_hours))
                  from device_channel c where c.device_id = d.id and c.level_g is not null) as levels
          from device d where serial_number like ${`${DEMO_SERIAL_PREFIX}%`} order by serial_number`,
    );
    return Promise.all(
      list.map(async (d) => {
        const secret = newSecret();
        await db.execute(sql`update device set secret_hash = ${hashSecret(secret)} where id = ${d.id}`);
        return { ...d, secret };
      }),
    );
  });
  if (!found.length) return null;
  const roles = demoRoles(found.map((d) => ({ serialNumber: d.serial_number, family: d.family })));
  const machines: FleetMachine[] = found.map((d) => ({
    serialNumber: d.serial_number,
    secret: d.secret,
    family: d.family,
    initial: {
      levels: d.levels ?? undefined,
      cupsSinceBasic: d.cups_since_basic,
      cupsSinceDeep: d.cups_since_deep,
      faultCodes: Array.isArray(d.fault_codes) ? d.fault_codes : [],
    },
    startOffline: roles.get(d.serial_number) === 'offline',
    // Customers come by the local day (morning and afternoon peaks, quieter weekends), as many as
    // the order and cup history has (one pace for both: today reads against last week).
    timeZone: DEMO_TIME_ZONES[d.country ?? ''] ?? 'Asia/Taipei',
    customersPerHour: PEAK_CUSTOMERS_PER_HOUR[d.family],
  }));
  const fleet = await startFleet({
    url: opts.url,
    machines,
    cupsPerMinute: 1,
    ...DEMO_CHANCES,
    // Menus pushed once (at seeding) are not pushed again: without this, every restart would leave
    // the demo machines with no menu and the console would rightly call them not updated.
    ...(opts.dataDir && { stateDir: path.join(opts.dataDir, 'simulator') }),
    onError: (serialNumber, error) => opts.log.warn({ serialNumber, err: error.message }, 'demo machine'),
  });
  const scenario = runDemoScenario({ fleet, roles, log: opts.log, minuteMs: opts.scenarioMinuteMs });
  opts.log.info({ machines: machines.length }, 'demo fleet running');
  return {
    ...fleet,
    stop: async () => {
      scenario.stop();
      await fleet.stop();
    },
  };
}
