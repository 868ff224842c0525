/**
 * `npm run bench:orders-seed`: a year of orders for the order-list bench (bench/orders-list.ts,
 * issue 11 §7): N orders (default 1,000,000, `--orders N`) with 1–3 lines each, across three
 * merchants made for the bench — "Bench Orders Co." (80% of the orders, five stores, sign-in
 * `bench-orders`), "Bench Orders Two" (12%) and "Bench Orders Three" (8%) — with their stores and
 * machines, written with PostgreSQL COPY (pg-copy-streams), then VACUUM ANALYZE (the statistics and
 * the visibility map a database that has run for a year would have).
 *
 * The orders look like a year of machines selling in Taiwan: Asia/Taipei days with morning and
 * afternoon peaks and quieter weekends, a payment mix, mostly completed with a few cancelled and
 * rejected ones, orders of the last hour still in progress, a few refunds and flagged prices, prices
 * including 5% VAT. Order ids are made as next_id() makes them, from the order's time (so that ids
 * follow time, as they do when machines report live).
 *
 * The database is BENCH_DATABASE_URL, else the server of TEST_DATABASE_URL (the tests' server) with
 * the database `brewfleet_bench`: created when missing, migrated and seeded like production. It is
 * kept between runs: the list bench reads it. Run again, the script keeps what is there (it says
 * so); `--reset` removes the bench merchants' orders first and makes them again. Drop the whole
 * thing with `dropdb brewfleet_bench`.
 */
import crypto from 'node:crypto';
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openPostgres } from '../src/platform/db/client.ts';
import { rows, type Db } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { inScope, SYSTEM } from '../src/platform/db/scope.ts';
import { ensureAdmin } from '../src/modules/iam/seed.ts';
import { MODULES } from '../src/modules/index.ts';
import { seedModules } from '../src/platform/module-runner.ts';
import { createIamService } from '../src/modules/iam/service.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';

/** The bench database: BENCH_DATABASE_URL, else `brewfleet_bench` on the tests' server. */
export function benchDatabaseUrl(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  url.pathname = '/brewfleet_bench';
  return url.toString();
}

export const BENCH_ADMIN_PASSWORD = 'Brew-Admin-2026';
/** Password of the bench merchants' administrators. */
export const BENCH_PASSWORD = 'Bench-Orders-2026';
export const BENCH_TIME_ZONE = 'Asia/Taipei';

interface BenchMerchant {
  name: string;
  login: string;
  share: number;
  stores: string[];
}
/** The bench's merchants; the first is the one the list bench signs in as. */
export const BENCH_MERCHANTS: BenchMerchant[] = [
  {
    name: 'Bench Orders Co.',
    login: 'bench-orders',
    share: 0.8,
    stores: ['Xinyi Flagship', 'Taipei Main Station', 'Banqiao Station', 'Taichung Park', 'Kaohsiung Pier-2'],
  },
  {
    name: 'Bench Orders Two',
    login: 'bench-orders-2',
    share: 0.12,
    stores: ['Hsinchu Science Park', 'Taoyuan Airport T2'],
  },
  { name: 'Bench Orders Three', login: 'bench-orders-3', share: 0.08, stores: ['Tainan Anping'] },
];
const MACHINES_PER_STORE = 3;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness: the same N gives the same orders on every host.

let state = 0x2026_1123;
/** mulberry32: small, fast, good enough for picking statuses and minutes. */
export function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
/** One of `choices` by weight. */
export function pick<T>(choices: ReadonlyArray<readonly [T, number]>): T {
  let r = random() * choices.reduce((s, [, w]) => s + w, 0);
  for (const [value, weight] of choices) {
    r -= weight;
    if (r < 0) return value;
  }
  return choices[choices.length - 1][0];
}

/** Orders per local hour of a weekday and of a weekend day (morning and afternoon peaks). */
const WEEKDAY_HOURS = [0, 0, 0, 0, 0, 0, 1, 6, 12, 10, 6, 5, 7, 6, 8, 9, 8, 6, 4, 3, 2, 1, 0, 0];
const WEEKEND_HOURS = [0, 0, 0, 0, 0, 0, 0, 1, 3, 5, 7, 8, 8, 7, 8, 9, 9, 8, 6, 5, 3, 2, 1, 0];
const HOURS = (weights: number[]) => weights.map((w, h) => [h, w] as const);
const WEEKDAY_PICK = HOURS(WEEKDAY_HOURS);
const WEEKEND_PICK = HOURS(WEEKEND_HOURS);

/** Final statuses of an order older than an hour; younger ones may still be on their way. */
const FINAL = [
  ['completed', 93] as const,
  ['cancelled', 4] as const,
  ['rejected', 2] as const,
  ['paid', 1] as const, // paid and never made: the machine went offline before it reported
];
const RECENT = [
  ['waiting-payment', 20] as const,
  ['paid', 15] as const,
  ['processing', 25] as const,
  ['completed', 40] as const,
];
const PAYMENTS = [
  ['wallet', 34] as const,
  ['third-party', 30] as const,
  ['card-machine', 20] as const,
  ['cash', 13] as const,
  ['other', 3] as const,
];
const TYPES = [['pack', 64] as const, ['dine-in', 36] as const];
const CHECKS = [['ok', 990] as const, ['differs', 7] as const, ['unknown-product', 3] as const];

/** A drink sold: code, name, price of M and of L (in the currency's units, 5% VAT included). */
export type BenchProduct = [code: string, name: string, m: number, l: number];
/** Drinks sold, in TWD with 5% VAT included. */
const PRODUCTS: BenchProduct[] = [
  ['AMERICANO', 'Americano', 60, 75],
  ['LATTE', 'Caffè Latte', 75, 90],
  ['CAPPUCCINO', 'Cappuccino', 75, 90],
  ['MOCHA', 'Caffè Mocha', 85, 100],
  ['FLAT-WHITE', 'Flat White', 80, 95],
  ['ESPRESSO', 'Espresso', 50, 60],
  ['BLACK-TEA', 'Black Tea', 45, 55],
  ['MILK-TEA', 'Milk Tea', 55, 65],
  ['MATCHA-LATTE', 'Matcha Latte', 80, 95],
  ['LEMON-TEA', 'Lemon Tea', 50, 60],
  ['HOT-CHOCOLATE', 'Hot Chocolate', 70, 85],
];
const PRODUCT_PICK = PRODUCTS.map((p, i) => [p, [30, 22, 10, 6, 6, 4, 8, 9, 5, 6, 4][i]] as const);
const OPTIONS = ['["less-sugar"]', '["no-sugar"]', '["less-ice"]', '["oat-milk"]', '[]'];
const VAT = { name: 'VAT 5%', rate: '0.05' };

const cents = (c: number) => (c / 100).toFixed(2);
/** Tax inside a tax-including gross, rounded half up per line (Taiwan: per line, to the cent). */
const taxIn = (grossCents: number) => Math.round((grossCents * 5) / 105);

// ---------------------------------------------------------------------------------------------
// COPY in PostgreSQL's text format.

export const ORDER_COLUMNS = [
  'id',
  'merchant_id',
  'store_id',
  'device_id',
  'serial_number',
  'source',
  'order_no',
  'pickup_code',
  'order_type',
  'status',
  'payment_method',
  'payment_reference',
  'currency',
  'amount',
  'discount',
  'actual_payment',
  'actual_received',
  'tax',
  'refunded',
  'prices_include_tax',
  'reported_payment',
  'reported_tax',
  'menu_version',
  'member_no',
  'price_check',
  'check_notes',
  'ordered_at',
  'status_at',
  'event_id',
  'created_at',
  'updated_at',
];
export const LINE_COLUMNS = [
  'order_id',
  'merchant_id',
  'store_id',
  'seq',
  'line',
  'kind',
  'product_code',
  'name',
  'combination',
  'options',
  'toppings',
  'unit_price',
  'reported_unit_price',
  'quantity',
  'amount',
  'tax_name',
  'tax_rate',
  'tax',
  'net',
  'gross',
  'created_at',
];
export const NULL = '\\N';

export interface Machine {
  id: string;
  serial: string;
  code: string;
  storeId: string;
  merchantId: string;
}

/** Write `text` to a COPY stream, waiting when it asks to. */
export async function write(stream: NodeJS.WritableStream, text: string) {
  if (!stream.write(text)) await once(stream, 'drain');
}

/** Run `COPY table (columns) FROM STDIN` with the text `fill` writes. */
export async function copy(
  client: pg.PoolClient,
  table: string,
  columns: string[],
  fill: (stream: NodeJS.WritableStream) => Promise<void>,
) {
  const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  await fill(stream);
  stream.end();
  await done;
}

/** What benchOrder makes: the order's COPY text, its lines' and what each line holds. */
export interface BenchOrder {
  id: bigint;
  orderNo: string;
  status: string;
  orderText: string;
  lineTexts: string[];
  lines: Array<{ line: number; productCode: string; quantity: number; kind: 'product' | 'extra' }>;
}

/**
 * One order of `machine` at instant `at` (its `seq`th of the local day `dayText`, YYMMDD), with its
 * lines, as COPY text; `k` makes the id's low bits. `end` is the seed's "now": orders of its last
 * hour may still be in progress. Also used by bench/data-center-seed.ts (its own products, currency).
 */
export function benchOrder(o: {
  machine: Machine;
  at: number;
  end: number;
  seq: number;
  dayText: string;
  k: number;
  products?: ReadonlyArray<readonly [BenchProduct, number]>;
  currency?: string;
}): BenchOrder {
  const { machine, at, end, seq, dayText, k } = o;
  const products = o.products ?? PRODUCT_PICK;
  const currency = o.currency ?? 'TWD';
  const lines: BenchOrder['lines'] = [];
  const lineTexts: string[] = [];
  const id = ((BigInt(at) - 1700000000000n) << 22n) | BigInt(k % 4194304);
  const orderType = pick(TYPES);
  const status = end - at < 3600_000 ? pick(RECENT) : pick(FINAL);
  const payment = pick(PAYMENTS);
  const orderedAt = new Date(at).toISOString();
  const statusAt = new Date(at + 60_000 + Math.floor(random() * 180_000)).toISOString();

  // Lines: one to three drinks (a packaging bag as a line of its own for some take-aways).
  const drinks = pick([
    [1, 60],
    [2, 30],
    [3, 10],
  ] as const);
  const bag = orderType === 'pack' && drinks < 3 && random() < 0.3;
  let grossCents = 0;
  let taxCents = 0;
  for (let n = 1; n <= drinks + (bag ? 1 : 0); n++) {
    const isBag = bag && n === drinks + 1;
    const [code, name, m, l] = isBag ? (['BAG', 'Packaging bag', 2, 2] as const) : pick(products);
    const large = !isBag && random() < 0.4;
    const quantity = isBag ? 1 : random() < 0.9 ? 1 : 2;
    const unit = (large ? l : m) * 100;
    const gross = unit * quantity;
    const tax = taxIn(gross);
    grossCents += gross;
    taxCents += tax;
    lines.push({ line: n, productCode: code, quantity, kind: isBag ? 'extra' : 'product' });
    lineTexts.push(
      [
        id,
        machine.merchantId,
        machine.storeId,
        n,
        n,
        isBag ? 'extra' : 'product',
        code,
        name,
        isBag ? NULL : large ? 'L' : 'M',
        isBag ? '[]' : OPTIONS[Math.floor(random() * OPTIONS.length)],
        '[]',
        cents(unit),
        cents(unit),
        quantity,
        cents(gross),
        VAT.name,
        VAT.rate,
        cents(tax),
        cents(gross - tax),
        cents(gross),
        orderedAt,
      ].join('\t') + '\n',
    );
  }
  // A coupon now and then: 10% off in whole dollars, at most $10.
  const discount = random() < 0.05 ? Math.min(1000, Math.floor(grossCents / 1000) * 100) : 0;
  const pay = grossCents - discount;
  const paid = status !== 'waiting-payment' && !(status === 'cancelled' && random() < 0.5);
  // Money taken for an order that was not made goes back; a few completed ones are refunded in part.
  const refunded =
    (status === 'cancelled' || status === 'rejected') && paid
      ? pay
      : status === 'completed' && random() < 0.004
        ? Math.min(pay, 500)
        : 0;
  const check = pick(CHECKS);
  const orderText =
    [
      id,
      machine.merchantId,
      machine.storeId,
      machine.id,
      machine.serial,
      'machine',
      `${machine.code}-${dayText}-${String(seq).padStart(4, '0')}`,
      String(Math.floor(random() * 9000) + 1000),
      orderType,
      status,
      payment,
      payment === 'card-machine' || payment === 'third-party' ? `R${k}` : NULL,
      currency,
      cents(grossCents),
      cents(discount),
      cents(pay),
      paid ? cents(pay) : NULL,
      cents(taxCents),
      cents(refunded),
      't',
      check === 'differs' ? cents(pay + 500) : cents(pay),
      cents(taxCents),
      'v12',
      random() < 0.2 ? `M${String(Math.floor(random() * 1e8)).padStart(8, '0')}` : NULL,
      check,
      check === 'ok' ? '[]' : `[{"kind":"${check}"}]`,
      orderedAt,
      statusAt,
      crypto.randomUUID(),
      orderedAt,
      statusAt,
    ].join('\t') + '\n';
  return {
    id,
    orderNo: `${machine.code}-${dayText}-${String(seq).padStart(4, '0')}`,
    status,
    orderText,
    lineTexts,
    lines,
  };
}

// ---------------------------------------------------------------------------------------------

/** Create the database of `url` on its server when missing. */
export async function ensureDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) {
    await admin.query(`create database ${name}`);
    console.log(`created database ${name}`);
  }
  await admin.end();
}

/** The bench's merchants, stores and machines (made once; found again on the next run). */
async function ensureFixtures(db: Db): Promise<{ merchants: string[]; machines: Machine[][] }> {
  return inScope(db, SYSTEM, async (tx) => {
    const iam = createIamService({ keys: null as never }); // only createMerchantAdministrator: no keys needed
    const [type] = await rows<{ id: string }>(
      tx,
      sql`select id::text from device_type where name = 'Bench Brewer'`,
    );
    const typeId =
      type?.id ??
      (
        await rows<{ id: string }>(
          tx,
          sql`insert into device_type (name, family, automation) values ('Bench Brewer', 'coffee', 'automatic') returning id::text`,
        )
      )[0].id;
    const [model] = await rows<{ id: string }>(
      tx,
      sql`select id::text from device_model where code = 'BENCH-B1'`,
    );
    const modelId =
      model?.id ??
      (
        await rows<{ id: string }>(
          tx,
          sql`insert into device_model (name, code, device_type_id, manufacturer) values ('Bench B1', 'BENCH-B1', ${typeId}, 'BrewFleet Bench') returning id::text`,
        )
      )[0].id;
    let hash: string | null = null;
    const merchants: string[] = [];
    const machines: Machine[][] = [];
    for (const [mi, m] of BENCH_MERCHANTS.entries()) {
      let [merchant] = await rows<{ id: string }>(
        tx,
        sql`select id::text from merchant where name = ${m.name}`,
      );
      if (!merchant) {
        [merchant] = await rows<{ id: string }>(
          tx,
          sql`insert into merchant (name, principal, contact_number, country, address, registration_address)
              values (${m.name}, 'Bench Principal', '+886 2 0000 0000', 'TW', 'Bench Rd. 1, Taipei', 'Bench Rd. 1, Taipei')
              returning id::text`,
        );
        hash ??= await hashPassword(BENCH_PASSWORD);
        await iam.createMerchantAdministrator(tx, {
          merchantId: merchant.id,
          account: m.login,
          name: `${m.name} admin`,
          passwordHash: hash,
          createdBy: null,
        });
      }
      merchants.push(merchant.id);
      const own: Machine[] = [];
      for (const [si, storeName] of m.stores.entries()) {
        let [store] = await rows<{ id: string }>(
          tx,
          sql`select id::text from store where merchant_id = ${merchant.id} and name = ${storeName}`,
        );
        store ??= (
          await rows<{ id: string }>(
            tx,
            sql`insert into store (merchant_id, name, type, city, address, opening_time, closing_time)
                values (${merchant.id}, ${storeName}, 'self-service-takeaway', 'Taipei', ${storeName}, '07:00', '22:00')
                returning id::text`,
          )
        )[0];
        for (let k = 1; k <= MACHINES_PER_STORE; k++) {
          const code = `B${mi + 1}${si + 1}${k}`;
          const serial = `BENCH-ORD-${mi + 1}-${si + 1}-${k}`;
          let [device] = await rows<{ id: string }>(
            tx,
            sql`select id::text from device where serial_number = ${serial}`,
          );
          device ??= (
            await rows<{ id: string }>(
              tx,
              sql`insert into device (merchant_id, store_id, name, serial_number, model_id, family, automation, code)
                  values (${merchant.id}, ${store.id}, ${`${storeName} · ${k}`}, ${serial}, ${modelId}, 'coffee', 'automatic', ${code})
                  returning id::text`,
            )
          )[0];
          own.push({ id: device.id, serial, code, storeId: store.id, merchantId: merchant.id });
        }
      }
      machines.push(own);
    }
    return { merchants, machines };
  });
}

/** Local calendar day (Asia/Taipei, UTC+8, no daylight saving) of an instant. */
const TAIPEI_MS = 8 * 3600_000;

async function main() {
  const { values: options } = parseArgs({
    args: process.argv.slice(2),
    options: {
      orders: { type: 'string', default: '1000000' },
      reset: { type: 'boolean', default: false },
    },
  });
  const started = Date.now();
  const total = Number(options.orders);
  if (!Number.isInteger(total) || total < 1)
    throw new Error(`--orders: a positive whole number, not ${options.orders}`);
  const url = benchDatabaseUrl();
  await ensureDatabase(url);
  const database = await openPostgres(url, 2);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migrate(database);
    await seedModules(MODULES, database.db);
    await ensureAdmin(database.db, BENCH_ADMIN_PASSWORD);
    const { merchants, machines } = await ensureFixtures(database.db);
    const client = await pool.connect();
    try {
      // COPY FROM refuses a table under row-level security unless the role bypasses it (a superuser
      // or BYPASSRLS, as the tests' `postgres` is); otherwise the rows go through a staging table.
      const { rows: who } = await client.query<{ bypass: boolean }>(
        'select rolsuper or rolbypassrls as bypass from pg_roles where rolname = current_user',
      );
      const direct = who[0]?.bypass ?? false;
      const benchIds = merchants.join(',');
      const { rows: existing } = await client.query<{ n: string; others: string }>(
        `select count(*) filter (where merchant_id in (${benchIds}))::text as n,
                count(*) filter (where merchant_id not in (${benchIds}) or merchant_id is null)::text as others
           from sales_order`,
      );
      let have = Number(existing[0].n);
      if (have && options.reset) {
        process.stdout.write(`--reset: removing ${have.toLocaleString('en')} bench orders… `);
        if (Number(existing[0].others) === 0)
          // Only the bench's orders are there: emptying the tables is quicker than deleting rows.
          await client.query('truncate sales_order, sales_order_line, sales_order_step, sales_order_refund');
        else {
          await client.query("select set_config('app.scope', 'system', false)");
          await client.query(`delete from sales_order where merchant_id in (${benchIds})`);
        }
        console.log('done');
        have = 0;
      }
      if (have) {
        console.log(
          `${url.replace(/\/\/[^@]*@/, '//')}: ${have.toLocaleString('en')} bench orders already there ` +
            '(--reset to make them again)',
        );
        return;
      }

      // Days of the last year, oldest first, ending an hour ago (before this run's own rows).
      const end = Date.now() - 3600_000;
      const days = 365;
      const firstDay = Math.floor((end + TAIPEI_MS) / 86400_000) - days + 1; // local day numbers
      const dayWeight = (d: number) => {
        const weekday = new Date(d * 86400_000).getUTCDay();
        return weekday === 0 || weekday === 6 ? 0.75 : 1;
      };
      const weights = Array.from({ length: days }, (_, i) => dayWeight(firstDay + i));
      const weightSum = weights.reduce((s, w) => s + w, 0);
      // Orders per day, rounded so that they add up to `total` exactly.
      const perDay: number[] = [];
      let carried = 0;
      for (const w of weights) {
        const exact = (total * w) / weightSum + carried;
        perDay.push(Math.floor(exact));
        carried = exact - Math.floor(exact);
      }
      perDay[perDay.length - 1] += total - perDay.reduce((s, n) => s + n, 0);

      const allMachines = machines.map((list, i) => [list, BENCH_MERCHANTS[i].share] as const);
      const dailySeq = new Map<string, number>();
      let k = 0; // the low bits of made ids
      let written = 0;
      let lines = 0;
      const CHUNK = 20_000;
      const target = direct ? 'sales_order' : 'pg_temp.stage_order';
      const lineTarget = direct ? 'sales_order_line' : 'pg_temp.stage_line';
      if (!direct) {
        await client.query('create temp table stage_order (like sales_order including defaults)');
        await client.query('create temp table stage_line (like sales_order_line including defaults)');
      }
      console.log(
        `seeding ${total.toLocaleString('en')} orders over ${days} days into ${url.replace(/\/\/[^@]*@/, '//')}` +
          (direct
            ? ' (COPY)'
            : ' (COPY into staging tables, then INSERT: the role is subject to row-level security)'),
      );

      let orderText: string[] = [];
      let lineText: string[] = [];
      const flush = async () => {
        if (!orderText.length) return;
        const o = orderText;
        const l = lineText;
        orderText = [];
        lineText = [];
        await copy(client, target, ORDER_COLUMNS, async (s) => {
          for (let i = 0; i < o.length; i += 1000) await write(s, o.slice(i, i + 1000).join(''));
        });
        await copy(client, lineTarget, LINE_COLUMNS, async (s) => {
          for (let i = 0; i < l.length; i += 1000) await write(s, l.slice(i, i + 1000).join(''));
        });
        if (!direct) {
          await client.query('begin');
          await client.query("select set_config('app.scope', 'system', true)");
          await client.query(`insert into sales_order select * from stage_order`);
          await client.query(`insert into sales_order_line select * from stage_line`);
          await client.query('truncate stage_order, stage_line');
          await client.query('commit');
        }
        process.stdout.write(
          `${process.stdout.isTTY ? '\r' : '\n'}  ${written.toLocaleString('en')} orders, ${lines.toLocaleString('en')} lines ` +
            `(${((Date.now() - started) / 1000).toFixed(0)} s)   `,
        );
      };

      for (let d = 0; d < days; d++) {
        const localDay = firstDay + d;
        const weekday = new Date(localDay * 86400_000).getUTCDay();
        const hours = weekday === 0 || weekday === 6 ? WEEKEND_PICK : WEEKDAY_PICK;
        // The day's instants, in order: machines report them as they come.
        const times: number[] = [];
        for (let i = 0; i < perDay[d]; i++) {
          const hour = pick(hours);
          const local = localDay * 86400_000 + hour * 3600_000 + Math.floor(random() * 3600_000);
          const instant = local - TAIPEI_MS;
          // Today's hours still to come are drawn again within the hours gone.
          times.push(instant <= end ? instant : end - Math.floor(random() * 6 * 3600_000));
        }
        times.sort((a, b) => a - b);
        const dayText = new Date(localDay * 86400_000).toISOString().slice(2, 10).replace(/-/g, '');
        for (const at of times) {
          const list = pick(allMachines);
          const machine = list[Math.floor(random() * list.length)];
          const key = `${machine.id}:${dayText}`;
          const seq = (dailySeq.get(key) ?? 0) + 1;
          dailySeq.set(key, seq);
          const order = benchOrder({ machine, at, end, seq, dayText, k: k++ });
          written++;
          lines += order.lines.length;
          orderText.push(order.orderText);
          lineText.push(...order.lineTexts);
          if (orderText.length >= CHUNK) await flush();
        }
      }
      await flush();
      console.log(`\n  COPY done in ${((Date.now() - started) / 1000).toFixed(1)} s; VACUUM ANALYZE…`);
      // The statistics the planner needs, and the visibility map that lets index-only scans skip the
      // heap: what autovacuum gives a table that has been filling for a year.
      await client.query('vacuum (analyze) sales_order, sales_order_line');
    } finally {
      client.release();
    }
    const [counts] = await inScope(database.db, SYSTEM, (tx) =>
      rows<{ orders: string; lines: string }>(
        tx,
        sql`select (select count(*) from sales_order)::text as orders, (select count(*) from sales_order_line)::text as lines`,
      ),
    );
    console.log(
      `done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${Number(counts.orders).toLocaleString('en')} orders, ` +
        `${Number(counts.lines).toLocaleString('en')} lines in the database; ` +
        `sign in as ${BENCH_MERCHANTS[0].login} / ${BENCH_PASSWORD} (${BENCH_MERCHANTS[0].name})`,
    );
  } finally {
    await pool.end();
    await database.close();
  }
}

// Run as a script; imported (bench/orders-list.ts), it only lends its names.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
