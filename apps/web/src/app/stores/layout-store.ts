/**
 * Layout state (spec §3): navbar layout type, sidebar skin and fold, the active menu and the content
 * refresh flag. The main tabs and the active tab are the tabs-view store's visited views and activeTab.
 */
import { createStore, useStore } from 'zustand';
import { registerPersisted } from './persistence';

export type NavbarLayout = 'inverse' | 'light';
export type SidebarSkin = 'dark' | 'light';

export interface LayoutState {
  navbarLayout: NavbarLayout;
  sidebarSkin: SidebarSkin;
  /** Accordion sidebar: opening a directory folds the others. */
  sidebarFold: boolean;
  activeMenu: string;
  /** The window height, for pages that size themselves to the viewport. */
  documentHeight: number;
  setNavbarLayout: (value: NavbarLayout) => void;
  setSidebarSkin: (value: SidebarSkin) => void;
  setSidebarFold: (value: boolean) => void;
  setActiveMenu: (value: string) => void;
  setDocumentHeight: (value: number) => void;
}

export const layoutStore = createStore<LayoutState>()((set) => ({
  navbarLayout: 'inverse',
  sidebarSkin: 'dark',
  sidebarFold: false,
  activeMenu: '',
  documentHeight: typeof window === 'undefined' ? 0 : window.innerHeight,
  setNavbarLayout: (navbarLayout) => set({ navbarLayout }),
  setSidebarSkin: (sidebarSkin) => set({ sidebarSkin }),
  setSidebarFold: (sidebarFold) => set({ sidebarFold }),
  setActiveMenu: (activeMenu) => set({ activeMenu }),
  setDocumentHeight: (documentHeight) => set({ documentHeight }),
}));

registerPersisted('layout', layoutStore, (s) => ({
  navbarLayout: s.navbarLayout,
  sidebarSkin: s.sidebarSkin,
  sidebarFold: s.sidebarFold,
  activeMenu: s.activeMenu,
}));

export const useLayoutStore = <T>(selector: (state: LayoutState) => T): T => useStore(layoutStore, selector);
