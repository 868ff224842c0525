/**
 * Earned points lapse at their entry's `expires_at` (the rule's expiry days). What lapses is what
 * is left of that entry, first in first out: points spent (redeemed, taken back, adjusted down,
 * lapsed before) are taken from the oldest points first, so an entry lapses only the part of it no
 * spending reached. Each lapse is an `expire` entry (ref `expire:<earned entry>`, once), and the
 * earned entry is marked settled whether anything lapsed or not, so a run looks only at new ones.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import type { JobDefinition } from '../../platform/jobs/types.ts';
import { movePoints } from './points.ts';

/** Members with earned points due to lapse, a batch at a time. */
const BATCH = 200;

/** Settle one member's due entries (in the caller's transaction, as the system). */
async function settleMember(tx: Db, memberId: string): Promise<number> {
  // The member's row lock keeps spending out while its remaining points are worked out.
  await tx.execute(sql`select 1 from member where id = ${memberId}::bigint for update`);
  const due = await rows<{ id: string; lapse: number }>(
    tx,
    sql`with flows as (
          select id, kind, points, expires_at, settled_at, created_at,
                 sum(greatest(points, 0)) over (order by created_at, id) as cum
          from member_points_entry where member_id = ${memberId}::bigint),
        spent as (
          select coalesce(-sum(points) filter (where points < 0), 0) as total
          from member_points_entry where member_id = ${memberId}::bigint)
        select f.id::text, greatest(0, least(f.points, f.cum - s.total))::int as lapse
        from flows f cross join spent s
        where f.kind = 'earn' and f.expires_at <= now() and f.settled_at is null
        order by f.created_at, f.id`,
  );
  let lapsed = 0;
  for (const entry of due) {
    if (entry.lapse <= 0) continue;
    const moved = await movePoints(tx, {
      memberId,
      points: -entry.lapse,
      kind: 'expire',
      ref: `expire:${entry.id}`,
    });
    if (moved) lapsed += entry.lapse;
  }
  if (due.length)
    await tx.execute(sql`
      update member_points_entry set settled_at = now(), updated_at = now()
      where id = any(${`{${due.map((d) => d.id).join(',')}}`}::bigint[])`);
  return lapsed;
}

/** Lapse every due earned entry; answers how many points lapsed. */
export async function expirePoints(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const members = await inScope(db, SYSTEM, (tx) =>
      rows<{ memberId: string }>(
        tx,
        sql`select distinct member_id::text as "memberId" from member_points_entry
            where kind = 'earn' and expires_at is not null and expires_at <= now() and settled_at is null
            limit ${BATCH}`,
      ),
    );
    // One short transaction per member: a member's lock is never held for the whole batch.
    for (const { memberId } of members)
      total += await inScope(db, SYSTEM, (tx) => settleMember(tx, memberId));
    if (members.length < BATCH) return total;
  }
}

export const pointsExpiryJob: JobDefinition = {
  name: 'members.points-expiry',
  schedule: { cron: '7 * * * *' },
  run: async ({ db }) => {
    await expirePoints(db);
  },
};
