/**
 * What a user may grant: permission codes come from menus, and a user who is not the platform
 * administrator can only hand out codes (through roles, or roles to accounts) that they hold.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/auth/auth-user.ts';
import { hasPermission } from '../../platform/auth/auth-user.ts';
import { AppError } from '../../platform/http/errors.ts';

const idArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

export async function codesOfMenus(db: Db, menuIds: string[]): Promise<string[]> {
  if (!menuIds.length) return [];
  const result = await rows<{ perms: string }>(
    db,
    sql`select perms from menu where id = any(${idArray(menuIds)}) and coalesce(perms, '') <> ''`,
  );
  return result.flatMap((r) => r.perms.split(',').map((c) => c.trim())).filter(Boolean);
}

export async function codesOfRoles(db: Db, roleIds: string[]): Promise<string[]> {
  if (!roleIds.length) return [];
  const result = await rows<{ perms: string }>(
    db,
    sql`select m.perms from role r join menu m on m.id = any(r.menu_id_list)
         where r.id = any(${idArray(roleIds)}) and coalesce(m.perms, '') <> ''`,
  );
  return result.flatMap((r) => r.perms.split(',').map((c) => c.trim())).filter(Boolean);
}

export function assertCanGrant(user: AuthUser, codes: string[]) {
  if (user.superAdmin) return;
  if (codes.some((c) => !hasPermission(user, c))) throw new AppError('msg.cannotGrant');
}
