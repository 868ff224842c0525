/**
 * Hash routes (spec §2, CONTRACT §5). Public: /404, /login and the three privacy pages. The main
 * layout at `/` is guarded; its children are /home and every menu route (`/:routeName`, resolved
 * against the nav tree). Anything else goes to /404.
 */
import { createHashRouter, redirect, type RouteObject } from 'react-router';
import RootShell from '../layout/RootShell';
import RouteError from '../layout/RouteError';
import { guardLoader } from './guard';
import { setActiveRouter, type AppRouter } from './router-handle';

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
        // A dashboard opened by a display link shows alone (features/dashboard/DisplayShell).
        lazy: () =>
          Promise.all([import('../layout/MainLayout'), import('../../features/dashboard/DisplayShell')]).then(
            ([main, shell]) => ({ Component: () => <shell.default Main={main.default} /> }),
          ),
        children: [
          { index: true, loader: () => redirect('/home') },
          {
            path: 'home',
            // The screens (and the resource definitions they read) load with the layout, not before.
            lazy: () =>
              import('./screens').then(async ({ pageComponent, preloadPage }) => {
                await preloadPage('home');
                const Home = pageComponent('home');
                return { Component: () => (Home ? <Home /> : null) };
              }),
          },
          {
            path: ':routeName',
            // The page's code is loaded before the navigation commits (screens.tsx, loadablePage).
            loader: async ({ params }) => {
              const { preloadPage } = await import('./screens');
              await preloadPage(params.routeName ?? '');
              return null;
            },
            lazy: () => import('./MenuRoutePage').then((m) => ({ Component: m.default })),
          },
        ],
      },
      { path: '*', loader: () => redirect('/404') },
    ],
  },
];

let router: AppRouter | null = null;

/** Made on first use: creating the router starts the first navigation, which needs the restored stores. */
export function getRouter(): AppRouter {
  if (!router) {
    router = createHashRouter(routes);
    setActiveRouter(router);
  }
  return router;
}
