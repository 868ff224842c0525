/**
 * The catalog's service: what other modules may ask of what merchants sell. Menus add a store's
 * missing products through it, and the demo what each store's machines can make; they never write
 * the catalog's tables themselves (test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import { nameIn } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { openInheritedCatalog } from './inherited.ts';
import { unscoped } from './unscoped.ts';

export function createCatalogService() {
  return {
    /**
     * Let `user` read, in this transaction, the catalog `merchantId` inherits from its ancestors (a
     * sub-merchant's release carries its parent's products): see inherited.ts.
     */
    openInherited: openInheritedCatalog,

    /**
     * Products, extra products or product types by id, as the caller's transaction sees them (its
     * tenant scope; with `openInherited`, its ancestors' too): who owns each, its names and, for a
     * product, its type. Taxes read what an order line sells through this.
     */
    async itemsByIds(tx: Db, kind: CatalogItemKind, ids: string[]): Promise<Map<string, CatalogItem>> {
      if (!ids.length) return new Map();
      const list = `{${[...new Set(ids)].join(',')}}`;
      const found = await rows<CatalogItem>(
        tx,
        kind === 'product'
          ? sql`select id::text, merchant_id::text as "merchantId", name, names,
                       product_type_id::text as "productTypeId", price::text as price
                from product where id = any(${list}::bigint[])`
          : kind === 'extra-product'
            ? sql`select id::text, merchant_id::text as "merchantId", name, null::jsonb as names,
                         null::text as "productTypeId", price::text as price
                  from extra_product where id = any(${list}::bigint[])`
            : sql`select id::text, merchant_id::text as "merchantId", name, null::jsonb as names,
                         null::text as "productTypeId", null::text as price
                  from product_type where id = any(${list}::bigint[])`,
      );
      return new Map(found.map((item) => [item.id, item]));
    },

    /**
     * The names of product options by id, in `lang`, for a record that names them (an order line
     * reports its options by the menu's option ids). Looked up past the caller's scope — an option
     * of the parent merchant, or a store user, who reads no catalog rows — since the caller already
     * sees the record naming them; only the names of the ids asked leave the look-up.
     */
    async optionNames(tx: Db, ids: readonly string[], lang: string): Promise<Map<string, string>> {
      const wanted = [...new Set(ids)].filter((id) => /^\d{1,19}$/.test(id));
      if (!wanted.length) return new Map();
      const found = await unscoped(tx, (all) =>
        rows<{ id: string; name: string; names: Record<string, string> | null }>(
          all,
          sql`select id::text, name, names from product_option where id = any(${`{${wanted.join(',')}}`}::bigint[])`,
        ),
      );
      return new Map(found.map((o) => [o.id, nameIn(o, lang)]));
    },

    /**
     * Products of these merchants by code (several merchants may sell one code: the caller picks the
     * nearest). Orders price and tax what a machine reported by it.
     */
    async productsByCode(tx: Db, merchantIds: string[], codes: string[]): Promise<CatalogProduct[]> {
      if (!merchantIds.length || !codes.length) return [];
      return rows<CatalogProduct>(
        tx,
        sql`select id::text, merchant_id::text as "merchantId", code, name, names,
                   product_type_id::text as "productTypeId", price::text as price
            from product
            where merchant_id = any(${`{${[...new Set(merchantIds)].join(',')}}`}::bigint[])
              and code = any(array(select jsonb_array_elements_text(${JSON.stringify([...new Set(codes)])}::jsonb)))`,
      );
    },

    /**
     * The names of products by code, sold by these merchants or their ancestors (a sub-merchant's
     * figures hold its parent's products), read past the caller's scope: figures the caller is shown
     * name them (a store's staff and a lobby screen's display link read no catalog rows).
     */
    productNamesByCode(
      tx: Db,
      merchantIds: string[],
      codes: string[],
    ): Promise<Array<Pick<CatalogProduct, 'merchantId' | 'code' | 'name' | 'names'>>> {
      if (!merchantIds.length || !codes.length) return Promise.resolve([]);
      return unscoped(tx, (all) =>
        rows(
          all,
          sql`with recursive chain(id) as (
                select id from merchant where id = any(${`{${[...new Set(merchantIds)].join(',')}}`}::bigint[])
                union select m.parent_id from merchant m join chain c on m.id = c.id where m.parent_id is not null)
              select p.merchant_id::text as "merchantId", p.code, p.name, p.names
              from product p
              where p.merchant_id in (select id from chain)
                and p.code = any(array(select jsonb_array_elements_text(${JSON.stringify([...new Set(codes)])}::jsonb)))`,
        ),
      );
    },

    /**
     * The pictures of the products a machine of `merchantId` sells by these codes (upload ids, in
     * order: the first is the cover), the nearest merchant's product of a code first (a
     * sub-merchant's own before its parent's), looked up past the caller's scope as the names are
     * (the ordering app's member reads no catalog rows). Only the upload ids leave the look-up.
     */
    async productImagesByCode(tx: Db, merchantId: string, codes: string[]): Promise<Map<string, string[]>> {
      if (!codes.length) return new Map();
      const found = await unscoped(tx, (all) =>
        rows<{ code: string; images: string[] }>(
          all,
          sql`with recursive chain(id, parent_id, depth) as (
                select id, parent_id, 0 from merchant where id = ${merchantId}::bigint
                union all
                select m.id, m.parent_id, c.depth + 1 from merchant m join chain c on m.id = c.parent_id where c.depth < 32)
              select distinct on (p.code) p.code, coalesce(p.images, '{}')::text[] as images
              from product p join chain c on c.id = p.merchant_id
              where p.code = any(array(select jsonb_array_elements_text(${JSON.stringify([...new Set(codes)])}::jsonb)))
              order by p.code, c.depth`,
        ),
      );
      return new Map(found.map((p) => [p.code, p.images]));
    },

    /** Whether an upload is a picture of some product: what merchants show their customers anyway. */
    async isProductImage(tx: Db, uploadId: string): Promise<boolean> {
      if (!/^\d{1,19}$/.test(uploadId)) return false;
      const [found] = await unscoped(tx, (all) =>
        rows<{ yes: boolean }>(
          all,
          sql`select exists (select 1 from product where images @> array[${uploadId}::bigint]) as yes`,
        ),
      );
      return found.yes;
    },

    /**
     * What these stores sell and for how much (the store's price, else the product's): the orderable
     * products available there, in the store's order. The demo's order history sells these.
     */
    storeSales: (tx: Db, storeIds: string[]) =>
      rows<StoreSale>(
        tx,
        sql`select sp.store_id::text as "storeId", p.id::text as "productId", p.code, p.name, p.names, p.family,
                   p.product_type_id::text as "productTypeId", coalesce(sp.price, p.price)::text as price, p.delivery_price::text as "deliveryPrice"
            from store_product sp join product p on p.id = sp.product_id
            where sp.store_id = any(${`{${storeIds.join(',')}}`}::bigint[]) and sp.available and p.orderable
            order by sp.store_id, sp.sort_order, p.id`,
      ),

    /** The store sells these products too (those it sells already stay as they are). */
    async sellInStore(tx: Db, storeId: string, productIds: string[], createdBy: string | null) {
      if (!productIds.length) return;
      await tx.execute(sql`
        insert into store_product (merchant_id, store_id, product_id, created_by)
        select s.merchant_id, s.id, p.id, ${createdBy}
        from store s, unnest(${`{${productIds.join(',')}}`}::bigint[]) as p(id)
        where s.id = ${storeId}
        on conflict (store_id, product_id) do nothing`);
    },

    /** Each store sells the merchant's products of the families its machines make, in their order. */
    async sellByFamily(tx: Db, merchantId: string, stores: Array<{ storeId: string; family: string }>) {
      if (!stores.length) return;
      await tx.execute(sql`
        insert into store_product (merchant_id, store_id, product_id, sort_order)
        select s.merchant_id, s.id, p.id, p.sort_order
        from jsonb_to_recordset(${JSON.stringify(stores)}::jsonb) as x("storeId" bigint, family text)
        join store s on s.id = x."storeId"
        join product p on p.merchant_id = ${merchantId} and p.family = x.family
        on conflict (store_id, product_id) do nothing`);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

/** What `itemsByIds` reads: a product, an extra product or a product type. */
export type CatalogItemKind = 'product' | 'extra-product' | 'product-type';
export interface CatalogItem {
  id: string;
  merchantId: string | null;
  name: string;
  /** Names per language (products only). */
  names: Record<string, string> | null;
  /** A product's type. */
  productTypeId: string | null;
  /** A product's or extra product's price (decimal text); null for a product type. */
  price: string | null;
}

/** A product as a store sells it (`storeSales`). */
export interface StoreSale {
  storeId: string;
  productId: string;
  code: string;
  name: string;
  names: Record<string, string> | null;
  family: string | null;
  productTypeId: string | null;
  price: string;
  /** The product's own price on delivery platforms (spec §3 "extra price for the delivery platform"). */
  deliveryPrice: string | null;
}

/** A product as `productsByCode` finds it. */
export interface CatalogProduct extends CatalogItem {
  code: string;
}
