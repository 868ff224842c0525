/**
 * A machine's menu status ("updated" when it runs the menu last pushed to it), kept by subscribers of
 * fleet's own events: a menu command that succeeded sets the version the machine runs, and a status
 * that reported a menu compares it with the one assigned.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { subscribe } from '../../platform/events/domain-events.ts';

export async function refreshMenuStatus(tx: Db, deviceIds: string[]): Promise<void> {
  if (!deviceIds.length) return;
  const status = sql`case when d.assigned_menu_version is not null and d.menu_version = d.assigned_menu_version
                          then 'updated' else 'not-updated' end`;
  await tx.execute(sql`update device d set menu_status = ${status}, updated_at = now()
                       where d.id = any(${`{${deviceIds.join(',')}}`}::bigint[]) and d.menu_status is distinct from ${status}`);
}

export const menuStatusSubscribers = [
  subscribe(
    'fleet.commandFinished',
    'fleet: a menu the machine took is the one it runs',
    async (tx, commands) => {
      const adopted = commands.filter((c) => c.type === 'menu' && c.state === 'succeeded');
      if (!adopted.length) return;
      await tx.execute(sql`
      update device d set menu_version = x.version, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(adopted.map((c) => ({ id: c.deviceId, version: c.params?.version ?? null })))}::jsonb)
           as x(id bigint, version text)
      where d.id = x.id`);
      await refreshMenuStatus(
        tx,
        adopted.map((c) => c.deviceId),
      );
    },
  ),
  subscribe('fleet.machineStatusChanged', 'fleet: a reported menu against the assigned one', (tx, changes) =>
    refreshMenuStatus(
      tx,
      changes.filter((c) => c.menuReported).map((c) => c.deviceId),
    ),
  ),
];
