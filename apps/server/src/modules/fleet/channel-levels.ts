/**
 * The machines' channels as subscribers of fleet's events (docs/device-protocol.md §4.6): reported
 * levels update the channels (a channel the console does not know yet is created as "Channel N"), a
 * rise by more than 20 % of the capacity is a refill that restarts the shelf life, and a channel
 * layout the machine took leaves it only the channels the layout lists.
 */
import { sql } from 'drizzle-orm';
import { rows } from '../../platform/db/client.ts';
import { subscribe } from '../../platform/events/domain-events.ts';
import { appendDeviceLog } from './device-log.ts';
import { refreshChannels, refreshDeviceShortage } from './channels.ts';

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export const channelSubscribers = [
  subscribe('fleet.levelsChanged', 'channels: levels, refills and shortages', async (tx, reports) => {
    // The latest level per channel, and the latest time within the batch it went up (a refill).
    const latest = new Map<
      string,
      {
        device_id: string;
        channel: number;
        grams: number;
        capacity: number;
        at: string;
        refill_at: string | null;
      }
    >();
    for (const { deviceId, at, levels } of [...reports].sort((x, y) => x.at.localeCompare(y.at))) {
      for (const l of levels) {
        // Channels are numbered 1–99 (the console's channels, the `channels` command): a level for
        // channel 0, which the event schema lets through, would make a channel the machine's next
        // layout could not name (every `channels` command would then break its own schema).
        if (l.channel < 1) continue;
        const key = `${deviceId}/${l.channel}`;
        const before = latest.get(key);
        const refill =
          before && l.grams > before.grams + Math.max(l.capacityG * 0.2, 1)
            ? at
            : (before?.refill_at ?? null);
        latest.set(key, {
          device_id: deviceId,
          channel: l.channel,
          grams: l.grams,
          capacity: l.capacityG,
          at,
          refill_at: refill,
        });
      }
    }
    const changed = await rows<{ device_id: string; channel_number: number; refilled: boolean; at: string }>(
      tx,
      sql`insert into device_channel as c (merchant_id, store_id, device_id, name, channel_number, capacity_g, level_g, level_at, filled_at)
          select d.merchant_id, d.store_id, d.id, 'Channel ' || x.channel, x.channel, x.capacity, x.grams, x.at, x.refill_at
          from jsonb_to_recordset(${json([...latest.values()])}) as x(device_id bigint, channel int, grams float8,
               capacity float8, at timestamptz, refill_at timestamptz)
          join device d on d.id = x.device_id
          on conflict (device_id, channel_number) do update set
            level_g = excluded.level_g, level_at = excluded.level_at,
            capacity_g = coalesce(c.capacity_g, excluded.capacity_g),
            filled_at = case
              when excluded.filled_at is not null then excluded.filled_at
              when excluded.level_g > coalesce(c.level_g, 0) + greatest(coalesce(c.capacity_g, excluded.capacity_g) * 0.2, 1)
                then excluded.level_at
              else c.filled_at end,
            updated_at = now()
          where c.level_at is null or c.level_at <= excluded.level_at
          returning c.device_id::text, c.channel_number, c.filled_at = c.level_at as refilled, c.level_at::text as at`,
    );
    await appendDeviceLog(
      tx,
      changed
        .filter((r) => r.refilled)
        .map((c) => ({
          deviceId: c.device_id,
          kind: 'channel-refill' as const,
          key: 'channelRefill' as const,
          params: { channel: c.channel_number },
          message: `channel ${c.channel_number}`,
          at: c.at,
        })),
    );
    const devices = [...new Set(changed.map((c) => c.device_id))];
    if (devices.length) await refreshChannels(tx, sql`c.device_id in ${devices}`);
  }),
  // A machine that took a channel layout has only its channels: a level it reported for a dropped
  // channel while the layout was on its way (which recreated the row) is of a channel gone now.
  subscribe('fleet.commandFinished', 'channels: a layout the machine took', async (tx, commands) => {
    const layouts = commands.filter((c) => c.type === 'channels' && c.state === 'succeeded');
    if (!layouts.length) return;
    const numbers = (params: Record<string, unknown> | null) =>
      Array.isArray(params?.channels)
        ? (params.channels as Array<{ channel?: unknown }>).map((ch) => Number(ch.channel))
        : [];
    await tx.execute(sql`
      delete from device_channel c
      using jsonb_to_recordset(${json(layouts.map((c) => ({ id: c.deviceId, numbers: numbers(c.params) })))})
            as x(id bigint, numbers int[])
      where c.device_id = x.id and not (c.channel_number = any (x.numbers))`);
    await refreshDeviceShortage(
      tx,
      layouts.map((c) => c.deviceId),
    );
  }),
];
