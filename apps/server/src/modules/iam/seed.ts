/**
 * Start-up data: the menu seed (missing entries are added; menus an administrator edited are left
 * alone) and the platform administrator `admin`, created once with ADMIN_PASSWORD or a random
 * password that is printed once.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MENU_SEED } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { hashPassword, passwordPolicyViolation } from '../../platform/auth/passwords.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';

export async function seedMenus(db: Db) {
  for (const m of MENU_SEED) {
    await db.execute(sql`
      insert into menu (id, parent_id, name, tw_name, en_name, type, url, perms, icon, order_num)
      values (${m.id}, ${m.parentId === '0' ? null : m.parentId}, ${m.name}, ${m.twName}, ${m.enName}, ${m.type},
              ${m.url}, ${m.perms}, ${m.icon}, ${m.orderNum})
      on conflict (id) do nothing`);
  }
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
