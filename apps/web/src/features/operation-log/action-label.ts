/**
 * The operation log stores an action key (`auth.login`, `device.lock`, `store.update`) or, for a
 * route without one, its method and path. People read a sentence in their language instead: the
 * same sentence as the log's export (contracts operation-log-actions.ts, one source for both).
 */
import type { Language } from '@brewfleet/contracts/enums';
import { actionSentence } from '@brewfleet/contracts/operation-log-actions';

export function actionLabel(action: string, language: Language): string {
  return actionSentence(action, language);
}
