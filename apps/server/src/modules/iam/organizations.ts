/** User organizations: the generic resource, cycle-free parents, and the tree view. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { organizationResource, organizationTreeAnswer } from '@brewfleet/contracts';
import { rows } from '../../platform/db/client.ts';
import type { ResourceDeps } from '../../platform/crud/types.ts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { inRequestScope, visibleTo } from '../../platform/crud/scope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import { buildTree } from '../../platform/crud/tree.ts';

export function registerOrganizations(app: FastifyInstance, deps: ResourceDeps) {
  const { db } = deps;
  const { reg } = registerResource(app, deps, organizationResource, {
    hooks: {
      async beforeUpdate(input, existing, ctx) {
        if (input.parentId) {
          const [hit] = await rows(
            ctx.db,
            sql`with recursive up(id, parent_id) as (
                  select id, parent_id from organization where id = ${String(input.parentId)}
                  union all select o.id, o.parent_id from organization o join up on o.id = up.parent_id)
                select 1 from up where id = ${String(existing.id)} limit 1`,
          );
          if (hit) throw new AppError('msg.orgCycle', {}, [{ field: 'parentId', message: 'msg.orgCycle' }]);
        }
        return input;
      },
      async beforeDelete(list, ctx) {
        const ids = `{${list.map((r) => String(r.id)).join(',')}}`;
        const [used] = await rows(
          ctx.db,
          sql`select 1 from organization where parent_id = any(${ids}::bigint[]) and not id = any(${ids}::bigint[])
              union all select 1 from account where organization_id = any(${ids}::bigint[]) limit 1`,
        );
        if (used) throw new AppError('msg.inUse');
      },
    },
  });

  app.get(
    '/api/coffee/organization/tree',
    {
      schema: { response: answer(organizationTreeAnswer), tags: ['organization'] },
      config: { permission: organizationResource.permissions.list },
    },
    async (request) => {
      const list = await inRequestScope(db, request, (tx) =>
        tx.select().from(reg.table).where(visibleTo(reg, request.user)).orderBy(reg.columns.orderNum),
      );
      return buildTree(
        list.map((o: any) => ({
          id: String(o.id),
          parentId: o.parentId ? String(o.parentId) : '0',
          name: o.name,
          type: o.type,
          status: o.status,
          contact: o.contact,
          phone: o.phone,
          description: o.description,
          orderNum: o.orderNum,
          children: [] as unknown[],
        })),
        'children',
      );
    },
  );
}
