/**
 * Catalog rows that products name without a foreign key (ids in arrays and in JSON): deleting one
 * would leave the products naming something gone — a material line without its material, a
 * combination of a missing option — so it is refused, 'This record is still in use', with how many
 * products use it. Types products name by a column (product, material types) have foreign keys:
 * the database refuses those, with the same message (platform/http/plumbing.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../platform/http/errors.ts';
import type { ResourceHooks } from '../../platform/crud/types.ts';
import { rows } from '../../platform/db/client.ts';
import { unscoped } from './unscoped.ts';

/** By resource: the condition that product `p` names one of `ids` (a `{1,2}` literal). */
const NAMED_BY_PRODUCTS: Record<string, (ids: string) => SQL> = {
  // Ids in JSON are text or numbers, as they were sent: compared as text.
  material: (ids) =>
    sql`exists (select 1 from jsonb_path_query(coalesce(p.materials, '[]'), 'lax $[*].materialId') m
                where m #>> '{}' = any(${ids}::text[]))`,
  option: (ids) =>
    sql`exists (select 1 from jsonb_path_query(coalesce(p.recipe_combos, '[]'), 'lax $[*].optionIds[*]') o
                where o #>> '{}' = any(${ids}::text[]))`,
  'option-type': (ids) => sql`p.option_type_ids && ${ids}::bigint[]`,
  'small-material': (ids) =>
    sql`(p.free_small_material_ids && ${ids}::bigint[] or p.charged_small_material_ids && ${ids}::bigint[])`,
  snack: (ids) => sql`p.snack_ids && ${ids}::bigint[]`,
};

/** The delete hook of a catalog resource products name, or undefined for any other. */
export function refuseWhileProductsUse(resource: string): ResourceHooks['beforeDelete'] {
  const named = NAMED_BY_PRODUCTS[resource];
  if (!named) return undefined;
  return async (list, ctx) => {
    const ids = `{${list.map((r) => String(r.id)).join(',')}}`;
    const owners = `{${list.map((r) => (r.merchantId == null ? 'NULL' : String(r.merchantId))).join(',')}}`;
    // Every product that may use the rows (the owners' subtrees, the rule of sales.ts), also those
    // the caller cannot see; only their number comes back.
    const [{ n }] = await unscoped(ctx.db, (tx) =>
      rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from product p
            where p.merchant_id in (select unnest(merchant_subtree(o)) from unnest(${owners}::bigint[]) o)
              and ${named(ids)}`,
      ),
    );
    if (n) throw new AppError('msg.inUseByProducts', { count: n });
  };
}
