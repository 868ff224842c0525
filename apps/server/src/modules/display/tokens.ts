/**
 * A display link's token: 32 random bytes (base64url, prefixed `dl_` so that one found in a log or
 * a chat reads as what it is). Only its SHA-256 is stored (display_link.token_hash), as the members'
 * session tokens; the token itself is answered once, by the create call.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.ts';
import type { Scope } from '../../platform/db/scope.ts';

export const newDisplayToken = () => `dl_${randomBytes(32).toString('base64url')}`;
export const hashDisplayToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** What a token looks like: anything else is refused before a lookup. */
export const DISPLAY_TOKEN_PATTERN = /^dl_[A-Za-z0-9_-]{43}$/;

/** A link found by its token, with the scope its requests run in. */
export interface DisplayLink {
  id: string;
  merchantId: string;
  storeId: string | null;
  name: string;
  dashboards: 'both' | 'operation' | 'dataShow';
  expiresAt: string;
  revoked: boolean;
  expired: boolean;
  /** The merchant or an ancestor is suspended: its links show nothing. */
  suspended: boolean;
  merchantName: string | null;
  storeName: string | null;
  /** The merchant and every merchant below it, as of this request (a new sub-merchant joins). */
  subtree: string[];
}

/** The link of a token (in the system scope: the caller has no scope yet), or null. */
export async function findLink(tx: Db, token: string): Promise<DisplayLink | null> {
  const [link] = await rows<DisplayLink>(
    tx,
    sql`select l.id::text, l.merchant_id::text as "merchantId", l.store_id::text as "storeId", l.name,
               l.dashboards, to_char(l.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "expiresAt",
               l.revoked_at is not null as revoked, l.expires_at <= now() as expired,
               merchant_suspended(l.merchant_id) as suspended, m.name as "merchantName", s.name as "storeName",
               merchant_subtree(l.merchant_id)::text[] as subtree
        from display_link l join merchant m on m.id = l.merchant_id left join store s on s.id = l.store_id
        where l.token_hash = ${hashDisplayToken(token)}`,
  );
  return link ?? null;
}

/** The scope a link's requests run in: one store, or the merchant and the merchants below it. */
export function linkScope(link: DisplayLink): Scope {
  return link.storeId
    ? { kind: 'store', merchantIds: [link.merchantId], storeIds: [link.storeId] }
    : { kind: 'merchant', merchantIds: link.subtree };
}
