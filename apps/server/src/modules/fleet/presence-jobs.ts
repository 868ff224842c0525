/**
 * Periodic checks no message triggers: a machine whose heartbeats stopped without a last will (two
 * missed, docs/device-protocol.md §4.2) goes offline, and channels pass their shelf life.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { appendDeviceLog } from './device-log.ts';
import { refreshChannels } from './channels.ts';

/** Two 30-second heartbeats and a margin. */
export const OFFLINE_AFTER_SECONDS = 75;

export async function markSilentMachinesOffline(db: Db): Promise<number> {
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
    return gone.length;
  });
}

export function startPresenceJobs(opts: { db: Db; log: FastifyBaseLogger; everyMs?: number }) {
  const run = async () => {
    try {
      await markSilentMachinesOffline(opts.db);
      await inScope(opts.db, SYSTEM, (tx) =>
        refreshChannels(tx, sql`c.shelf_life_hours > 0 and c.filled_at is not null`),
      );
    } catch (error) {
      opts.log.error({ err: error }, 'presence job failed');
    }
  };
  const timer = setInterval(() => void run(), opts.everyMs ?? 15_000);
  return { close: () => clearInterval(timer) };
}
