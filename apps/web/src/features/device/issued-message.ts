/**
 * What a remote operation's toast says: how many machines it was sent to and, when some machine
 * still had the same command pending (the server joins it rather than queueing another: `joined`),
 * how many — those are not counted as sent.
 */
import type { TFunction } from 'i18next';
import type { IssuedCommand } from '@brewfleet/contracts/fleet-api';

export function issuedMessage(
  t: TFunction,
  operation: string,
  commands: ReadonlyArray<Pick<IssuedCommand, 'joined'>>,
): { text: string; nothingNew: boolean } {
  const joined = commands.filter((c) => c.joined).length;
  const count = commands.length - joined;
  if (!joined) return { text: t('devices.operationIssued', { operation, count }), nothingNew: false };
  if (!count) return { text: t('devices.operationAllPending', { operation, joined }), nothingNew: true };
  return { text: t('devices.operationIssuedJoined', { operation, count, joined }), nothingNew: false };
}
