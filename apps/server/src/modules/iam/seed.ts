/**
 * Start-up data: the menu seed (missing entries are added; menus an administrator edited are left
 * alone), the menus a new version grants to merchant administrators and store staff, and the platform administrator
 * `admin`, created once with ADMIN_PASSWORD or a random password that is printed once.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MENU_SEED, MENU_TYPE, MERCHANT_ADMIN_CODES, STORE_STAFF_MENUS } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { hashPassword, passwordPolicyViolation } from '../../platform/auth/passwords.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';

export async function seedMenus(db: Db) {
  const [{ upgrade }] = await rows<{ upgrade: boolean }>(
    db,
    sql`select exists (select 1 from menu) as upgrade`,
  );
  for (const m of MENU_SEED) {
    const parentId = m.parentId === '0' ? null : m.parentId;
    const added = await rows(
      db,
      sql`insert into menu (id, parent_id, name, tw_name, en_name, type, url, perms, icon, order_num)
          values (${m.id}, ${parentId}, ${m.name}, ${m.twName}, ${m.enName}, ${m.type},
                  ${m.url}, ${m.perms}, ${m.icon}, ${m.orderNum})
          on conflict (id) do nothing
          returning id`,
    );
    // An entry a new version declares between two others takes its place there: on an existing
    // database the siblings at or after that place move down one, so that two never share a place
    // (which left their order to chance). Their order among themselves, an administrator's
    // included, is kept. A new database is seeded in declaration order and needs no move.
    if (upgrade && added.length)
      await db.execute(sql`
        update menu set order_num = order_num + 1
        where parent_id is not distinct from ${parentId} and id <> ${m.id} and order_num >= ${m.orderNum}`);
  }
}

/** Menus (pages and buttons) granting the codes of a merchant administrator, and the home page. */
export const MERCHANT_ADMIN_MENUS = MENU_SEED.filter(
  (m) => m.type !== MENU_TYPE.directory && (m.perms === '' || MERCHANT_ADMIN_CODES.includes(m.perms)),
).map((m) => m.id);

/**
 * The 'merchant-admin' roles made by earlier versions get the menus this version adds for merchant
 * administrators (the machines, products and menus screens came after the first merchants). Only menus
 * new since the last start are added, so a menu the platform took away from such a role stays away.
 */
export function grantNewMerchantAdminMenus(database: Db): Promise<number> {
  return grantNewMenus(database, 'merchant-admin', MERCHANT_ADMIN_MENUS);
}

/** The same for the 'store-staff' roles (the demo's; migration 0019 brought them their machines). */
export function grantNewStoreStaffMenus(database: Db): Promise<number> {
  return grantNewMenus(database, 'store-staff', STORE_STAFF_MENUS);
}

async function grantNewMenus(database: Db, roleName: string, menus: readonly string[]): Promise<number> {
  return inScope(database, SYSTEM, async (db) => {
    const [last] = await rows<{ menu_ids: string[] }>(
      db,
      sql`select menu_ids::text[] as menu_ids from seed_grant where name = ${roleName} for update`,
    );
    const known = new Set(last?.menu_ids ?? []);
    const added = menus.filter((id) => !known.has(id));
    if (!added.length) return 0;
    const roles = await rows(
      db,
      sql`update role set menu_id_list = array(select distinct unnest(menu_id_list || ${`{${added.join(',')}}`}::bigint[]) order by 1),
                          updated_at = now()
          where role_name = ${roleName} and merchant_id is not null returning id`,
    );
    await db.execute(sql`
      insert into seed_grant (name, menu_ids) values (${roleName}, ${`{${menus.join(',')}}`}::bigint[])
      on conflict (name) do update set menu_ids = excluded.menu_ids, updated_at = now()`);
    return roles.length;
  });
}

export class AdminPasswordError extends Error {}

/** Creates `admin` when the database has no accounts; returns the generated password, if one was made. */
export async function ensureAdmin(
  database: Db,
  adminPassword: string | undefined,
): Promise<{ created: boolean; generated?: string }> {
  return inScope(database, SYSTEM, (db) => createAdmin(db, adminPassword));
}

async function createAdmin(
  db: Db,
  adminPassword: string | undefined,
): Promise<{ created: boolean; generated?: string }> {
  const [any] = await rows(db, sql`select 1 from account limit 1`);
  if (any) return { created: false };
  let password = adminPassword;
  let generated: string | undefined;
  if (password) {
    const violation = passwordPolicyViolation(password);
    if (violation)
      throw new AdminPasswordError(
        `ADMIN_PASSWORD: must have 8 to 64 characters and not be a common password`,
      );
  } else {
    password = generated = crypto.randomBytes(12).toString('base64url');
  }
  await db.execute(sql`
    insert into account (account, name, password_hash, partner_type, super_admin, status)
    values ('admin', 'Platform administrator', ${await hashPassword(password)}, 'platform', true, 'normal')
    on conflict do nothing`);
  return { created: true, generated };
}
