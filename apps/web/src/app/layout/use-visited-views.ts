/**
 * Adds each visited path to the tabs view and marks the active menu; keeps the document title right.
 * Views are recorded from the router's own state changes, not from renders: navigations run in React
 * transitions, and a quick second click can replace a location before it ever renders.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { activeRouter } from '../routing/router-handle';
import { HOME_PATH, routeMeta } from '../routing/route-meta';
import { useAppStore } from '../stores/app-store';
import { layoutStore } from '../stores/layout-store';
import { permissionStore, usePermissionStore } from '../stores/permission-store';
import { tagsViewStore } from '../stores/tags-view-store';
import { viewTitle } from './view-title';

function record(pathname: string): void {
  const { routes, permissions } = permissionStore.getState();
  const meta = routeMeta(pathname, routes, permissions);
  if (!meta) return;
  // The home tab is always there, first, whichever page was opened first (a wizard's link …).
  const home = routeMeta(HOME_PATH, routes, permissions);
  if (home) tagsViewStore.getState().pinView(home);
  if (!meta.notTab) tagsViewStore.getState().addView(meta);
  layoutStore.getState().setActiveMenu(meta.name);
}

export function useVisitedViews(): void {
  const { pathname } = useLocation();
  const routes = usePermissionStore((s) => s.routes);
  const permissions = usePermissionStore((s) => s.permissions);
  const language = useAppStore((s) => s.language);
  const { t } = useTranslation();

  useEffect(() => {
    const router = activeRouter();
    record(router.state.location.pathname);
    return router.subscribe((state) => {
      if (state.navigation.state === 'idle') record(state.location.pathname);
    });
  }, [routes, permissions]);

  useEffect(() => {
    const meta = routeMeta(pathname, routes, permissions);
    const title = meta?.title ? viewTitle(meta.title, language, t) : '';
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name');
  }, [pathname, routes, permissions, language, t]);
}
