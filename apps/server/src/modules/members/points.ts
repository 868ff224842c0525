/**
 * The points ledger, like the wallet's (wallet.ts): every change is an append-only
 * `member_points_entry` written by the statement that moves the member's points, under the
 * member's row lock, never below zero (a refused move writes nothing).
 */
import { sql } from 'drizzle-orm';
import type { PointsEntry, PointsEntryKind } from '@brewfleet/contracts';
import { isoTime, rows, type Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Page } from './wallet.ts';

export interface PointsMove {
  memberId: string;
  /** Signed. */
  points: number;
  kind: PointsEntryKind;
  orderId?: string | null;
  /** What an automatic entry answers ("earn:<order>:<rule>"): a second move with it is skipped. */
  ref?: string | null;
  reason?: string | null;
  /** Earned points lapse then. */
  expiresAt?: Date | null;
  byName?: string | null;
  accountId?: string | null;
}

export const POINTS_ENTRY = sql`id::text, kind, points, balance_after as "balanceAfter", order_id::text as "orderId",
  reason, ${isoTime(sql`expires_at`)} as "expiresAt", ${isoTime(sql`created_at`)} as "createdAt"`;

/** Move points and write the entry, or answer null (not enough points, no such member, `ref` done). */
export async function movePoints(tx: Db, m: PointsMove): Promise<PointsEntry | null> {
  const ref = m.ref ?? null;
  const [entry] = await rows<PointsEntry>(
    tx,
    sql`with moved as (
          update member set points = points + ${m.points}::int, updated_at = now()
          where id = ${m.memberId}::bigint and points + ${m.points}::int >= 0
            and (${ref}::text is null or not exists (select 1 from member_points_entry where ref = ${ref}::text))
          returning id, merchant_id, store_id, points)
        insert into member_points_entry (merchant_id, store_id, member_id, kind, points, balance_after, order_id, ref,
                                         reason, expires_at, by_name, account_id, created_by)
        select merchant_id, store_id, id, ${m.kind}, ${m.points}::int, points, ${m.orderId ?? null}::bigint, ${ref}::text,
               ${m.reason ?? null}::text, ${m.expiresAt?.toISOString() ?? null}::timestamptz, ${m.byName ?? null}::text,
               ${m.accountId ?? null}::bigint, ${m.accountId ?? null}::bigint
        from moved
        returning ${POINTS_ENTRY}`,
  );
  return entry ?? null;
}

export async function pointsBalance(tx: Db, memberId: string): Promise<number | undefined> {
  const [row] = await rows<{ points: number }>(
    tx,
    sql`select points from member where id = ${memberId}::bigint`,
  );
  return row?.points;
}

/** movePoints, or why not: a 404 for a member out of scope, else msg.pointsInsufficient. */
export async function mustMovePoints(tx: Db, m: PointsMove): Promise<PointsEntry> {
  const entry = await movePoints(tx, m);
  if (entry) return entry;
  const points = await pointsBalance(tx, m.memberId);
  if (points === undefined) throw new AppError('msg.notFound');
  throw new AppError('msg.pointsInsufficient', { points, needed: Math.abs(m.points) });
}

export function createPointsService() {
  return {
    /** The member's points history, newest first. */
    async entries(tx: Db, memberId: string, page: Page): Promise<{ list: PointsEntry[]; total: number }> {
      const limit = Math.max(1, Math.min(page.limit, 200));
      const offset = (Math.max(1, page.page) - 1) * limit;
      const list = await rows<PointsEntry>(
        tx,
        sql`select ${POINTS_ENTRY} from member_points_entry where member_id = ${memberId}::bigint
            order by created_at desc, id desc limit ${limit} offset ${offset}`,
      );
      const [{ total }] = await rows<{ total: number }>(
        tx,
        sql`select count(*)::int as total from member_points_entry where member_id = ${memberId}::bigint`,
      );
      return { list, total };
    },
    /** The member's points now (undefined: no such member in the transaction's scope). */
    balance: pointsBalance,
  };
}
export type PointsService = ReturnType<typeof createPointsService>;
