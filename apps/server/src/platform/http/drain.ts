/**
 * Graceful shutdown support. While closing, every answer says `Connection: close`, so keep-alive
 * connections that were busy when close began do not hold the server open; and `app.drain()`
 * waits for handlers still running (a client that hung up does not stop its handler) before the
 * database is closed under them.
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when no request is being handled, or after `timeoutMs`. */
    drain(timeoutMs?: number): Promise<void>;
  }
}

export function registerDrain(app: FastifyInstance) {
  let closing = false;
  let inFlight = 0;
  let idle: (() => void) | null = null;
  app.addHook('onRequest', async () => {
    inFlight++;
  });
  // Every request that passed onRequest ends in onSend once, whether its client is still there or not.
  app.addHook('onSend', async (_request, reply, payload) => {
    inFlight--;
    if (closing) reply.header('connection', 'close');
    if (inFlight === 0) idle?.();
    return payload;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.decorate('drain', (timeoutMs = 10_000) =>
    inFlight === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          idle = () => {
            clearTimeout(timer);
            resolve();
          };
        }),
  );
}
