/**
 * The delivery platform's console resources (contracts resources/delivery.ts) and the sync action:
 * a merchant's Uber Eats binding (the secret sealed by the platform, as the merchant's own keys), its
 * bound stores (bound once they carry an Uber store id), its takeout products (a change makes the
 * bound stores' menus due for upload), and the log of what the listing did.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  deliveryListingChangeResource,
  deliveryStoreResource,
  deliverySyncAnswer,
  deliverySyncBody,
  P,
  takeoutProductResource,
  uberAccountResource,
  type DeliverySyncAnswer,
} from '@brewfleet/contracts';
import { z } from 'zod';
import { rows, type Db } from '../../platform/db/client.ts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { inRequestScope } from '../../platform/crud/scope.ts';
import type { HookContext, ResourceDeps, ResourceHooks, Row } from '../../platform/crud/types.ts';
import { answer } from '../../platform/http/answers.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { DeliveryService } from './service.ts';
import { bindingsChanged } from './bindings.ts';

function ownerOf(input: Row, ctx: Pick<HookContext, 'user'>): string {
  const merchantId = (input.merchantId as string | undefined) ?? ctx.user.merchantId;
  if (!merchantId)
    throw new AppError('msg.merchantRequired', {}, [
      { field: 'merchantId', message: 'msg.merchantRequired' },
    ]);
  return merchantId;
}

const merchantOwned: ResourceHooks = {
  beforeCreate: (input, ctx) => ({ ...input, merchantId: ownerOf(input, ctx) }),
};

/** The store (as the caller's scope sees it) gives the row its merchant. */
async function storeMerchant(db: Db, storeId: unknown): Promise<string> {
  const [store] = await rows<{ merchantId: string }>(
    db,
    sql`select merchant_id::text as "merchantId" from store where id = ${String(storeId)}::bigint`,
  );
  if (!store) throw new AppError('msg.notFound', {}, [{ field: 'storeId', message: 'msg.notFound' }]);
  return store.merchantId;
}

const binding = (uberStoreId: unknown) =>
  typeof uberStoreId === 'string' && uberStoreId.trim() ? 'bound' : 'unbound';

export function registerDeliveryResources(
  app: FastifyInstance,
  deps: ResourceDeps,
  service: () => DeliveryService,
) {
  const changed = (row: Row, ctx: HookContext) =>
    service().menuChanged(ctx.db, { merchantId: String(row.merchantId) });
  // Every process keeps bindings and secrets (bindings.ts): a change is announced with the write (the
  // NOTIFY, heard after commit), and this process forgets its copy at once, so that the caller's
  // next webhook meets the change even before the notification comes back.
  const announce = async (ctx: HookContext) => {
    service().forgetBindings();
    await bindingsChanged(ctx.db);
  };
  const announced: ResourceHooks = {
    afterCreate: (_row, ctx) => announce(ctx),
    afterUpdate: (_row, _before, ctx) => announce(ctx),
    beforeDelete: (_rows, ctx) => announce(ctx),
  };
  registerResource(app, deps, uberAccountResource, { hooks: { ...merchantOwned, ...announced } });
  registerResource(app, deps, deliveryStoreResource, {
    hooks: {
      ...announced,
      async beforeCreate(input, ctx) {
        const uberStoreId = typeof input.uberStoreId === 'string' ? input.uberStoreId.trim() || null : null;
        return {
          ...input,
          uberStoreId,
          merchantId: await storeMerchant(ctx.db, input.storeId),
          binding: binding(uberStoreId),
          syncState: 'never',
        };
      },
      beforeUpdate(input) {
        if (!('uberStoreId' in input)) return input;
        const uberStoreId = typeof input.uberStoreId === 'string' ? input.uberStoreId.trim() || null : null;
        // Bound to another Uber store (or unbound): its menu is uploaded anew, its listing starts clean.
        return {
          ...input,
          uberStoreId,
          binding: binding(uberStoreId),
          syncState: uberStoreId ? 'pending' : 'never',
          paused: false,
        };
      },
    },
  });
  registerResource(app, deps, takeoutProductResource, {
    hooks: {
      ...merchantOwned,
      afterCreate: (row, ctx) => changed(row, ctx),
      afterUpdate: (row, _before, ctx) => changed(row, ctx),
    },
  });
  registerResource(app, deps, deliveryListingChangeResource);

  app.post(
    '/api/coffee/delivery-store/sync',
    {
      schema: {
        body: deliverySyncBody,
        response: answer(deliverySyncAnswer),
        tags: ['delivery-store'],
        description:
          "Upload the store's whole menu to Uber Eats now (PUT /v2/eats/stores/{store_id}/menus). A malformed item is refused before upload, naming the product; Uber's failure is answered and kept on the store's sync state.",
      },
      config: { permission: P.deliveryStore.sync, action: 'delivery-store.sync' },
    },
    async (request): Promise<DeliverySyncAnswer> => {
      const { id } = request.body as z.infer<typeof deliverySyncBody>;
      request.auditTarget = id;
      // Only a store the caller's scope sees; an unbound one cannot be synced.
      const [store] = await inRequestScope(deps.db, request, (tx) =>
        rows<{ binding: string }>(tx, sql`select binding from delivery_store where id = ${id}`),
      );
      if (!store) throw new AppError('msg.notFound');
      if (store.binding !== 'bound') throw new AppError('msg.deliveryStoreUnbound');
      let items = 0;
      let failed: unknown = null;
      try {
        items = (await service().syncStore(id, 'sync-action')).items;
      } catch (error) {
        failed = error;
      }
      if (failed instanceof AppError) throw failed;
      const [state] = await inRequestScope(deps.db, request, (tx) =>
        rows<Omit<DeliverySyncAnswer, 'items'>>(
          tx,
          sql`select id::text, sync_state as "syncState", last_error as "lastError",
                     to_char(last_sync_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastSyncAt"
              from delivery_store where id = ${id}`,
        ),
      );
      if (failed) throw new AppError('msg.deliverySyncFailed', { error: state.lastError ?? '' });
      return { ...state, items };
    },
  );
}
