/**
 * The `debug` command (a preset debugging action): `params = { action, args? }`. Known actions run
 * and succeed; anything the machine cannot do fails with a reason the console shows as it is.
 */
import { z } from 'zod';
import type { Family } from './families.ts';
import type { ChannelLevels } from './channels.ts';

/** What an action may touch on the machine. */
export interface DebugTarget {
  family: Family;
  state: string;
  levels: ChannelLevels;
  /** Queue an event (cleaning, material) for the next batch. */
  event(body: Record<string, unknown>): void;
  materialEvent(): void;
  calibrateGrinder(): void;
}

export type DebugOutcome = { ok: true } | { ok: false; reason: string };

const debugParams = z.object({
  action: z.string().min(1),
  args: z.record(z.string(), z.unknown()).optional(),
});
const dispenseArgs = z.object({ channel: z.number().int(), grams: z.number().positive().max(5000) });

/** Actions that move hardware; a machine that is off or stopped by a fault refuses them. */
const NEEDS_RUNNING = new Set(['rinse', 'dispense', 'calibrate-grinder']);

export function runDebugAction(target: DebugTarget, params: Record<string, unknown>): DebugOutcome {
  const parsed = debugParams.safeParse(params);
  if (!parsed.success) return { ok: false, reason: 'debug needs params.action' };
  const { action, args = {} } = parsed.data;
  if (NEEDS_RUNNING.has(action) && (target.state === 'off' || target.state === 'fault'))
    return { ok: false, reason: `machine is ${target.state === 'off' ? 'off' : 'in fault'}` };
  switch (action) {
    case 'rinse':
      target.event({ type: 'cleaning', kind: 'rinse', durationSeconds: 30, result: 'completed' });
      return { ok: true };
    case 'dispense': {
      const dose = dispenseArgs.safeParse(args);
      if (!dose.success) return { ok: false, reason: 'dispense needs args {channel, grams}' };
      const { channel, grams } = dose.data;
      if (!target.levels.has(channel)) return { ok: false, reason: `no channel ${channel}` };
      if (target.levels.level(channel) <= 0) return { ok: false, reason: `channel ${channel} is empty` };
      target.levels.drain([{ channel, grams }]);
      target.materialEvent();
      return { ok: true };
    }
    case 'calibrate-grinder':
      if (target.family !== 'coffee') return { ok: false, reason: 'unsupported on this family' };
      target.calibrateGrinder();
      return { ok: true };
    case 'diagnostics':
      // The ack carries only a reason: the readings would need a protocol field; success says "healthy".
      return { ok: true };
    default:
      return { ok: false, reason: `unsupported action ${action.slice(0, 100)}` };
  }
}
