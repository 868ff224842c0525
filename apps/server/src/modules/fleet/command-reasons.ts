/**
 * The reasons the server gives for ending a command: the English text stored in `reason` (what older
 * rows carry alone, and what a machine's own reason replaces), with the key and parameters the console
 * words in the reader's language (contracts CommandReasons, migration 0022).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CommandReasonKey, CommandReasons } from '@brewfleet/contracts/resources/device-records';

const ENGLISH: { [K in CommandReasonKey]: (params: CommandReasons[K]) => string } = {
  expired: () => 'expired',
  tooLarge: (p) => `too large for the machine: ${p.bytes} bytes, its MQTT Maximum Packet Size is ${p.limit}`,
  supersededByMenu: () => 'superseded by a newer menu',
  supersededByChannels: () => 'superseded by a newer channel configuration',
  machineMoved: () => 'the machine moved to another merchant',
  machineMovedStore: () => 'the machine moved to another store',
  machineRemoved: () => 'the machine was deleted',
};

/** A reason's English text. */
export const reasonText = <K extends CommandReasonKey>(key: K, params: CommandReasons[K]): string =>
  ENGLISH[key](params);

/** `reason = …, reason_key = …, reason_params = …` for an update of device_command. */
export function setReason<K extends CommandReasonKey>(key: K, params: CommandReasons[K]): SQL {
  const stored = Object.keys(params).length ? JSON.stringify(params) : null;
  return sql`reason = ${reasonText(key, params)}, reason_key = ${key}, reason_params = ${stored}::jsonb`;
}
