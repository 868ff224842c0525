/**
 * Administrator accounts: the generic resource plus what is special — passwords (sent long-text
 * encrypted, checked against the policy, hashed with argon2id), role grants limited to what the
 * caller holds, sessions revoked when the password is reset or the account stops being usable, and
 * the platform administrator protected.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { text, boolean, timestamp } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  BLOCKED_ACCOUNT_STATUSES,
  P,
  accountResource,
  idSchema,
  type AccountStatus,
  type PartnerType,
  noData,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { all } from '../../platform/crud/query.ts';
import { inRequestScope, visibleTo } from '../../platform/crud/scope.ts';
import type { HookContext, Row } from '../../platform/crud/types.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import { decryptLongText } from '../../platform/auth/long-text.ts';
import { hashPassword, passwordPolicyViolation } from '../../platform/auth/passwords.ts';
import type { LoginKeys } from '../../platform/auth/keys.ts';
import { assertCanGrant, codesOfRoles } from './grants.ts';
import type { ModuleDeps } from '../deps.ts';

export type AccountDeps = Pick<ModuleDeps, 'db' | 'keys' | 'secrets' | 'sessions' | 'resources'>;

/** A password as a client sends it: long-text encrypted over the API, plain in an import file. */
export function readPassword(keys: LoginKeys, value: unknown, source: 'api' | 'import'): string {
  if (typeof value !== 'string' || value === '')
    throw new AppError('msg.passwordEmpty', {}, [{ field: 'password', message: 'msg.passwordEmpty' }]);
  return source === 'api' ? decryptLongText(keys.privateKey, value) : value;
}

/**
 * Sign-in names are unique across all tenants (case-insensitive). Within the caller's scope this
 * answers with the field; a name taken in another tenant is caught by the unique index (409 too).
 */
export async function assertAccountFree(db: Db, account: string, field: string) {
  const [taken] = await rows(db, sql`select 1 from account where lower(account) = lower(${account})`);
  if (taken) throw new AppError('msg.accountExists', {}, [{ field, message: 'msg.accountExists' }]);
}

export function checkPolicy(password: string, field = 'password') {
  const violation = passwordPolicyViolation(password);
  if (violation) throw new AppError(violation, {}, [{ field, message: violation }]);
}

export const accountExtraColumns = {
  passwordHash: text('password_hash').notNull(),
  superAdmin: boolean('super_admin').notNull().default(false),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow(),
};

export function registerAccounts(app: FastifyInstance, deps: AccountDeps) {
  const { db, keys, sessions } = deps;

  /** Roles come from the account's own tenant, and grant nothing the caller does not hold. */
  async function checkRoles(input: Row, ctx: HookContext, merchantId: string | null) {
    if (!Array.isArray(input.roleIds) || !input.roleIds.length) return;
    const ids = `{${(input.roleIds as string[]).join(',')}}`;
    const [foreign] = await rows(
      ctx.db,
      sql`select 1 from role where id = any(${ids}::bigint[]) and merchant_id is distinct from ${merchantId}::bigint`,
    );
    if (foreign)
      throw new AppError('msg.refNotFound', { field: 'roleIds' }, [
        { field: 'roleIds', message: 'msg.refNotFound' },
      ]);
    assertCanGrant(ctx.user, await codesOfRoles(ctx.db, input.roleIds as string[]));
  }

  /** An account belongs to a store (staff), a merchant, or the platform; a store implies its merchant. */
  async function accountTenant(input: Row, ctx: HookContext) {
    let merchantId = (input.merchantId as string | undefined) ?? ctx.user.merchantId;
    const storeId = (input.storeId as string | undefined) ?? ctx.user.storeId;
    if (input.storeId) {
      const [store] = await rows<{ merchant_id: string }>(
        ctx.db,
        sql`select merchant_id::text from store where id = ${storeId}`,
      );
      merchantId = store.merchant_id;
    }
    const partnerType: PartnerType = storeId ? 'store' : merchantId ? 'merchant' : 'platform';
    return { merchantId: merchantId ?? null, storeId: storeId ?? null, partnerType };
  }

  const { reg } = registerResource(app, deps, accountResource, {
    extraColumns: accountExtraColumns,
    hooks: {
      async prepare(input, ctx) {
        const password = readPassword(keys, input.password, ctx.source);
        if (
          input.confirmPassword != null &&
          readPassword(keys, input.confirmPassword, ctx.source) !== password
        ) {
          throw new AppError('msg.passwordMismatch', {}, [
            { field: 'confirmPassword', message: 'msg.passwordMismatch' },
          ]);
        }
        checkPolicy(password);
        return {
          ...input,
          password: undefined,
          confirmPassword: undefined,
          passwordHash: await hashPassword(password),
        };
      },
      async beforeCreate(input, ctx) {
        const tenant = await accountTenant(input, ctx);
        await checkRoles(input, ctx, tenant.merchantId);
        await assertAccountFree(ctx.db, input.account as string, 'account');
        return { ...input, ...tenant };
      },
      async beforeUpdate(input, existing, ctx) {
        if (existing.superAdmin && input.status && input.status !== 'normal')
          throw new AppError('msg.adminProtected');
        await checkRoles(input, ctx, (existing.merchantId as string | null) ?? null);
        return input;
      },
      async afterUpdate(row, before, ctx) {
        const blocked = (s: unknown) => BLOCKED_ACCOUNT_STATUSES.includes(s as AccountStatus);
        // In the same transaction: on PGlite's single connection another one would wait for this one.
        if (blocked(row.status) && !blocked(before.status)) await sessions.revokeAll(String(row.id), ctx.db);
      },
      beforeDelete(list, ctx) {
        if (list.some((r) => r.superAdmin)) throw new AppError('msg.adminProtected');
        if (list.some((r) => String(r.id) === ctx.user.userId)) throw new AppError('msg.cannotDeleteSelf');
      },
    },
  });

  app.post(
    '/api/coffee/account/resetPassword',
    {
      schema: {
        body: z.object({ id: idSchema, password: z.string().min(1).max(4096) }),
        response: answer(noData),
        tags: ['account'],
      },
      config: { permission: P.account.resetPassword, action: 'account.resetPassword' },
    },
    async (request) => {
      const { id, password: sent } = request.body as { id: string; password: string };
      request.auditTarget = id;
      const password = readPassword(keys, sent, 'api');
      checkPolicy(password);
      const hash = await hashPassword(password);
      const updated = await inRequestScope(db, request, (tx) =>
        tx
          .update(reg.table)
          .set({ passwordHash: hash, passwordChangedAt: new Date(), updatedAt: new Date() })
          .where(all([eq(reg.columns.id, id), visibleTo(reg, request.user)]))
          .returning({ id: reg.columns.id }),
      );
      if (!updated.length) throw new AppError('msg.notFound');
      await sessions.revokeAll(id);
      return null;
    },
  );
}
