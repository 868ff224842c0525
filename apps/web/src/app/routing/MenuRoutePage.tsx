/**
 * The element of `/:routeName`: a page named by a menu url, an iframe route, a fixed route the user
 * may open (fixed-routes.ts), or /404. screens.tsx says which screen a name shows.
 */
import { Navigate, useLocation, useParams } from 'react-router';
import IframePage from '../../features/iframe/IframePage';
import { usePermissionStore } from '../stores/permission-store';
import { allowedFixedRoute } from './fixed-routes';
import { pageComponent } from './screens';
import { displayTokenOf } from '../../features/dashboard/display-mode';

export default function MenuRoutePage() {
  const { routeName = '' } = useParams();
  const routes = usePermissionStore((s) => s.routes);
  const permissions = usePermissionStore((s) => s.permissions);
  const loaded = usePermissionStore((s) => s.loaded);
  const { pathname, search } = useLocation();
  // A dashboard opened by a display link: no nav tree to consult (nobody signed in).
  if (displayTokenOf(pathname, search)) {
    const Board = pageComponent(routeName);
    return Board ? <Board /> : null;
  }
  // Signed out (e.g. the session expired): the app is on its way to /login; do not claim a 404.
  if (!loaded) return null;
  const route = routes.find((r) => r.name === routeName);
  if (!route && !allowedFixedRoute(routeName, permissions)) return <Navigate to="/404" replace />;
  if (route?.kind === 'iframe') return <IframePage url={route.url} names={route.names} />;
  const Page = pageComponent(routeName);
  return Page ? <Page /> : <Navigate to="/404" replace />;
}
