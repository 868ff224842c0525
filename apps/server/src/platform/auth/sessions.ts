/**
 * Sessions: opaque random tokens, stored only as SHA-256 hashes, with an idle and an absolute
 * expiry. Everything lives in the database, so any server process can serve any request; a process
 * remembers what it looked up only while the database says nothing it depends on has changed.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { BLOCKED_ACCOUNT_STATUSES, type PartnerType } from '@brewfleet/contracts';
import type { Db } from '../db/client.ts';
import { fastPathOf } from '../db/fast-path.ts';
import { scopeOfUser, type AuthUser } from './auth-user.ts';
import { EPOCH_SQL, rememberedChecks } from './auth-epoch.ts';

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

export interface SessionOptions {
  idleMinutes: number;
  maxHours: number;
}

interface SessionRow {
  session_id: string;
  /** last_seen_at is more than a minute old: write it. */
  stale: boolean;
  user_id: string;
  account: string;
  name: string;
  partner_type: PartnerType;
  merchant_id: string | null;
  store_id: string | null;
  super_admin: boolean;
  perms: string[] | null;
  menu_ids: string[] | null;
  merchant_ids: string[];
  suspended: boolean;
  /** auth_epoch when the row was read (migration 0044), in the same snapshot. */
  epoch: string;
  /** Milliseconds since 1970: the absolute expiry and the last use. */
  expires_ms: number;
  last_seen_ms: number;
}

/**
 * The session check of every authenticated request: what migration 0007's session_lookup answers,
 * as one statement the server prepares once per connection. The function plans its two recursive
 * helpers (merchant_subtree, merchant_suspended) afresh at every call, which made the check cost
 * more PostgreSQL time than the list query it guards; prepared, this costs a fifth of that.
 *
 * The tables it reads are under row-level security: the statement sets the system scope for itself
 * first (`sys`, an optimisation fence), and every read is in a LATERAL subquery that depends on it,
 * so no row is read before the scope is set; the setting is local to the statement's implicit
 * transaction, so nothing else runs in it. Kept in step with session_lookup (0007): same
 * conditions, same answers (`union`, not `union all`, in the walks: even a corrupted cycle ends);
 * last_seen_at is written by TOUCH_STATEMENT when `stale`.
 */
export const LOOKUP_STATEMENT = `
select u.*, sys.epoch from
  (select set_config('app.scope', 'system', true) as scope, ${EPOCH_SQL} as epoch offset 0) sys,
  lateral (
    select s.id::text as session_id, s.last_seen_at < now() - interval '60 seconds' as stale,
           (extract(epoch from s.expires_at) * 1000)::float8 as expires_ms,
           (extract(epoch from s.last_seen_at) * 1000)::float8 as last_seen_ms,
           a.id::text as user_id, a.account, a.name, a.partner_type, a.merchant_id::text as merchant_id,
           a.store_id::text as store_id, a.super_admin,
           (select array_agg(distinct m.perms) from role r join menu m on m.id = any(r.menu_id_list)
             where r.id = any(a.role_ids) and coalesce(m.perms, '') <> '') as perms,
           (select array_agg(distinct x::text) from role r, unnest(r.menu_id_list) x
             where r.id = any(a.role_ids)) as menu_ids,
           (with recursive sub(id) as (
              select a.merchant_id where a.merchant_id is not null
              union
              select m.id from merchant m join sub on m.parent_id = sub.id)
            select coalesce(array_agg(id::text), '{}') from sub) as merchant_ids,
           (with recursive up(id, parent_id, status) as (
              select id, parent_id, status from merchant where id = a.merchant_id
              union
              select m.id, m.parent_id, m.status from merchant m join up on m.id = up.parent_id)
            select coalesce(bool_or(status = 'suspended'), false) from up) as suspended
      from session s join account a on a.id = s.account_id
     where sys.scope = 'system'
       and s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
       and s.last_seen_at > now() - make_interval(mins => $2::int) and not (a.status = any($3::text[]))
    offset 0
  ) u`;
/** The session table has no row-level security: no scope needed. */
const TOUCH_STATEMENT = `update session set last_seen_at = now()
  where id = $1 and last_seen_at < now() - interval '60 seconds'`;
const BLOCKED = `{${BLOCKED_ACCOUNT_STATUSES.join(',')}}`;

/** last_seen_at is written when older than this (TOUCH_STATEMENT's interval). */
const TOUCH_MS = 60_000;

/**
 * Sessions are server internals. A request's check costs one prepared statement (LOOKUP_STATEMENT)
 * the first time a process sees a token; after that the process remembers the user and only reads
 * auth_epoch, a number that every change the lookup depends on moves inside the writing transaction
 * (migration 0044). A read that starts after the request arrived, shared by the requests arriving
 * meanwhile (freshRead), so a change committed before a request is always seen by it, in every
 * process: a sign-out, a role's menus changed, an account disabled, a merchant suspended or moved.
 * last_seen_at is still written at most once a minute: a remembered session is looked up again
 * before its next touch is due, before its idle limit or its expiry, and after 30 s at most
 * (auth-epoch.ts `rememberedChecks`).
 */
export function createSessions(database: Db, opts: SessionOptions) {
  const fast = fastPathOf(database);
  if (!fast) throw new Error('sessions need a database handle opened by db/client.ts');
  const run = <T>(name: string, text: string, values: unknown[]) => fast.prepared<T>(name, text, values);
  const remembered = rememberedChecks<AuthUser>(database);

  const lookUp = async (tokenHash: string): Promise<AuthUser | null> => {
    const [row] = await run<SessionRow>('bf_session_lookup', LOOKUP_STATEMENT, [
      tokenHash,
      opts.idleMinutes,
      BLOCKED,
    ]);
    // A suspended merchant (or one below a suspended merchant) keeps its users out.
    if (!row || row.suspended) return null;
    const now = Date.now();
    if (row.stale) await run('bf_session_touch', TOUCH_STATEMENT, [row.session_id]);
    const lastSeen = row.stale ? now : row.last_seen_ms;
    // A menu's perms may list several codes separated by commas.
    const permissions = new Set(
      (row.perms ?? []).flatMap((p) => p.split(',').map((c) => c.trim())).filter(Boolean),
    );
    const identity = { partnerType: row.partner_type, merchantId: row.merchant_id, storeId: row.store_id };
    const user: AuthUser = {
      userId: row.user_id,
      account: row.account,
      name: row.name,
      ...identity,
      superAdmin: row.super_admin,
      permissions,
      menuIds: new Set(row.menu_ids ?? []),
      scope: scopeOfUser(identity, row.merchant_ids),
    };
    remembered.set(
      tokenHash,
      user,
      row.epoch,
      row.expires_ms,
      lastSeen + opts.idleMinutes * 60_000,
      lastSeen + TOUCH_MS,
    );
    return user;
  };

  return {
    async create(accountId: string, ip: string, userAgent: string | undefined): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      await database.execute(sql`
        insert into session (token_hash, account_id, ip, user_agent, expires_at)
        values (${hashToken(token)}, ${accountId}, ${ip}, ${userAgent?.slice(0, 255) ?? null},
                now() + make_interval(hours => ${opts.maxHours}))`);
      return token;
    },

    /** The user behind a token, or null when it is unknown, revoked, expired or idle too long. */
    async resolve(token: string): Promise<{ user: AuthUser; tokenHash: string } | null> {
      if (!token || token.length > 200) return null;
      const tokenHash = hashToken(token);
      const known = await remembered.get(tokenHash);
      if (known) return { user: known, tokenHash };
      const user = await lookUp(tokenHash);
      return user ? { user, tokenHash } : null;
    },

    async revoke(tokenHash: string) {
      await database.execute(
        sql`update session set revoked_at = now() where token_hash = ${tokenHash} and revoked_at is null`,
      );
    },

    /** Ends every session of an account: password changed or reset, account disabled or resigned. */
    async revokeAll(accountId: string, tx: Db = database) {
      await tx.execute(
        sql`update session set revoked_at = now() where account_id = ${accountId} and revoked_at is null`,
      );
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
