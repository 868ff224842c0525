/**
 * Merchants: a tree (a merchant sees itself and its descendants). Creating one creates its
 * administrator account and role; suspending one signs out every user of its subtree and keeps them
 * out (the session check looks up the ancestors' status on every request).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { merchantResource } from '@brewfleet/contracts';
import { MERCHANT_ADMIN_MENUS } from '../iam/seed.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { addMerchantToScope } from '../../platform/db/scope.ts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { inRequestScope, visibleTo } from '../../platform/crud/scope.ts';
import type { Row } from '../../platform/crud/types.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { assertAccountFree, checkPolicy, readPassword } from '../iam/accounts.ts';
import { buildTree } from '../iam/tree.ts';
import { merchantChain } from './merchant-names.ts';
import type { ModuleDeps } from '../deps.ts';

/** A merchant cannot move below itself or one of its descendants. */
async function wouldCycle(db: Db, id: string, parentId: string) {
  const [hit] = await rows(
    db,
    sql`select 1 where ${parentId}::bigint = any(merchant_subtree(${id}::bigint))`,
  );
  return !!hit;
}

/** The administrator of a new merchant: a 'merchant-admin' role with the merchant codes, and its account. */
export async function insertMerchantAdministrator(
  db: Db,
  a: { merchantId: string; account: string; name: string; passwordHash: string; createdBy: string | null },
): Promise<string> {
  const [role] = await rows<{ id: string }>(
    db,
    sql`insert into role (merchant_id, role_name, role_title, remark, menu_id_list)
        values (${a.merchantId}, 'merchant-admin', 'Merchant administrator', 'Created with the merchant',
                ${`{${MERCHANT_ADMIN_MENUS.join(',')}}`}::bigint[]) returning id::text as id`,
  );
  await db.execute(sql`
    insert into account (merchant_id, account, name, password_hash, partner_type, role_ids, created_by)
    values (${a.merchantId}, ${a.account}, ${a.name}, ${a.passwordHash}, 'merchant', ${`{${role.id}}`}::bigint[], ${a.createdBy})`);
  return role.id;
}

export function registerMerchants(app: FastifyInstance, deps: ModuleDeps) {
  const { reg } = registerResource(app, deps, merchantResource, {
    hooks: {
      // A sub-merchant's superior, and a store user's own merchant, read as names in its lists.
      namedOutsideScope: (user) =>
        user.partnerType === 'platform' ? Promise.resolve([]) : merchantChain(deps.db, user.merchantId),
      async prepare(input, ctx) {
        const password = readPassword(deps.keys, input.password, ctx.source);
        checkPolicy(password);
        return { ...input, password: undefined, passwordHash: await hashPassword(password) };
      },
      async beforeCreate(input, ctx) {
        await assertAccountFree(ctx.db, input.loginAccount as string, 'loginAccount');
        // A merchant user's new merchant sits below its own merchant unless it names another it may see.
        const parentId = (input.parentId as string | undefined) ?? ctx.user.merchantId ?? null;
        if (ctx.user.partnerType !== 'platform' && !parentId) throw badRequest('msg.merchantRequired');
        return { ...input, parentId };
      },
      async afterCreate(row, ctx, values) {
        await addMerchantToScope(ctx.db, String(row.id));
        await insertMerchantAdministrator(ctx.db, {
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
          throw new AppError(403, 'msg.forbidden');
        if (input.parentId && (await wouldCycle(ctx.db, String(existing.id), String(input.parentId)))) {
          throw badRequest('msg.merchantCycle', {}, [{ field: 'parentId', message: 'msg.merchantCycle' }]);
        }
        return input;
      },
      async afterUpdate(row, before, ctx) {
        if (row.status === 'suspended' && before.status !== 'suspended') {
          // Sessions of the whole subtree end now; the session check keeps them out afterwards.
          await ctx.db
            .execute(sql`update session set revoked_at = now() where revoked_at is null and account_id in
                                     (select id from account where merchant_id = any(merchant_subtree(${String(row.id)}::bigint)))`);
        }
      },
      async beforeDelete(list, ctx) {
        const ids = `{${list.map((r) => String(r.id)).join(',')}}`;
        const [used] = await rows(
          ctx.db,
          sql`select 1 from merchant where parent_id = any(${ids}::bigint[]) and not id = any(${ids}::bigint[])
              union all select 1 from store where merchant_id = any(${ids}::bigint[])
              union all select 1 from account where merchant_id = any(${ids}::bigint[]) and not (role_ids <@ array(
                select id from role where merchant_id = any(${ids}::bigint[]) and role_name = 'merchant-admin'))
              limit 1`,
        );
        if (used) throw new AppError(409, 'msg.merchantHasChildren');
        await ctx.db.execute(sql`delete from account where merchant_id = any(${ids}::bigint[])`);
        await ctx.db.execute(sql`delete from role where merchant_id = any(${ids}::bigint[])`);
        await ctx.db.execute(sql`delete from organization where merchant_id = any(${ids}::bigint[])`);
      },
    },
  });

  app.get(
    '/api/coffee/merchant/tree',
    { schema: { tags: ['merchant'] }, config: { permission: merchantResource.permissions.list } },
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
