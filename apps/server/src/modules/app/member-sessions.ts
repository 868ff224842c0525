/**
 * Members' sessions (the ordering app): opaque random tokens, stored only as SHA-256 hashes
 * (member_session), with an absolute expiry and a revocation time. Kept apart from the console's
 * sessions so that neither kind of token opens the other's API.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.ts';
import { hashToken } from '../../platform/auth/sessions.ts';
import { EPOCH_SQL } from '../../platform/auth/auth-epoch.ts';

/** A member stays signed in on a phone for a month unless they sign out. */
const MAX_DAYS = 30;

export interface MemberSessionRow {
  memberId: string;
  merchantId: string;
  tokenHash: string;
  /** auth_epoch, read by the same statement as the session (platform/auth/auth-epoch.ts). */
  epoch: string;
  /** Milliseconds since 1970: the session's expiry, and when it was last seen (now, if just written). */
  expiresMs: number;
  lastSeenMs: number;
}

/** last_seen_at is written when older than this. */
export const MEMBER_TOUCH_MS = 60_000;

export const memberSessions = {
  /** A new token for the member (the caller's transaction: signing up creates member and session together). */
  async create(
    tx: Db,
    s: { memberId: string; merchantId: string; ip: string; userAgent: string | undefined },
  ): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    await tx.execute(sql`
      insert into member_session (token_hash, member_id, merchant_id, ip, user_agent, expires_at)
      values (${hashToken(token)}, ${s.memberId}, ${s.merchantId}, ${s.ip}, ${s.userAgent?.slice(0, 255) ?? null},
              now() + make_interval(days => ${MAX_DAYS}))`);
    return token;
  },

  /** The session of a token, unless unknown, revoked or expired (run as the system: no member is known yet). */
  async find(tx: Db, token: string): Promise<MemberSessionRow | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const [found] = await rows<{
      member_id: string;
      merchant_id: string;
      stale: boolean;
      epoch: string;
      expires_ms: number;
      last_seen_ms: number;
    }>(
      tx,
      sql`select member_id::text, merchant_id::text, last_seen_at < now() - interval '60 seconds' as stale,
                 ${sql.raw(EPOCH_SQL)} as epoch,
                 (extract(epoch from expires_at) * 1000)::float8 as expires_ms,
                 (extract(epoch from last_seen_at) * 1000)::float8 as last_seen_ms
          from member_session
          where token_hash = ${tokenHash} and revoked_at is null and expires_at > now()`,
    );
    if (!found) return null;
    // Written at most once a minute: when the member was last seen.
    if (found.stale)
      await tx.execute(sql`update member_session set last_seen_at = now() where token_hash = ${tokenHash}`);
    return {
      memberId: found.member_id,
      merchantId: found.merchant_id,
      tokenHash,
      epoch: found.epoch,
      expiresMs: found.expires_ms,
      lastSeenMs: found.stale ? Date.now() : found.last_seen_ms,
    };
  },

  async revoke(tx: Db, tokenHash: string) {
    await tx.execute(
      sql`update member_session set revoked_at = now() where token_hash = ${tokenHash} and revoked_at is null`,
    );
  },
};
