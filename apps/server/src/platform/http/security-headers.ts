/**
 * Security headers on every answer (CSP, frame, sniffing, referrer policies…), written by helmet's
 * rules but worked out once at start: the policy is the same for every request (no nonces), and
 * running helmet's middleware per request rebuilt the CSP text and a dozen headers each time (2.5%
 * of the server's CPU on a list page). A route may still set its own (an upload's sandbox CSP).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: HelmetOptions = {
  // The console loads its own scripts and styles only; antd injects style tags at run time.
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      'connect-src': ["'self'"],
      'frame-src': ["'self'", 'https:', 'http:'],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // Plain-http deployments on a LAN are supported (CONTRACT §4); HSTS is for the TLS proxy to set.
  strictTransportSecurity: false,
};

/** The headers helmet sets with OPTIONS, as it sets them on an answer. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = Object.entries(helmetHeaders(OPTIONS));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
