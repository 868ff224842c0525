/**
 * Rows a caller reads but does not own: a sub-merchant's machines sell its parent's products, so its
 * lists of a catalog resource show its ancestors' rows too, marked `inherited: true` with the
 * owner's name. Reading goes through `readableTo`; changing still through `visibleTo`, so an
 * inherited row is never updated or deleted (answered 403 'belongs to …', see `refuseInherited`).
 * The resource's `inherited` hook says whose rows are inherited (catalog/inherited.ts).
 */
import { inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { all, listConditions } from './query.ts';
import { visibleTo } from './scope.ts';
import type { Registered, Row } from './types.ts';

/** Owners (id → name) whose rows `merchantId` (default: the caller's merchant) inherits. */
export async function inheritedOwners(
  reg: Registered,
  db: Db,
  user: AuthUser | null,
  merchantId?: string | null,
): Promise<Map<string, string>> {
  if (!reg.hooks.inherited || !user) return new Map();
  return reg.hooks.inherited({ db, user, merchantId: merchantId ?? user.merchantId });
}

/** What the caller may read: what it sees, and the inherited owners' rows. */
export function readableTo(reg: Registered, user: AuthUser | null, owners: Map<string, string>) {
  const visible = visibleTo(reg, user);
  if (!owners.size || !visible) return visible;
  return or(visible, inArray(reg.columns.merchantId, [...owners.keys()]));
}

/**
 * The condition of a `merchantId` filter on a resource that inherits: that merchant's rows and its
 * inherited owners' (what a product of that merchant may use); otherwise the plain equality.
 */
export function ofMerchant(reg: Registered, merchantId: string, owners: Map<string, string>): SQL {
  return owners.size
    ? inArray(reg.columns.merchantId, [merchantId, ...owners.keys()])
    : sql`${reg.columns.merchantId} = ${merchantId}`;
}

/**
 * What a list (and its export: the same rows) reads: what the caller may read, filtered. Inherited
 * rows join it (a sub-merchant's parent's catalog); a merchant filter then means what that merchant
 * may use: its rows and those it inherits.
 */
export async function listReadCondition(
  reg: Registered,
  db: Db,
  user: AuthUser | null,
  filters: Row,
  timeZone: string,
): Promise<{ where: SQL | undefined; owners: Map<string, string> }> {
  const merchantId = typeof filters.merchantId === 'string' ? filters.merchantId : null;
  const owners = await inheritedOwners(reg, db, user, merchantId);
  const byMerchant = owners.size > 0 && merchantId !== null;
  const where = all([
    readableTo(reg, user, owners),
    ...listConditions(
      reg.def,
      reg.columns,
      byMerchant ? { ...filters, merchantId: undefined } : filters,
      timeZone,
    ),
    byMerchant ? ofMerchant(reg, merchantId, owners) : undefined,
  ]);
  return { where, owners };
}

/** The JSON form of an inherited row says so, and whose it is. */
export function markInherited(item: Row, owners: ReadonlyMap<string, string>): Row {
  const owner = owners.get(String(item.merchantId));
  return owner === undefined ? item : { ...item, inherited: true, ownerName: owner };
}

/**
 * Before an update or delete whose ids the caller does not all see: an id the caller only inherits
 * is refused as read-only, naming its owner (403), rather than as unknown — the caller read it in
 * its own list. Any other id stays a 404 for the caller to answer.
 */
export async function refuseInherited(reg: Registered, db: Db, user: AuthUser, ids: string[]) {
  const owners = await inheritedOwners(reg, db, user);
  if (!owners.size) return;
  const [row] = (await db
    .select({ merchantId: reg.columns.merchantId })
    .from(reg.table)
    .where(all([inArray(reg.columns.id, ids), inArray(reg.columns.merchantId, [...owners.keys()])]))
    .limit(1)) as Row[];
  if (row) throw new AppError('msg.inheritedReadOnly', { owner: owners.get(String(row.merchantId)) });
}
