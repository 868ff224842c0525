/**
 * Building menus: a release's content is frozen from the catalog when it is made (products with
 * their recipe, options, recipe combinations, toppings, snacks and the store's prices); each
 * machine then gets the part it can make — its family, its merchant's products — at its own
 * prices, as a `menu` command.
 */
import { sql, type SQL } from 'drizzle-orm';
import { menuContent, type MenuContent, type MenuProduct } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { servesMerchant } from '../catalog/sales.ts';

/** A product in a release: what the machine gets, plus what the server needs to choose machines. */
export interface ReleaseProduct extends MenuProduct {
  productId: string;
  merchantId: string;
}
export interface ReleaseContent {
  name: string;
  products: ReleaseProduct[];
}

/** A recipe combination as products.ts stores it (recipeCombosSchema). */
interface StoredCombo {
  optionIds: Array<string | number>;
  amountFactor: number;
  priceChange?: string | number;
}

export interface TargetDevice {
  id: string;
  serial_number: string;
  family: string | null;
  merchant_id: string | null;
  store_id: string | null;
}

const money = (value: unknown) => Number(value ?? 0).toFixed(2);

/** Names per language ride beside `name` only where a row has them (older machines ignore them). */
function withNames<T extends { names?: unknown; typeNames?: unknown }>(item: T): T {
  const { names, typeNames, ...rest } = item;
  return { ...rest, ...(names ? { names } : {}), ...(typeNames ? { typeNames } : {}) } as T;
}

/**
 * The availability rule, one for every way a product reaches a machine (chosen by hand for a
 * release, or what the store and its machines sell): a product switched off for a store
 * (store_product.available false) goes to none of that store's machines, and one switched off for a
 * machine (machine_product) not to that machine. No row means available.
 */
const availableAtStore = (product: SQL, storeId: string | null): SQL =>
  sql`not exists (select 1 from store_product x where x.product_id = ${product} and x.store_id = ${storeId}
                  and not x.available)`;

/**
 * The products of a release: those named, or what the store and the machines sell, in both cases
 * without what is switched off at the store (`availableAtStore`). Every one must be the release
 * merchant's to sell (its own or an ancestor's, the rule of catalog/sales.ts): its content is frozen
 * into a row that merchant reads, so another merchant's product is refused, not left out. Without a
 * merchant, the store's.
 */
export async function releaseProducts(
  db: Db,
  opts: { productIds: string[]; storeId: string | null; deviceIds: string[]; merchantId?: string | null },
): Promise<ReleaseProduct[]> {
  const ids = opts.productIds.length
    ? opts.productIds
    : (
        await rows<{ id: string }>(
          db,
          sql`select product_id::text as id from store_product where store_id = ${opts.storeId} and available
              union select product_id::text from machine_product
              where device_id = any(${`{${opts.deviceIds.join(',')}}`}::bigint[]) and available`,
        )
      ).map((r) => r.id);
  if (!ids.length) return [];
  const [seller] = opts.merchantId
    ? [{ id: opts.merchantId }]
    : await rows<{ id: string }>(
        db,
        sql`select merchant_id::text as id from store where id = ${opts.storeId}`,
      );
  if (seller) {
    const [foreign] = await rows<{ code: string; merchant: string }>(
      db,
      sql`select p.code, coalesce(m.name, ${seller.id}) as merchant
          from product p left join merchant m on m.id = ${seller.id}
          where p.id = any(${`{${ids.join(',')}}`}::bigint[]) and not ${servesMerchant(sql`p.merchant_id`, seller.id)}
          order by p.code limit 1`,
    );
    if (foreign) {
      const params = { code: foreign.code, target: foreign.merchant };
      throw new AppError('msg.productOtherMerchant', params, [
        { field: 'productIds', message: 'msg.productOtherMerchant', params },
      ]);
    }
  }
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select p.id::text, p.merchant_id::text, p.code, p.name, p.names, p.kind, p.family, p.recipe_version, p.recipe,
               coalesce(sp.price, p.price)::text as price,
               p.recipe_combos, p.orderable, p.show_snacks,
               coalesce((select jsonb_agg(jsonb_build_object('id', s.id::text, 'name', s.name, 'names', s.names, 'price', s.price::text) order by s.name)
                         from snack s where s.id = any(coalesce(p.snack_ids, '{}')) and s.listed), '[]') as snacks,
               coalesce((select jsonb_agg(jsonb_build_object('id', o.id::text, 'type', t.name, 'typeNames', t.names, 'name', o.name, 'names', o.names,
                                 'priceChange', o.price_change::text,
                                 'amountFactor', o.amount_factor, 'isDefault', o.is_default,
                                 'multiple', t.multiple, 'required', t.required) order by t.sort_order, o.sort_order)
                         from product_option o join option_type t on t.id = o.option_type_id
                         where o.option_type_id = any(coalesce(p.option_type_ids, '{}'))), '[]') as options,
               coalesce((select jsonb_agg(jsonb_build_object('name', s.name, 'names', s.names, 'price', s.price::text, 'charged', s.charged) order by s.name)
                         from small_material s
                         where s.id = any(coalesce(p.free_small_material_ids, '{}') || coalesce(p.charged_small_material_ids, '{}'))), '[]') as toppings
        from product p
        left join store_product sp on sp.product_id = p.id and sp.store_id = ${opts.storeId}
        where p.id = any(${`{${ids.join(',')}}`}::bigint[]) and p.listed and p.kind <> 'snack' and p.recipe is not null
          and ${availableAtStore(sql`p.id`, opts.storeId)}
        order by p.sort_order, p.name`,
  );
  return found.map((p) => ({
    productId: String(p.id),
    merchantId: String(p.merchant_id),
    code: String(p.code),
    name: String(p.name),
    ...(p.names ? { names: p.names as MenuProduct['names'] } : {}),
    kind: p.kind as MenuProduct['kind'],
    family: p.family as MenuProduct['family'],
    price: Number(p.price).toFixed(2),
    recipeVersion: Number(p.recipe_version),
    recipe: p.recipe as MenuProduct['recipe'],
    options: (p.options as MenuProduct['options']).map((o) =>
      withNames({ ...o, priceChange: money(o.priceChange) }),
    ),
    toppings: (p.toppings as MenuProduct['toppings']).map((t) => withNames({ ...t, price: money(t.price) })),
    // As the console stored them (checked on save), with ids as text and prices as money.
    combos: ((p.recipe_combos as StoredCombo[] | null) ?? []).map((c) => ({
      optionIds: c.optionIds.map(String),
      amountFactor: Number(c.amountFactor),
      priceChange: money(c.priceChange),
    })),
    orderable: Boolean(p.orderable),
    showSnacks: Boolean(p.show_snacks),
    snacks: (p.snacks as NonNullable<MenuProduct['snacks']>).map((x) =>
      withNames({ ...x, price: money(x.price) }),
    ),
  }));
}

/**
 * One machine's menu: the release's products of its family and of its merchant (or a merchant above
 * it), at the machine's own prices, without what it does not sell — switched off for the machine or
 * for its store, as the console shows it when the menu is pushed.
 */
export async function menuForDevice(
  db: Db,
  device: TargetDevice,
  release: { version: string; content: ReleaseContent },
): Promise<MenuContent> {
  const mine = release.content.products.filter((p) => p.family === device.family);
  const ids = mine.map((p) => p.productId);
  const allowed = ids.length
    ? await rows<{ id: string; price: string | null; available: boolean | null }>(
        db,
        sql`select p.id::text, mp.price::text as price, mp.available
            from product p left join machine_product mp on mp.product_id = p.id and mp.device_id = ${device.id}
            where p.id = any(${`{${ids.join(',')}}`}::bigint[])
              and ${device.merchant_id}::bigint = any(merchant_subtree(p.merchant_id))
              and ${availableAtStore(sql`p.id`, device.store_id)}`,
      )
    : [];
  const byId = new Map(allowed.map((a) => [a.id, a]));
  const products = mine
    .filter((p) => byId.has(p.productId) && byId.get(p.productId)!.available !== false)
    .map(({ productId, merchantId: _merchant, ...p }) => {
      const own = byId.get(productId)!.price;
      return { ...p, price: own == null ? p.price : Number(own).toFixed(2) };
    });
  return menuContent.parse({ version: release.version, name: release.content.name, products });
}
