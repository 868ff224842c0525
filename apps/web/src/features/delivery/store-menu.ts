/**
 * What a store's Uber Eats menu carries, as the server builds it (delivery service `takeoutItems`):
 * the products the store sells (its available store products, in the store's order) that are
 * enabled takeout products of its merchant, at the takeout row's delivery price, else the store's
 * price, else the product's own.
 */
import { MAX_LIST_LIMIT } from '@brewfleet/contracts/envelope';
import type { SelectOption } from '@brewfleet/contracts/resource';
import type { ListBody } from '../../api/resource-api';
import type { Row } from '../../api/types';

export const takeoutQuery = (merchantId: string): ListBody => ({
  page: 1,
  limit: MAX_LIST_LIMIT,
  sort: 'sortOrder',
  merchantId,
  enabled: true,
});

export const storeProductsQuery = (storeId: string): ListBody => ({
  page: 1,
  limit: MAX_LIST_LIMIT,
  sort: 'sortOrder',
  storeId,
  available: true,
});

export interface StoreMenuLine {
  id: string;
  product: string;
  /** The price Uber shows; null: the product's own catalog price. */
  price: string | null;
  /** Where the price comes from. */
  priceFrom: 'delivery' | 'store' | 'product';
}

const priceOf = (value: unknown): string | null => (value == null || value === '' ? null : String(value));

/** The store's menu lines, in the store's order, named from the product options. */
export function storeMenuLines(
  storeProducts: readonly Row[],
  takeout: readonly Row[],
  products: readonly SelectOption[],
): StoreMenuLine[] {
  const names = new Map(products.map((p) => [String(p.value), String(p.label)]));
  const takeoutByProduct = new Map(
    takeout.filter((row) => row.enabled !== false).map((row) => [String(row.productId), row]),
  );
  return [...storeProducts]
    .filter((sp) => sp.available !== false && takeoutByProduct.has(String(sp.productId)))
    .sort(
      (a, b) =>
        Number(a.sortOrder ?? 0) - Number(b.sortOrder ?? 0) || Number(a.productId) - Number(b.productId),
    )
    .map((sp) => {
      const productId = String(sp.productId);
      const delivery = priceOf(takeoutByProduct.get(productId)!.deliveryPrice);
      const store = priceOf(sp.price);
      return {
        id: String(sp.id),
        product: names.get(productId) ?? productId,
        price: delivery ?? store,
        priceFrom: delivery ? 'delivery' : store ? 'store' : 'product',
      };
    });
}
