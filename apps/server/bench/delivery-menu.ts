/**
 * The delivery bench's menu (issue 13 §7: a menu of 300 items synced in ≤ 5 s): a seed that gives the
 * demo store that many more takeout products, written with SQL as bench/orders-seed.ts writes its
 * rows (copies of one of the store's takeout products, within its merchant: the product, the store
 * selling it, the takeout row), and the sync action timed through HTTP as the merchant administrator.
 */
import type pg from 'pg';
import type { SimulatedUber } from '@brewfleet/simulator';
import { encryptLongText } from '@brewfleet/contracts';
import { httpClient, dataOf } from './wallet-http.ts';
import type { DemoStore } from './delivery-server.ts';

/** Codes of the copies: BXnnn (Uber item ids p-BXnnn). */
const CODE_PREFIX = 'BX';

/**
 * Copy the store's first takeout product `count` times (new code, name and names with " #n"), each
 * sold by the store and listed for takeout. Answers the takeout products the store has now.
 */
export async function seedTakeoutProducts(db: pg.Client, store: DemoStore, count: number): Promise<number> {
  await db.query('begin');
  try {
    const { rows: template } = await db.query<{ id: string }>(
      `select p.id::text from delivery_product dp
         join product p on p.id = dp.product_id
         join store_product sp on sp.product_id = p.id and sp.store_id = $2
        where dp.merchant_id = $1 and dp.enabled and p.orderable and sp.available
        order by dp.sort_order, p.id limit 1`,
      [store.merchantId, store.storeId],
    );
    if (!template.length) throw new Error('the demo store has no takeout product to copy');
    await db.query(
      `with made as (
         insert into product (merchant_id, store_id, name, code, kind, family, product_type_id, price,
                              delivery_price, description, sort_order, listed, orderable, show_snacks,
                              material_type_id, materials, unit, shelf_life_hours, recipe, recipe_combos,
                              recipe_version, option_type_ids, free_small_material_ids,
                              charged_small_material_ids, snack_ids, images, names)
         select p.merchant_id, p.store_id, p.name || ' #' || n, $3 || lpad(n::text, 3, '0'), p.kind, p.family,
                p.product_type_id, p.price, p.delivery_price, p.description, 1000 + n, p.listed, p.orderable,
                p.show_snacks, p.material_type_id, p.materials, p.unit, p.shelf_life_hours, p.recipe,
                p.recipe_combos, p.recipe_version, p.option_type_ids, p.free_small_material_ids,
                p.charged_small_material_ids, p.snack_ids, p.images,
                (select jsonb_object_agg(k, v || ' #' || n) from jsonb_each_text(p.names) as e(k, v))
           from product p, generate_series(1, $4::int) as n
          where p.id = $1
         returning id, merchant_id, sort_order),
       sold as (
         insert into store_product (merchant_id, store_id, product_id, sort_order)
         select merchant_id, $2, id, sort_order from made)
       insert into delivery_product (merchant_id, product_id, sort_order)
       select merchant_id, id, sort_order from made`,
      [template[0].id, store.storeId, CODE_PREFIX, count],
    );
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from delivery_product dp
       join store_product sp on sp.product_id = dp.product_id and sp.store_id = $2 and sp.available
       join product p on p.id = dp.product_id and p.orderable
      where dp.merchant_id = $1 and dp.enabled`,
    [store.merchantId, store.storeId],
  );
  return rows[0].n;
}

export interface SyncRun {
  ms: number;
  items: number;
  syncState: string;
  /** Top-level items of the menu the simulated Uber stored after this sync. */
  uberItems: number;
  /** From the answer to the last Uber call of the listing pass that follows (its suspensions), ms; null: not within 25 s. */
  listingSettledMs: number | null;
  /** Suspensions the simulated Uber received in that time. */
  suspensions: number;
  loadAverage: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sign in as the merchant administrator and time the sync action `times` times, one after another. */
export async function timeSyncs(opts: {
  baseUrl: string;
  db: pg.Client;
  uber: SimulatedUber;
  uberStoreId: string;
  store: DemoStore;
  account: string;
  password: string;
  times: number;
  /** Items no machine makes (the copies): what each upload carries suspended. */
  unmakeable: number;
  loadAverage: () => number;
}): Promise<SyncRun[]> {
  const client = httpClient(opts.baseUrl, 4);
  try {
    const { publicKey } = dataOf<{ publicKey: string }>(
      'public key',
      await client.send('GET', '/api/auth/publicKey'),
    );
    const { tokenValue: token } = dataOf<{ tokenValue: string }>(
      'sign-in',
      await client.send('POST', '/api/auth/doLogin', {
        body: { account: opts.account, password: encryptLongText(publicKey, opts.password), agreement: true },
      }),
    );
    const suspensionPath = new RegExp(`^/v2/eats/stores/${opts.uberStoreId}/menus/items/`);
    const runs: SyncRun[] = [];
    for (let i = 0; i < opts.times; i++) {
      const before = opts.uber.calls(suspensionPath, 'POST').length;
      const answer = await client.send('POST', '/api/coffee/delivery-store/sync', {
        headers: { token },
        body: { id: opts.store.deliveryStoreId },
      });
      const answeredAt = Date.now();
      const data = dataOf<{ items: number; syncState: string }>('sync', answer);
      const menu = opts.uber.menus.get(opts.uberStoreId);
      // The upload carries what no machine makes suspended (the copies at least) and records them; the
      // listing pass that follows (the job's, within 5 s) finds nothing more to call Uber for. Waited
      // for — the store not due, as many items suspended as copies made, and Uber called by nobody
      // for 0.5 s — so that the next sync is timed on a quiet server.
      let settled: number | null = null;
      for (let waited = 0; waited < 25_000; waited += 100) {
        await sleep(100);
        const { rows } = await opts.db.query<{ due: boolean; suspended: number }>(
          `select listing_due as due, jsonb_array_length(suspended_items) as suspended
             from delivery_store where id = $1`,
          [opts.store.deliveryStoreId],
        );
        const lastCall = opts.uber.received.at(-1)?.at ?? 0;
        if (!rows[0].due && rows[0].suspended >= opts.unmakeable && Date.now() - lastCall > 500) {
          settled = Math.max(0, lastCall - answeredAt);
          break;
        }
      }
      runs.push({
        ms: Math.round(answer.ms * 10) / 10,
        items: data.items,
        syncState: data.syncState,
        uberItems: menu?.categories.reduce((n, c) => n + c.entities.length, 0) ?? 0,
        listingSettledMs: settled === null ? null : Math.round(settled),
        suspensions: opts.uber.calls(suspensionPath, 'POST').length - before,
        loadAverage: opts.loadAverage(),
      });
    }
    return runs;
  } finally {
    client.close();
  }
}
