/**
 * The operation log: every mutating /api request (who, what, target, when, from where, outcome),
 * written before the response is sent. Reads sent as POST (lists, exports) opt out with `noAudit`.
 * Requests without a signed-in user are recorded only for routes that name an action (sign-in), so
 * anonymous noise cannot flood the log.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { inScope, SYSTEM } from '../db/scope.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function registerAudit(app: FastifyInstance, db: Db) {
  // onSend, not onResponse: the row is written before the caller hears the answer, so what a user
  // was told happened is always in the log.
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!MUTATING.has(request.method) || !url?.startsWith('/api/')) return payload;
    const config = request.routeOptions.config;
    if (config.noAudit || (!request.user && !config.action)) return payload;
    const body = request.body as Record<string, unknown> | undefined;
    const account =
      request.user?.account ?? (typeof body?.account === 'string' ? body.account.slice(0, 64) : null);
    const status = reply.statusCode;
    const actor = request.user ?? request.auditActor;
    try {
      // The log is written by the server itself, whoever the caller: the system scope.
      await inScope(db, SYSTEM, (tx) =>
        tx.execute(sql`
        insert into operation_log (merchant_id, store_id, account_id, account, action, method, path, permission,
                                   target_id, ip, status_code, outcome, duration_ms)
        values (${actor?.merchantId ?? null}, ${actor?.storeId ?? null}, ${actor?.userId ?? null},
                ${account}, ${config.action ?? `${request.method} ${url}`}, ${request.method}, ${url},
                ${config.permission ?? null}, ${request.auditTarget?.slice(0, 500) ?? null}, ${request.ip},
                ${status}, ${status < 400 ? 'success' : 'failure'}, ${Math.round(reply.elapsedTime)})`),
      );
    } catch (err) {
      request.log.error({ err }, 'operation log write failed');
    }
    return payload;
  });
}
