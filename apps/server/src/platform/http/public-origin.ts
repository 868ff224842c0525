import type { FastifyRequest } from 'fastify';

/**
 * Where this server is reached from outside: PUBLIC_URL when set (behind a proxy), else the caller's
 * own origin. Links handed out for others to open (display links, the app's images) start with it.
 */
export function publicOrigin(request: FastifyRequest): string {
  const configured = process.env.PUBLIC_URL?.trim().replace(/\/+$/, '');
  if (configured) return configured;
  const origin = request.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[^/]+$/.test(origin)) return origin;
  return `${request.protocol}://${request.host}`;
}
