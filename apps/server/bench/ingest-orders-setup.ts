/**
 * What `npm run bench:ingest-orders` (bench/ingest.ts --orders) adds to the ingest bench: the menu
 * each machine runs, and the tenant, catalog and tax configuration the server prices and taxes its
 * orders from (issue 11 §3) — a merchant in Taiwan (prices include 5 % business tax, whole dollars
 * per line), a store, a product type with a tax allocated for dine-in and packed orders, every menu
 * product in the catalog under its code and price, and per machine the `menu` command it took
 * (device_command, state succeeded, params {version, menu}): what the writers read the price from.
 */
import { PRODUCTS, type Family } from '@brewfleet/simulator';
import type { MenuContent } from '@brewfleet/contracts';
import type { Database } from '../src/platform/db/client.ts';
import type { BenchMachine } from './ingest-publishers.ts';

type MenuProduct = MenuContent['products'][number];

/** A recipe step per channel the simulator's product doses from: only the menu's shape matters here. */
const ACTIONS: Record<Family, string> = {
  coffee: 'brew',
  tea: 'steep',
  'ice-sand': 'blend',
  'milk-frother': 'foam',
  blender: 'blend',
};

/**
 * One family's menu: its simulator products, priced in whole NT dollars, each with a size (Medium by
 * default, Large +10), an optional oat milk (+15; Large with oat is a recipe combination at +20,
 * not +25) and two toppings (pearls charged 10, cinnamon free): every branch of the price rule.
 */
export function benchMenu(family: Family): MenuContent {
  const option = (
    id: string,
    type: string,
    name: string,
    priceChange: string,
    isDefault: boolean,
    required: boolean,
  ) => ({
    id,
    type,
    name,
    priceChange,
    amountFactor: 1,
    isDefault,
    required,
    multiple: false,
  });
  const products: MenuProduct[] = PRODUCTS[family].map((p, i) => ({
    code: p.code,
    name: p.code
      .toLowerCase()
      .replace(/(^|-)(\w)/g, (_, sep: string, c: string) => `${sep ? ' ' : ''}${c.toUpperCase()}`),
    kind: family === 'tea' ? 'tea' : 'drink',
    family,
    price: `${45 + 10 * i}.00`,
    recipeVersion: 1,
    recipe: {
      steps: p.recipe.map((m) => ({
        action: ACTIONS[family],
        channel: m.channel,
        params: { amountG: m.grams },
      })),
    },
    options: [
      option('1', 'Size', 'Medium', '0.00', true, true),
      option('2', 'Size', 'Large', '10.00', false, true),
      option('3', 'Milk', 'Oat milk', '15.00', false, false),
    ],
    combos: [{ optionIds: ['2', '3'], amountFactor: 1.3, priceChange: '20.00' }],
    toppings: [
      { name: 'Pearls', price: '10.00', charged: true },
      { name: 'Cinnamon', price: '0.00', charged: false },
    ],
  }));
  return { version: `bench-${family}-1`, name: `Bench ${family}`, currency: 'TWD', products };
}

/**
 * The merchant, store, catalog and taxes, the machines bound to them, and the menu each took; then the
 * bench's commit probe on sales_order (as registerMachines makes it on production_record).
 */
export async function setUpOrders(database: Database, machines: BenchMachine[]) {
  await database.transactionRaw(async (exec) => {
    const one = async (text: string, values: unknown[] = []) =>
      (await exec(text, values)).rows[0].id as string;
    const merchant = await one(
      `insert into merchant (name, country) values ('Bench Tea House', 'TW') returning id`,
    );
    const store = await one(
      `insert into store (merchant_id, name, type) values ($1, 'Bench Station', 'self-service') returning id`,
      [merchant],
    );
    const drinks = await one(
      `insert into product_type (merchant_id, name) values ($1, 'Drinks') returning id`,
      [merchant],
    );
    const menus = new Map<Family, MenuContent>();
    for (const m of machines) if (!menus.has(m.family)) menus.set(m.family, benchMenu(m.family));
    const products = [...menus.values()].flatMap((menu) => menu.products);
    await exec(
      `insert into product (merchant_id, name, code, kind, family, product_type_id, price, recipe)
       select $1, x.name, x.code, x.kind, x.family, $2, x.price::numeric, x.recipe
       from jsonb_to_recordset($3::jsonb) as x(name text, code text, kind text, family text, price text, recipe jsonb)`,
      [merchant, drinks, JSON.stringify(products)],
    );
    // Business tax, 5 % included: one for orders eaten in, one for packed orders (the tax types).
    for (const [type, orderType] of [
      ['dine-in', 'dine-in'],
      ['packaging', 'pack'],
    ]) {
      const tax = await one(
        `insert into tax (merchant_id, name, country, type, tax_type, rate) values ($1, 'Business tax', 'TW', $2, 'business', '5')
         returning id`,
        [merchant, type],
      );
      await exec(
        `insert into tax_allocation (merchant_id, tax_id, product_type_id, order_type, country) values ($1, $2, $3, $4, 'TW')`,
        [merchant, tax, drinks, orderType],
      );
    }
    const serials = machines.map((m) => m.serialNumber);
    await exec(
      `update device set merchant_id = $1, store_id = $2, menu_version = 'bench-' || family || '-1',
              assigned_menu_version = 'bench-' || family || '-1'
       where serial_number = any($3::text[])`,
      [merchant, store, serials],
    );
    await exec(
      `insert into device_command (merchant_id, store_id, device_id, serial_number, command_id, type, state, params,
                                   max_attempts, retry_interval_seconds, expires_at, finished_at)
       select d.merchant_id, d.store_id, d.id, d.serial_number, 'bench-menu-' || d.serial_number, 'menu', 'succeeded',
              jsonb_build_object('version', m.menu->>'version', 'menu', m.menu), 3, 30, now() + interval '1 day', now()
       from device d join jsonb_each($1::jsonb) as m(family, menu) on m.family = d.family
       where d.serial_number = any($2::text[])`,
      [JSON.stringify(Object.fromEntries(menus)), serials],
    );
    await exec(`create trigger bench_notify_order_commit after insert on sales_order
                for each statement execute function bench_notify_commit()`);
  });
}
