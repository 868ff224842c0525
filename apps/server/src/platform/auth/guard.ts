/**
 * The access check on every /api route: public routes pass; others need a valid token (401), and a
 * route with a permission code needs that code, one with a set of codes one of them (403). Routes declare which in their config; the
 * route-coverage test fails for an /api route that declares neither.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors.ts';
import { hasPermission } from './auth-user.ts';
import type { Sessions } from './sessions.ts';

/** Paths served to anyone whatever their route config says: the API reference. */
export const PUBLIC_PREFIXES = ['/api/docs'];

export function registerGuard(app: FastifyInstance, sessions: Sessions) {
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    // Unknown routes fall through to the 404 handler; the console's files are public.
    if (!url || !url.startsWith('/api/') || PUBLIC_PREFIXES.some((p) => url.startsWith(p))) return;
    const config = request.routeOptions.config;
    if (config.public) return;
    const header = request.headers.token;
    const cookie = config.cookieAuth && request.method === 'GET' ? request.cookies?.token : undefined;
    const token = (Array.isArray(header) ? header[0] : header) ?? cookie;
    const session = token ? await sessions.resolve(token.trim()) : null;
    if (!session) throw new AppError('msg.unauthorized');
    request.user = session.user;
    request.tokenHash = session.tokenHash;
    if (config.permission && !hasPermission(session.user, config.permission))
      throw new AppError('msg.forbidden');
    if (config.anyPermission && !config.anyPermission.some((code) => hasPermission(session.user, code)))
      throw new AppError('msg.forbidden');
  });
}
