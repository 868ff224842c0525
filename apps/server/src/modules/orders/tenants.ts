/**
 * Whose taxes and catalog an order of a machine's merchant uses: the merchant and its ancestors,
 * nearest first (a sub-merchant sells its parent's products under its parent's taxes unless it has
 * its own), and the country of the nearest that names one. Read from the tenant tree (tenancy's
 * `merchant`, readable by every module) and kept for a short while: the gateway asks for every batch.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.ts';

export interface MerchantChain {
  /** The merchant, then its parent, … up to the top. */
  ids: string[];
  /** ISO 3166-1 alpha-2 of the nearest merchant with one; null when none has. */
  country: string | null;
}

const TTL_MS = 30_000;
const COUNTRY = /^[A-Z]{2}$/;

export function createMerchantChains() {
  const cache = new Map<string, { chain: MerchantChain; until: number }>();
  return {
    async of(tx: Db, merchantIds: Iterable<string>): Promise<Map<string, MerchantChain>> {
      const now = Date.now();
      const wanted = [...new Set(merchantIds)];
      const missing = wanted.filter((id) => (cache.get(id)?.until ?? 0) < now);
      if (missing.length) {
        const found = await rows<{ start: string; id: string; country: string | null }>(
          tx,
          sql`with recursive up(start, id, parent_id, country, depth) as (
                select m.id, m.id, m.parent_id, m.country, 0 from merchant m
                where m.id = any(${`{${missing.join(',')}}`}::bigint[])
                union all
                select up.start, m.id, m.parent_id, m.country, up.depth + 1
                from merchant m join up on m.id = up.parent_id where up.depth < 32
              )
              select start::text, id::text, country from up order by start, depth`,
        );
        for (const id of missing) {
          const mine = found.filter((f) => f.start === id);
          const country =
            mine.map((m) => (m.country ?? '').trim().toUpperCase()).find((c) => COUNTRY.test(c)) ?? null;
          cache.set(id, { chain: { ids: mine.map((m) => m.id), country }, until: now + TTL_MS });
        }
      }
      return new Map(wanted.map((id) => [id, cache.get(id)!.chain]));
    },
  };
}
export type MerchantChains = ReturnType<typeof createMerchantChains>;
