/**
 * A menu release's progress follows its machines' answers: a subscriber of fleet's "command
 * finished", in the transaction that recorded the answer (or the expiry), counts the release's
 * machines again and sets its state.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { subscribe } from '../../platform/events/domain-events.ts';

export async function refreshReleases(tx: Db, releaseIds: string[]): Promise<void> {
  if (!releaseIds.length) return;
  // Gateway lanes write acks of one release in parallel transactions: each counting only its own
  // uncommitted change would leave a finished release 'pushing'. Taking the rows first (in id
  // order) makes the next statement's snapshot see every earlier writer's committed acks.
  await tx.execute(
    sql`select 1 from menu_release where id = any(${`{${releaseIds.join(',')}}`}::bigint[]) order by id for update`,
  );
  await tx.execute(sql`
    with latest as (
      select distinct on (menu_release_id, device_id) menu_release_id, state
      from device_command where menu_release_id = any(${`{${releaseIds.join(',')}}`}::bigint[])
      order by menu_release_id, device_id, created_at desc),
    counts as (
      select menu_release_id, count(*) as targets,
             count(*) filter (where state = 'succeeded') as succeeded,
             count(*) filter (where state in ('failed', 'expired')) as failed,
             count(*) filter (where state in ('queued', 'sent', 'acknowledged')) as open
      from latest group by menu_release_id)
    update menu_release r set targets = c.targets, succeeded = c.succeeded, failed = c.failed,
      state = case when c.open > 0 then 'pushing' when c.failed > 0 then 'partial' else 'done' end,
      updated_at = now()
    from counts c where r.id = c.menu_release_id`);
}

export const releaseProgressSubscribers = [
  subscribe('fleet.commandFinished', 'menus: release progress', (tx, commands) =>
    refreshReleases(tx, [
      ...new Set(commands.flatMap((c) => (c.ref?.kind === 'menu-release' ? [c.ref.id] : []))),
    ]),
  ),
];
