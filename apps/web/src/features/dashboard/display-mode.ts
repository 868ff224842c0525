/**
 * Display mode (issue 17 point 5, CONTRACT §7): `/#/operation?display=<token>` and
 * `/#/dataShow?display=<token>` open the dashboard with a display link's token, without signing in
 * and without the console's chrome (a lobby screen). Only these two routes, and only with a token
 * that looks like one: anything else goes through the console's guard as before. Kept tiny: the
 * routing reads it on every navigation.
 */
import { DISPLAY_TOKEN_PARAM } from '@brewfleet/contracts/display-link-names';

export const DISPLAY_ROUTES = ['operation', 'dataShow'] as const;
const TOKEN = /^dl_[A-Za-z0-9_-]{43}$/;

/** The display token of a location, when it is one of the dashboards opened by a link. */
export function displayTokenOf(pathname: string, search: string): string | null {
  const route = pathname.replace(/^\/+|\/+$/g, '');
  if (!(DISPLAY_ROUTES as readonly string[]).includes(route)) return null;
  const token = new URLSearchParams(search).get(DISPLAY_TOKEN_PARAM);
  return token && TOKEN.test(token) ? token : null;
}

/** The same, for a loader's request (the hash router's location as a URL). */
export function displayTokenOfRequest(request: Request): string | null {
  const url = new URL(request.url);
  return displayTokenOf(url.pathname, url.search);
}
