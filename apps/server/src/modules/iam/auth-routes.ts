/** Sign-in (CONTRACT §4): public key, doLogin, logout, user info, own password change. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  BLOCKED_ACCOUNT_STATUSES,
  type AccountStatus,
  loginAnswer,
  noData,
  publicKeyAnswer,
  userInfoAnswer,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import type { LoginKeys } from '../../platform/auth/keys.ts';
import type { Sessions } from '../../platform/auth/sessions.ts';
import type { Throttle } from '../../platform/auth/throttle.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { decryptLongText } from '../../platform/auth/long-text.ts';
import { decoyHash, hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import { checkPolicy, readPassword } from './accounts.ts';
import { partnerIconUrl } from '../files/uploads.ts';

export interface AuthDeps {
  db: Db;
  keys: LoginKeys;
  sessions: Sessions;
  throttle: Throttle;
}

const loginBody = z.object({
  account: z.string().trim().min(1, { error: 'msg.badCredentials' }).max(64, { error: 'msg.badCredentials' }),
  password: z.string().min(1, { error: 'msg.passwordEmpty' }).max(4096),
  // Checked in the handler so that the message is the one of CONTRACT §4.
  agreement: z.unknown().optional(),
});

interface LoginRow {
  id: string;
  password_hash: string;
  status: AccountStatus;
  suspended: boolean;
  merchant_id: string | null;
  store_id: string | null;
}

export function registerAuthRoutes(app: FastifyInstance, deps: AuthDeps) {
  const { db, keys, sessions, throttle } = deps;
  const tags = ['auth'];

  app.get(
    '/api/auth/publicKey',
    { schema: { response: answer(publicKeyAnswer), tags }, config: { public: true } },
    async () => ({
      publicKey: keys.publicKeyPem,
    }),
  );

  app.post(
    '/api/auth/doLogin',
    {
      schema: { body: loginBody, response: answer(loginAnswer), tags },
      config: { public: true, action: 'auth.login' },
    },
    async (request) => {
      const { account, password: sent, agreement } = request.body as z.infer<typeof loginBody>;
      if (agreement !== true) throw new AppError('msg.agreement');
      const wait = await throttle.lockedFor(account, request.ip);
      if (wait > 0) throw new AppError('msg.throttled', { seconds: wait });
      const password = decryptLongText(keys.privateKey, sent);
      // Before sign-in there is no tenant: the account is looked up in the system scope.
      const [user] = await inScope(db, SYSTEM, (tx) =>
        rows<LoginRow>(
          tx,
          sql`select id::text as id, password_hash, status, merchant_suspended(merchant_id) as suspended,
                     merchant_id::text, store_id::text
                from account where lower(account) = lower(${account})`,
        ),
      );
      // Unknown accounts cost one hash verification too, and get the same message.
      const ok = await verifyPassword(user?.password_hash ?? (await decoyHash()), password);
      if (!user || !ok) {
        await throttle.recordFailure(account, request.ip);
        throw new AppError('msg.badCredentials');
      }
      if (BLOCKED_ACCOUNT_STATUSES.includes(user.status)) throw new AppError('msg.accountBlocked');
      if (user.suspended) throw new AppError('msg.merchantSuspended');
      await throttle.recordSuccess(account);
      const tokenValue = await sessions.create(user.id, request.ip, request.headers['user-agent']);
      await inScope(db, SYSTEM, (tx) =>
        tx.execute(sql`update account set last_login_at = now() where id = ${user.id}`),
      );
      request.auditTarget = user.id;
      // The sign-in is the account's own act: its merchant's and store's log show it.
      request.auditActor = { userId: user.id, merchantId: user.merchant_id, storeId: user.store_id };
      return { tokenValue };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { response: answer(noData), tags }, config: { authOnly: true, action: 'auth.logout' } },
    async (request) => {
      await sessions.revoke(request.tokenHash!);
      return null;
    },
  );

  app.get(
    '/api/auth/getUserInfo',
    { schema: { response: answer(userInfoAnswer), tags }, config: { authOnly: true } },
    async (request) => {
      const u = request.user!;
      const [partner] = u.merchantId
        ? await inScope(db, u.scope, (tx) =>
            rows<{ name: string }>(
              tx,
              u.storeId
                ? sql`select name from store where id = ${u.storeId}`
                : sql`select name from merchant where id = ${u.merchantId}`,
            ),
          )
        : [];
      // The merchant's logo, also for its store users (who cannot read the merchant's row).
      const [logo] = u.merchantId
        ? await inScope(db, SYSTEM, (tx) =>
            rows<{ logo: string | null }>(tx, sql`select logo from merchant where id = ${u.merchantId}`),
          )
        : [];
      return {
        userId: u.userId,
        account: u.account,
        name: u.name,
        partnerId: u.storeId ?? u.merchantId ?? '0',
        partnerType: u.partnerType,
        partnerName: u.partnerType === 'platform' ? 'BrewFleet' : (partner?.name ?? ''),
        partnerIcon: logo?.logo ? partnerIconUrl(logo.logo) : null,
        superAdmin: u.superAdmin,
      };
    },
  );

  app.post(
    '/api/auth/changePassword',
    {
      schema: {
        body: z.object({
          oldPassword: z.string().min(1).max(4096),
          newPassword: z.string().min(1).max(4096),
        }),
        response: answer(noData),
        tags,
      },
      config: { authOnly: true, action: 'auth.changePassword' },
    },
    async (request) => {
      const body = request.body as { oldPassword: string; newPassword: string };
      const user = request.user!;
      const oldPassword = readPassword(keys, body.oldPassword, 'api');
      const newPassword = readPassword(keys, body.newPassword, 'api');
      const [row] = await inScope(db, user.scope, (tx) =>
        rows<{ password_hash: string }>(tx, sql`select password_hash from account where id = ${user.userId}`),
      );
      if (!row || !(await verifyPassword(row.password_hash, oldPassword))) {
        throw new AppError('msg.passwordWrong', {}, [{ field: 'oldPassword', message: 'msg.passwordWrong' }]);
      }
      checkPolicy(newPassword, 'newPassword');
      const hash = await hashPassword(newPassword);
      await inScope(db, user.scope, (tx) =>
        tx.execute(sql`update account set password_hash = ${hash}, password_changed_at = now(),
                                          updated_at = now() where id = ${user.userId}`),
      );
      request.auditTarget = user.userId;
      await sessions.revokeAll(user.userId);
      return null;
    },
  );
}
