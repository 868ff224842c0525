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

/** `superseded`: the user signed out or in again while it loaded; it wrote nothing. */
export type MenuLoadOutcome = 'ok' | 'login' | 'superseded';

/**
 * The guard's first-navigation fetch (spec §2, §8): menu answer not 200 → empty menus and permissions,
 * go on; menu request failure (no answer, or session expired) → login; permission failure → empty.
 * A load that ends under another session (a sign-in while the menus of the one before were on their
 * way) leaves that session's stores alone: the old user's menus are not shown to the new one, and the
 * old token's 401 does not sign the new user out.
 */
export function loadMenusAndPermissions(): Promise<MenuLoadOutcome> {
  // Navigations while the menus are on their way share that load: a page opened while sign-in waits
  // for who-am-I starts one, and sign-in's own navigation would start another for the same token.
  const token = userStore.getState().token;
  if (inFlight?.token === token) return inFlight.load;
  const load = loadFor(token).finally(() => {
    if (inFlight?.load === load) inFlight = null;
  });
  inFlight = { token, load };
  return load;
}
let inFlight: { token: string; load: Promise<MenuLoadOutcome> } | null = null;

async function loadFor(token: string): Promise<MenuLoadOutcome> {
  const perms = permissionStore.getState();
  const superseded = () => userStore.getState().token !== token;
  appStore.getState().showLoading();
  try {
    let menus: Awaited<ReturnType<typeof fetchNav>>;
    try {
      menus = await fetchNav();
    } catch (error) {
      if (superseded()) return 'superseded';
      if (!(error instanceof ApiError) || error.isTransport || error.code === 401) return 'login';
      perms.setMenus([]);
      perms.setPermissions([]);
      perms.markLoaded();
      return 'ok';
    }
    if (superseded()) return 'superseded';
    perms.setMenus(menus);
    let permissions: Awaited<ReturnType<typeof fetchPermissions>> = [];
    try {
      permissions = await fetchPermissions();
    } catch {
      // none: the pages show what needs no permission
    }
    if (superseded()) return 'superseded';
    perms.setPermissions(permissions);
    if (!userStore.getState().userId) {
      try {
        const info = await fetchUserInfo();
        if (superseded()) return 'superseded';
        userStore.getState().setUserInfo(info);
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
