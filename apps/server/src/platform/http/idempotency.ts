/**
 * Idempotency keys (CONTRACT §3): a call that moves money, points or stock takes an
 * `Idempotency-Key` header. The same key with the same body answers the first result again with no
 * second effect (for 24 hours); the same key with another body is a 422; a key whose first call is
 * still running is a 409. Keys are the caller's own (per principal — `account:<id>`, or
 * whom a module's auth scheme names — and route).
 *
 * The key is claimed in a short transaction of its own (so that a second call sees it at once and
 * does not wait behind the first), and the answer is remembered in the effect's own transaction
 * (`remember`), so an effect is never committed without its answer. A call that fails gives its key
 * back: nothing happened, and the caller may try again with it.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import { inScope, SYSTEM } from '../db/scope.ts';
import { AppError } from './errors.ts';

/** How long a key answers its first result again. */
const KEEP = '24 hours';
/** A claim older than this belongs to a call that died (its transaction rolled back): it may be taken again. */
const ABANDONED = '2 minutes';

/** The body as a stable text: keys sorted, the console's `timeZone` left out (not part of the request's meaning). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => k !== 'timeZone')
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

export type Remember = (tx: Db, answer: unknown) => Promise<void>;

/**
 * Run `effect` once per key: `effect` does its work in a transaction of its own and calls
 * `remember(tx, answer)` in it before returning the answer.
 */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  effect: (remember: Remember) => Promise<T>,
): Promise<T> {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (typeof key !== 'string' || key.length < 1 || key.length > 255)
    throw new AppError('msg.idempotencyKeyRequired');
  // The caller as the guard named it (a console account, a module's own caller such as a member).
  const principal = request.principal ?? `account:${request.user?.userId ?? 'anonymous'}`;
  const route = `${request.method} ${request.routeOptions.url}`;
  const hash = crypto.createHash('sha256').update(canonical(request.body)).digest('hex');
  const where = sql`principal = ${principal} and route = ${route} and key = ${key}`;

  const held = await inScope(db, SYSTEM, async (tx) => {
    // A key kept past its time is forgotten when it is used again: taken over as a new claim by the
    // same statement that claims a new key (one round trip).
    const [claimed] = await rows<{ key: string }>(
      tx,
      sql`insert into idempotency_key (principal, route, key, body_hash, state)
          values (${principal}, ${route}, ${key}, ${hash}, 'running')
          on conflict (principal, route, key) do update
            set body_hash = excluded.body_hash, state = 'running', status_code = null, answer = null,
                created_at = now()
            where idempotency_key.created_at < now() - ${KEEP}::interval
          returning key`,
    );
    if (claimed) return null;
    const [row] = await rows<{ body_hash: string; state: string; answer: unknown; abandoned: boolean }>(
      tx,
      sql`select body_hash, state, answer, created_at < now() - ${ABANDONED}::interval as abandoned
          from idempotency_key where ${where} for update`,
    );
    if (row.body_hash !== hash) throw new AppError('msg.idempotencyKeyReused');
    if (row.state === 'done') return { answer: row.answer as T };
    if (!row.abandoned) throw new AppError('msg.idempotencyInProgress');
    await tx.execute(sql`update idempotency_key set created_at = now() where ${where}`);
    return null;
  });
  if (held) return held.answer;

  try {
    return await effect(async (tx, answer) => {
      await tx.execute(sql`
        update idempotency_key set state = 'done', status_code = 200, answer = ${JSON.stringify(answer)}::jsonb
        where ${where}`);
    });
  } catch (error) {
    await inScope(db, SYSTEM, (tx) =>
      tx.execute(sql`delete from idempotency_key where ${where} and state = 'running'`),
    );
    throw error;
  }
}
