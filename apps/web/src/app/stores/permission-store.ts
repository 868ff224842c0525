/**
 * The nav tree, the routes made from it and the permission codes (spec §2, §6), fetched on the first
 * navigation to a protected page and kept in session storage.
 */
import { createStore, useStore } from 'zustand';
import type { MenuNode } from '../../api/types';
import { menuRoutes, type MenuRoute } from '../routing/menu-routes';
import { registerPersisted } from './persistence';

export interface PermissionState {
  loaded: boolean;
  menus: MenuNode[];
  routes: MenuRoute[];
  permissions: string[];
  setMenus: (menus: MenuNode[]) => void;
  setPermissions: (permissions: string[]) => void;
  markLoaded: () => void;
  reset: () => void;
}

export const permissionStore = createStore<PermissionState>()((set) => ({
  loaded: false,
  menus: [],
  routes: [],
  permissions: [],
  setMenus: (menus) => set({ menus, routes: menuRoutes(menus) }),
  setPermissions: (permissions) => set({ permissions }),
  markLoaded: () => set({ loaded: true }),
  reset: () => set({ loaded: false, menus: [], routes: [], permissions: [] }),
}));

registerPersisted('permission', permissionStore, (s) => ({
  loaded: s.loaded,
  menus: s.menus,
  routes: s.routes,
  permissions: s.permissions,
}));

/** Whether the signed-in user holds a permission code; every action button asks this. */
export function hasPermission(code: string | undefined): boolean {
  if (!code) return false;
  return permissionStore.getState().permissions.includes(code);
}

/** Hook form of hasPermission that re-renders when the permissions change. */
export function useHasPermission(): (code: string | undefined) => boolean {
  const permissions = useStore(permissionStore, (s) => s.permissions);
  return (code) => !!code && permissions.includes(code);
}

export const usePermissionStore = <T>(selector: (state: PermissionState) => T): T =>
  useStore(permissionStore, selector);
