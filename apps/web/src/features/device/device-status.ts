/**
 * What a machine's live flags mean on screen: the conditions it is in (the counters of spec §3), the
 * tags of a row, and one colour per status shared by the list, the detail page and the map.
 */
import type { DeviceCondition } from '@brewfleet/contracts/enums';
import type { MAP_STATUSES } from '@brewfleet/contracts/fleet-api';

export type MapStatus = (typeof MAP_STATUSES)[number];
export type StatusTag = 'online' | 'offline' | 'locked' | 'alarm' | 'shortage' | 'maintenance';

/**
 * Tag colours carry white text, so they are dark enough for WCAG AA (4.5:1); marker colours are
 * fills on a map and may be brighter. Green online, grey offline, red alarm, orange locked, gold
 * shortage.
 */
export const STATUS_COLORS: Record<StatusTag, { tag: string; marker: string }> = {
  online: { tag: '#237804', marker: '#52c41a' },
  offline: { tag: '#595959', marker: '#8c8c8c' },
  alarm: { tag: '#a8071a', marker: '#f5222d' },
  locked: { tag: '#ad4e00', marker: '#fa8c16' },
  shortage: { tag: '#7c5e00', marker: '#fadb14' },
  maintenance: { tag: '#0958d9', marker: '#1677ff' },
};

/** The device-list filter of each counter (spec §3); `all` filters nothing. */
export const CONDITION_FILTERS: Record<DeviceCondition, Record<string, boolean>> = {
  all: {},
  offline: { online: false },
  shortage: { materialShortage: true },
  alarm: { alarm: true },
  locked: { locked: true },
  maintenance: { maintenanceDue: true },
};

/** A machine row, snapshot or detail: its flags `online`, `locked`, `alarm`, `materialShortage`, `maintenanceDue`. */
export type DeviceFlags = Record<string, unknown>;

/** The counted conditions a machine is in now (`all` aside). */
export function conditionsOf(flags: DeviceFlags): Set<Exclude<DeviceCondition, 'all'>> {
  const out = new Set<Exclude<DeviceCondition, 'all'>>();
  if (!flags.online) out.add('offline');
  if (flags.materialShortage) out.add('shortage');
  if (flags.alarm) out.add('alarm');
  if (flags.locked) out.add('locked');
  if (flags.maintenanceDue) out.add('maintenance');
  return out;
}

/** The tags of a row, most urgent first: reachability, then what needs attention. */
export function statusTags(flags: DeviceFlags): StatusTag[] {
  const tags: StatusTag[] = [flags.online ? 'online' : 'offline'];
  if (flags.alarm) tags.push('alarm');
  if (flags.locked) tags.push('locked');
  if (flags.materialShortage) tags.push('shortage');
  if (flags.maintenanceDue) tags.push('maintenance');
  return tags;
}
