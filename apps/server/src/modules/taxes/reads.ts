/**
 * What the taxes module reads of other modules: stores and merchants (the tenant tree tenancy shares
 * for reading) through the app's resource registry, in the caller's scope; products, extra products,
 * product types and the catalog a sub-merchant inherits through the catalog's service. This
 * module's SQL names its own tables only (test/table-ownership.test.ts).
 */
import { inArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/auth-user.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { all } from '../../platform/crud/query.ts';
import type { ResourceRegistry } from '../../platform/crud/registry.ts';
import { visibleTo } from '../../platform/crud/scope.ts';
import type { Row } from '../../platform/crud/types.ts';
import type { CatalogItem, CatalogItemKind, CatalogService } from '../catalog/service.ts';

/** The resources read through the registry: the tenant tree and this module's own. */
type Readable = 'store' | 'merchant' | 'tax';

const COUNTRY = /^[A-Z]{2}$/;

export function createReads(resources: ResourceRegistry, catalog: CatalogService) {
  return {
    /**
     * The country code of the first of `merchantIds` that has one (a merchant, then its ancestors:
     * a sub-merchant without its own sells where its parent does). A sub-merchant does not see its
     * ancestors' rows, so this reads as the server in a savepoint of the caller's transaction (a
     * second transaction would wait forever for the embedded database's one connection); only the
     * country leaves it, and the caller's scope is set back before the savepoint is released.
     */
    async countryOf(tx: Db, merchantIds: readonly string[]): Promise<string | null> {
      const merchant = resources.get('merchant');
      const found = await tx.transaction(async (savepoint) => {
        const inner = savepoint as unknown as Db;
        const [{ scope }] = await rows<{ scope: string | null }>(
          inner,
          sql`select current_setting('app.scope', true) as scope`,
        );
        await inner.execute(sql`select set_config('app.scope', 'system', true)`);
        const list = (await inner
          .select()
          .from(merchant.table)
          .where(inArray(merchant.columns.id, [...merchantIds]))) as Row[];
        await inner.execute(sql`select set_config('app.scope', ${scope ?? ''}, true)`);
        return list;
      });
      for (const id of merchantIds) {
        const country = String(found.find((m) => String(m.id) === id)?.country ?? '')
          .trim()
          .toUpperCase();
        if (COUNTRY.test(country)) return country;
      }
      return null;
    },
    /** One row of `resource` that `user` sees, or undefined. */
    async rowOf(tx: Db, resource: Readable, id: string, user: AuthUser): Promise<Row | undefined> {
      const reg = resources.get(resource);
      const [row] = (await tx
        .select()
        .from(reg.table)
        .where(all([inArray(reg.columns.id, [id]), visibleTo(reg, user)]))) as Row[];
      return row;
    },
    /** Catalog rows by id, as this transaction sees them (after `ancestors`, inherited ones too). */
    items(tx: Db, kind: CatalogItemKind, ids: string[]): Promise<Map<string, CatalogItem>> {
      return catalog.itemsByIds(tx, kind, ids);
    },
    /**
     * The merchants whose catalog `merchantId` inherits (its ancestors, nearest first) by id, opened
     * for reading in this transaction; empty when the caller may not look at `merchantId`.
     */
    ancestors(tx: Db, user: AuthUser, merchantId: string): Promise<Map<string, string>> {
      return catalog.openInherited(tx, user, merchantId);
    },
  };
}
export type Reads = ReturnType<typeof createReads>;
