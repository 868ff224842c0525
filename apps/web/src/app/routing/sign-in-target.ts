/**
 * Where the console goes once a sign-in has succeeded. Signing in takes a moment (the password is
 * encrypted, then the sign-in and who-am-I requests), and the address can change meanwhile: a typed
 * address, a link, a script setting `location.hash`. The address the user is at when the sign-in
 * ends wins. The sign-in page used to send everyone to the target it had read when the form was
 * submitted (/home), which put back the address of a user who had already moved on.
 */
import { createPath } from 'react-router';
import type { AppRouter } from './router-handle';

const LOGIN_PATH = '/login';
// route-meta.ts names it too, but importing that would bring every screen into the sign-in page.
const HOME_PATH = '/home';

/** Only in-app paths may be a redirect target, never another site. */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && value !== LOGIN_PATH
    ? value
    : HOME_PATH;
}

/**
 * The path to open after a sign-in, read from the router's state now (not from the page's last
 * render, which lags a navigation in progress).
 */
export function signInTarget({ location, navigation }: AppRouter['state']): string {
  // A navigation in progress is where the console is going; its address is already in the bar.
  const current = navigation.location ?? location;
  // Still on the sign-in page, perhaps sent back to it meanwhile by the guard (an address opened
  // before the token was kept): the page it names, read afresh, else home.
  if (current.pathname === LOGIN_PATH)
    return safeRedirect(new URLSearchParams(current.search).get('redirect'));
  // Elsewhere: that address, opened again. Its guard may have let it through on the previous
  // session's token and menus (a signed-in user signing in again), which the sign-in has just
  // cleared; opened again, it loads the new user's menus. An unknown or forbidden path still ends
  // at /404, as it would have.
  return createPath({ pathname: current.pathname, search: current.search });
}
