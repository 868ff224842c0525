/**
 * Hash routes (spec §2, CONTRACT §5). Public: /404, /login and the three privacy pages. The main
 * layout at `/` is guarded; its children are /home and every menu route (`/:routeName`, resolved
 * against the nav tree). Anything else goes to /404.
 */
import { createHashRouter, redirect, type RouteObject } from 'react-router';
import RootShell from '../layout/RootShell';
import RouteError from '../layout/RouteError';
import { guardLoader } from './guard';
import { pageComponent } from './page-registry';

const HomeRoute = () => {
  const Home = pageComponent('home');
  return Home ? <Home /> : null;
};

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    // Shown while the first route's guard or lazy page loads; the overlay of RootShell covers the wait.
    hydrateFallbackElement: <div className="boot" />,
    children: [
      {
        path: '/login',
        lazy: () => import('../../features/login/LoginPage').then((m) => ({ Component: m.default })),
      },
      {
        path: '/404',
        lazy: () => import('../../features/not-found/NotFoundPage').then((m) => ({ Component: m.default })),
      },
      ...(['privacyAgreement', 'privacyAgreement1', 'privacyAgreement2'] as const).map((doc) => ({
        path: `/${doc}`,
        lazy: () =>
          import('../../features/privacy/PrivacyPage').then((m) => ({
            Component: () => <m.default doc={doc} />,
          })),
      })),
      {
        path: '/',
        loader: guardLoader,
        // The guard checks the token on every navigation, not only when the layout first mounts.
        shouldRevalidate: () => true,
        lazy: () => import('../layout/MainLayout').then((m) => ({ Component: m.default })),
        children: [
          { index: true, loader: () => redirect('/home') },
          { path: 'home', element: <HomeRoute /> },
          {
            path: ':routeName',
            lazy: () => import('./MenuRoutePage').then((m) => ({ Component: m.default })),
          },
        ],
      },
      { path: '*', loader: () => redirect('/404') },
    ],
  },
];

let router: ReturnType<typeof createHashRouter> | null = null;

/** Made on first use: creating the router starts the first navigation, which needs the restored stores. */
export function getRouter(): ReturnType<typeof createHashRouter> {
  router ??= createHashRouter(routes);
  return router;
}
