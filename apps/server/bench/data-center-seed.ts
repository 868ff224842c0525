/**
 * `npm run bench:data-center-seed`: the data the data-center bench reads (bench/data-center.ts, issue
 * 17 §8): 10,000,000 cups (`--cups N`) and 1,000,000 orders with their lines (`--orders N`) over
 * 120 days (`--days N`), for the fleet of data-center-fixtures.ts (3 merchants, 40 stores, 400
 * machines of every family; one merchant in Asia/Kolkata, UTC+5:30), with faults and cleanings;
 * then VACUUM ANALYZE and the rollups rebuilt from raw rows (module datacenter's rebuildRollups,
 * timed on its own: UTC, then `--zones` (Asia/Taipei), which the query bench reads).
 *
 * Cups are the simulator's (apps/simulator production.ts makeCup): coffee with its extraction data
 * and ~3% defect cups, tea with its segments, grams per channel; a few coffee machines' grinders
 * drift finer over the last third of the range. Days have morning and afternoon peaks in each
 * store's zone and quieter weekends. Orders are made by orders-seed.ts's benchOrder (its statuses,
 * payments, taxes) with each family's products and the merchant's currency; each unit of a
 * completed order's drink lines is a cup naming its order line (order_no, order_line), the rest of
 * the cups are sold otherwise (no order).
 *
 * The database is DC_BENCH_DATABASE_URL, else `brewfleet_dc_bench` on the tests' server (a database
 * of its own: the order-list bench's `brewfleet_bench` keeps its own merchants' million orders).
 * Created, migrated and seeded like production when missing; kept between runs (drop it with `dropdb
 * brewfleet_dc_bench`). Run again, the script keeps what is there; `--reset` empties the tables of
 * cups, orders, faults and cleanings first (the database is the bench's alone). Into empty tables,
 * the rows go in without the secondary indexes and foreign keys, made again after the load.
 * `--rebuild-only`: only the rollups' rebuild (timed), on what is there (`--zones-only`: only the
 * zones of `--zones`, not UTC).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { FAULTS, PRODUCTS, emptyChannelCup, makeCup, type Family, type Product } from '@brewfleet/simulator';
import { openPostgres, type Db } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { ensureAdmin } from '../src/modules/iam/seed.ts';
import { MODULES } from '../src/modules/index.ts';
import { seedModules } from '../src/platform/module-runner.ts';
import {
  BENCH_ADMIN_PASSWORD,
  LINE_COLUMNS,
  NULL,
  ORDER_COLUMNS,
  benchOrder,
  ensureDatabase,
  random,
  type BenchProduct,
} from './orders-seed.ts';
import { DC_MERCHANTS, ensureDcFixtures, type DcMachine } from './data-center-fixtures.ts';
import { Copier, dropIndexes, restoreIndexes } from './data-center-copy.ts';

/** The data-center bench database: DC_BENCH_DATABASE_URL, else `brewfleet_dc_bench` on the tests' server. */
export function dcBenchDatabaseUrl(): string {
  if (process.env.DC_BENCH_DATABASE_URL) return process.env.DC_BENCH_DATABASE_URL;
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  url.pathname = '/brewfleet_dc_bench';
  return url.toString();
}
const hidePassword = (url: string) => url.replace(/\/\/[^@]*@/, '//');

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Cups per local hour of a weekday and of a weekend day (stores open 07:00–22:00). */
const WEEKDAY_HOURS = [0, 0, 0, 0, 0, 0, 0, 6, 12, 10, 6, 5, 7, 6, 8, 9, 8, 6, 4, 3, 2, 1, 0, 0];
const WEEKEND_HOURS = [0, 0, 0, 0, 0, 0, 0, 1, 3, 5, 7, 8, 8, 7, 8, 9, 9, 8, 6, 5, 3, 2, 0, 0];
const cumulative = (w: number[]) => {
  const out: number[] = [];
  w.reduce((s, x, i) => (out[i] = s + x), 0);
  return out.map((x) => x / out[out.length - 1]);
};
const WEEKDAY_CUM = cumulative(WEEKDAY_HOURS);
const WEEKEND_CUM = cumulative(WEEKEND_HOURS);
/** Index of the first cumulative share above r (binary search). */
function bucket(cum: number[], r: number): number {
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cum[mid] > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
/** Cups a day each family makes, relative (demo-history's figures). */
const FAMILY_WEIGHT: Record<Family, number> = {
  coffee: 70,
  tea: 50,
  'ice-sand': 35,
  'milk-frother': 40,
  blender: 30,
};
/** TWD prices of M and L; other merchants' are these times their price factor. */
const PRICES: Record<string, [number, number]> = {
  ESPRESSO: [50, 60],
  'AMERICANO-M': [60, 75],
  'LATTE-L': [90, 105],
  'CAPPUCCINO-M': [75, 90],
  'MOCHA-M': [85, 100],
  'OOLONG-M': [45, 55],
  'BLACK-TEA-L': [45, 55],
  'JASMINE-GREEN-M': [45, 55],
  'MANGO-ICE': [65, 80],
  'TARO-ICE': [65, 80],
  'MILK-FOAM': [30, 40],
  'HOT-MILK': [40, 50],
  'STRAWBERRY-SMOOTHIE': [80, 95],
  'BANANA-SHAKE': [75, 90],
};
const title = (code: string) =>
  code
    .toLowerCase()
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
/** What a merchant's machines of a family sell, priced in its currency, for benchOrder. */
function menuOf(family: Family, factor: number): Array<readonly [BenchProduct, number]> {
  return PRODUCTS[family].map((p) => {
    const [m, l] = PRICES[p.code] ?? [60, 75];
    return [[p.code, title(p.code), Math.round(m * factor), Math.round(l * factor)], 1] as const;
  });
}
const PRODUCT_BY_CODE = new Map<string, Product>(
  Object.values(PRODUCTS).flatMap((list) => list.map((p) => [p.code, p] as const)),
);

const CUP_COLUMNS = [
  'id',
  'merchant_id',
  'store_id',
  'device_id',
  'serial_number',
  'event_id',
  'produced_at',
  'product_code',
  'recipe_version',
  'method',
  'result',
  'bad_cup',
  'started_at',
  'cup_out_seconds',
  'extraction_seconds',
  'coffee',
  'tea',
  'materials',
  'received_at',
  'created_at',
  'updated_at',
  'order_no',
  'order_line',
];
const FAULT_COLUMNS = [
  'merchant_id',
  'store_id',
  'device_id',
  'serial_number',
  'event_id',
  'code',
  'message',
  'severity',
  'active',
  'raised_at',
  'cleared_at',
  'created_at',
  'updated_at',
];
const CLEANING_COLUMNS = [
  'merchant_id',
  'store_id',
  'device_id',
  'serial_number',
  'event_id',
  'kind',
  'result',
  'duration_seconds',
  'cleaned_at',
  'created_at',
  'updated_at',
];
const SEED_TABLES = ['production_record', 'sales_order', 'sales_order_line', 'fault_log', 'cleaning_record'];

interface Bench extends DcMachine {
  weight: number;
  offset: number;
  menu: Array<readonly [BenchProduct, number]>;
  currency: string;
  /** Grind drift (degrees) reached at the end of the range; 0 for most. */
  drift: number;
}

type Rebuild = (db: Db, range: { from?: string; to?: string }, opts?: { zone?: string }) => Promise<unknown>;

/** Find the data center's rebuild (module datacenter, another engineer's), wherever it is exported. */
async function findRebuild(): Promise<Rebuild | null> {
  for (const file of ['rollups.ts', 'index.ts', 'rebuild.ts', 'service.ts']) {
    try {
      const mod = (await import(`../src/modules/datacenter/${file}`)) as Record<string, unknown>;
      if (typeof mod.rebuildRollups === 'function') return mod.rebuildRollups as Rebuild;
    } catch {
      // not this file
    }
  }
  return null;
}

/**
 * The rollups counted again from raw rows, one zone at a time as the job backfills a zone asked for
 * the first time (which also marks it ready): UTC (always kept), then each of `zones` (the zones the
 * query bench reads), each timed.
 */
async function rebuild(db: Db, zones: string[], utc = true): Promise<Record<string, number> | null> {
  const rebuildRollups = await findRebuild();
  if (!rebuildRollups) {
    console.log(
      'rollups: module datacenter has no rebuildRollups yet: not rebuilt (run --rebuild-only later)',
    );
    return null;
  }
  const seconds: Record<string, number> = {};
  for (const zone of [...(utc ? ['UTC'] : []), ...zones.filter((z) => z !== 'UTC')]) {
    const started = Date.now();
    console.log(`rebuilding the rollups of ${zone} from raw rows (rebuildRollups)…`);
    await db.execute(sql`insert into stat_zone (zone) values (${zone}) on conflict do nothing`);
    await rebuildRollups(db, {}, { zone });
    seconds[zone] = (Date.now() - started) / 1000;
    console.log(`  ${zone} done in ${seconds[zone].toFixed(1)} s`);
  }
  return seconds;
}

async function main() {
  const { values: options } = parseArgs({
    args: process.argv.slice(2),
    options: {
      cups: { type: 'string', default: '10000000' },
      orders: { type: 'string', default: '1000000' },
      days: { type: 'string', default: '120' },
      reset: { type: 'boolean', default: false },
      'rebuild-only': { type: 'boolean', default: false },
      zones: { type: 'string', default: 'Asia/Taipei' },
      'zones-only': { type: 'boolean', default: false },
      connections: { type: 'string', default: '2' },
    },
  });
  const started = Date.now();
  const totalCups = Number(options.cups);
  const totalOrders = Number(options.orders);
  const days = Number(options.days);
  const connections = Number(options.connections);
  const zoneList = options.zones ? options.zones.split(',') : [];
  for (const [name, n] of Object.entries({ cups: totalCups, orders: totalOrders, days, connections }))
    if (!Number.isInteger(n) || n < (name === 'orders' ? 0 : 1))
      throw new Error(`--${name}: a whole number, not ${String(n)}`);
  const url = dcBenchDatabaseUrl();
  await ensureDatabase(url);
  const database = await openPostgres(url, 2);
  const pool = new pg.Pool({ connectionString: url, max: connections + 1 });
  try {
    await migrate(database);
    await seedModules(MODULES, database.db);
    await ensureAdmin(database.db, BENCH_ADMIN_PASSWORD);
    if (options['rebuild-only']) {
      await rebuild(database.db, zoneList, !options['zones-only']);
      return;
    }
    const { machines } = await ensureDcFixtures(database.db);
    const client = await pool.connect();
    const { rows: who } = await client.query<{ bypass: boolean }>(
      'select rolsuper or rolbypassrls as bypass from pg_roles where rolname = current_user',
    );
    if (!who[0]?.bypass)
      throw new Error(
        'the bench loads with COPY: connect as a role that bypasses row-level security (postgres)',
      );
    const { rows: existing } = await client.query<{ cups: string; orders: string }>(
      `select (select count(*) from production_record)::text as cups, (select count(*) from sales_order)::text as orders`,
    );
    let have = Number(existing[0].cups) + Number(existing[0].orders);
    if (have && options.reset) {
      process.stdout.write(
        `--reset: emptying ${SEED_TABLES.join(', ')} (${Number(existing[0].cups).toLocaleString('en')} cups, ` +
          `${Number(existing[0].orders).toLocaleString('en')} orders)… `,
      );
      await client.query(`truncate ${SEED_TABLES.join(', ')} cascade`);
      console.log('done');
      have = 0;
    }
    if (have) {
      client.release();
      console.log(
        `${hidePassword(url)}: ${Number(existing[0].cups).toLocaleString('en')} cups and ` +
          `${Number(existing[0].orders).toLocaleString('en')} orders already there (--reset to make them again)`,
      );
      return;
    }
    const dropped = await dropIndexes(client, SEED_TABLES);
    client.release();
    const copyClients = await Promise.all(Array.from({ length: connections }, () => pool.connect()));
    for (const c of copyClients) await c.query('set synchronous_commit = off');
    const copier = new Copier(copyClients);

    // The machines' shares: their merchant's, split by family weight, each machine ±25%.
    const fleet: Bench[] = [];
    for (const [mi, m] of DC_MERCHANTS.entries()) {
      const own = machines.filter((x) => x.merchant === mi);
      const raw = own.map((x) => FAMILY_WEIGHT[x.family] * (0.75 + random() * 0.5));
      const sum = raw.reduce((s, w) => s + w, 0);
      own.forEach((x, i) =>
        fleet.push({
          ...x,
          weight: (m.share * raw[i]) / sum,
          offset: m.offsetMinutes * 60_000,
          menu: menuOf(x.family, m.priceFactor),
          currency: m.currency,
          // One coffee machine in 12 has a grinder that drifts finer (the drift detection's case).
          drift: x.family === 'coffee' && random() < 1 / 12 ? -(2 + random() * 2) : 0,
        }),
      );
    }
    const fleetCum = cumulative(fleet.map((x) => x.weight));
    const drifting = fleet.filter((x) => x.drift).length;

    const end = Date.now() - HOUR;
    const today = Math.floor((end + 8 * HOUR) / DAY);
    const firstDay = today - days + 1;
    const dayWeight = (d: number) => ([0, 6].includes(new Date(d * DAY).getUTCDay()) ? 0.8 : 1);
    const weights = Array.from({ length: days }, (_, i) => dayWeight(firstDay + i));
    const weightSum = weights.reduce((s, w) => s + w, 0);
    const split = (total: number) => {
      const out: number[] = [];
      let carried = 0;
      for (const w of weights) {
        const exact = (total * w) / weightSum + carried;
        out.push(Math.floor(exact));
        carried = exact - Math.floor(exact);
      }
      out[out.length - 1] += total - out.reduce((s, n) => s + n, 0);
      return out;
    };
    const cupsPerDay = split(totalCups);
    const ordersPerDay = split(totalOrders);
    console.log(
      `seeding ${totalCups.toLocaleString('en')} cups and ${totalOrders.toLocaleString('en')} orders over ${days} days ` +
        `for ${fleet.length} machines (${drifting} coffee grinders drifting) into ${hidePassword(url)}, ` +
        `COPY on ${connections} connections, without secondary indexes`,
    );

    /** An instant on machine x's local day `localDay` (its zone), drawn from the hour profile. */
    const instantOn = (x: Bench, localDay: number) => {
      const cum = [0, 6].includes(new Date(localDay * DAY).getUTCDay()) ? WEEKEND_CUM : WEEKDAY_CUM;
      const at = localDay * DAY - x.offset + bucket(cum, random()) * HOUR + Math.floor(random() * HOUR);
      return at <= end ? at : end - Math.floor(random() * 6 * HOUR);
    };
    const machineOf = () => fleet[bucket(fleetCum, random())];

    let k = 0;
    let cupsWritten = 0;
    let ordersWritten = 0;
    let linesWritten = 0;
    let faults = 0;
    let cleanings = 0;
    let cupText: string[] = [];
    let orderText: string[] = [];
    let lineText: string[] = [];
    let careFaults: string[] = [];
    let careCleanings: string[] = [];
    const CHUNK = 25_000;
    let lastPrint = 0;
    const progress = (force = false) => {
      const now = Date.now();
      if (!force && now - lastPrint < 2000) return;
      lastPrint = now;
      const s = (now - started) / 1000;
      console.log(
        `  ${((100 * cupsWritten) / totalCups).toFixed(1).padStart(5)}%  ${cupsWritten.toLocaleString('en')} cups, ` +
          `${ordersWritten.toLocaleString('en')} orders, ${linesWritten.toLocaleString('en')} lines  ` +
          `${Math.round(cupsWritten / s).toLocaleString('en')} cups/s  ${s.toFixed(0)} s`,
      );
    };
    const flush = async (force = false) => {
      if (cupText.length >= CHUNK || (force && cupText.length)) {
        const t = cupText;
        cupText = [];
        await copier.send('production_record', CUP_COLUMNS, t);
      }
      if (orderText.length >= CHUNK || (force && orderText.length)) {
        const o = orderText;
        const l = lineText;
        orderText = [];
        lineText = [];
        await copier.send('sales_order', ORDER_COLUMNS, o);
        await copier.send('sales_order_line', LINE_COLUMNS, l);
      }
      if (force && careFaults.length) await copier.send('fault_log', FAULT_COLUMNS, careFaults);
      if (force && careCleanings.length)
        await copier.send('cleaning_record', CLEANING_COLUMNS, careCleanings);
      if (force) [careFaults, careCleanings] = [[], []];
      progress();
    };

    /** One cup as COPY text; `order` when it is a unit of an order's line. */
    const cup = (x: Bench, at: number, dayIndex: number, product?: Product, order?: [string, number]) => {
      const grindDrift = x.drift ? x.drift * Math.max(0, (dayIndex - (days * 2) / 3) / (days / 3)) : 0;
      let c = makeCup(x.family, random, { grindDrift, product });
      if (!order && random() < 0.004) c = emptyChannelCup(c); // a channel ran short: nothing dispensed
      const id = ((BigInt(at) - 1700000000000n) << 22n) | BigInt(k % 4194304);
      const producedAt = new Date(at).toISOString();
      const receivedAt = new Date(at + 200 + Math.floor(random() * 2000)).toISOString();
      cupsWritten++;
      cupText.push(
        `${id}\t${x.merchantId}\t${x.storeId}\t${x.id}\t${x.serial}\tdc${(k++).toString(36)}\t${producedAt}\t` +
          `${c.productCode}\t${c.recipeVersion ?? NULL}\t${c.method}\t${c.result}\t${c.badCup ? 't' : 'f'}\t` +
          `${new Date(at - c.cupOutSeconds * 1000).toISOString()}\t${c.cupOutSeconds}\t${c.extractionSeconds ?? NULL}\t` +
          `${c.coffee ? JSON.stringify(c.coffee) : NULL}\t${c.tea ? JSON.stringify(c.tea) : NULL}\t` +
          `${JSON.stringify(c.materials)}\t${receivedAt}\t${receivedAt}\t${receivedAt}\t` +
          `${order ? order[0] : NULL}\t${order ? order[1] : NULL}\n`,
      );
    };

    for (let d = 0; d < days; d++) {
      const localDay = firstDay + d;
      const dayText = new Date(localDay * DAY).toISOString().slice(2, 10).replace(/-/g, '');
      let dayCups = 0;
      // Orders first: each completed one's drinks are cups of the day.
      const orderTimes: Array<[number, Bench]> = [];
      for (let i = 0; i < ordersPerDay[d]; i++) {
        const x = machineOf();
        orderTimes.push([instantOn(x, localDay), x]);
      }
      orderTimes.sort((a, b) => a[0] - b[0]);
      const seqs = new Map<string, number>();
      for (const [at, x] of orderTimes) {
        const seq = (seqs.get(x.id) ?? 0) + 1;
        seqs.set(x.id, seq);
        const order = benchOrder({
          machine: x,
          at,
          end,
          seq,
          dayText,
          k: k++,
          products: x.menu,
          currency: x.currency,
        });
        ordersWritten++;
        linesWritten += order.lines.length;
        orderText.push(order.orderText);
        lineText.push(...order.lineTexts);
        if (order.status === 'completed')
          for (const line of order.lines) {
            if (line.kind !== 'product') continue;
            for (let u = 0; u < line.quantity; u++) {
              cup(x, at + 30_000 + u * 40_000, d, PRODUCT_BY_CODE.get(line.productCode), [
                order.orderNo,
                line.line,
              ]);
              dayCups++;
            }
          }
        if (cupText.length >= CHUNK || orderText.length >= CHUNK) await flush();
      }
      // The day's other cups (sold at the counter, staff drinks, tests).
      const rest = d === days - 1 ? totalCups - cupsWritten : Math.max(0, cupsPerDay[d] - dayCups);
      for (let i = 0; i < rest; i++) {
        const x = machineOf();
        cup(x, instantOn(x, localDay), d);
        if (cupText.length >= CHUNK) await flush();
      }
      // After-sales: a rinse every morning, a basic cleaning every few days, now and then a fault.
      for (const x of fleet) {
        const morning = localDay * DAY - x.offset + 6.5 * HOUR + Math.floor(random() * 1800_000);
        if (morning > end) continue;
        const clean = (kind: string, at: number, seconds: number) => {
          const failed = random() < 0.02;
          const iso = new Date(at).toISOString();
          cleanings++;
          careCleanings.push(
            `${x.merchantId}\t${x.storeId}\t${x.id}\t${x.serial}\tdcc${(k++).toString(36)}\t${kind}\t` +
              `${failed ? 'failed' : 'completed'}\t${seconds}\t${iso}\t${iso}\t${iso}\n`,
          );
        };
        clean('rinse', morning, 60 + Math.round(random() * 30));
        if (random() < 0.3) clean('basic', morning + 10 * 60_000, 300 + Math.round(random() * 120));
        if (random() < 1 / 60) clean('deep', morning + 20 * 60_000, 1200 + Math.round(random() * 600));
        if (random() < 0.12) {
          const f = FAULTS[x.family][Math.floor(random() * FAULTS[x.family].length)];
          const raised = instantOn(x, localDay);
          const cleared = raised + (5 + Math.floor(random() * 90)) * 60_000;
          const open = cleared > end;
          faults++;
          careFaults.push(
            `${x.merchantId}\t${x.storeId}\t${x.id}\t${x.serial}\tdcf${(k++).toString(36)}\t${f.code}\t${f.message}\t` +
              `${f.severity}\t${open ? 't' : 'f'}\t${new Date(raised).toISOString()}\t` +
              `${open ? NULL : new Date(cleared).toISOString()}\t${new Date(raised).toISOString()}\t` +
              `${new Date(open ? raised : cleared).toISOString()}\n`,
          );
        }
      }
    }
    await flush(true);
    await copier.drain();
    progress(true);
    for (const c of copyClients) c.release();
    const loaded = (Date.now() - started) / 1000;
    console.log(
      `COPY done in ${loaded.toFixed(1)} s (${faults.toLocaleString('en')} faults, ${cleanings.toLocaleString('en')} cleanings); ` +
        'indexes and foreign keys made again…',
    );
    await restoreIndexes(pool, dropped, connections);
    const indexed = (Date.now() - started) / 1000;
    console.log(`indexes done at ${indexed.toFixed(1)} s; VACUUM ANALYZE…`);
    // The statistics the planner needs and the visibility map index-only scans use: what autovacuum
    // gives tables that have been filling for months. One table per connection.
    const vacuumQueue = [...SEED_TABLES];
    await Promise.all(
      Array.from({ length: connections }, async () => {
        const c = await pool.connect();
        try {
          for (let t = vacuumQueue.shift(); t; t = vacuumQueue.shift())
            await c.query(`vacuum (analyze) ${t}`);
        } finally {
          c.release();
        }
      }),
    );
    const total = (Date.now() - started) / 1000;
    console.log(
      `loaded in ${total.toFixed(1)} s (COPY ${loaded.toFixed(1)} s, indexes ${(indexed - loaded).toFixed(1)} s, ` +
        `VACUUM ANALYZE ${(total - indexed).toFixed(1)} s): ${cupsWritten.toLocaleString('en')} cups, ` +
        `${ordersWritten.toLocaleString('en')} orders, ${linesWritten.toLocaleString('en')} lines; ` +
        `sign in as ${DC_MERCHANTS[0].login} (${DC_MERCHANTS[0].name}) or admin`,
    );
    const rebuildSeconds = await rebuild(database.db, zoneList);
    console.log(
      `SEED ${JSON.stringify({ cups: cupsWritten, orders: ordersWritten, lines: linesWritten, faults, cleanings, copySeconds: loaded, indexSeconds: indexed - loaded, vacuumSeconds: total - indexed, loadSeconds: total, rebuildSeconds })}`,
    );
  } finally {
    await pool.end();
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
