/**
 * Demo taxes (DEMO=1, first start): each Taiwanese brand charges the 5 % business tax (營業稅,
 * included in shelf prices, receipts in whole dollars) on every order type, allocated to all its
 * product types, its packaging for packed and platform orders and its delivery bags for platform
 * orders. Hong Kong has no sales tax, so its brands have none. The brands, their product types and
 * extra products are read through the resource registry (the catalog's and tenancy's tables are
 * theirs).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { ORDER_TYPE_OF_TAX_TYPE, TAX_TYPES, type TaxType } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import type { ResourceRegistry } from '../../platform/crud/registry.ts';
import type { Row } from '../../platform/crud/types.ts';

const TAX_NAMES: Record<TaxType, string> = {
  'dine-in': 'Business tax (dine-in)',
  packaging: 'Business tax (packed)',
  'platform-takeaway': 'Business tax (platform)',
};

export async function seedDemoTaxes(database: Db, resources: ResourceRegistry): Promise<void> {
  const merchant = resources.get('merchant');
  const productType = resources.get('product-type');
  const extraProduct = resources.get('extra-product');
  await inScope(database, SYSTEM, async (db) => {
    const brands = (await db
      .select()
      .from(merchant.table)
      .where(and(isNull(merchant.columns.parentId), eq(merchant.columns.country, 'TW')))) as Row[];
    for (const brand of brands) {
      const merchantId = String(brand.id);
      const [seeded] = await rows(db, sql`select 1 from tax where merchant_id = ${merchantId} limit 1`);
      if (seeded) continue;
      const types = (await db
        .select()
        .from(productType.table)
        .where(eq(productType.columns.merchantId, merchantId))) as Row[];
      const extras = (await db
        .select()
        .from(extraProduct.table)
        .where(eq(extraProduct.columns.merchantId, merchantId))) as Row[];
      for (const type of TAX_TYPES) {
        const orderType = ORDER_TYPE_OF_TAX_TYPE[type];
        const [tax] = await rows<{ id: string }>(
          db,
          sql`insert into tax (merchant_id, name, country, type, tax_type, rate, base, remarks)
              values (${merchantId}, ${TAX_NAMES[type]}, 'TW', ${type}, 'business', '5', '100',
                      'Included in shelf prices; receipts in whole NT dollars')
              returning id::text`,
        );
        // Bags and carriers go with packed and platform orders; delivery bags with platform orders.
        const taxed = extras.filter((e) =>
          type === 'dine-in' ? false : type === 'packaging' ? !/delivery/i.test(String(e.name)) : true,
        );
        for (const t of types)
          await db.execute(sql`insert into tax_allocation (merchant_id, tax_id, product_type_id, order_type, country)
                               values (${merchantId}, ${tax.id}, ${String(t.id)}, ${orderType}, 'TW')`);
        for (const e of taxed)
          await db.execute(sql`insert into tax_allocation (merchant_id, tax_id, extra_product_id, order_type, country)
                               values (${merchantId}, ${tax.id}, ${String(e.id)}, ${orderType}, 'TW')`);
      }
    }
  });
}
