import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { detectLanguage, HTML_LANG, initI18n, setLanguage } from './i18n';
import { appStore } from './stores/app-store';

describe('language detection', () => {
  it('prefers the cookie', () => {
    expect(detectLanguage('en', ['zh-CN'])).toBe('en');
    expect(detectLanguage('zh', ['en-US'])).toBe('zh');
  });

  it('falls back to the browser languages, then tw', () => {
    expect(detectLanguage(undefined, ['fr-FR', 'zh-CN'])).toBe('zh');
    expect(detectLanguage(undefined, ['zh-HK'])).toBe('tw');
    expect(detectLanguage(undefined, ['en-GB'])).toBe('en');
    expect(detectLanguage(undefined, ['fr-FR', 'de'])).toBe('tw');
    expect(detectLanguage('xx', [])).toBe('tw');
  });
});

describe('switching', () => {
  it('sets the cookie, the store, the html lang and the texts', async () => {
    const i18n = await initI18n('tw');
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(i18n.t('common.currency')).toBe('元');
    await setLanguage('en');
    expect(Cookies.get('language')).toBe('en');
    expect(appStore.getState().language).toBe('en');
    expect(document.documentElement.lang).toBe(HTML_LANG.en);
    expect(i18n.t('common.currency')).toBe('$');
    expect(i18n.t('units.barrel')).toBe('barrel');
    await setLanguage('zh');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(i18n.t('units.seconds')).toBe('秒');
  });
});
