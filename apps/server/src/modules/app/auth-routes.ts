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
import { appDocs } from './docs.ts';
import { MEMBER_SCHEME, memberOf } from './member-auth.ts';

const tags = ['app'];

/** A phone or an email, as loginOf looks it up. */
const loginOf = (login: string) => (login.includes('@') ? { email: login } : { phone: login });

/**
 * A login as one key however it is typed: a phone by its digits (and `+`), as the members' phone_key
 * compares it (`+886 912 302 114`, `+886-912-302-114` and `+886912302114` are one), an email in lower
 * case. Else each spelling would get its own tries.
 */
export const loginKey = (login: string) =>
  (!login.includes('@') && login.replace(/[^0-9+]/g, '')) || login.trim().toLowerCase();

/**
 * The top of a merchant's chain (itself when it has no parent). A member signs in at their
 * merchant's app or at any below it (loginOf walks up), so the failures of one login count together
 * at every merchant of the chain, not once per merchant named in the request.
 */
async function chainTop(tx: Db, merchantId: string): Promise<string> {
  const [top] = await rows<{ id: string }>(
    tx,
    sql`with recursive up(id, parent_id, depth) as (
          select id, parent_id, 0 from merchant where id = ${merchantId}::bigint
          union all
          select m.id, m.parent_id, up.depth + 1 from merchant m join up on m.id = up.parent_id where up.depth < 32
        )
        select id::text from up order by depth desc limit 1`,
  );
  return top?.id ?? merchantId;
}

/** The throttle's key of a login: per chain of merchants (the same phone may be a member of two). */
const throttleKey = (chain: string, login: string) => `member:${chain}:${loginKey(login)}`;

export function registerAppAuth(
  app: FastifyInstance,
  deps: { db: Db; throttle: Throttle; members: MembersService },
) {
  const { db, throttle, members } = deps;

  app.post(
    `${APP_API_PREFIX}/auth/signup`,
    {
      schema: { body: appSignupBody, response: answer(appAuthAnswer), tags, security: [] },
      config: {
        public: true,
        noAudit: true,
        swaggerTransform: appDocs({
          errors: {
            400: 'Bad input, or a password the policy refuses',
            404: 'No such merchant (or one suspended)',
            409: 'A member of the merchant (or of one above it) has this phone number or email address',
            429: 'Too many such 409 answers to this address: wait the seconds the message names',
          },
        }),
      },
    },
    async (request) => {
      const body = request.body as AppSignupBody;
      // "Already a member" tells whether a phone is registered: asked again and again from one
      // address, that is someone reading the member list a phone at a time. Those answers count as
      // failed sign-ins do, per address (and in the address's own budget): past the limit, 429.
      const signupKey = `signup:${request.ip}`;
      const wait = await throttle.lockedFor(signupKey, request.ip);
      if (wait > 0) throw new AppError('msg.appSignupThrottled', { seconds: wait });
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
        const exists =
          pgErrorOf(error).code === '23505' ||
          (error instanceof AppError && error.key === 'msg.appMemberExists');
        if (!exists) throw error;
        await throttle.recordFailure(signupKey, request.ip);
        throw new AppError('msg.appMemberExists');
      }
    },
  );

  app.post(
    `${APP_API_PREFIX}/auth/signin`,
    {
      schema: { body: appSigninBody, response: answer(appAuthAnswer), tags, security: [] },
      config: {
        public: true,
        noAudit: true,
        swaggerTransform: appDocs({
          errors: {
            400: 'Wrong phone, email or password (one message for all), or bad input',
            403: 'The membership is disabled',
            429: 'Too many failed sign-ins for this login or from this address: `msg` says how long to wait',
          },
        }),
      },
    },
    async (request) => {
      const body = request.body as AppSigninBody;
      const key = throttleKey(await inScope(db, SYSTEM, (tx) => chainTop(tx, body.merchantId)), body.login);
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

  // Signing out takes no body, but many app HTTP clients send `Content-Type: application/json` on
  // every POST (an empty body with it is a 400 elsewhere): here an empty body is no body.
  void app.register(async (scoped) => {
    scoped.removeContentTypeParser('application/json');
    scoped.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      if (typeof body !== 'string' || !body.trim()) return done(null, undefined);
      try {
        done(null, JSON.parse(body));
      } catch {
        done(Object.assign(new Error('Invalid JSON'), { statusCode: 400 }), undefined);
      }
    });
    scoped.post(
      `${APP_API_PREFIX}/auth/signout`,
      {
        schema: { response: answer(noData), tags, security: [{ bearer: [] }] },
        config: {
          authScheme: MEMBER_SCHEME,
          noAudit: true,
          swaggerTransform: appDocs({ errors: { 401: true } }),
        },
      },
      async (request) => {
        const member = memberOf(request);
        await inScope(db, SYSTEM, (tx) => memberSessions.revoke(tx, member.tokenHash));
        return null;
      },
    );
  });
}
