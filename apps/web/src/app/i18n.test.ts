import { QueryObserver } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { detectLanguage, HTML_LANG, initI18n, setLanguage } from './i18n';
import { queryClient } from './query-client';
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

describe('data read in another language', () => {
  it('is read again after a switch: shown queries at once, the others when next shown', async () => {
    await initI18n('en');
    await setLanguage('en');
    // What the server answered in English: an open order's lines, and a list not shown now.
    const served: string[] = [];
    const detail = new QueryObserver(queryClient, {
      queryKey: ['resource', 'order', 'detail', '42'],
      queryFn: async () => {
        served.push(Cookies.get('language')!);
        return Cookies.get('language') === 'tw' ? '美式咖啡' : 'Americano';
      },
    });
    const stop = detail.subscribe(() => undefined);
    await queryClient.fetchQuery({ queryKey: ['resource', 'product', 'list'], queryFn: () => ['Large'] });
    await vi.waitFor(() => expect(detail.getCurrentResult().data).toBe('Americano'));

    await setLanguage('tw');
    await vi.waitFor(() => expect(detail.getCurrentResult().data).toBe('美式咖啡'));
    expect(served).toEqual(['en', 'tw']);
    expect(queryClient.getQueryState(['resource', 'product', 'list'])?.isInvalidated).toBe(true);

    // Choosing the language already shown reads nothing again.
    await setLanguage('tw');
    expect(served).toEqual(['en', 'tw']);
    stop();
    queryClient.clear();
  });
});
