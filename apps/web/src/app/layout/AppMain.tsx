/**
 * The content area. Cached views stay mounted (hidden) while another tab is shown, so going back to a
 * tab keeps its filters and page; a refresh re-mounts the view; closing its tab drops it.
 */
import { Spin } from 'antd';
import { Suspense, useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { routeMeta } from '../routing/route-meta';
import { usePermissionStore } from '../stores/permission-store';
import { useTagsViewStore } from '../stores/tags-view-store';
import { ViewActiveContext } from './view-active';

export default function AppMain() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const routes = usePermissionStore((s) => s.routes);
  const permissions = usePermissionStore((s) => s.permissions);
  const visited = useTagsViewStore((s) => s.visitedViews);
  const refreshKeys = useTagsViewStore((s) => s.refreshKeys);
  const cache = useRef(new Map<string, ReactNode>());

  const meta = routeMeta(pathname, routes, permissions);
  const cacheable = !!meta && !meta.noCache;
  // Keep-alive bookkeeping happens during render on purpose: the element shown now is the one stored.
  for (const path of [...cache.current.keys()]) {
    if (path !== pathname && !visited.some((v) => v.path === path)) cache.current.delete(path);
  }
  if (cacheable) cache.current.set(pathname, outlet);
  const views = new Map(cache.current);
  if (!cacheable) views.set(pathname, outlet);

  return (
    <main className="app-main" id="main-content">
      {[...views].map(([path, element]) => (
        <div
          key={`${path}#${refreshKeys[path] ?? 0}`}
          hidden={path !== pathname}
          className="app-view"
          data-path={path}
        >
          <ViewActiveContext value={path === pathname}>
            <Suspense fallback={<Spin className="page-spin" />}>{element}</Suspense>
          </ViewActiveContext>
        </div>
      ))}
    </main>
  );
}
