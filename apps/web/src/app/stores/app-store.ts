/** Interface state of spec §3/§4: sidebar, device, language, size and the loading overlay. */
import Cookies from 'js-cookie';
import { createStore, useStore } from 'zustand';
import type { Language } from '@brewfleet/contracts/enums';
import { registerPersisted } from './persistence';

export type Device = 'desktop' | 'mobile';
export type ComponentSize = 'small' | 'medium' | 'large';
export const SIDEBAR_COOKIE = 'sidebarStatus';

export interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  language: Language;
  size: ComponentSize;
  /** Number of pending overlay requests; the overlay shows while it is above zero. */
  loadingCount: number;
  toggleSidebar: () => void;
  closeSidebar: (withoutAnimation: boolean) => void;
  setDevice: (device: Device) => void;
  setLanguageState: (language: Language) => void;
  setSize: (size: ComponentSize) => void;
  showLoading: () => void;
  hideLoading: () => void;
}

function initialOpened(): boolean {
  // The cookie remembers the choice across sessions; an absent cookie means open.
  return Cookies.get(SIDEBAR_COOKIE) !== '0';
}

export const appStore = createStore<AppState>()((set) => ({
  sidebar: { opened: initialOpened(), withoutAnimation: false },
  device: 'desktop',
  language: 'tw',
  size: 'medium',
  loadingCount: 0,
  toggleSidebar: () =>
    set((s) => {
      const opened = !s.sidebar.opened;
      Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');
      return { sidebar: { opened, withoutAnimation: false } };
    }),
  closeSidebar: (withoutAnimation) => {
    Cookies.set(SIDEBAR_COOKIE, '0');
    set({ sidebar: { opened: false, withoutAnimation } });
  },
  setDevice: (device) => set({ device }),
  setLanguageState: (language) => set({ language }),
  setSize: (size) => set({ size }),
  showLoading: () => set((s) => ({ loadingCount: s.loadingCount + 1 })),
  hideLoading: () => set((s) => ({ loadingCount: Math.max(0, s.loadingCount - 1) })),
}));

// The language comes from its cookie at start (app/i18n), so it is not restored from session storage.
registerPersisted('app', appStore, (s) => ({ device: s.device, size: s.size }));

export const useAppStore = <T>(selector: (state: AppState) => T): T => useStore(appStore, selector);
