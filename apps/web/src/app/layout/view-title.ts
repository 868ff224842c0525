import type { TFunction } from 'i18next';
import type { Language } from '@brewfleet/contracts/enums';
import { pickName } from '../i18n';
import type { ViewTitle } from '../stores/tags-view-store';

export function viewTitle(title: ViewTitle, language: Language, t: TFunction): string {
  if ('names' in title) return pickName(title.names, language) || t('tags.noName');
  return t(title.key);
}
