/**
 * The operation log stores an action key (`auth.login`, `device.lock`, `store.update`) or, for a
 * route without one, its method and path. People read a sentence in their language instead: the
 * action's own text, or for the resource endpoints the verb with the resource's title.
 */
import type { i18n as I18n, TFunction } from 'i18next';

const VERBS = ['create', 'update', 'delete', 'import', 'reveal'];

export function actionLabel(action: string, t: TFunction, i18n: Pick<I18n, 'exists'>): string {
  if (!action) return '';
  const own = `operationLog.actions.${action}`;
  if (i18n.exists(own)) return t(own);
  const dot = action.lastIndexOf('.');
  const resource = action.slice(0, dot);
  const verb = action.slice(dot + 1);
  if (dot > 0 && VERBS.includes(verb) && i18n.exists(`resources.${resource}.title`))
    return t(`operationLog.verbs.${verb}`, { resource: t(`resources.${resource}.title`) });
  const request = /^([A-Z]+) (\/\S*)$/.exec(action);
  if (request) return t('operationLog.request', { method: request[1], path: request[2] });
  return action;
}
