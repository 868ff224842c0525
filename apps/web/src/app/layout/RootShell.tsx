/** Wraps every route: scrolls to the top on each navigation and shows the loading overlay. */
import { Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useAppStore } from '../stores/app-store';

export default function RootShell() {
  const { pathname } = useLocation();
  const loading = useAppStore((s) => s.loadingCount > 0);
  const { t } = useTranslation();

  useEffect(() => {
    window.scrollTo(0, 0);
    document.querySelector('.app-main')?.scrollTo?.(0, 0);
  }, [pathname]);

  return (
    <>
      <Outlet />
      <Spin fullscreen spinning={loading} description={t('common.loading')} />
    </>
  );
}
