/**
 * Who calls the display API: a lobby screen holding a display link's token, in the header
 * `X-Display-Token` (or, for the live stream only, which an EventSource opens without headers, the
 * address parameter `display`). The module claims `/api/display/` with this scheme
 * (platform/auth/guard.ts): a console token means nothing there, and the token nothing elsewhere.
 *
 * An unknown, expired or revoked token is a 401 that says which, so the screen can tell whoever
 * looks at it what to do. Requests are rate limited per link and, before the lookup, per address
 * (guessing tokens costs as much as using one); a 429 carries `Retry-After`, in seconds. The link's
 * last use is written at most once a minute per link and process; the uses counted meanwhile are
 * added then.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  DISPLAY_API_PREFIX,
  DISPLAY_TOKEN_HEADER,
  DISPLAY_TOKEN_PARAM,
  type ErrorKey,
} from '@brewfleet/contracts';
import { claimAuthPrefix } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { DISPLAY_TOKEN_PATTERN, findLink, type DisplayLink } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The display link calling, on the display API's routes (`authScheme: 'display'`). */
    displayLink: DisplayLink | null;
  }
}

export const DISPLAY_SCHEME = 'display';

/** Requests a link (or an address) may make per minute: a dashboard makes a few. */
export interface DisplayLimits {
  perLink: number;
  perAddress: number;
}
export const DEFAULT_DISPLAY_LIMITS: DisplayLimits = { perLink: 120, perAddress: 240 };
const LAST_USE_EVERY_MS = 60_000;

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[DISPLAY_TOKEN_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value) return value.trim();
  const auth = request.headers.authorization;
  const display = typeof auth === 'string' ? /^Display\s+(\S+)\s*$/i.exec(auth) : null;
  if (display) return display[1];
  if (request.method === 'GET') {
    const param = (request.query as Record<string, unknown> | undefined)?.[DISPLAY_TOKEN_PARAM];
    if (typeof param === 'string') return param.trim();
  }
  return undefined;
}

/** Last use per link, written at most once a minute (this process), the uses in between summed. */
function lastUseRecorder(db: Db) {
  const pending = new Map<string, { uses: number; writtenAt: number }>();
  return async (linkId: string) => {
    const entry = pending.get(linkId) ?? { uses: 0, writtenAt: 0 };
    entry.uses += 1;
    pending.set(linkId, entry);
    if (Date.now() - entry.writtenAt < LAST_USE_EVERY_MS) return;
    const uses = entry.uses;
    entry.uses = 0;
    entry.writtenAt = Date.now();
    await inScope(db, SYSTEM, (tx) =>
      tx.execute(sql`update display_link set last_used_at = now(), use_count = use_count + ${uses}
                     where id = ${linkId}`),
    );
  };
}

export function registerDisplayAuth(app: FastifyInstance, db: Db, limits: DisplayLimits) {
  app.decorateRequest('displayLink', null);
  const recordUse = lastUseRecorder(db);
  // The platform's rate-limit store (PostgreSQL: every process shares the counts).
  const limiter = (max: number, kind: string) =>
    app.createRateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (request) =>
        kind === 'link' ? `display:link:${request.displayLink?.id}` : `display:ip:${request.ip}`,
    });
  const perAddress = limiter(limits.perAddress, 'ip');
  const perLink = limiter(limits.perLink, 'link');
  const check = async (request: FastifyRequest, limit: typeof perLink) => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw new AppError('msg.tooManyDisplayRequests', { seconds: Math.max(1, result.ttlInSeconds) });
  };
  // A refused request is told when to try again, in seconds (CONTRACT §3: 429 + Retry-After), as
  // the platform's limits do. The error is thrown from the guard, which has no reply to set it on.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof AppError && error.key === 'msg.tooManyDisplayRequests')
      reply.header('retry-after', String(error.params.seconds));
  });
  const refuse = (key: ErrorKey, params: Record<string, string> = {}): never => {
    throw new AppError(key, params);
  };

  claimAuthPrefix(app, {
    name: DISPLAY_SCHEME,
    prefix: `${DISPLAY_API_PREFIX}/`,
    async authenticate(request) {
      await check(request, perAddress);
      const token = tokenOf(request);
      if (!token) return refuse('msg.displayTokenMissing');
      const link = DISPLAY_TOKEN_PATTERN.test(token)
        ? await inScope(db, SYSTEM, (tx) => findLink(tx, token))
        : null;
      if (!link || link.suspended) return refuse('msg.displayTokenUnknown');
      if (link.revoked) return refuse('msg.displayTokenRevoked');
      if (link.expired) return refuse('msg.displayTokenExpired', { expiredAt: link.expiresAt });
      request.displayLink = link;
      request.principal = `display:${link.id}`;
      await check(request, perLink);
      await recordUse(link.id);
      return true;
    },
  });
}

/** The link of a request on a route of the scheme (the guard let it through only with one). */
export function displayLinkOf(request: FastifyRequest): DisplayLink {
  if (!request.displayLink) throw new AppError('msg.unauthorized');
  return request.displayLink;
}
