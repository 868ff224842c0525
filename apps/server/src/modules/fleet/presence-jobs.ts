/**
 * Periodic checks no message triggers, as jobs of the platform's runner: a machine whose heartbeats
 * stopped without a last will (two missed, docs/device-protocol.md §4.2) goes offline
 * (`fleet.machines-offline`), and channels pass their shelf life (`fleet.channel-shelf-life`).
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { appendDeviceLog } from './device-log.ts';
import { announceSupply, refreshChannels } from './channels.ts';
import type { Publisher } from '../../platform/events/domain-events.ts';
import type { JobRunner } from '../../platform/jobs/types.ts';

/** Two 30-second heartbeats and a margin. */
export const OFFLINE_AFTER_SECONDS = 75;

export async function markSilentMachinesOffline(db: Db, events: Publisher): Promise<number> {
  return inScope(db, SYSTEM, async (tx) => {
    const gone = await rows<{ id: string }>(
      tx,
      sql`update device set online = false, updated_at = now()
          where online and (last_seen_at is null or last_seen_at < now() - make_interval(secs => ${OFFLINE_AFTER_SECONDS}))
          returning id::text`,
    );
    await appendDeviceLog(
      tx,
      gone.map((d) => ({
        deviceId: d.id,
        kind: 'offline' as const,
        key: 'noHeartbeat' as const,
        message: 'no heartbeat',
      })),
    );
    await events.publish(
      tx,
      'fleet.machineStatusChanged',
      gone.map((d) => ({ deviceId: d.id, online: false })),
    );
    return gone.length;
  });
}

export const MACHINES_OFFLINE_JOB = 'fleet.machines-offline';
export const CHANNEL_SHELF_LIFE_JOB = 'fleet.channel-shelf-life';

/** Both checks on the platform's job runner: one process runs each per period, whichever. */
export async function startPresenceJobs(opts: {
  db: Db;
  jobs: JobRunner;
  events: Publisher;
  everySeconds?: number;
}) {
  const everySeconds = opts.everySeconds ?? 15;
  // A failed check is simply done again next period: no retries of its own.
  const retry = { limit: 0, delaySeconds: 1 };
  const defined = await opts.jobs.define([
    {
      name: MACHINES_OFFLINE_JOB,
      everySeconds,
      retry,
      run: async () => void (await markSilentMachinesOffline(opts.db, opts.events)),
    },
    {
      name: CHANNEL_SHELF_LIFE_JOB,
      everySeconds,
      retry,
      run: () =>
        inScope(opts.db, SYSTEM, async (tx) => {
          const expired = await refreshChannels(tx, sql`c.shelf_life_hours > 0 and c.filled_at is not null`);
          await announceSupply(opts.events, tx, expired);
        }),
    },
  ]);
  return { close: () => defined.stop() };
}
