/**
 * The tabs view (spec §4): visited views added once per path and titled from route meta or 'no-name';
 * cached views unless the route says no cache; close one, others or all; refresh the current one.
 * These are the layout's "main tabs"; the active tab is the current path.
 */
import { createStore, useStore } from 'zustand';
import { registerPersisted } from './persistence';

/** A title is either an i18n key or the three names a menu carries. */
export type ViewTitle = { key: string } | { names: { en: string; zh: string; tw: string } };

export interface RouteMeta {
  path: string;
  /** Route name: the cache key. */
  name: string;
  title?: ViewTitle;
  noCache?: boolean;
  /** Kept when closing others or all (the home page). */
  affix?: boolean;
  /** A page of the main layout that gets no tab, and so is not kept alive once left. */
  notTab?: boolean;
}

export interface VisitedView {
  path: string;
  name: string;
  title: ViewTitle;
  affix: boolean;
}

export const NO_NAME: ViewTitle = { key: 'tags.noName' };

export interface TagsViewState {
  visitedViews: VisitedView[];
  cachedViews: string[];
  activeTab: string;
  /** Bumped by refresh; the view re-mounts under a new key. */
  refreshKeys: Record<string, number>;
  addView: (route: RouteMeta) => void;
  /** Puts a fixed (affix) view first when it is missing, leaving the active tab as it is. */
  pinView: (route: RouteMeta) => void;
  /** Removes one view; returns the path to show next when it was active, else null. */
  delView: (path: string) => string | null;
  delOthersViews: (path: string) => void;
  delAllViews: () => string;
  refreshView: (path: string) => void;
  reset: () => void;
}

const HOME = '/home';

export const tagsViewStore = createStore<TagsViewState>()((set, get) => ({
  visitedViews: [],
  cachedViews: [],
  activeTab: '',
  refreshKeys: {},
  addView: (route) =>
    set((s) => {
      const visitedViews = s.visitedViews.some((v) => v.path === route.path)
        ? s.visitedViews
        : [
            ...s.visitedViews,
            { path: route.path, name: route.name, title: route.title ?? NO_NAME, affix: !!route.affix },
          ];
      const cachedViews =
        route.noCache || s.cachedViews.includes(route.name) ? s.cachedViews : [...s.cachedViews, route.name];
      return { visitedViews, cachedViews, activeTab: route.path };
    }),
  pinView: (route) =>
    set((s) =>
      s.visitedViews.some((v) => v.path === route.path)
        ? s
        : {
            visitedViews: [
              { path: route.path, name: route.name, title: route.title ?? NO_NAME, affix: true },
              ...s.visitedViews,
            ],
            cachedViews:
              route.noCache || s.cachedViews.includes(route.name)
                ? s.cachedViews
                : [route.name, ...s.cachedViews],
          },
    ),
  delView: (path) => {
    const { visitedViews, cachedViews, activeTab } = get();
    const index = visitedViews.findIndex((v) => v.path === path);
    // A fixed tab (the home page) is never closed.
    if (index < 0 || visitedViews[index].affix) return null;
    const removed = visitedViews[index];
    const rest = visitedViews.filter((v) => v.path !== path);
    set({
      visitedViews: rest,
      cachedViews: rest.some((v) => v.name === removed.name)
        ? cachedViews
        : cachedViews.filter((n) => n !== removed.name),
    });
    if (activeTab !== path) return null;
    const next = rest[Math.min(index, rest.length - 1)] ?? rest[rest.length - 1];
    return next ? next.path : HOME;
  },
  delOthersViews: (path) =>
    set((s) => {
      const visitedViews = s.visitedViews.filter((v) => v.affix || v.path === path);
      const names = new Set(visitedViews.map((v) => v.name));
      return { visitedViews, cachedViews: s.cachedViews.filter((n) => names.has(n)) };
    }),
  delAllViews: () => {
    const visitedViews = get().visitedViews.filter((v) => v.affix);
    const names = new Set(visitedViews.map((v) => v.name));
    set((s) => ({ visitedViews, cachedViews: s.cachedViews.filter((n) => names.has(n)) }));
    return visitedViews[visitedViews.length - 1]?.path ?? HOME;
  },
  refreshView: (path) =>
    set((s) => ({ refreshKeys: { ...s.refreshKeys, [path]: (s.refreshKeys[path] ?? 0) + 1 } })),
  reset: () => set({ visitedViews: [], cachedViews: [], activeTab: '', refreshKeys: {} }),
}));

registerPersisted('tagsView', tagsViewStore, (s) => ({
  visitedViews: s.visitedViews,
  cachedViews: s.cachedViews,
  activeTab: s.activeTab,
}));

export const useTagsViewStore = <T>(selector: (state: TagsViewState) => T): T =>
  useStore(tagsViewStore, selector);
