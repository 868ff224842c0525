/** Adds the current path to the tabs view and marks the active menu; keeps the document title right. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { routeMeta } from '../routing/route-meta';
import { useAppStore } from '../stores/app-store';
import { layoutStore } from '../stores/layout-store';
import { usePermissionStore } from '../stores/permission-store';
import { tagsViewStore } from '../stores/tags-view-store';
import { viewTitle } from './view-title';

export function useVisitedViews(): void {
  const { pathname } = useLocation();
  const routes = usePermissionStore((s) => s.routes);
  const language = useAppStore((s) => s.language);
  const { t } = useTranslation();

  useEffect(() => {
    const meta = routeMeta(pathname, routes);
    if (!meta) return;
    tagsViewStore.getState().addView(meta);
    layoutStore.getState().setActiveMenu(meta.name);
  }, [pathname, routes]);

  useEffect(() => {
    const meta = routeMeta(pathname, routes);
    const title = meta?.title ? viewTitle(meta.title, language, t) : '';
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name');
  }, [pathname, routes, language, t]);
}
