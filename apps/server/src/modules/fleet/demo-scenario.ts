/**
 * The demo fleet's gentle script (DEMO=1): on top of what simulated machines do by themselves
 * (cups, channels draining, faults now and then, cleanings when due), the parts of
 * demo-history/roles.ts play out over the first half hour and the fleet keeps changing after:
 * the machine in alarm is repaired, the one short of milk refilled, the one due for maintenance
 * serviced while the next one falls due, and every few minutes an offline machine comes back while
 * another drops off the network.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Fleet, SimulatedMachine } from '@brewfleet/simulator';
import type { DemoRole } from './demo-history/roles.ts';

/** The demo's chances per tick (a tick is a cup interval, a minute): livelier than the simulator's. */
export const DEMO_CHANCES = { refillChance: 0.05, faultChance: 0.01, clearChance: 0.1 };

/** Minutes after start at which each held part is let go. */
const RELEASE_AT: Partial<Record<DemoRole, number>> = {
  alarm: 8,
  'short-of-milk': 12,
  'maintenance-due': 15,
  'nearly-due': 30,
};
/** Every this many minutes the offline machine comes back and another one drops. */
const OFFLINE_SPELL_MINUTES = 10;

export function runDemoScenario(opts: {
  fleet: Fleet;
  roles: Map<string, DemoRole>;
  log: FastifyBaseLogger;
  /** One scenario minute in milliseconds (tests run it faster). */
  minuteMs?: number;
}): { stop: () => void } {
  const { fleet, roles, log } = opts;
  const role = (m: SimulatedMachine) => roles.get(m.serialNumber);
  for (const m of fleet.machines) {
    if (role(m) === 'alarm') m.clearChance = 0;
    if (role(m) === 'short-of-milk') m.refillChance = 0;
    if (role(m) === 'maintenance-due' || role(m) === 'nearly-due') m.autoCleaning = false;
  }
  let offline = fleet.machines.find((m) => role(m) === 'offline') ?? null;
  // Machines with no part drop off in turn.
  const extras = fleet.machines.filter((m) => !role(m));
  let minute = 0;
  const step = () => {
    minute++;
    for (const m of fleet.machines) {
      const release = RELEASE_AT[role(m)!];
      if (release !== minute) continue;
      m.clearChance = DEMO_CHANCES.clearChance;
      m.refillChance = DEMO_CHANCES.refillChance;
      m.autoCleaning = true;
    }
    if (minute % OFFLINE_SPELL_MINUTES === 0 && extras.length) {
      const back = offline;
      offline = extras[(minute / OFFLINE_SPELL_MINUTES - 1) % extras.length];
      offline.crash();
      log.info({ serialNumber: offline.serialNumber }, 'demo machine drops off the network');
      if (back) back.start().catch((error: Error) => log.warn({ err: error.message }, 'demo machine back'));
    }
  };
  const timer = setInterval(step, opts.minuteMs ?? 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
