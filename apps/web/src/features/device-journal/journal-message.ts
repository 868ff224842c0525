/**
 * The words of a machine-log line in the reader's language. The server stores a message key with
 * its parameters beside the English text; the enumerated parameters (command type and state,
 * cleaning kind and result, machine state) are worded by the labels the console already has for
 * those values. Names, fault codes and messages and rejection reasons are the tenant's or the
 * machine's own words and stay as they are. A line without a key (written before keys existed)
 * shows its stored English text.
 */
import type { TFunction } from 'i18next';
import type { DeviceLogMessageKey } from '@brewfleet/contracts/resources/device-records';
import { enumLabelKey } from '../../resources/field-meta';

type Labelled = Record<string, [resource: string, field: string]>;

const COMMAND: Labelled = { type: ['device-command', 'type'], state: ['device-command', 'state'] };

/** Parameters that are enumeration values, and the resource field whose value labels word them. */
const LABELLED_PARAMS: Partial<Record<DeviceLogMessageKey, Labelled>> = {
  commandQueued: { type: COMMAND.type },
  commandFinished: COMMAND,
  commandFinishedReason: COMMAND,
  commandTooLarge: { type: COMMAND.type },
  machineState: { state: ['device', 'state'] },
  cleaning: { kind: ['cleaning-record', 'kind'], result: ['cleaning-record', 'result'] },
};

export const journalMessageKey = (key: string) => `journal.messages.${key}`;

/** A row of the device-log list: `message`, and `messageKey` with `params` where the line has them. */
export type JournalLine = Readonly<Record<string, unknown>>;

export function journalMessage(t: TFunction, line: JournalLine): string {
  const english = typeof line.message === 'string' ? line.message : '';
  const key = typeof line.messageKey === 'string' ? line.messageKey : '';
  if (!key) return english;
  const params: Record<string, unknown> =
    line.params && typeof line.params === 'object' ? { ...(line.params as Record<string, unknown>) } : {};
  for (const [name, [resource, field]] of Object.entries(LABELLED_PARAMS[key as DeviceLogMessageKey] ?? {})) {
    const value = params[name];
    // A value this console does not know yet (a newer machine's) shows as it came.
    if (typeof value === 'string')
      params[name] = t(enumLabelKey(resource, field, value), { defaultValue: value });
  }
  // A key this console does not know yet (a newer server's) falls back to the English text.
  return t(journalMessageKey(key), { ...params, defaultValue: english });
}
