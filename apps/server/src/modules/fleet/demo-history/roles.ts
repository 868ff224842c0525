/**
 * The parts some demo machines play, so that a newcomer sees at once what a real fleet looks like:
 * one offline, one in alarm, one short of milk, one due for maintenance and one about to be. The
 * history (index.ts) leaves them in those states and the scenario (../demo-scenario.ts) keeps the
 * fleet moving from there. Chosen from the serial numbers and families alone, so every start agrees.
 */
import type { Family } from '@brewfleet/simulator';

export type DemoRole = 'offline' | 'alarm' | 'short-of-milk' | 'maintenance-due' | 'nearly-due';

/** Which family plays each part, and which of its machines (in serial-number order). */
const CAST: Array<[DemoRole, Family, number]> = [
  ['short-of-milk', 'milk-frother', 0],
  ['alarm', 'blender', 0],
  ['offline', 'tea', 0],
  ['maintenance-due', 'coffee', 1],
  ['nearly-due', 'coffee', 3],
];

export function demoRoles(machines: Array<{ serialNumber: string; family: Family }>): Map<string, DemoRole> {
  const roles = new Map<string, DemoRole>();
  const sorted = [...machines].sort((a, b) => a.serialNumber.localeCompare(b.serialNumber));
  for (const [role, family, nth] of CAST) {
    const of = sorted.filter((m) => m.family === family && !roles.has(m.serialNumber));
    const machine = of[Math.min(nth, of.length - 1)];
    if (machine) roles.set(machine.serialNumber, role);
  }
  return roles;
}

/** Cups since the last maintenance the two maintenance parts start with (the model's interval is 300). */
export const CUPS_SINCE_BASIC: Partial<Record<DemoRole, number>> = {
  'maintenance-due': 327,
  'nearly-due': 291,
};
