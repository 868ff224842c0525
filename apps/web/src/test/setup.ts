import '@testing-library/jest-dom/vitest';
import { beforeAll } from 'vitest';
import type { StoreApi } from 'zustand';
import { i18next } from '../app/i18n';
import { appStore } from '../app/stores/app-store';
import { layoutStore } from '../app/stores/layout-store';
import { permissionStore } from '../app/stores/permission-store';
import { tagsViewStore } from '../app/stores/tags-view-store';
import { userStore } from '../app/stores/user-store';

// antd's tables, selects, dialogs and responsive parts measure themselves and ask matchMedia;
// jsdom has neither. One stand-in for every test (a test in the node environment has no window).
if (typeof window !== 'undefined') {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

// Files share a worker's module cache and document (`isolate: false` in vite.config.ts: antd and
// the console are imported once per worker rather than once per file, which more than halves the
// suite's time). Each file still starts as a fresh page would: no cookies or storage, stores at their
// initial state, and texts shown as their keys until the file starts i18n itself.
beforeAll(async () => {
  if (typeof window === 'undefined') return;
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.lang = '';
  for (const store of [appStore, layoutStore, permissionStore, tagsViewStore, userStore])
    (store as StoreApi<unknown>).setState(store.getInitialState(), true);
  if (i18next.isInitialized) await i18next.changeLanguage('cimode');
});
