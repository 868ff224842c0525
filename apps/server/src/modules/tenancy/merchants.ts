/**
 * Merchants: a tree (a merchant sees itself and its descendants). Creating one creates its
 * administrator account and role; suspending one signs out every user of its subtree and keeps them
 * out (the session check looks up the ancestors' status on every request).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { merchantResource, merchantTreeAnswer } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { addMerchantToScope } from '../../platform/db/scope.ts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { inRequestScope, visibleTo } from '../../platform/crud/scope.ts';
import type { Row } from '../../platform/crud/types.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { buildTree } from '../../platform/crud/tree.ts';
import { merchantChain } from './merchant-names.ts';
import type { RegisterDeps } from '../../platform/module.ts';

/** A merchant cannot move below itself or one of its descendants. */
async function wouldCycle(db: Db, id: string, parentId: string) {
  const [hit] = await rows(
    db,
    sql`select 1 where ${parentId}::bigint = any(merchant_subtree(${id}::bigint))`,
  );
  return !!hit;
}

export function registerMerchants(app: FastifyInstance, deps: RegisterDeps<'iam'>) {
  const { iam } = deps.services;
  const { reg } = registerResource(app, deps, merchantResource, {
    hooks: {
      // A sub-merchant's superior, and a store user's own merchant, read as names in its lists.
      namedOutsideScope: (user) =>
        user.partnerType === 'platform' ? Promise.resolve([]) : merchantChain(deps.db, user.merchantId),
      async prepare(input, ctx) {
        const password = iam.readPassword(input.password, ctx.source);
        iam.checkPolicy(password);
        return { ...input, password: undefined, passwordHash: await hashPassword(password) };
      },
      async beforeCreate(input, ctx) {
        await iam.assertAccountFree(ctx.db, input.loginAccount as string, 'loginAccount');
        // A merchant user's new merchant sits below its own merchant unless it names another it may see.
        const parentId = (input.parentId as string | undefined) ?? ctx.user.merchantId ?? null;
        if (ctx.user.partnerType !== 'platform' && !parentId) throw new AppError('msg.merchantRequired');
        return { ...input, parentId };
      },
      async afterCreate(row, ctx, values) {
        await addMerchantToScope(ctx.db, String(row.id));
        await iam.createMerchantAdministrator(ctx.db, {
          merchantId: String(row.id),
          account: String(values.loginAccount),
          name: String(row.name),
          passwordHash: String(values.passwordHash),
          createdBy: ctx.user.userId,
        });
      },
      async beforeUpdate(input, existing, ctx) {
        const own = String(existing.id) === ctx.user.merchantId;
        if (own && (input.status !== undefined || input.parentId !== undefined))
          throw new AppError('msg.forbidden');
        if (input.parentId && (await wouldCycle(ctx.db, String(existing.id), String(input.parentId)))) {
          throw new AppError('msg.merchantCycle', {}, [{ field: 'parentId', message: 'msg.merchantCycle' }]);
        }
        return input;
      },
      async afterUpdate(row, before, ctx) {
        if (row.status === 'suspended' && before.status !== 'suspended') {
          // Sessions of the whole subtree end now; the session check keeps them out afterwards.
          await iam.endSessionsOfSubtree(ctx.db, String(row.id));
        }
      },
      async beforeDelete(list, ctx) {
        const ids = `{${list.map((r) => String(r.id)).join(',')}}`;
        const [used] = await rows(
          ctx.db,
          sql`select 1 from merchant where parent_id = any(${ids}::bigint[]) and not id = any(${ids}::bigint[])
              union all select 1 from store where merchant_id = any(${ids}::bigint[]) limit 1`,
        );
        const merchantIds = list.map((r) => String(r.id));
        if (used || (await iam.merchantsHaveOtherAccounts(ctx.db, merchantIds)))
          throw new AppError('msg.merchantHasChildren');
        await iam.removeMerchantsIdentity(ctx.db, merchantIds);
      },
    },
  });

  app.get(
    '/api/coffee/merchant/tree',
    {
      schema: { response: answer(merchantTreeAnswer), tags: ['merchant'] },
      config: { permission: merchantResource.permissions.list },
    },
    async (request) => {
      const list = (await inRequestScope(deps.db, request, (tx) =>
        tx.select().from(reg.table).where(visibleTo(reg, request.user)).orderBy(reg.columns.name),
      )) as Row[];
      const visible = new Set(list.map((m) => String(m.id)));
      return buildTree(
        list.map((m) => ({
          id: String(m.id),
          // The top of what the user sees is a root, whatever is above it.
          parentId: m.parentId && visible.has(String(m.parentId)) ? String(m.parentId) : '0',
          name: String(m.name),
          status: m.status,
          isOpen: m.isOpen,
          country: m.country ?? null,
          principal: m.principal ?? null,
          children: [] as unknown[],
        })),
        'children',
      );
    },
  );
}
