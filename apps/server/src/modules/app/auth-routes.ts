/**
 * Members sign up and sign in (phone or email, and a password by the platform's policy), and sign
 * out. A wrong login and a wrong password read the same; failures are throttled per login and per
 * address (platform/auth/throttle.ts: 429), as the console's sign-in is.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  APP_API_PREFIX,
  appAuthAnswer,
  appSigninBody,
  appSignupBody,
  noData,
  type AppSigninBody,
  type AppSignupBody,
} from '@brewfleet/contracts';
import { rows, pgErrorOf, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { answer } from '../../platform/http/answers.ts';
import { AppError } from '../../platform/http/errors.ts';
import {
  decoyHash,
  hashPassword,
  passwordPolicyViolation,
  verifyPassword,
} from '../../platform/auth/passwords.ts';
import type { Throttle } from '../../platform/auth/throttle.ts';
import type { MembersService } from './members-port.ts';
import { memberSessions } from './member-sessions.ts';
import { MEMBER_SCHEME, memberOf } from './member-auth.ts';

const tags = ['app'];

/** A phone or an email, as loginOf looks it up. */
const loginOf = (login: string) => (login.includes('@') ? { email: login } : { phone: login });

/** The throttle's key of a login: per merchant (the same phone may be a member of two merchants). */
const throttleKey = (merchantId: string, login: string) => `member:${merchantId}:${login.toLowerCase()}`;

export function registerAppAuth(
  app: FastifyInstance,
  deps: { db: Db; throttle: Throttle; members: MembersService },
) {
  const { db, throttle, members } = deps;

  app.post(
    `${APP_API_PREFIX}/auth/signup`,
    {
      schema: { body: appSignupBody, response: answer(appAuthAnswer), tags, security: [] },
      config: { public: true, noAudit: true },
    },
    async (request) => {
      const body = request.body as AppSignupBody;
      const violation = passwordPolicyViolation(body.password);
      if (violation) throw new AppError(violation, {}, [{ field: 'password', message: violation }]);
      const passwordHash = await hashPassword(body.password);
      try {
        return await inScope(db, SYSTEM, async (tx) => {
          const [merchant] = await rows<{ id: string }>(
            tx,
            sql`select id::text from merchant where id = ${body.merchantId} and status <> 'suspended'`,
          );
          if (!merchant) throw new AppError('msg.appMerchantUnknown');
          const login = {
            ...(body.phone ? { phone: body.phone } : {}),
            ...(body.email ? { email: body.email } : {}),
          };
          for (const one of [login.phone && { phone: login.phone }, login.email && { email: login.email }])
            if (one && (await members.loginOf(tx, body.merchantId, one)))
              throw new AppError('msg.appMemberExists');
          const member = await members.createMember(tx, {
            merchantId: body.merchantId,
            username: body.username,
            ...login,
            passwordHash,
          });
          const token = await memberSessions.create(tx, {
            memberId: member.id,
            merchantId: member.merchantId,
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          });
          return { token, member };
        });
      } catch (error) {
        // Two sign-ups with one phone at once: the members' unique index decides.
        if (pgErrorOf(error).code === '23505') throw new AppError('msg.appMemberExists');
        throw error;
      }
    },
  );

  app.post(
    `${APP_API_PREFIX}/auth/signin`,
    {
      schema: { body: appSigninBody, response: answer(appAuthAnswer), tags, security: [] },
      config: { public: true, noAudit: true },
    },
    async (request) => {
      const body = request.body as AppSigninBody;
      const key = throttleKey(body.merchantId, body.login);
      const wait = await throttle.lockedFor(key, request.ip);
      if (wait > 0) throw new AppError('msg.throttled', { seconds: wait });
      const found = await inScope(db, SYSTEM, (tx) =>
        members.loginOf(tx, body.merchantId, loginOf(body.login)),
      );
      // An unknown login costs a hash check too, so that it reads as a wrong password in time as well.
      const ok = await verifyPassword(found?.passwordHash ?? (await decoyHash()), body.password);
      if (!found || !ok) {
        await throttle.recordFailure(key, request.ip);
        throw new AppError('msg.appBadCredentials');
      }
      if (found.status !== 'active') throw new AppError('msg.appMemberDisabled');
      await throttle.recordSuccess(key);
      return inScope(db, SYSTEM, async (tx) => {
        const member = await members.profile(tx, found.id);
        if (!member) throw new AppError('msg.appBadCredentials');
        const token = await memberSessions.create(tx, {
          memberId: member.id,
          merchantId: member.merchantId,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return { token, member };
      });
    },
  );

  app.post(
    `${APP_API_PREFIX}/auth/signout`,
    {
      schema: { response: answer(noData), tags, security: [{ bearer: [] }] },
      config: { authScheme: MEMBER_SCHEME, noAudit: true },
    },
    async (request) => {
      const member = memberOf(request);
      await inScope(db, SYSTEM, (tx) => memberSessions.revoke(tx, member.tokenHash));
      return null;
    },
  );
}
