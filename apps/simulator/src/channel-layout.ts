/**
 * The `channels` command: the console's channel configuration for this machine (names, materials,
 * pre-discharge, shelf life per channel number). A machine's hoppers are fixed hardware, so a
 * layout naming a channel the machine does not have is refused whole, with a reason; otherwise it
 * is adopted whole and only its channels are reported from then on.
 */
import { channelsCommandParams, type ChannelsCommandParams } from '@brewfleet/contracts';
import type { ChannelLevels, Level } from './channels.ts';

export type LayoutVerdict = { ok: true; layout: ChannelsCommandParams } | { ok: false; reason: string };

export function checkChannelLayout(levels: ChannelLevels, params: Record<string, unknown>): LayoutVerdict {
  const parsed = channelsCommandParams.safeParse(params);
  if (!parsed.success) return { ok: false, reason: 'channels needs params {configName, channels: [...]}' };
  const layout = parsed.data;
  const numbers = layout.channels.map((c) => c.channel);
  if (new Set(numbers).size !== numbers.length) return { ok: false, reason: 'a channel number is repeated' };
  const missing = numbers.filter((n) => !levels.has(n));
  if (missing.length) {
    const own = levels
      .snapshot()
      .map((l) => l.channel)
      .join(', ');
    return {
      ok: false,
      reason: `channels ${layout.configName.slice(0, 64)} rejected: no channel ${missing.join(', ')} on this machine (it has ${own})`,
    };
  }
  return { ok: true, layout };
}

/**
 * Levels to report: with a layout, only its channels (the console removed the others, and a level
 * for them would bring them back as unnamed channels); before any, all of the machine's.
 */
export function reportedLevels(levels: ChannelLevels, layout: ChannelsCommandParams | null): Level[] {
  const all = levels.snapshot();
  if (!layout) return all;
  const configured = new Set(layout.channels.map((c) => c.channel));
  return all.filter((l) => configured.has(l.channel));
}
