/**
 * Which preset commands the debugging dialog may offer a set of machines. A preset made for one
 * family is refused by the server for a machine of another (or of none), so the dialog offers the
 * presets of the one family every machine shares, or else only those made for every family
 * (`GET …/select?family=none`).
 */

/** A machine as the dialog needs it; `family` is missing or null when it has none (or is unknown). */
export interface DebugMachine {
  id: string;
  name: string;
  family?: string | null;
}

export type PresetScope =
  /** Every machine is of this family: its presets and those of no family. */
  | { kind: 'family'; family: string; query: string }
  /** Machines of several families (listed): only the presets of no family. */
  | { kind: 'mixed'; families: string[]; query: 'none' }
  /** A machine without a family: only the presets of no family. */
  | { kind: 'none'; query: 'none' };

export function presetScope(machines: ReadonlyArray<Pick<DebugMachine, 'family'>>): PresetScope {
  const families = [...new Set(machines.map((m) => m.family).filter((f): f is string => !!f))];
  const missing = machines.some((m) => !m.family);
  if (families.length > 1) return { kind: 'mixed', families, query: 'none' };
  if (missing || !families.length) return { kind: 'none', query: 'none' };
  return { kind: 'family', family: families[0], query: families[0] };
}
