/**
 * The router once made, for modules the router itself loads (the layout follows its navigations):
 * they read it here instead of importing router.tsx, which would close an import circle
 * (router.tsx → MainLayout → use-visited-views → router.tsx; routing-imports.test.ts keeps it gone).
 */
import type { createHashRouter } from 'react-router';

export type AppRouter = ReturnType<typeof createHashRouter>;

let current: AppRouter | null = null;

export function setActiveRouter(router: AppRouter): void {
  current = router;
}

/** The router, made by getRouter() before any route renders. */
export function activeRouter(): AppRouter {
  if (!current) throw new Error('the router is not made yet');
  return current;
}
