/**
 * Who calls the ordering app's API: a member, by `Authorization: Bearer <token>` (CONTRACT §7). The
 * app module claims `/api/app/v1/` with this scheme (platform/auth/guard.ts), so a console token is
 * a 401 there, and the console's guard never reads a member's token. A member's requests run in the
 * scope of the merchants where the member is known (their merchant and those below it).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_API_PREFIX } from '@brewfleet/contracts';
import { bearerToken, claimAuthPrefix } from '../../platform/auth/guard.ts';
import { rememberedChecks } from '../../platform/auth/auth-epoch.ts';
import { hashToken } from '../../platform/auth/sessions.ts';
import type { Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { MembersService } from './members-port.ts';
import { MEMBER_TOUCH_MS, memberSessions } from './member-sessions.ts';

/** The signed-in member, as the app's routes see them. */
export interface MemberCaller {
  id: string;
  memberNo: string;
  merchantId: string;
  /** Where the member is known: their merchant and every merchant below it. */
  merchantIds: string[];
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The member calling, on the ordering app's routes (`authScheme: 'member'`). */
    member: MemberCaller | null;
  }
}

export const MEMBER_SCHEME = 'member';

/**
 * The check of every app call, as the console's (platform/auth/sessions.ts): the first call of a
 * token in a process looks the session and the member up (one transaction); after that the process
 * remembers the caller and reads only auth_epoch, shared by the calls arriving meanwhile. Every
 * change the look-up depends on moves the epoch in its own transaction (migrations 0044, 0050): a
 * sign-out, a member disabled or moved, a merchant suspended or moved. The session's last use is
 * still written at most once a minute: a remembered caller is looked up again before it is due.
 */
function memberCallers(db: Db, members: MembersService) {
  const remembered = rememberedChecks<MemberCaller>(db);

  const lookUp = (token: string) =>
    inScope(db, SYSTEM, async (tx) => {
      const session = await memberSessions.find(tx, token);
      if (!session) return null;
      // After the session's statement, which read the epoch: what changes in between is read fresh.
      const profile = await members.caller(tx, session.memberId);
      if (!profile || profile.status !== 'active') return null;
      const caller: MemberCaller = {
        id: profile.id,
        memberNo: profile.memberNo,
        merchantId: profile.merchantId,
        merchantIds: profile.merchantIds,
        tokenHash: session.tokenHash,
      };
      remembered.set(
        session.tokenHash,
        caller,
        session.epoch,
        session.expiresMs,
        session.lastSeenMs + MEMBER_TOUCH_MS,
      );
      return caller;
    });

  return async (token: string): Promise<MemberCaller | null> => {
    if (token.length > 200) return null;
    return (await remembered.get(hashToken(token))) ?? lookUp(token);
  };
}

export function registerMemberAuth(app: FastifyInstance, db: Db, members: MembersService) {
  app.decorateRequest('member', null);
  const callerOf = memberCallers(db, members);
  claimAuthPrefix(app, {
    name: MEMBER_SCHEME,
    prefix: `${APP_API_PREFIX}/`,
    async authenticate(request) {
      const token = bearerToken(request);
      if (!token) return false;
      const caller = await callerOf(token);
      if (!caller) return false;
      request.member = caller;
      request.principal = `member:${caller.id}`;
      return true;
    },
  });
}

/** The member of a request on a route of the scheme (the guard let it through only with one). */
export function memberOf(request: FastifyRequest): MemberCaller {
  if (!request.member) throw new AppError('msg.unauthorized');
  return request.member;
}

/** Run `fn` in one transaction in the scope of the merchants where the member is known. */
export function inMemberScope<T>(db: Db, request: FastifyRequest, fn: (tx: Db) => Promise<T>): Promise<T> {
  const { merchantIds } = memberOf(request);
  return inScope(db, { kind: 'merchant', merchantIds }, fn);
}
