/**
 * A new product is not on a store's menu until the store sells it (Store Products): a release built
 * from what the store sells leaves it out without a word. The release preview asks here which of
 * the merchant's products — listed, orderable, made by the release's machines — the store does not
 * sell, and may add them to the store's products; a release still a draft is then built again from
 * them, so the preview shows what a push will send.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  P,
  idSchema,
  missingProductsAnswer,
  addMissingProductsAnswer,
  type MissingProduct,
} from '@brewfleet/contracts';
import { inRequestScope, visibleTo } from '../../platform/crud/scope.ts';
import type { FleetService } from '../fleet/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { Registered, Row } from '../../platform/crud/types.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import { servesMerchant } from '../catalog/sales.ts';
import { releaseProducts, type ReleaseContent } from './menu-content.ts';
import { targetsOf } from './menus.ts';
import { nameInSql } from '../../platform/crud/localized-sql.ts';

export type { MissingProduct };

const byId = z.object({ id: idSchema });

/**
 * The products the release's store could sell its machines but does not: only for a release built
 * from the store's products (one with products chosen by hand takes nothing from them).
 */
async function missingProducts(
  tx: Db,
  request: FastifyRequest,
  releases: Registered,
  { fleet, catalog }: { fleet: FleetService; catalog: CatalogService },
  id: string,
): Promise<{ release: Row; missing: MissingProduct[] }> {
  const [release] = (await tx
    .select()
    .from(releases.table)
    .where(
      sql`${releases.columns.id} = ${id} and ${visibleTo(releases, request.user) ?? sql`true`}`,
    )) as Row[];
  if (!release) throw new AppError('msg.notFound');
  const storeId = (release.storeId as string | null) ?? null;
  if (!storeId || (release.productIds as string[] | null)?.length) return { release, missing: [] };
  const [store] = await rows<{ merchant_id: string }>(
    tx,
    sql`select merchant_id::text from store where id = ${storeId}`,
  );
  if (!store) return { release, missing: [] };
  const targets = await targetsOf(tx, fleet, request.user, storeId, (release.deviceIds as string[]) ?? []);
  const families = [...new Set(targets.map((t) => t.family).filter((f): f is string => !!f))];
  if (!families.length) return { release, missing: [] };
  // The store's merchant sells its own products and those it inherits from its parents.
  await catalog.openInherited(tx, request.user!, store.merchant_id);
  const missing = await rows<MissingProduct>(
    tx,
    sql`select p.id::text, p.code, ${nameInSql(sql`p.names`, sql`p.name`, request.lang)} as name, p.family from product p
        where ${servesMerchant(sql`p.merchant_id`, store.merchant_id)}
          and p.listed and p.orderable and p.kind <> 'snack' and p.recipe is not null
          and p.family = any(${`{${families.join(',')}}`}::text[])
          and not exists (select 1 from store_product sp where sp.store_id = ${storeId} and sp.product_id = p.id)
        order by p.family, p.sort_order, p.name`,
  );
  return { release, missing };
}

export function registerMissingProducts(
  app: FastifyInstance,
  db: Db,
  releases: Registered,
  services: { fleet: FleetService; catalog: CatalogService },
) {
  const { catalog } = services;
  app.get(
    '/api/coffee/menu-release/missing-products',
    {
      schema: { querystring: byId, response: answer(missingProductsAnswer), tags: ['menu-release'] },
      config: { permission: P.menuRelease.list },
    },
    async (request) => {
      const { id } = request.query as z.infer<typeof byId>;
      return inRequestScope(db, request, async (tx) => {
        const { missing } = await missingProducts(tx, request, releases, services, id);
        return { products: missing };
      });
    },
  );

  app.post(
    '/api/coffee/menu-release/add-missing-products',
    {
      schema: { body: byId, response: answer(addMissingProductsAnswer), tags: ['menu-release'] },
      config: { permission: P.storeProduct.create, action: 'menu-release.add-missing-products' },
    },
    async (request) => {
      const { id } = request.body as z.infer<typeof byId>;
      request.auditTarget = id;
      return inRequestScope(db, request, async (tx) => {
        const { release, missing } = await missingProducts(tx, request, releases, services, id);
        const storeId = String(release.storeId);
        await catalog.sellInStore(
          tx,
          storeId,
          missing.map((m) => m.id),
          request.user!.userId,
        );
        // A draft is built again, as when it was made; a pushed release stays as it was sent.
        let rebuilt = false;
        if (missing.length && release.state === 'draft') {
          const products = await releaseProducts(tx, {
            productIds: [],
            storeId,
            deviceIds: (release.deviceIds as string[]) ?? [],
            merchantId: String(release.merchantId),
          });
          const content: ReleaseContent = { name: String(release.name), products };
          await tx.execute(
            sql`update menu_release set content = ${JSON.stringify(content)}::jsonb, updated_at = now() where id = ${id}`,
          );
          rebuilt = true;
        }
        return { added: missing.length, rebuilt };
      });
    },
  );
}
