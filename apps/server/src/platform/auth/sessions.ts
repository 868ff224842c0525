/**
 * Sessions: opaque random tokens, stored only as SHA-256 hashes, with an idle and an absolute
 * expiry. Everything lives in the database, so any server process can serve any request.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { BLOCKED_ACCOUNT_STATUSES, type PartnerType } from '@brewfleet/contracts';
import { rows, type Db } from '../db/client.ts';
import { scopeOfUser, type AuthUser } from './auth-user.ts';

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

export interface SessionOptions {
  idleMinutes: number;
  maxHours: number;
}

interface SessionRow {
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
}

/**
 * Sessions are server internals: the lookup is the database function session_lookup (one round
 * trip, system scope for that call only, last_seen_at written at most once a minute).
 */
export function createSessions(database: Db, opts: SessionOptions) {
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
      const [row] = await rows<SessionRow>(
        database,
        sql`select * from session_lookup(${tokenHash}, ${opts.idleMinutes}, ${`{${BLOCKED_ACCOUNT_STATUSES.join(',')}}`}::text[])`,
      );
      // A suspended merchant (or one below a suspended merchant) keeps its users out.
      if (!row || row.suspended) return null;
      // A menu's perms may list several codes separated by commas.
      const permissions = new Set(
        (row.perms ?? []).flatMap((p) => p.split(',').map((c) => c.trim())).filter(Boolean),
      );
      const identity = { partnerType: row.partner_type, merchantId: row.merchant_id, storeId: row.store_id };
      return {
        tokenHash,
        user: {
          userId: row.user_id,
          account: row.account,
          name: row.name,
          ...identity,
          superAdmin: row.super_admin,
          permissions,
          menuIds: new Set(row.menu_ids ?? []),
          scope: scopeOfUser(identity, row.merchant_ids),
        },
      };
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
