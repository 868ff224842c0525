/**
 * A fleet of simulated machines in this process: the CLI's machines, and the server's demo fleet
 * (DEMO=1) whose machines are registered in its database.
 */
import { SimulatedMachine, type MachineStart } from './machine.ts';
import type { Family } from './families.ts';

export interface FleetMachine {
  serialNumber: string;
  secret: string;
  family: Family;
  /** Where it stands at start (levels, counters, active faults). */
  initial?: MachineStart;
  /** Left unconnected: the caller starts it later (`machine.start()`), as a machine switched off. */
  startOffline?: boolean;
  /** Its store's IANA time zone: customers come by the local day's shape (MachineOptions.timeZone). */
  timeZone?: string;
  /** Sales tax added at the till, in percent, where prices exclude tax (US, CA). */
  salesTaxRate?: string;
  /** Customers in its busiest hour (MachineOptions.customersPerHour). */
  customersPerHour?: number;
}

export interface FleetOptions {
  url: string;
  machines: FleetMachine[];
  cupsPerMinute: number;
  /**
   * A machine's connection errors (refused credentials, broker gone); it keeps retrying. Given,
   * startFleet never fails for a machine that cannot connect: it reports the error and goes on.
   * Not given, such a machine makes startFleet reject (after stopping the machines it started).
   */
  onError?: (serialNumber: string, error: Error) => void;
  mqttVersion?: 4 | 5;
  /** Each machine keeps its menu and answered commands here across restarts (MachineOptions.stateDir). */
  stateDir?: string;
  /** Chances per tick (MachineOptions): staff refilling a low channel, a fault raised, one cleared. */
  refillChance?: number;
  faultChance?: number;
  clearChance?: number;
  /** With a menu, customers order on the screen (MachineOptions.sells); default true. */
  sells?: boolean;
}

export interface Fleet {
  machines: SimulatedMachine[];
  stop(): Promise<void>;
}

/** Machines connect this many at a time: a thousand CONNECTs at once only slow the broker down. */
const CONNECTING_AT_ONCE = 50;

export async function startFleet(opts: FleetOptions): Promise<Fleet> {
  const machines = opts.machines.map(
    (m) =>
      new SimulatedMachine({
        url: opts.url,
        serialNumber: m.serialNumber,
        secret: m.secret,
        family: m.family,
        cupsPerMinute: opts.cupsPerMinute,
        mqttVersion: opts.mqttVersion,
        stateDir: opts.stateDir,
        initial: m.initial,
        refillChance: opts.refillChance,
        faultChance: opts.faultChance,
        clearChance: opts.clearChance,
        timeZone: m.timeZone,
        customersPerHour: m.customersPerHour,
        salesTaxRate: m.salesTaxRate,
        sells: opts.sells,
        onError: opts.onError && ((error) => opts.onError!(m.serialNumber, error)),
      }),
  );
  const stop = async () => {
    await Promise.all(machines.map((m) => m.stop().catch(() => {})));
  };
  for (let i = 0; i < machines.length; i += CONNECTING_AT_ONCE) {
    const batch = machines
      .slice(i, i + CONNECTING_AT_ONCE)
      .filter((_, j) => !opts.machines[i + j].startOffline);
    // Settled, not raced: a start still under way when we give up would run on after stop().
    const results = await Promise.allSettled(batch.map((m) => m.start()));
    const failed = results.findIndex((r) => r.status === 'rejected');
    if (failed >= 0) {
      await stop();
      const reason = (results[failed] as PromiseRejectedResult).reason as Error;
      throw new Error(`${batch[failed].serialNumber}: ${reason.message}`, { cause: reason });
    }
  }
  return { machines, stop };
}
