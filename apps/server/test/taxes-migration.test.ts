/**
 * Migration 0024 keeps the taxes extra products carried inline (tax name, type, rate): on a database
 * of the version before, they become taxes of the merchant's country and allocations for the order
 * type of their type, packaging becomes the extra products' kind, and the inline columns go.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseBefore } from './helpers/migration-database.ts';

let db: Awaited<ReturnType<typeof databaseBefore>>;

const query = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  db.query<T>(text, params);

beforeAll(async () => {
  db = await databaseBefore('0024');
  const [tw] = await query<{ id: string }>(
    `insert into merchant (name, country) values ('Formosa Brew', 'tw') returning id::text`,
  );
  const [hk] = await query<{ id: string }>(
    `insert into merchant (name, country) values ('Harbour Tea', 'Hong Kong') returning id::text`,
  );
  await query(
    `insert into extra_product (merchant_id, name, price, tax_name, tax_type, tax_rate) values
       ($1, 'Paper bag', 0.10, 'Business tax', 'packaging', 5),
       ($1, 'Cup carrier', 0.20, 'Business tax', 'packaging', 5),
       ($1, 'Delivery bag', 0.50, 'Business tax', 'platform-takeaway', 5),
       ($1, 'Gift card sleeve', 0.00, null, null, null),
       ($2, 'Harbour bag', 0.30, 'Bag levy', 'packaging', 8.875)`,
    [tw.id, hk.id],
  );
  await db.migrateRest();
});
afterAll(() => db.close());

it('turns inline taxes into taxes and allocations, and packaging into the kind', async () => {
  const taxes = await query(
    `select m.name as merchant, t.name, t.country, t.type, t.tax_type, t.rate
     from tax t join merchant m on m.id = t.merchant_id order by m.name, t.type`,
  );
  expect(taxes).toEqual([
    {
      merchant: 'Formosa Brew',
      name: 'Business tax',
      country: 'TW',
      type: 'packaging',
      tax_type: 'business',
      rate: '5',
    },
    {
      merchant: 'Formosa Brew',
      name: 'Business tax',
      country: 'TW',
      type: 'platform-takeaway',
      tax_type: 'business',
      rate: '5',
    },
    // "Hong Kong" is no ISO code: the console's home market's rule.
    {
      merchant: 'Harbour Tea',
      name: 'Bag levy',
      country: 'TW',
      type: 'packaging',
      tax_type: 'business',
      rate: '8.875',
    },
  ]);
  const allocations = await query(
    `select e.name, a.order_type, a.country, t.name as tax, e.kind
     from extra_product e left join tax_allocation a on a.extra_product_id = e.id
     left join tax t on t.id = a.tax_id order by e.name`,
  );
  expect(allocations).toEqual([
    { name: 'Cup carrier', order_type: 'pack', country: 'TW', tax: 'Business tax', kind: 'packaging' },
    {
      name: 'Delivery bag',
      order_type: 'platform-takeaway',
      country: 'TW',
      tax: 'Business tax',
      kind: 'packaging',
    },
    { name: 'Gift card sleeve', order_type: null, country: null, tax: null, kind: 'other' },
    { name: 'Harbour bag', order_type: 'pack', country: 'TW', tax: 'Bag levy', kind: 'packaging' },
    { name: 'Paper bag', order_type: 'pack', country: 'TW', tax: 'Business tax', kind: 'packaging' },
  ]);
  const inline = await query(
    `select column_name from information_schema.columns
     where table_name = 'extra_product' and column_name like 'tax%'`,
  );
  expect(inline).toEqual([]);
});
