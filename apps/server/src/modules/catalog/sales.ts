/**
 * What stores and machines sell. A product may be sold where its merchant, or a merchant below it
 * (a chain's regions), operates; a machine sells only products of its own family.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { machineProductResource, storeProductResource } from '@brewfleet/contracts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { ModuleDeps } from '../deps.ts';

/**
 * The rule of who may use a merchant's catalog: a row owned by `owner` (a merchant id column or
 * value) serves `merchantId` when that merchant is the owner or one below it, i.e. the owner is the
 * merchant itself or one of its ancestors. Products, releases and a product's own materials and
 * options all follow it; false where the owner is unknown.
 */
export const servesMerchant = (owner: SQL, merchantId: string | null): SQL =>
  sql`coalesce(${merchantId}::bigint = any(merchant_subtree(${owner})), false)`;

interface Target {
  merchant_id: string | null;
  store_id: string | null;
  family?: string | null;
  label: string;
}

/** Refuse a product that may not be sold at the target; answer the target's tenant. */
async function checkSale(db: Db, productId: string, target: Target) {
  const [product] = await rows<{ code: string; family: string; fits: boolean }>(
    db,
    sql`select code, family, ${servesMerchant(sql`merchant_id`, target.merchant_id)} as fits
        from product where id = ${productId}`,
  );
  if (!product)
    throw new AppError('msg.refNotFound', { field: 'productId' }, [
      { field: 'productId', message: 'msg.refNotFound' },
    ]);
  const params = {
    code: product.code,
    target: target.label,
    family: product.family,
    machineFamily: target.family ?? '',
  };
  if (!product.fits)
    throw new AppError('msg.productOtherMerchant', params, [
      { field: 'productId', message: 'msg.productOtherMerchant', params },
    ]);
  if (target.family !== undefined && product.family !== target.family)
    throw new AppError('msg.productOtherFamily', params, [
      { field: 'productId', message: 'msg.productOtherFamily', params },
    ]);
  return { merchantId: target.merchant_id, storeId: target.store_id };
}

export function registerSales(app: FastifyInstance, deps: ModuleDeps) {
  registerResource(app, deps, storeProductResource, {
    hooks: {
      async beforeCreate(input, ctx) {
        const [store] = await rows<Target>(
          ctx.db,
          sql`select merchant_id::text, id::text as store_id, name as label from store where id = ${input.storeId as string}`,
        );
        return { ...input, ...(await checkSale(ctx.db, String(input.productId), store)) };
      },
    },
  });
  registerResource(app, deps, machineProductResource, {
    hooks: {
      async beforeCreate(input, ctx) {
        const [device] = await rows<Target>(
          ctx.db,
          sql`select merchant_id::text, store_id::text, family, serial_number as label from device where id = ${input.deviceId as string}`,
        );
        return { ...input, ...(await checkSale(ctx.db, String(input.productId), device)) };
      },
    },
  });
}
