/**
 * Each language's texts are a chunk of their own, loaded when the language is first used, so the
 * first paint carries one language and not three.
 */
import type { Language } from '@brewfleet/contracts/enums';
import type { Messages } from './en';

export const LOAD_MESSAGES: Record<Language, () => Promise<Messages>> = {
  en: () => import('./en').then((m) => m.en),
  zh: () => import('./zh').then((m) => m.zh),
  tw: () => import('./tw').then((m) => m.tw),
};

export type { Messages };
