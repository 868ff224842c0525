/**
 * Why a command ended, in the reader's language: the server stores its own reasons as a key and
 * parameters (contracts CommandReasons) beside the English text. A machine's own reason (why it
 * rejected a menu) has no key and shows as the machine wrote it, as does a row written before keys.
 */
import type { TFunction } from 'i18next';

export interface CommandReasonFields {
  reason?: unknown;
  reasonKey?: unknown;
  reasonParams?: unknown;
}

/** The reason's fields of a row read as plain JSON (a list's or the detail's command row). */
export const reasonFields = (row: Record<string, unknown>): CommandReasonFields => ({
  reason: row.reason,
  reasonKey: row.reasonKey,
  reasonParams: row.reasonParams,
});

export function commandReason(t: TFunction, command: CommandReasonFields): string {
  const english = typeof command.reason === 'string' ? command.reason : '';
  if (typeof command.reasonKey !== 'string' || !command.reasonKey) return english;
  const params =
    command.reasonParams && typeof command.reasonParams === 'object'
      ? (command.reasonParams as Record<string, unknown>)
      : {};
  // A key this console does not know yet (a newer server's) falls back to the English text.
  return t(`devices.commandReasons.${command.reasonKey}`, { ...params, defaultValue: english });
}
