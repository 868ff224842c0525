/** Stores: each belongs to one merchant, named by a platform user, defaulting to a merchant user's own. */
import type { FastifyInstance } from 'fastify';
import { storeResource } from '@brewfleet/contracts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { sql } from 'drizzle-orm';
import { rows } from '../../platform/db/client.ts';
import type { ModuleDeps } from '../deps.ts';

export function registerStores(app: FastifyInstance, deps: ModuleDeps) {
  registerResource(app, deps, storeResource, {
    hooks: {
      beforeCreate(input, ctx) {
        const merchantId = (input.merchantId as string | undefined) ?? ctx.user.merchantId;
        if (!merchantId)
          throw badRequest('msg.merchantRequired', {}, [
            { field: 'merchantId', message: 'msg.merchantRequired' },
          ]);
        return { ...input, merchantId };
      },
      async beforeDelete(list, ctx) {
        const ids = `{${list.map((r) => String(r.id)).join(',')}}`;
        const [used] = await rows(
          ctx.db,
          sql`select 1 from account where store_id = any(${ids}::bigint[]) limit 1`,
        );
        if (used) throw new AppError(409, 'msg.inUse');
      },
    },
  });
}
