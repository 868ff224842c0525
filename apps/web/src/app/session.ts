/**
 * Sign-in and sign-out bookkeeping shared by the login page, the user menu, the route guard and the
 * HTTP client's 401 handler.
 */
import { fetchNav, fetchPermissions, fetchUserInfo, signOut } from '../api/auth-api';
import { ApiError } from '../api/api-error';
import { queryClient } from './query-client';
import { appStore } from './stores/app-store';
import { permissionStore } from './stores/permission-store';
import { tagsViewStore } from './stores/tags-view-store';
import { userStore } from './stores/user-store';

/** Forget everything that belongs to the signed-in user. */
export function cleanupSession(): void {
  userStore.getState().clear();
  permissionStore.getState().reset();
  tagsViewStore.getState().reset();
  queryClient.clear();
}

/** Revoke the token on the server (best effort), then clean up locally. */
export async function logout(): Promise<void> {
  if (userStore.getState().token) {
    try {
      await signOut();
    } catch {
      // The token may already be revoked; signing out locally is what matters.
    }
  }
  cleanupSession();
}

/** After doLogin: keep the token, read who signed in, and make the guard fetch menus afresh. */
export async function startSession(token: string): Promise<void> {
  cleanupSession();
  userStore.getState().setToken(token);
  userStore.getState().setUserInfo(await fetchUserInfo());
}

export type MenuLoadOutcome = 'ok' | 'login';

/**
 * The guard's first-navigation fetch (spec §2, §8): menu answer not 200 → empty menus and permissions,
 * go on; menu request failure (no answer, or session expired) → login; permission failure → empty.
 */
export async function loadMenusAndPermissions(): Promise<MenuLoadOutcome> {
  const perms = permissionStore.getState();
  appStore.getState().showLoading();
  try {
    try {
      perms.setMenus(await fetchNav());
    } catch (error) {
      if (!(error instanceof ApiError) || error.isTransport || error.code === 401) return 'login';
      perms.setMenus([]);
      perms.setPermissions([]);
      perms.markLoaded();
      return 'ok';
    }
    try {
      perms.setPermissions(await fetchPermissions());
    } catch {
      perms.setPermissions([]);
    }
    if (!userStore.getState().userId) {
      try {
        userStore.getState().setUserInfo(await fetchUserInfo());
      } catch {
        // The navbar falls back to the account field; the pages still work.
      }
    }
    perms.markLoaded();
    return 'ok';
  } finally {
    appStore.getState().hideLoading();
  }
}
