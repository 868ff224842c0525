import { describe, expect, it } from 'vitest';
import { DEVICE_CONDITIONS } from '@brewfleet/contracts/enums';
import { MAP_STATUSES } from '@brewfleet/contracts/fleet-api';
import { COMMAND_STATE_COLORS } from './CommandStateTag';
import { CONDITION_FILTERS, conditionsOf, STATUS_COLORS, statusTags } from './device-status';
import { KIND_COLORS } from '../device-journal/log-kinds';

/** WCAG relative luminance and the contrast of white text on a colour. */
function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
}

describe('device status', () => {
  it('tags a row: reachability first, then what needs attention', () => {
    expect(statusTags({ online: true })).toEqual(['online']);
    expect(
      statusTags({ online: false, alarm: true, locked: true, materialShortage: true, maintenanceDue: true }),
    ).toEqual(['offline', 'alarm', 'locked', 'shortage', 'maintenance']);
  });

  it('puts a machine in the conditions the counters count', () => {
    expect([...conditionsOf({ online: true })]).toEqual([]);
    expect([...conditionsOf({ online: false, locked: true })].sort()).toEqual(['locked', 'offline']);
  });

  it('filters the list by the flag of each counter', () => {
    expect(Object.keys(CONDITION_FILTERS).sort()).toEqual([...DEVICE_CONDITIONS].sort());
    expect(CONDITION_FILTERS).toMatchObject({
      all: {},
      offline: { online: false },
      shortage: { materialShortage: true },
      alarm: { alarm: true },
      locked: { locked: true },
      maintenance: { maintenanceDue: true },
    });
  });

  it('colours every map status, green online, grey offline, red alarm, orange locked, gold shortage', () => {
    for (const status of MAP_STATUSES) expect(STATUS_COLORS[status].marker).toMatch(/^#[0-9a-f]{6}$/);
    expect(STATUS_COLORS.online.marker).toBe('#52c41a');
    expect(STATUS_COLORS.offline.marker).toBe('#8c8c8c');
    expect(STATUS_COLORS.alarm.marker).toBe('#f5222d');
    expect(STATUS_COLORS.locked.marker).toBe('#fa8c16');
    expect(STATUS_COLORS.shortage.marker).toBe('#fadb14');
  });

  it('keeps white tag text readable (WCAG AA, 4.5:1)', () => {
    const tags = [
      ...Object.values(STATUS_COLORS).map((c) => c.tag),
      ...Object.values(COMMAND_STATE_COLORS),
      ...Object.values(KIND_COLORS).filter((c): c is string => !!c),
    ];
    for (const colour of tags) expect(contrastWithWhite(colour), colour).toBeGreaterThanOrEqual(4.5);
  });
});
