/**
 * The `tax` and `tax-allocation` resources (contracts resources/tax.ts) with their rules: a tax is
 * its merchant's (a merchant user's own unless it names one below it); an allocation is its tax's
 * merchant's, takes the tax's order type and country, names a product type or an extra product the
 * tax's merchant sells (its own or inherited), and is the only one of its kind (clear 409 otherwise).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  ORDER_TYPE_OF_TAX_TYPE,
  taxAllocationResource,
  taxResource,
  type Localized,
  type TaxOrderType,
  type TaxType,
} from '@brewfleet/contracts';
import { rows } from '../../platform/db/client.ts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import type { HookContext, ResourceDeps, ResourceHooks, Row } from '../../platform/crud/types.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Reads } from './reads.ts';

/** Order types in the reader's words, for the messages that name one. */
const ORDER_TYPE_NAMES: Record<TaxOrderType, Localized> = {
  'dine-in': { en: 'dine-in', zh: '堂食', tw: '內用' },
  pack: { en: 'packed', zh: '打包', tw: '外帶' },
  'platform-takeaway': { en: 'platform takeaway', zh: '平台外卖', tw: '平台外送' },
};

function ownerOf(input: Row, ctx: Pick<HookContext, 'user'>): string {
  const merchantId = (input.merchantId as string | undefined) ?? ctx.user.merchantId;
  if (!merchantId)
    throw new AppError('msg.merchantRequired', {}, [
      { field: 'merchantId', message: 'msg.merchantRequired' },
    ]);
  return merchantId;
}

const upper = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

function taxHooks(inherited: ResourceHooks['inherited']): ResourceHooks {
  return {
    beforeCreate: (input, ctx) => ({
      ...input,
      merchantId: ownerOf(input, ctx),
      country: upper(input.country),
    }),
    beforeUpdate: (input) => ('country' in input ? { ...input, country: upper(input.country) } : input),
    // Allocations follow their tax's order type and country (a conflict there is a 409 conflict).
    async afterUpdate(row, before, { db }) {
      if (row.type === before.type && row.country === before.country) return;
      await db.execute(sql`
        update tax_allocation set order_type = ${ORDER_TYPE_OF_TAX_TYPE[row.type as TaxType]},
                                  country = ${row.country as string}, updated_at = now()
        where tax_id = ${row.id as string}`);
    },
    async beforeDelete(deleted, { db }) {
      const ids = `{${deleted.map((r) => r.id).join(',')}}`;
      const [{ n }] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from tax_allocation where tax_id = any(${ids}::bigint[])`,
      );
      if (n) throw new AppError('msg.taxInUse', { count: n });
    },
    // A sub-merchant reads its parent's taxes (its machines sell its parent's products).
    inherited,
  };
}

/** The allocation as it will be: checked, with the tax's merchant, order type and country. */
async function checkAllocation(
  reads: Reads,
  input: Row,
  ctx: HookContext,
  existingId?: string,
): Promise<Row> {
  const { db, user } = ctx;
  const productTypeId = (input.productTypeId as string | null | undefined) ?? null;
  const extraProductId = (input.extraProductId as string | null | undefined) ?? null;
  if (!productTypeId === !extraProductId)
    throw new AppError('msg.taxAllocationTarget', {}, [
      { field: 'productTypeId', message: 'msg.taxAllocationTarget' },
    ]);
  // The tax must be one the caller may change rows of (an inherited tax is its parent's to allocate).
  const tax = await reads.rowOf(db, 'tax', input.taxId as string, user);
  if (!tax)
    throw new AppError('msg.refNotFound', { field: 'taxId' }, [
      { field: 'taxId', message: 'msg.refNotFound' },
    ]);
  const merchantId = String(tax.merchantId);
  const owners = await reads.ancestors(db, user, merchantId);
  const [kind, id] = productTypeId
    ? (['product-type', productTypeId] as const)
    : (['extra-product', extraProductId!] as const);
  const target = (await reads.items(db, kind, [id])).get(id);
  if (!target || (String(target.merchantId) !== merchantId && !owners.has(String(target.merchantId))))
    throw new AppError('msg.taxAllocationOtherMerchant', { name: target?.name ?? id }, [
      {
        field: productTypeId ? 'productTypeId' : 'extraProductId',
        message: 'msg.taxAllocationOtherMerchant',
      },
    ]);
  const orderType = ORDER_TYPE_OF_TAX_TYPE[tax.type as TaxType];
  const country = String(tax.country);
  const column = productTypeId ? sql`product_type_id` : sql`extra_product_id`;
  const [taken] = await rows<{ name: string }>(
    db,
    sql`select t.name from tax_allocation a join tax t on t.id = a.tax_id
        where a.merchant_id = ${merchantId} and a.${column} = ${id} and a.order_type = ${orderType}
          and a.country = ${country} and a.id <> ${existingId ?? '0'}::bigint
        limit 1`,
  );
  if (taken)
    throw new AppError('msg.taxAllocationTaken', {
      target: target.name,
      orderType: ORDER_TYPE_NAMES[orderType],
      country,
      tax: taken.name,
    });
  return { taxId: tax.id, productTypeId, extraProductId, merchantId, orderType, country };
}

export function registerTaxResources(app: FastifyInstance, deps: ResourceDeps, reads: Reads) {
  // Whose taxes a sub-merchant reads: those of the merchants whose catalog it inherits.
  const inherited: ResourceHooks['inherited'] = ({ db, user, merchantId }) =>
    merchantId ? reads.ancestors(db, user, merchantId) : Promise.resolve(new Map());
  registerResource(app, deps, taxResource, { hooks: taxHooks(inherited) });
  registerResource(app, deps, taxAllocationResource, {
    hooks: {
      beforeCreate: (input, ctx) => checkAllocation(reads, input, ctx),
      beforeUpdate: (input, existing, ctx) =>
        checkAllocation(reads, { ...existing, ...input }, ctx, String(existing.id)),
      inherited,
    },
  });
}
