/**
 * The remote commands this user issued in this session, followed to their end: the POST answers add
 * them, the live stream moves their state. It outlives the page that issued them, so a command
 * sent from the list can be watched from the detail page.
 */
import { createStore, useStore } from 'zustand';
import { FINAL_COMMAND_STATES, type CommandState } from '@brewfleet/contracts/enums';
import type { IssuedCommand, LiveCommand } from '@brewfleet/contracts/fleet-api';

export interface TrackedCommand {
  id: string;
  deviceId: string;
  /** The machine's name when the issuing screen knew it. */
  deviceName?: string;
  type: string;
  state: CommandState;
  reason?: string | null;
  /** The server's reason as a key and parameters (command-reason.ts). */
  reasonKey?: string | null;
  reasonParams?: Record<string, unknown> | null;
  updatedAt: string;
}

const KEEP = 30;

export const isFinal = (state: string) => (FINAL_COMMAND_STATES as readonly string[]).includes(state);

/** States only move forward: a late `sent` must not undo an `acknowledged` that overtook it. */
const ORDER: Record<CommandState, number> = {
  queued: 0,
  sent: 1,
  acknowledged: 2,
  succeeded: 3,
  failed: 3,
  expired: 3,
};

export function laterState(current: CommandState, next: CommandState): CommandState {
  return ORDER[next] >= ORDER[current] && !isFinal(current) ? next : current;
}

interface CommandTrackerState {
  commands: TrackedCommand[];
  track: (issued: IssuedCommand[], names?: Record<string, string>) => void;
  update: (event: LiveCommand) => void;
  clear: () => void;
}

export const commandTracker = createStore<CommandTrackerState>()((set) => ({
  commands: [],
  track: (issued, names = {}) =>
    set((s) => {
      const now = new Date().toISOString();
      const fresh = issued.map((c) => ({
        id: String(c.id),
        deviceId: String(c.deviceId),
        deviceName: names[String(c.deviceId)],
        type: c.type,
        state: c.state,
        updatedAt: now,
      }));
      const ids = new Set(fresh.map((c) => c.id));
      return { commands: [...fresh, ...s.commands.filter((c) => !ids.has(c.id))].slice(0, KEEP) };
    }),
  update: (event) =>
    set((s) => {
      const index = s.commands.findIndex((c) => c.id === String(event.id));
      if (index < 0) return s;
      const old = s.commands[index];
      const state = laterState(old.state, event.state);
      if (state === old.state) return s;
      const commands = [...s.commands];
      commands[index] = {
        ...old,
        state,
        reason: event.reason,
        reasonKey: event.reasonKey,
        reasonParams: event.reasonParams,
        updatedAt: event.updatedAt,
      };
      return { commands };
    }),
  clear: () => set({ commands: [] }),
}));

export const useCommandTracker = <T>(selector: (state: CommandTrackerState) => T): T =>
  useStore(commandTracker, selector);

/** Machines with a command still under way: the live stream must follow them. */
export function pendingDeviceIds(commands: TrackedCommand[]): string[] {
  return [...new Set(commands.filter((c) => !isFinal(c.state)).map((c) => c.deviceId))];
}
