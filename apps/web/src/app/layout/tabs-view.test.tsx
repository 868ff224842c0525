import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n } from '../i18n';
import { tagsViewStore } from '../stores/tags-view-store';
import TabsView from './TabsView';
import { useViewActive, ViewActiveContext } from './view-active';

const home = { path: '/home', name: 'home', title: { key: 'routes.home' }, affix: true };
const page = (n: number) => ({ path: `/page-${n}`, name: `page-${n}`, title: { key: 'tags.noName' } });

beforeEach(() => tagsViewStore.getState().reset());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the fixed home tab', () => {
  it('is put first when a page was opened before it, leaving the active tab alone', () => {
    const s = tagsViewStore.getState();
    s.addView(page(1));
    s.pinView(home);
    s.pinView(home);
    const { visitedViews, cachedViews, activeTab } = tagsViewStore.getState();
    expect(visitedViews.map((v) => v.path)).toEqual(['/home', '/page-1']);
    expect(visitedViews[0].affix).toBe(true);
    expect(cachedViews).toEqual(['home', 'page-1']);
    expect(activeTab).toBe('/page-1');
  });

  it('is never closed, even when asked by path (a flow closing tabs after saving)', () => {
    const s = tagsViewStore.getState();
    s.addView(home);
    s.addView(page(1));
    expect(tagsViewStore.getState().delView('/home')).toBeNull();
    expect(tagsViewStore.getState().visitedViews.map((v) => v.path)).toEqual(['/home', '/page-1']);
    // A flow closing its own active tab goes to its neighbour, and the home tab stays.
    expect(tagsViewStore.getState().delView('/page-1')).toBe('/home');
    expect(tagsViewStore.getState().visitedViews.map((v) => v.path)).toEqual(['/home']);
  });
});

describe('the tabs strip', () => {
  it('scrolls the active tab into view as the route changes (a dozen tabs open)', async () => {
    await initI18n('en');
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.querySelector('a')?.getAttribute('data-path') ?? '');
    });
    tagsViewStore.getState().addView(home);
    for (let n = 1; n <= 12; n++) tagsViewStore.getState().addView(page(n));
    const router = createMemoryRouter([{ path: '*', element: <TabsView /> }], {
      initialEntries: ['/page-12'],
    });
    render(<RouterProvider router={router} />);
    expect(scrolled.at(-1)).toBe('/page-12');
    await act(() => router.navigate('/page-3'));
    expect(scrolled.at(-1)).toBe('/page-3');
    expect(screen.getByRole('link', { name: 'no-name', current: 'page' })).toBeTruthy();
  });

  it('closes the tab the user came from without leaving a page that has no tab (the map)', async () => {
    await initI18n('en');
    tagsViewStore.getState().addView(home);
    tagsViewStore.getState().addView(page(1));
    tagsViewStore.getState().addView(page(2));
    // The map shows without a tab of its own: the last tab opened is still the store's active one.
    const router = createMemoryRouter([{ path: '*', element: <TabsView /> }], { initialEntries: ['/map'] });
    render(<RouterProvider router={router} />);
    // The second tab's close button (both are untitled here).
    await act(() => screen.getAllByRole('button', { name: 'Close: no-name' })[1].click());
    expect(tagsViewStore.getState().visitedViews.map((v) => v.path)).toEqual(['/home', '/page-1']);
    expect(router.state.location.pathname).toBe('/map');
  });

  it('lets a page being opened arrive when the tab still shown is closed meanwhile', async () => {
    await initI18n('en');
    tagsViewStore.getState().addView(home);
    tagsViewStore.getState().addView(page(1));
    tagsViewStore.getState().addView(page(2));
    // Page 3's code is still on its way when the user closes the tab of page 2, still shown.
    let arrive!: () => void;
    const loading = new Promise<void>((resolve) => (arrive = resolve));
    const router = createMemoryRouter(
      [
        {
          path: '/page-3',
          lazy: async () => {
            await loading;
            return { element: <TabsView /> };
          },
        },
        { path: '*', element: <TabsView /> },
      ],
      { initialEntries: ['/page-2'] },
    );
    render(<RouterProvider router={router} />);
    act(() => void router.navigate('/page-3'));
    await vi.waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    await act(() => screen.getAllByRole('button', { name: 'Close: no-name' })[1].click());
    expect(tagsViewStore.getState().visitedViews.map((v) => v.path)).toEqual(['/home', '/page-1']);
    await act(async () => {
      arrive();
      await loading;
    });
    await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/page-3');
  });
});

describe('view activity', () => {
  it('tells a component of a hidden cached view that it is not shown', () => {
    function Probe() {
      return <span>{useViewActive() ? 'shown' : 'hidden'}</span>;
    }
    render(
      <>
        <ViewActiveContext value={false}>
          <Probe />
        </ViewActiveContext>
        <Probe />
      </>,
    );
    expect(screen.getAllByText(/shown|hidden/).map((e) => e.textContent)).toEqual(['hidden', 'shown']);
  });
});
