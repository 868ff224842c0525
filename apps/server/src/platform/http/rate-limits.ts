/**
 * Rate limits on what costs the server most once signed in (OWASP API4): exports, imports, machine
 * commands and large lists, counted per user and per tenant (the user's merchant, or the platform) in
 * PostgreSQL, so every server process behind a load balancer shares the counts. Past a limit the
 * request is refused with 429, a `Retry-After` header and a message in the request's language; the
 * console's own use stays far below the limits.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { P, REMOTE_OPERATIONS, type ErrorKey } from '@brewfleet/contracts';
import { rows, type Db } from '../db/client.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { AppError } from './errors.ts';

export type LimitClass = 'export' | 'import' | 'command' | 'list';
export interface RateRule {
  /** Requests allowed within the window; the next one is refused until the window ends. */
  max: number;
  windowSeconds: number;
}
export type RateLimits = Record<LimitClass, { user: RateRule; tenant: RateRule }>;

/** A list asking for more rows than this per page counts as a large list. */
export const LARGE_LIST_ROWS = 100;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  export: { user: { max: 60, windowSeconds: 600 }, tenant: { max: 300, windowSeconds: 600 } },
  import: { user: { max: 30, windowSeconds: 600 }, tenant: { max: 150, windowSeconds: 600 } },
  command: { user: { max: 60, windowSeconds: 60 }, tenant: { max: 300, windowSeconds: 60 } },
  list: { user: { max: 60, windowSeconds: 60 }, tenant: { max: 300, windowSeconds: 60 } },
};

const MESSAGES: Record<LimitClass, ErrorKey> = {
  export: 'msg.tooManyExports',
  import: 'msg.tooManyImports',
  command: 'msg.tooManyCommands',
  list: 'msg.tooManyLargeLists',
};

/** Routes that queue commands for machines or re-key them. */
const COMMAND_CODES = new Set<string>([
  ...REMOTE_OPERATIONS.map((op) => P.device[op]),
  P.device.debug,
  P.device.credentials,
  P.menuRelease.push,
  P.menuRelease.rollback,
  P.channelConfig.distribute,
]);

/** Which limit a request counts against, if any (after validation: the list body is parsed). */
export function limitClassOf(request: FastifyRequest): LimitClass | null {
  const { url = '', config } = request.routeOptions;
  if (request.method === 'POST' && url.endsWith('/export')) return 'export';
  if (request.method === 'POST' && url.endsWith('/import')) return 'import';
  if (config.permission && COMMAND_CODES.has(config.permission)) return 'command';
  const limit = (request.body as { limit?: unknown } | undefined)?.limit;
  if (typeof limit === 'number' && limit > LARGE_LIST_ROWS) return 'list';
  return null;
}

const tenantOf = (user: AuthUser) => user.merchantId ?? 'platform';

/**
 * The plugin's store, in the table `rate_limit` (migration 0017): one upsert per request counts the
 * hit and starts a new window when the last one has ended. Works on PGlite as on PostgreSQL.
 */
function postgresStore(db: Db) {
  let calls = 0;
  async function hit(key: string, windowMs: number) {
    // Now and then, windows long over are swept, so the table keeps only live keys.
    if (++calls % 500 === 0)
      await db.execute(sql`delete from rate_limit where window_ends < now() - interval '1 hour'`);
    const [row] = await rows<{ hits: number; ttl: number }>(
      db,
      sql`insert into rate_limit as r (key, hits, window_ends)
          values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
          on conflict (key) do update set
            hits = case when r.window_ends <= now() then 1 else r.hits + 1 end,
            window_ends = case when r.window_ends <= now() then excluded.window_ends else r.window_ends end
          returning hits, ceil(extract(epoch from r.window_ends - now()) * 1000)::int as ttl`,
    );
    return { current: row.hits, ttl: Math.max(0, row.ttl) };
  }
  return class PostgresRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      hit(key, windowMs).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  };
}

export async function registerRateLimits(app: FastifyInstance, db: Db, overrides: Partial<RateLimits> = {}) {
  const limits = { ...DEFAULT_RATE_LIMITS, ...overrides };
  // global: false — no route is limited by the plugin's own hook; the hook below picks the class.
  await app.register(rateLimit, { global: false, store: postgresStore(db) as never });
  const limiterOf = (kind: LimitClass, scope: 'user' | 'tenant') => {
    const rule = limits[kind][scope];
    return app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowSeconds * 1000,
      keyGenerator: (request) =>
        `${kind}:${scope}:${scope === 'user' ? request.user!.userId : tenantOf(request.user!)}`,
    });
  };
  const limiters = Object.fromEntries(
    (Object.keys(limits) as LimitClass[]).map((kind) => [
      kind,
      [limiterOf(kind, 'user'), limiterOf(kind, 'tenant')],
    ]),
  ) as Record<LimitClass, Array<ReturnType<typeof limiterOf>>>;

  app.addHook('preHandler', async (request, reply) => {
    if (!request.user) return;
    const kind = limitClassOf(request);
    if (!kind) return;
    // The user's count first: a user past its own limit does not use up its tenant's.
    for (const limiter of limiters[kind]) {
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) continue;
      const seconds = Math.max(1, result.ttlInSeconds);
      reply.header('retry-after', String(seconds));
      throw new AppError(MESSAGES[kind], { seconds });
    }
  });
}
