/**
 * Names of merchants a user may not open but may read: the merchants above its own (its superiors;
 * for a store user, also its own merchant) and the merchant of a row it sees (a machine's). They are
 * read in the system scope, since row-level security hides those rows, and only their names leave.
 */
import { sql } from 'drizzle-orm';
import type { SelectOption } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';

/** The user's merchant and every merchant above it, nearest first. */
export function merchantChain(db: Db, merchantId: string | null): Promise<SelectOption[]> {
  if (!merchantId) return Promise.resolve([]);
  return inScope(db, SYSTEM, (tx) =>
    rows<SelectOption>(
      tx,
      sql`with recursive up (id, parent_id, name, depth) as (
            select id, parent_id, name, 0 from merchant where id = ${merchantId}
            union -- not union all: even a corrupted cycle ends
            select m.id, m.parent_id, m.name, up.depth + 1 from merchant m join up on m.id = up.parent_id
          ) select id::text as value, name as label from up order by depth`,
    ),
  );
}

/** The name of a merchant that a row the user sees belongs to. */
export async function merchantName(db: Db, merchantId: string | null): Promise<string | null> {
  if (!merchantId) return null;
  const [row] = await inScope(db, SYSTEM, (tx) =>
    rows<{ name: string }>(tx, sql`select name from merchant where id = ${merchantId}`),
  );
  return row?.name ?? null;
}
