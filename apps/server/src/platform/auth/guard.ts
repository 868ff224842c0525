/**
 * The access check on every /api route: public routes pass; others need a valid token (401), and a
 * route with a permission code needs that code, one with a set of codes one of them (403). Routes declare which in their config; the
 * route-coverage test fails for an /api route that declares neither.
 *
 * A module may claim a path prefix for callers of its own (the ordering app's members): it gives an
 * `AuthScheme` (claimAuthPrefix) and its routes declare `authScheme: <name>` instead of a permission.
 * Under a claimed prefix only that scheme's credentials count (a console token is a 401 there), and
 * a route there that declares neither the scheme nor `public` is refused; outside it, the scheme's
 * credentials are nothing (the console's `token` header is the only one read).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';
import { hasPermission } from './auth-user.ts';
import type { Sessions } from './sessions.ts';

/** Paths served to anyone whatever their route config says: the API reference. */
export const PUBLIC_PREFIXES = ['/api/docs'];

/** A module's own way of telling who calls, for every route under `prefix`. */
export interface AuthScheme {
  /** What the routes under the prefix declare as their `authScheme`. */
  name: string;
  /** '/api/<area>/': every route below it is this scheme's. */
  prefix: string;
  /**
   * Resolve the request's credentials and attach the caller to the request (and its
   * `principal`); false when there are none or they are not valid: 401.
   */
  authenticate(request: FastifyRequest): Promise<boolean>;
}

const schemes = new WeakMap<FastifyInstance, AuthScheme[]>();

/** Claim `scheme.prefix` for `scheme` (called by the module owning it, in its register). */
export function claimAuthPrefix(app: FastifyInstance, scheme: AuthScheme) {
  const list = schemes.get(app) ?? [];
  if (!scheme.prefix.startsWith('/api/') || !scheme.prefix.endsWith('/'))
    throw new Error(`auth scheme ${scheme.name}: a prefix is '/api/…/'`);
  if (list.some((s) => s.prefix.startsWith(scheme.prefix) || scheme.prefix.startsWith(s.prefix)))
    throw new Error(`auth scheme ${scheme.name}: ${scheme.prefix} is claimed already`);
  schemes.set(app, [...list, scheme]);
}

/** The schemes claimed on this app (the route-coverage test checks routes against them). */
export const authSchemesOf = (app: FastifyInstance): readonly AuthScheme[] => schemes.get(app) ?? [];

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

export function registerGuard(app: FastifyInstance, sessions: Sessions) {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    // Unknown routes fall through to the 404 handler; the console's files are public.
    if (!url || !url.startsWith('/api/') || PUBLIC_PREFIXES.some((p) => url.startsWith(p))) return;
    const config = request.routeOptions.config;
    const scheme = authSchemesOf(app).find((s) => url.startsWith(s.prefix));
    if (scheme) {
      if (config.public) return;
      if (config.authScheme !== scheme.name || !(await scheme.authenticate(request)))
        throw new AppError('msg.unauthorized');
      return;
    }
    if (config.public) return;
    // A scheme's route outside its prefix would otherwise fall to the console's check: refused.
    if (config.authScheme) throw new AppError('msg.unauthorized');
    const header = request.headers.token;
    const cookie = config.cookieAuth && request.method === 'GET' ? request.cookies?.token : undefined;
    const token = (Array.isArray(header) ? header[0] : header) ?? cookie;
    const session = token ? await sessions.resolve(token.trim()) : null;
    if (!session) throw new AppError('msg.unauthorized');
    request.user = session.user;
    request.tokenHash = session.tokenHash;
    request.principal = `account:${session.user.userId}`;
    if (config.permission && !hasPermission(session.user, config.permission))
      throw new AppError('msg.forbidden');
    if (config.anyPermission && !config.anyPermission.some((code) => hasPermission(session.user, code)))
      throw new AppError('msg.forbidden');
  });
}
