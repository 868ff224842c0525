/**
 * What a store or a machine sells, as the screen shows it: each sale joined to its product (name,
 * code, family, catalog price), the price it sells at (its own, else the catalog's), and which
 * products may still be added (not sold there yet, and of the family its machines make).
 */
import { MONEY_PATTERN } from '@brewfleet/contracts/resource';
import { nameIn } from '@brewfleet/contracts/localized-names';
import type { Row } from '../../api/types';

export interface SaleRow {
  id: string;
  productId: string;
  name: string;
  code: string;
  family: string;
  catalogPrice: string | null;
  /** The sale's own price; null sells at the catalog price. */
  ownPrice: string | null;
  price: string | null;
  available: boolean;
}

const moneyOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v).toFixed(2));

/** `language`: the console's, in which a product with names per language is named. */
export function joinSales(sales: Row[], products: Row[], language = ''): SaleRow[] {
  const byId = new Map(products.map((p) => [String(p.id), p]));
  return sales.map((sale) => {
    const productId = String(sale.productId);
    const product = byId.get(productId);
    const catalogPrice = moneyOrNull(product?.price);
    const ownPrice = moneyOrNull(sale.price);
    return {
      id: String(sale.id),
      productId,
      name: nameIn({ names: product?.names }, language, product?.name ?? productId),
      code: String(product?.code ?? ''),
      family: String(product?.family ?? ''),
      catalogPrice,
      ownPrice,
      price: ownPrice ?? catalogPrice,
      available: sale.available !== false,
    };
  });
}

/** Products not sold there yet, of the family required (a machine's own, or coffee for automatic screens). */
export function addableProducts(products: Row[], sold: SaleRow[], family: string | null): Row[] {
  const taken = new Set(sold.map((s) => s.productId));
  return products.filter((p) => !taken.has(String(p.id)) && (!family || p.family === family));
}

/** A typed price: empty means "the catalog price" (null); otherwise a money amount, or invalid. */
export function parsePrice(text: string): { valid: boolean; value: string | null } {
  const trimmed = text.trim();
  if (trimmed === '') return { valid: true, value: null };
  if (!MONEY_PATTERN.test(trimmed) || Number(trimmed) < 0) return { valid: false, value: null };
  return { valid: true, value: Number(trimmed).toFixed(2) };
}
