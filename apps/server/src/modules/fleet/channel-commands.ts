/**
 * The `channels` command (docs/device-protocol.md §4.4): a distributed channel configuration told to
 * each machine, through the same command rows, delivery, retries and log as any other command, so
 * that a machine that is away gets it when it returns.
 */
import { sql } from 'drizzle-orm';
import type { ChannelsCommandParams, IssuedCommand } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { queueCommands } from './commands.ts';
import { setReason } from './command-reasons.ts';
import { notify } from '../../platform/events/notices.ts';

/** The command's params from a configuration's rows (the channel-config resource's columns). */
export function channelsParams(
  configName: string,
  rows: Array<Record<string, unknown>>,
): ChannelsCommandParams {
  const optional = (value: unknown) => (value === null || value === undefined ? undefined : Number(value));
  return {
    configName,
    channels: rows
      .map((c) => ({
        channel: Number(c.channelNumber),
        name: String(c.name),
        material: (c.material as string | null) ?? undefined,
        preDischargeSeconds: Number(c.preDischargeSeconds ?? 0),
        shelfLifeHours: optional(c.shelfLifeHours),
        capacityG: optional(c.capacityG),
        lowLevelG: optional(c.lowLevelG),
      }))
      .sort((a, b) => a.channel - b.channel),
  };
}

/**
 * Queue one `channels` command per machine. A layout still on its way to a machine is superseded
 * (ends as expired): only the newest layout is the console's truth, and a machine coming back
 * should not adopt an older one after it.
 */
export async function queueChannelCommands(
  tx: Db,
  deviceIds: string[],
  params: ChannelsCommandParams,
  issuedBy: { userId: string | null; account: string },
): Promise<IssuedCommand[]> {
  const ended = await rows<{ id: string; device_id: string; reason: string | null }>(
    tx,
    sql`update device_command set state = 'expired', ${setReason('supersededByChannels', {})},
          finished_at = now(), updated_at = now()
        where type = 'channels' and state in ('queued', 'sent', 'acknowledged') and device_id in ${deviceIds}
        returning id::text, device_id::text, reason`,
  );
  // For the live views: no subscriber acts on a superseded layout (only a layout a machine took
  // changes its channels), and the resource hooks that get here have no publisher at hand.
  await notify(
    tx,
    'fleet.commandFinished',
    ended.map((c) => ({
      deviceId: c.device_id,
      commandId: c.id,
      type: 'channels' as const,
      state: 'expired' as const,
      reason: c.reason,
      ref: null,
      params: null,
    })),
  );
  return queueCommands(tx, { type: 'channels', devices: deviceIds.map((id) => ({ id })), params, issuedBy });
}

/**
 * After channels of machines are edited by hand (created, changed, deleted on the machine's channel
 * list), each machine is told its whole layout as it now stands, as a distribution would: a changed
 * name, pre-discharge time or shelf life is the machine's to apply, not the console's alone.
 * `removing`: channels deleted in this transaction but still present (the delete hook runs first).
 */
export async function tellChannelLayouts(
  tx: Db,
  deviceIds: string[],
  issuedBy: { userId: string | null; account: string },
  removing: string[] = [],
): Promise<IssuedCommand[]> {
  const issued: IssuedCommand[] = [];
  for (const deviceId of [...new Set(deviceIds)]) {
    const channels = await rows<Record<string, unknown>>(
      tx,
      sql`select name, channel_number as "channelNumber", material, pre_discharge_seconds as "preDischargeSeconds",
                 shelf_life_hours as "shelfLifeHours", capacity_g as "capacityG", low_level_g as "lowLevelG",
                 config_name as "configName"
          from device_channel where device_id = ${deviceId}
            and id not in ${removing.length ? removing : ['0']}`,
    );
    const names = [...new Set(channels.map((c) => c.configName).filter(Boolean))];
    // The layout keeps its configuration's name while every channel still comes from it.
    const configName = names.length === 1 ? String(names[0]) : 'edited in the console';
    issued.push(
      ...(await queueChannelCommands(tx, [deviceId], channelsParams(configName, channels), issuedBy)),
    );
  }
  return issued;
}
