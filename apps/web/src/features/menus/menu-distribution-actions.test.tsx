import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, ok } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import MenuDistributionPage from './MenuDistributionPage';

const release = (id: string, patch: Record<string, unknown> = {}) => ({
  id,
  name: `Autumn ${id}`,
  merchantId: '3',
  storeId: '5',
  version: `2026-11-22.${id}`,
  state: 'done',
  targets: 2,
  succeeded: 2,
  failed: 0,
  pushedAt: '2026-11-22T08:00:00.000Z',
  createdAt: '2026-11-22T07:00:00.000Z',
  ...patch,
});

/** The buttons' texts of a row or cell, in order (role queries are slow on antd's tables). */
const buttonTexts = (element: Element) =>
  [...element.querySelectorAll('button')].map((button) => button.textContent?.trim());

/** The page never speaks to the machines' stream here. */
class SilentEventSource {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onerror = null;
  close() {}
}

beforeAll(async () => {
  vi.stubGlobal('EventSource', SilentEventSource);
  await initI18n('en');
  await setLanguage('en');
});
afterEach(() => {
  cleanup();
  permissionStore.getState().reset();
});

describe('menu distribution, row actions', { timeout: 20_000 }, () => {
  it('sit together in the actions column kept in view, rolling back under More', async () => {
    const xhr = createFakeXhr((req) => {
      if (req.url.startsWith('/api/coffee/menu-release/list'))
        return ok({ list: [release('1'), release('2', { pushedAt: null, state: 'draft' })], total: 2 });
      return ok([]); // pickers
    });
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions(Object.values(P.menuRelease));
    renderPage(<MenuDistributionPage />, { at: '/menu-distribution' });

    const pushed = (await screen.findByText('Autumn 1')).closest('tr')!;
    const actions = pushed.querySelector('td.list-actions') as HTMLElement;
    expect(actions).not.toBeNull();
    expect(buttonTexts(actions)).toEqual(['Content', 'Progress', 'Push', 'More', 'Delete']);
    // No second column of actions elsewhere in the row.
    expect(buttonTexts(pushed)).toEqual(buttonTexts(actions));
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).not.toContain('Distribution');

    fireEvent.click(within(actions).getByRole('button', { name: /More/ }));
    expect(await screen.findByRole('menuitem', { name: 'Roll back' })).toBeInTheDocument();

    // A release not pushed yet has no progress and nothing to roll back to.
    const draft = screen.getByText('Autumn 2').closest('tr')!;
    expect(buttonTexts(draft.querySelector('td.list-actions')!)).toEqual(['Content', 'Push', 'Delete']);
  });
});
