/**
 * A page whose code was preloaded (by its route's loader, before the navigation commits) renders at
 * once: React never shows the Suspense fallback for it, so it is not held back by React's reveal
 * throttle. One rendered before its code is here still suspends and then shows; a failed load is
 * fetched again next time.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadablePage } from './screens';

function Shown() {
  return <p>the page</p>;
}

/** What the boundary showed at each commit, in order. */
function renderInBoundary(Page: ComponentType) {
  const seen: string[] = [];
  function Fallback() {
    seen.push('fallback');
    return <p>loading</p>;
  }
  render(
    <Suspense fallback={<Fallback />}>
      <Page />
    </Suspense>,
  );
  return seen;
}

afterEach(cleanup);

describe('loadablePage', () => {
  it('renders a preloaded page without its fallback', async () => {
    let loads = 0;
    const page = loadablePage({
      load: async () => {
        loads++;
        return { default: Shown };
      },
    });
    await page.preload();
    await page.preload();
    expect(loads, 'loaded once').toBe(1);
    const seen = renderInBoundary(page.component);
    expect(seen).toEqual([]);
    expect(screen.getByText('the page')).toBeTruthy();
  });

  it('suspends a page rendered before its code is here, then shows it', async () => {
    const page = loadablePage({ load: async () => ({ default: Shown }) });
    const seen = renderInBoundary(page.component);
    expect(seen).toEqual(['fallback']);
    expect(await screen.findByText('the page')).toBeTruthy();
  });

  it('fetches a failed load again', async () => {
    let attempt = 0;
    const page = loadablePage({
      load: async () => {
        attempt++;
        if (attempt === 1) throw new Error('chunk failed');
        return { default: Shown };
      },
    });
    await expect(page.preload()).rejects.toThrow('chunk failed');
    await act(() => page.preload());
    expect(attempt).toBe(2);
    renderInBoundary(page.component);
    expect(screen.getByText('the page')).toBeTruthy();
  });
});
