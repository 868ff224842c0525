import type { CommandRef } from '@brewfleet/contracts';

/** The reference of a command row (ref_kind, ref_id), as fleet.commandFinished carries it. */
export const refOf = (c: { ref_kind: string | null; ref_id: string | null }): CommandRef | null =>
  c.ref_kind && c.ref_id ? { kind: c.ref_kind as CommandRef['kind'], id: c.ref_id } : null;
