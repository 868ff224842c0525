/** Providers around the router: antd locale, size and theme, the toast bridge and the query cache. */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { configureClient } from '../api/client';
import { ANTD_LOCALE } from './i18n';
import { queryClient } from './query-client';
import { getRouter } from './routing/router';
import { useAppStore, type ComponentSize } from './stores/app-store';

const ANTD_SIZE: Record<ComponentSize, 'small' | 'middle' | 'large'> = { small: 'small', medium: 'middle', large: 'large' };

/** Gives the HTTP client the themed, localized toast of antd's App context. */
function ToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    configureClient({ notifyError: (text, seconds) => void message.error({ content: text, duration: seconds }) });
  }, [message]);
  return null;
}

export default function App() {
  const language = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  return (
    <ConfigProvider
      locale={ANTD_LOCALE[language]}
      componentSize={ANTD_SIZE[size]}
      theme={{ token: { colorPrimary: '#8a5a2b', borderRadius: 6 } }}
    >
      <AntApp>
        <ToastBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={getRouter()} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
