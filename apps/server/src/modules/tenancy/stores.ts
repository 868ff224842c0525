/** Stores: each belongs to one merchant, named by a platform user, defaulting to a merchant user's own. */
import type { FastifyInstance } from 'fastify';
import { storeResource } from '@brewfleet/contracts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { RegisterDeps } from '../../platform/module.ts';

export function registerStores(app: FastifyInstance, deps: RegisterDeps<'iam'>) {
  const { iam } = deps.services;
  registerResource(app, deps, storeResource, {
    hooks: {
      beforeCreate(input, ctx) {
        const merchantId = (input.merchantId as string | undefined) ?? ctx.user.merchantId;
        if (!merchantId)
          throw new AppError('msg.merchantRequired', {}, [
            { field: 'merchantId', message: 'msg.merchantRequired' },
          ]);
        return { ...input, merchantId };
      },
      async beforeDelete(list, ctx) {
        // A store with staff accounts stays until they are moved or removed.
        if (
          await iam.storesHaveAccounts(
            ctx.db,
            list.map((r) => String(r.id)),
          )
        )
          throw new AppError('msg.inUse');
      },
    },
  });
}
