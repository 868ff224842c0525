/**
 * The layout guard (spec §2): a blank token → cleanup and login; the first protected navigation
 * fetches the nav tree and the permissions.
 */
import { redirect } from 'react-router';
import { cleanupSession, loadMenusAndPermissions } from '../session';
import { permissionStore } from '../stores/permission-store';
import { hasToken } from '../stores/user-store';
import { displayTokenOfRequest } from '../../features/dashboard/display-mode';

export function loginRedirect(request: Request): Response {
  const { pathname } = new URL(request.url);
  const target =
    pathname && pathname !== '/' && pathname !== '/login' ? `?redirect=${encodeURIComponent(pathname)}` : '';
  return redirect(`/login${target}`);
}

export async function guardLoader({ request }: { request: Request }): Promise<Response | null> {
  // A dashboard opened by a display link (issue 17 point 5) needs no sign-in: the link's token is its key.
  if (displayTokenOfRequest(request)) return null;
  if (!hasToken()) {
    cleanupSession();
    throw loginRedirect(request);
  }
  if (!permissionStore.getState().loaded) {
    const outcome = await loadMenusAndPermissions();
    if (outcome === 'login') {
      cleanupSession();
      throw loginRedirect(request);
    }
  }
  return null;
}
