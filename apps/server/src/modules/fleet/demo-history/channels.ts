/** Channel levels where the past weeks left them: drained by the cups since each channel's last refill. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { refreshChannels } from '../channels.ts';
import type { MachineHistory } from './timeline.ts';

export async function writeChannelLevels(db: Db, histories: MachineHistory[]): Promise<void> {
  const list = histories.flatMap((h) =>
    h.levels.map((l) => ({
      device_id: h.machine.id,
      channel: l.channel,
      grams: l.grams,
      filled_at: l.filledAt.toISOString(),
      level_at: h.lastSeenAt.toISOString(),
    })),
  );
  if (!list.length) return;
  await db.execute(sql`
    update device_channel c set level_g = x.grams, filled_at = x.filled_at, level_at = x.level_at, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as x(device_id bigint, channel int, grams float8,
         filled_at timestamptz, level_at timestamptz)
    where c.device_id = x.device_id and c.channel_number = x.channel`);
  // Shortage and expiry as the server derives them: below the low level, or past the shelf life.
  const ids = histories.map((h) => h.machine.id);
  await refreshChannels(db, sql`c.device_id in ${ids}`);
}
