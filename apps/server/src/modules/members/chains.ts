/**
 * The merchant tree as members see it (tenancy's `merchant`, readable by every module): a member
 * of a merchant is known in every store of that merchant and of the merchants below it, so an
 * order's member is looked for among the members of the order's merchant and its ancestors, and a
 * merchant's rules (points, compensation, coupons) reach down to its sub-merchants.
 */
import { sql } from 'drizzle-orm';
import { currencyOf, DEFAULT_COUNTRY } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { asSystem } from './system-scope.ts';

const idArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** Each merchant's chain: itself, its parent, … up to the top (nearest first). */
export async function ancestorsOf(db: Db, merchantIds: Iterable<string>): Promise<Map<string, string[]>> {
  const wanted = [...new Set(merchantIds)];
  const chains = new Map<string, string[]>(wanted.map((id) => [id, []]));
  if (!wanted.length) return chains;
  const found = await asSystem(db, (tx) =>
    rows<{ start: string; id: string }>(
      tx,
      sql`with recursive up(start, id, parent_id, depth) as (
            select m.id, m.id, m.parent_id, 0 from merchant m where m.id = any(${idArray(wanted)}::bigint[])
            union all
            select up.start, m.id, m.parent_id, up.depth + 1
            from merchant m join up on m.id = up.parent_id where up.depth < 32
          )
          select start::text, id::text from up order by start, depth`,
    ),
  );
  for (const f of found) chains.get(f.start)!.push(f.id);
  return chains;
}

/** The merchant and every merchant below it. */
export async function subtreeOf(db: Db, merchantId: string): Promise<string[]> {
  const found = await asSystem(db, (tx) =>
    rows<{ id: string }>(tx, sql`select unnest(merchant_subtree(${merchantId}::bigint))::text as id`),
  );
  return found.map((r) => r.id);
}

/**
 * The currency a member's wallet is kept in: its merchant's, the country of the nearest merchant up
 * the tree that names one (as app orders are charged, orders/app-orders.ts), else DEFAULT_COUNTRY's.
 * For a member the caller has already found in its scope: the tree above is read as the system, and
 * only its country comes back.
 */
export async function walletCurrencyOf(db: Db, memberId: string): Promise<string> {
  const [found] = await asSystem(db, (tx) =>
    rows<{ country: string }>(
      tx,
      sql`with recursive up(id, parent_id, country, depth) as (
            select m.id, m.parent_id, m.country, 0 from merchant m
            where m.id = (select merchant_id from member where id = ${memberId}::bigint)
            union all
            select m.id, m.parent_id, m.country, up.depth + 1
            from merchant m join up on m.id = up.parent_id where up.depth < 32
          )
          select upper(trim(country)) as country from up
          where upper(trim(country)) ~ '^[A-Z]{2}$' order by depth limit 1`,
    ),
  );
  return currencyOf(found?.country ?? DEFAULT_COUNTRY);
}

export { idArray };
