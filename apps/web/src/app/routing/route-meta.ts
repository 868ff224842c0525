/** What the tabs view and the sidebar know about a path: its name, title and caching. */
import type { RouteMeta } from '../stores/tags-view-store';
import { allowedFixedRoute } from './fixed-routes';
import type { MenuRoute } from './menu-routes';
import { screenFor } from './screens';

export const HOME_PATH = '/home';

export function routeMeta(
  path: string,
  routes: MenuRoute[],
  permissions: readonly string[] = [],
): RouteMeta | null {
  if (path === HOME_PATH) return { path, name: 'home', title: { key: 'routes.home' }, affix: true };
  const route = routes.find((r) => r.path === path);
  if (!route) {
    // Not a menu page: a fixed route the user may open is a tab all the same.
    const name = path.slice(1);
    const fixed = allowedFixedRoute(name, permissions);
    return fixed ? { path, name, title: { key: fixed.title }, noCache: fixed.noCache } : null;
  }
  const hasNames = route.names.en || route.names.zh || route.names.tw;
  const page = route.kind === 'page' ? screenFor(route.name) : undefined;
  return {
    path,
    name: route.name,
    title: hasNames ? { names: route.names } : undefined,
    noCache: !!page?.noCache || !!page?.notTab,
    ...(page?.notTab ? { notTab: true } : {}),
  };
}
