/**
 * The demo's delivery platform (DEMO=1, issue 13 §5): the first demo store that sells products is
 * bound to an Uber Eats store with the demo's client id and secret, its products sold for takeout.
 * At every start its menu is synced: to the simulated Uber server started in-process when
 * UBER_API_URL is unset, else to UBER_API_URL and UBER_AUTH_URL (any server speaking Uber's API
 * that knows the demo's client id and secret).
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import type { ResourceRegistry } from '../../platform/crud/registry.ts';
import type { CatalogService } from '../catalog/service.ts';
import { bindingsChanged } from './bindings.ts';

export const DEMO_UBER = {
  clientId: 'brewfleet-demo',
  clientSecret: 'brewfleet-demo-uber-secret',
  storeId: 'demo-uber-store-1',
} as const;

export async function seedDemoDelivery(db: Db, resources: ResourceRegistry, catalog: CatalogService) {
  await inScope(db, SYSTEM, async (tx) => {
    const stores = await rows<{ id: string; merchantId: string }>(
      tx,
      sql`select id::text, merchant_id::text as "merchantId" from store order by id limit 20`,
    );
    for (const store of stores) {
      const sales = await catalog.storeSales(tx, [store.id]);
      if (!sales.length) continue;
      const sealed = resources.get('uber-account').secrets.seal(DEMO_UBER.clientSecret);
      await tx.execute(sql`insert into delivery_account (merchant_id, client_id, client_secret)
                           values (${store.merchantId}, ${DEMO_UBER.clientId}, ${sealed}) on conflict do nothing`);
      await tx.execute(sql`insert into delivery_store (merchant_id, store_id, uber_store_id, binding, sync_state)
                           values (${store.merchantId}, ${store.id}, ${DEMO_UBER.storeId}, 'bound', 'pending')
                           on conflict do nothing`);
      await bindingsChanged(tx);
      for (const [i, s] of sales.slice(0, 12).entries())
        await tx.execute(sql`insert into delivery_product (merchant_id, product_id, sort_order)
                             values (${store.merchantId}, ${s.productId}, ${i}) on conflict do nothing`);
      return;
    }
  });
}

/** The demo's bound stores (to sync at start). */
export async function demoBoundStores(db: Db): Promise<string[]> {
  const found = await inScope(db, SYSTEM, (tx) =>
    rows<{ id: string }>(tx, sql`select id::text from delivery_store where binding = 'bound' order by id`),
  );
  return found.map((s) => s.id);
}
