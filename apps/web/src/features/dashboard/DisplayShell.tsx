/**
 * The layout at `/` in display mode (display-mode.ts): the dashboard alone, full screen, without the
 * console's sidebar, navbar and tabs (which need a signed-in user); the main layout otherwise.
 */
import { Suspense, type ComponentType } from 'react';
import { Outlet, useLocation } from 'react-router';
import { displayTokenOf } from './display-mode';

export default function DisplayShell({ Main }: { Main: ComponentType }) {
  const { pathname, search } = useLocation();
  if (!displayTokenOf(pathname, search)) return <Main />;
  return (
    <main className="display-shell" id="main-content">
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </main>
  );
}
