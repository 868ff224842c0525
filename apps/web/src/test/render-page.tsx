/**
 * Renders a page, dialog or card as a feature test wants it: in a query cache of its own that does
 * not retry, antd's App context (toasts, confirms) and a memory router at `at`. Feature tests used
 * to spell these providers out one by one; the whole console (App.tsx and its data router) is not
 * meant here.
 *
 * `ui` is either what to render (one element, routes or not) or routes by path: then any other
 * address shows <Where />, so a test can see where a link or a save took the user.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import { isValidElement, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

/** Shows where the user is: path and query, under the test id `where`. */
export function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

export function renderPage(
  ui: ReactElement | Record<string, ReactElement>,
  {
    at = '/',
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  }: { at?: string; queryClient?: QueryClient } = {},
) {
  const page = isValidElement(ui) ? (
    ui
  ) : (
    <Routes>
      {Object.entries(ui).map(([path, element]) => (
        <Route key={path} path={path} element={element} />
      ))}
      <Route path="*" element={<Where />} />
    </Routes>
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter initialEntries={[at]}>{page}</MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
