/**
 * Idempotency keys (CONTRACT §3): a call that moves money, points or stock takes an
 * `Idempotency-Key` header. The same key with the same body answers the first result again with no
 * second effect (for 24 hours); the same key with another body is a 422; a key whose first call is
 * still running is a 409. Keys are the caller's own (per principal — `account:<id>`, or
 * whom a module's auth scheme names — and route).
 *
 * The key is claimed by a statement of its own, committed at once (so that a second call sees it at
 * once and does not wait behind the first), and the answer is remembered in the effect's own transaction
 * (`remember`), so an effect is never committed without its answer. A call that fails gives its key
 * back: nothing happened, and the caller may try again with it.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import { fastPathOf } from '../db/fast-path.ts';
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
 * A new key claimed; a key kept past its time taken over as a new claim by the same statement. The
 * table is the platform's (no row-level security): no scope to set around it.
 */
const CLAIM = `insert into idempotency_key (principal, route, key, body_hash, state)
  values ($1, $2, $3, $4, 'running')
  on conflict (principal, route, key) do update
    set body_hash = excluded.body_hash, state = 'running', status_code = null, answer = null, created_at = now()
    where idempotency_key.created_at < now() - interval '${KEEP}'
  returning key`;
/** A failed call's key given back: nothing happened. */
const GIVE_BACK = `delete from idempotency_key
  where principal = $1 and route = $2 and key = $3 and state = 'running'`;

/** One statement alone, prepared once per connection. */
function run<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const fast = fastPathOf(db);
  if (!fast) throw new Error('idempotent() needs the database handle of db/client.ts, not a transaction');
  return fast.prepared<T>(name, text, values);
}

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

  // The common case, a new key, is claimed by one statement on its own (no transaction around it:
  // committed at once, so a second call sees it). A key met before is looked at in a transaction.
  const [claimed] = await run<{ key: string }>(db, 'bf_idempotency_claim', CLAIM, [
    principal,
    route,
    key,
    hash,
  ]);
  const held = claimed
    ? null
    : await inScope(db, SYSTEM, async (tx) => {
        const [row] = await rows<{ body_hash: string; state: string; answer: unknown; abandoned: boolean }>(
          tx,
          sql`select body_hash, state, answer, created_at < now() - ${ABANDONED}::interval as abandoned
              from idempotency_key where ${where} for update`,
        );
        // Gone meanwhile (its call failed and gave it back): the caller may try again.
        if (!row) throw new AppError('msg.idempotencyInProgress');
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
    await run(db, 'bf_idempotency_give_back', GIVE_BACK, [principal, route, key]);
    throw error;
  }
}

/**
 * For a call that may move money or stock as a consequence (an order's cancellation pays the wallet
 * back; a refill fills channels): an `Idempotency-Key` header, when sent, has the same meaning as on
 * `idempotent`; without one the call runs as it always did.
 */
export function idempotentWhenKeyed<T>(
  db: Db,
  request: FastifyRequest,
  effect: (remember: Remember) => Promise<T>,
): Promise<T> {
  if (request.headers['idempotency-key'] === undefined) return effect(async () => {});
  return idempotent(db, request, effect);
}
