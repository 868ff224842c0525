/**
 * Demo menus (DEMO=1): a believable catalog for each demo brand — espresso drinks, extracted teas,
 * ice-sand and smoothies, milk drinks — sold in its stores, and one menu per store pushed to the demo
 * fleet (the machines take it when they connect).
 */
import { sql } from 'drizzle-orm';
import type { Recipe } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import type { Registered } from '../../platform/crud/types.ts';
import type { FleetBus } from '../fleet/fleet-bus.ts';
import { releaseProducts } from './menu-content.ts';
import { nextVersion, pushRelease } from './menus.ts';

type Demo = {
  code: string;
  name: string;
  family: string;
  kind: 'drink' | 'tea';
  price: string;
  type: string;
  recipe: Recipe;
};

const brew = (powderG: number, waterMl: number, temperatureC = 93) => ({
  action: 'brew',
  channel: 1,
  params: { powderG, waterMl, temperatureC, pressureBar: 9 },
});
const segments = (a: number, b: number, c: number) => [
  { out: true, rangeS: 45, amountG: a },
  { out: b > 0, rangeS: b > 0 ? 60 : 0, amountG: b },
  { out: c > 0, rangeS: c > 0 ? 75 : 0, amountG: c },
];

const PRODUCTS: Demo[] = [
  {
    code: 'ESP',
    name: 'Espresso',
    family: 'coffee',
    kind: 'drink',
    price: '2.80',
    type: 'Coffee',
    recipe: { steps: [brew(18, 40)] },
  },
  {
    code: 'AME',
    name: 'Americano',
    family: 'coffee',
    kind: 'drink',
    price: '3.20',
    type: 'Coffee',
    recipe: { steps: [brew(18, 220, 92)] },
  },
  {
    code: 'LAT',
    name: 'Caffè latte',
    family: 'coffee',
    kind: 'drink',
    price: '3.90',
    type: 'Coffee',
    recipe: { steps: [brew(18, 40), { action: 'milk', channel: 2, params: { milkMl: 200, foamS: 6 } }] },
  },
  {
    code: 'CAP',
    name: 'Cappuccino',
    family: 'coffee',
    kind: 'drink',
    price: '3.80',
    type: 'Coffee',
    recipe: { steps: [brew(18, 40), { action: 'milk', channel: 2, params: { milkMl: 150, foamS: 14 } }] },
  },
  {
    code: 'MOC',
    name: 'Mocha',
    family: 'coffee',
    kind: 'drink',
    price: '4.30',
    type: 'Coffee',
    recipe: {
      steps: [
        brew(18, 40),
        { action: 'chocolate', channel: 3, params: { syrupMl: 25 } },
        { action: 'milk', channel: 2, params: { milkMl: 160, foamS: 8 } },
      ],
    },
  },
  {
    code: 'OOL',
    name: 'Frozen-peak oolong',
    family: 'tea',
    kind: 'tea',
    price: '3.20',
    type: 'Tea',
    recipe: {
      steps: [{ action: 'steep', channel: 1, params: { waterMl: 350, temperatureC: 92 } }],
      segments: segments(5, 3, 0),
    },
  },
  {
    code: 'JAS',
    name: 'Jasmine green tea',
    family: 'tea',
    kind: 'tea',
    price: '3.00',
    type: 'Tea',
    recipe: {
      steps: [{ action: 'steep', channel: 3, params: { waterMl: 350, temperatureC: 80 } }],
      segments: segments(4, 2, 0),
    },
  },
  {
    code: 'BMT',
    name: 'Black milk tea',
    family: 'tea',
    kind: 'tea',
    price: '3.60',
    type: 'Tea',
    recipe: {
      steps: [
        { action: 'steep', channel: 2, params: { waterMl: 280, temperatureC: 95, milkMl: 80, sugarG: 12 } },
      ],
      segments: segments(6, 3, 2),
    },
  },
  {
    code: 'MIS',
    name: 'Mango ice-sand',
    family: 'ice-sand',
    kind: 'drink',
    price: '4.50',
    type: 'Ice-sand and smoothies',
    recipe: {
      steps: [
        { action: 'base', channel: 1, params: { baseMl: 200, iceG: 160 } },
        { action: 'syrup', channel: 2, params: { syrupMl: 35 } },
        { action: 'blend', params: { blendS: 30 } },
      ],
    },
  },
  {
    code: 'TIS',
    name: 'Taro ice-sand',
    family: 'ice-sand',
    kind: 'drink',
    price: '4.50',
    type: 'Ice-sand and smoothies',
    recipe: {
      steps: [
        { action: 'base', channel: 1, params: { baseMl: 200, iceG: 160 } },
        { action: 'syrup', channel: 3, params: { syrupMl: 35 } },
        { action: 'blend', params: { blendS: 35 } },
      ],
    },
  },
  {
    code: 'SBS',
    name: 'Strawberry-banana smoothie',
    family: 'blender',
    kind: 'drink',
    price: '4.80',
    type: 'Ice-sand and smoothies',
    recipe: {
      steps: [
        { action: 'fruit', channel: 1, params: { fruitG: 120 } },
        { action: 'fruit', channel: 2, params: { fruitG: 80 } },
        { action: 'blend', params: { blendS: 45, iceG: 100 } },
      ],
    },
  },
  {
    code: 'YBS',
    name: 'Yoghurt berry smoothie',
    family: 'blender',
    kind: 'drink',
    price: '4.90',
    type: 'Ice-sand and smoothies',
    recipe: {
      steps: [
        { action: 'fruit', channel: 1, params: { fruitG: 150 } },
        { action: 'yoghurt', channel: 3, params: { yoghurtG: 120 } },
        { action: 'blend', params: { blendS: 40, iceG: 60 } },
      ],
    },
  },
  {
    code: 'STM',
    name: 'Steamed milk',
    family: 'milk-frother',
    kind: 'drink',
    price: '2.50',
    type: 'Milk drinks',
    recipe: { steps: [{ action: 'steam', channel: 1, params: { milkMl: 220, temperatureC: 65 } }] },
  },
  {
    code: 'FOM',
    name: 'Milk foam cup',
    family: 'milk-frother',
    kind: 'drink',
    price: '2.20',
    type: 'Milk drinks',
    recipe: { steps: [{ action: 'foam', channel: 1, params: { milkMl: 150, foamS: 25, temperatureC: 60 } }] },
  },
];

const OPTIONS: Array<{ type: string; options: Array<[string, string, number, boolean]> }> = [
  {
    type: 'Size',
    options: [
      ['Regular', '0.00', 1, true],
      ['Large', '0.60', 1.4, false],
    ],
  },
  {
    type: 'Sugar',
    options: [
      ['No sugar', '0.00', 0, false],
      ['Half sugar', '0.00', 0.5, true],
      ['Full sugar', '0.00', 1, false],
    ],
  },
  {
    type: 'Ice',
    options: [
      ['No ice', '0.00', 0, false],
      ['Less ice', '0.00', 0.5, false],
      ['Regular ice', '0.00', 1, true],
    ],
  },
];

/** The demo brands' catalogs, what their stores sell, and one pushed menu per store. */
export async function seedDemoMenus(
  database: Db,
  push: { devices: Registered; bus: FleetBus },
): Promise<void> {
  await inScope(database, SYSTEM, async (db) => {
    const brands = await rows<{ id: string }>(
      db,
      sql`select id::text from merchant where parent_id is null order by id`,
    );
    for (const brand of brands) {
      const typeIds = new Map<string, string>();
      for (const [i, name] of ['Coffee', 'Tea', 'Ice-sand and smoothies', 'Milk drinks'].entries()) {
        const [t] = await rows<{ id: string }>(
          db,
          sql`insert into product_type (merchant_id, name, sort_order) values (${brand.id}, ${name}, ${i}) returning id::text`,
        );
        typeIds.set(name, t.id);
      }
      const optionTypes: string[] = [];
      for (const [i, o] of OPTIONS.entries()) {
        const [t] = await rows<{ id: string }>(
          db,
          sql`insert into option_type (merchant_id, name, sort_order) values (${brand.id}, ${o.type}, ${i}) returning id::text`,
        );
        optionTypes.push(t.id);
        for (const [j, [name, price, factor, isDefault]] of o.options.entries())
          await db.execute(sql`insert into product_option (merchant_id, name, option_type_id, price_change, amount_factor, is_default, sort_order)
                               values (${brand.id}, ${name}, ${t.id}, ${price}, ${factor}, ${isDefault}, ${j})`);
      }
      for (const [i, p] of PRODUCTS.entries()) {
        // Coffee and milk take a size; teas and cold drinks also sugar and ice.
        const options =
          p.family === 'coffee' || p.family === 'milk-frother' ? optionTypes.slice(0, 1) : optionTypes;
        await db.execute(sql`
          insert into product (merchant_id, name, code, kind, family, product_type_id, price, sort_order, recipe, option_type_ids)
          values (${brand.id}, ${p.name}, ${p.code}, ${p.kind}, ${p.family}, ${typeIds.get(p.type)!}, ${p.price}, ${i},
                  ${JSON.stringify(p.recipe)}::jsonb, ${`{${options.join(',')}}`}::bigint[])`);
      }
      // Every store of the brand (and of its regions) sells the brand's products its machines can make.
      await db.execute(sql`
        insert into store_product (merchant_id, store_id, product_id, sort_order)
        select s.merchant_id, s.id, p.id, p.sort_order
        from store s join product p on p.merchant_id = ${brand.id}
        where s.merchant_id = any(merchant_subtree(${brand.id}))
          and exists (select 1 from device d where d.store_id = s.id and d.family = p.family)`);
    }
    const stores = await rows<{ id: string; merchant_id: string; name: string }>(
      db,
      sql`select distinct s.id::text, s.merchant_id::text, s.name from store s join store_product sp on sp.store_id = s.id order by 1`,
    );
    for (const store of stores) {
      const products = await releaseProducts(db, { productIds: [], storeId: store.id, deviceIds: [] });
      const [release] = await rows<Record<string, unknown>>(
        db,
        sql`insert into menu_release (merchant_id, store_id, name, version, state, content)
            values (${store.merchant_id}, ${store.id}, ${`${store.name} menu`}, ${await nextVersion(db, store.merchant_id)}, 'draft',
                    ${JSON.stringify({ name: `${store.name} menu`, products })}::jsonb)
            returning id::text as id, store_id::text as "storeId", device_ids as "deviceIds", version, content`,
      );
      await pushRelease(db, { ...push, user: null, userId: null, account: 'demo' }, release);
    }
  });
}
