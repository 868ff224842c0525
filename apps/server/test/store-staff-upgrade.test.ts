/**
 * Migration 0019 on a database made by an earlier version: the demo's 'store-staff' roles get their
 * store's machines, roles that refilled through the channel Edit button keep refilling, and a later
 * start grants what came later once and nothing twice (seed_grant remembers).
 */
import { expect, it } from 'vitest';
import { STORE_STAFF_MENUS } from '@brewfleet/contracts';
import { openPostgres } from '../src/platform/db/client.ts';
import { migrate, readMigrations } from '../src/platform/db/migrate.ts';
import { grantNewStoreStaffMenus } from '../src/modules/iam/seed.ts';
import { createTestDatabase } from './helpers/test-app.ts';

it('gives existing store staff roles their machines and keeps refills with the channel Edit button', async () => {
  const { url, drop } = await createTestDatabase();
  const database = await openPostgres(url, 2);
  const sql = async (text: string) => (await database.transactionRaw((exec) => exec(text))).rows as any[];
  try {
    const files = readMigrations();
    await migrate(
      database,
      files.filter((f) => f.name < '0019'),
    );
    await sql(`with m as (insert into merchant (name) values ('Old') returning id)
               insert into role (merchant_id, role_name, role_title, menu_id_list)
               select m.id, x.name, x.name, x.menus::bigint[] from m,
                 (values ('store-staff', '{1000,1114,1220}'), ('channel-keeper', '{1413,141302}'),
                         ('reader', '{1413}')) as x(name, menus)`);
    expect(await migrate(database, files)).toContain('0019_store_staff_and_merchant_logo.sql');
    const menus = Object.fromEntries(
      (await sql(`select role_name, menu_id_list::text[] as menus from role`)).map((r) => [
        r.role_name,
        r.menus,
      ]),
    );
    // What the store staff had when 0019 was written; the Order List (2210) came later.
    const LATER = ['2210'];
    expect(new Set(menus['store-staff'])).toEqual(
      new Set(STORE_STAFF_MENUS.filter((m) => !LATER.includes(m))),
    );
    expect(menus['channel-keeper']).toEqual(['1413', '141302', '141305']);
    expect(menus.reader).toEqual(['1413']);
    // The start-up grant adds what came later, once.
    expect(await grantNewStoreStaffMenus(database.db)).toBe(1);
    const [staff] = await sql(
      `select menu_id_list::text[] as menus from role where role_name = 'store-staff'`,
    );
    expect(new Set(staff.menus)).toEqual(new Set(STORE_STAFF_MENUS));
    expect(await grantNewStoreStaffMenus(database.db)).toBe(0);
  } finally {
    await database.close();
    await drop();
  }
});
