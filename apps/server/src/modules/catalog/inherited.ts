/**
 * The catalog a sub-merchant inherits: its machines sell its parent's products (and the parent's
 * parent's), made of their materials, options and toppings, so it reads those rows — marked as its
 * ancestors' (platform/crud/inherited.ts) — and its own products may use them; it never changes
 * them. Row-level security shows a merchant its subtree only: `openInheritedCatalog` names the
 * ancestors in `app.inherited_ids` for the rest of the request's transaction, which the policy
 * `inherited_catalog` (migration 0021) lets SELECT read, and nothing else.
 */
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/auth-user.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import type { ResourceHooks } from '../../platform/crud/types.ts';
import { unscoped } from './unscoped.ts';

/** May the caller look at `merchantId`'s catalog at all (its own subtree, or the platform)? */
function looksAt(user: AuthUser, merchantId: string): boolean {
  const scope = user.scope;
  if (scope.kind === 'platform' || scope.kind === 'system') return true;
  // A store user sees its store's rows only (catalog rows have none): no inheritance either.
  return scope.kind === 'merchant' && scope.merchantIds.includes(merchantId);
}

/**
 * The ancestors of `merchantId` (nearest first) by id with their names, opened for reading in this
 * transaction; empty for a merchant the caller may not look at. Only ancestors' ids and names leave
 * the unscoped look-up: never another row of theirs.
 */
export async function openInheritedCatalog(
  db: Db,
  user: AuthUser,
  merchantId: string | null,
): Promise<Map<string, string>> {
  if (!merchantId || !looksAt(user, merchantId)) return new Map();
  const up = await unscoped(db, (all) =>
    rows<{ id: string; name: string }>(
      all,
      sql`with recursive up(id, depth) as (
            select parent_id, 1 from merchant where id = ${merchantId}::bigint and parent_id is not null
            union all
            select m.parent_id, up.depth + 1 from merchant m join up on m.id = up.id
            where m.parent_id is not null and up.depth < 32 -- even a corrupted cycle ends
          )
          select m.id::text, m.name from up join merchant m on m.id = up.id order by up.depth`,
    ),
  );
  const owners = new Map(up.map((m) => [m.id, m.name]));
  if (owners.size && user.scope.kind === 'merchant')
    await db.execute(sql`select set_config('app.inherited_ids', ${[...owners.keys()].join(',')}, true)`);
  return owners;
}

/** The hook of every catalog resource a sub-merchant inherits. */
export const inheritsCatalog: ResourceHooks['inherited'] = ({ db, user, merchantId }) =>
  openInheritedCatalog(db, user, merchantId);

/**
 * The images of an inherited catalog: a sub-merchant's product list shows its parent's products with
 * their pictures, so the files module lets it read its ancestors' images (policy `inherited_images`,
 * migration 0025) — images only, never their other uploads.
 */
export async function openInheritedImages(db: Db, user: AuthUser): Promise<void> {
  if (user.scope.kind === 'merchant' && user.merchantId)
    await openInheritedCatalog(db, user, user.merchantId);
}
