/** Roles: the generic resource, with grants limited to what the caller holds, and `authorize`. */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { P, idSchema, roleResource, resourceItemSchema } from '@brewfleet/contracts';
import { rows } from '../../platform/db/client.ts';
import type { ResourceDeps } from '../../platform/crud/types.ts';
import { registerResource, checkReferences, toItem } from '../../platform/crud/register-resource.ts';
import { all } from '../../platform/crud/query.ts';
import { inRequestScope, tenantValues, visibleTo } from '../../platform/crud/scope.ts';
import type { HookContext, Row } from '../../platform/crud/types.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import { assertCanGrant, codesOfMenus } from './grants.ts';

async function checkGrant(input: Row, ctx: HookContext) {
  if (Array.isArray(input.menuIdList))
    assertCanGrant(ctx.user, await codesOfMenus(ctx.db, input.menuIdList as string[]));
}

/**
 * A role's name is unique within the merchant the role belongs to (index role_name_key): the
 * merchant it is created for, or the one it already has when updated — not the caller's, since a
 * merchant's users also keep the roles of the merchants below theirs.
 */
async function checkUniqueName(input: Row, ctx: HookContext, merchant: string | null, exceptId?: string) {
  if (typeof input.roleName !== 'string') return;
  const [taken] = await rows(
    ctx.db,
    sql`select 1 from role where lower(role_name) = lower(${input.roleName})
          and coalesce(merchant_id, 0) = coalesce(${merchant}::bigint, 0) and id <> coalesce(${exceptId ?? null}::bigint, 0)`,
  );
  if (taken) throw new AppError('msg.roleExists', {}, [{ field: 'roleName', message: 'msg.roleExists' }]);
}

export function registerRoles(app: FastifyInstance, deps: ResourceDeps) {
  const { reg } = registerResource(app, deps, roleResource, {
    hooks: {
      async beforeCreate(input, ctx) {
        await checkUniqueName(input, ctx, tenantValues(roleResource, ctx.user, input).merchantId);
        await checkGrant(input, ctx);
        return input;
      },
      async beforeUpdate(input, existing, ctx) {
        const merchant = existing.merchantId == null ? null : String(existing.merchantId);
        await checkUniqueName(input, ctx, merchant, String(existing.id));
        await checkGrant(input, ctx);
        return input;
      },
      async beforeDelete(list, ctx) {
        const ids = list.map((r) => String(r.id));
        const [used] = await rows(
          ctx.db,
          sql`select 1 from account where role_ids && ${`{${ids.join(',')}}`}::bigint[] limit 1`,
        );
        if (used) throw new AppError('msg.inUse');
      },
    },
  });

  app.post(
    '/api/coffee/role/authorize',
    {
      schema: {
        body: z.object({ id: idSchema, menuIdList: z.array(idSchema).max(2000) }),
        response: answer(resourceItemSchema(roleResource)),
        tags: ['role'],
      },
      config: { permission: P.role.authorize, action: 'role.authorize' },
    },
    async (request) => {
      const { id, menuIdList } = request.body as { id: string; menuIdList: string[] };
      request.auditTarget = id;
      const user = request.user!;
      const ids = [...new Set(menuIdList)];
      return inRequestScope(deps.db, request, async (tx) => {
        await checkReferences(deps.resources, roleResource, { menuIdList: ids }, tx, user);
        assertCanGrant(user, await codesOfMenus(tx, ids));
        const [row] = (await tx
          .update(reg.table)
          .set({ menuIdList: ids, updatedAt: new Date() })
          .where(all([eq(reg.columns.id, id), visibleTo(reg, user)]))
          .returning()) as Row[];
        if (!row) throw new AppError('msg.notFound');
        return toItem(reg, row);
      });
    },
  );
}
