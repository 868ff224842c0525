/**
 * Languages (spec §1, CONTRACT §5): en, zh (simplified) and tw (traditional). The cookie `language`
 * wins, then the browser language matched to one of the three, then tw. Switching sets the cookie (the
 * server reads it too), i18next, dayjs and `<html lang>`; antd's locale follows through `antdLocale`.
 * The data already read is read again, since the server answers in the language of the cookie.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import i18next from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@brewfleet/contracts/enums';
import { matchLanguage } from '@brewfleet/contracts/i18n/messages';
import { LOAD_MESSAGES } from '../locales';
import { queryClient } from './query-client';
import { appStore } from './stores/app-store';

export const LANGUAGE_COOKIE = 'language';

export const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-CN', tw: 'zh-TW' };
const DAYJS_LOCALE: Record<Language, string> = { en: 'en', zh: 'zh-cn', tw: 'zh-tw' };
const LOAD_ANTD_LOCALE: Record<Language, () => Promise<Locale>> = {
  en: () => import('antd/locale/en_US').then((m) => m.default),
  zh: () => import('antd/locale/zh_CN').then((m) => m.default),
  tw: () => import('antd/locale/zh_TW').then((m) => m.default),
};
/** antd locales loaded so far; the app shows a language only once its locale is here. */
export const ANTD_LOCALE: Partial<Record<Language, Locale>> = {};

/** Loads a language's texts and antd locale once. */
async function loadLanguage(language: Language): Promise<void> {
  if (ANTD_LOCALE[language] && i18next.hasResourceBundle(language, 'translation')) return;
  const [messages, antd] = await Promise.all([LOAD_MESSAGES[language](), LOAD_ANTD_LOCALE[language]()]);
  i18next.addResourceBundle(language, 'translation', messages, true, true);
  ANTD_LOCALE[language] = antd;
}

function isLanguage(value: string | undefined): value is Language {
  return !!value && (LANGUAGES as readonly string[]).includes(value);
}

/** Cookie, else the browser's languages in order of preference, else tw. */
export function detectLanguage(
  cookie: string | undefined = Cookies.get(LANGUAGE_COOKIE),
  browser: readonly string[] = typeof navigator === 'undefined'
    ? []
    : (navigator.languages ?? [navigator.language]),
): Language {
  if (isLanguage(cookie)) return cookie;
  const fromCookie = matchLanguage(cookie);
  if (fromCookie) return fromCookie;
  for (const tag of browser) {
    const matched = matchLanguage(tag);
    if (matched) return matched;
  }
  return DEFAULT_LANGUAGE;
}

function apply(language: Language): void {
  dayjs.locale(DAYJS_LOCALE[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
  appStore.getState().setLanguageState(language);
}

export async function initI18n(language: Language = detectLanguage()): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources: {},
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false }, // React escapes already
  });
  await loadLanguage(language);
  apply(language);
  return i18next;
}

export async function setLanguage(language: Language): Promise<void> {
  const before = i18next.language;
  Cookies.set(LANGUAGE_COOKIE, language, { expires: 365, sameSite: 'lax' });
  await loadLanguage(language);
  await i18next.changeLanguage(language);
  apply(language);
  // The server answers in the cookie's language (names, options, messages): what was read in the
  // one before is read again, the shown queries now and the others when next shown.
  if (language !== before) void queryClient.invalidateQueries();
}

/** The title of something named in three languages (menus). */
export function pickName(names: { en: string; zh: string; tw: string }, language: Language): string {
  return names[language] || names.en || names.tw || names.zh;
}

export { i18next };
