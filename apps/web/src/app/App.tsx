/** Providers around the router: antd locale, size and theme, the toast bridge and the query cache. */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { configureClient } from '../api/client';
import { ANTD_LOCALE } from './i18n';
import { queryClient } from './query-client';
import { useReducedMotion } from './reduced-motion';
import { getRouter } from './routing/router';
import { useAppStore, type ComponentSize } from './stores/app-store';

const ANTD_SIZE: Record<ComponentSize, 'small' | 'middle' | 'large'> = {
  small: 'small',
  medium: 'middle',
  large: 'large',
};

/**
 * Brand colour plus text colours dark enough for WCAG AA contrast (4.5:1) on white: antd's defaults
 * for secondary text, placeholders and links fall short of it, and so do the lighter shades it
 * derives for hover (a quick link under the pointer was 4.42:1, a hovered link 2.8:1, a hovered
 * Delete on a hovered table row 4.34:1).
 */
const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#8a5a2b',
    colorPrimaryHover: '#9a6532',
    colorPrimaryTextHover: '#9a6532',
    colorLink: '#0958d9',
    colorLinkHover: '#1a6ce8',
    colorError: '#cf1322',
    colorErrorHover: '#d4313a',
    colorErrorTextHover: '#d4313a',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 6,
  },
};

/** Gives the HTTP client the themed, localized toast of antd's App context. */
function ToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    configureClient({
      notifyError: (text, seconds) => void message.error({ content: text, duration: seconds }),
    });
  }, [message]);
  return null;
}

export default function App() {
  const language = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  const reducedMotion = useReducedMotion();
  const theme = useMemo<ThemeConfig>(
    () => (reducedMotion ? { ...THEME, token: { ...THEME.token, motion: false } } : THEME),
    [reducedMotion],
  );
  return (
    <ConfigProvider locale={ANTD_LOCALE[language]} componentSize={ANTD_SIZE[size]} theme={theme}>
      <AntApp>
        <ToastBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={getRouter()} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
