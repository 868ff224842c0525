import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_MESSAGES } from '@brewfleet/contracts/i18n/delivery-messages';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, fail, ok, type Answer, type SentRequest } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import DeliveryStoresPage from './DeliveryStoresPage';

const BOUND = {
  id: '7',
  storeId: '70',
  merchantId: '3',
  uberStoreId: 'uber-store-7',
  binding: 'bound',
  syncState: 'failed',
  lastSyncAt: null,
  lastError: 'HTTP 503 from Uber',
  paused: true,
  createdAt: '2026-11-23T10:00:00.000Z',
};
const UNBOUND = {
  ...BOUND,
  id: '8',
  storeId: '80',
  uberStoreId: null,
  binding: 'unbound',
  syncState: 'never',
  lastError: null,
  paused: false,
};

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  await setLanguage('en');
  permissionStore.getState().reset();
});
afterEach(cleanup);

/** The list answers the two stores; the sync answers as `sync` says; anything else is empty. */
function serve(sync: (req: SentRequest) => Answer) {
  return createFakeXhr((req) => {
    if (req.url.startsWith('/api/coffee/delivery-store/list'))
      return ok({ list: [BOUND, UNBOUND], total: 2, page: 1, limit: 10 });
    if (req.url.startsWith('/api/coffee/delivery-store/sync')) return sync(req);
    return ok(req.url.includes('/select') ? [] : { list: [], total: 0, page: 1, limit: 10 });
  });
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

// Rendering antd's tables is slow on a busy machine.
describe('Uber stores', { timeout: 20_000 }, () => {
  it('shows each store bound or unbound, its sync state as a tag, paused, and its last error', async () => {
    configureClient({ createXhr: serve(() => ok({})).createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.deliveryStore.list]);
    renderPage(<DeliveryStoresPage />);
    const bound = await rowOf('uber-store-7');
    expect(within(bound).getByTestId('binding')).toHaveTextContent('Bound');
    expect(within(bound).getByTestId('sync-state')).toHaveTextContent('Failed');
    expect(bound).toHaveTextContent('Paused on Uber Eats');
    expect(bound).toHaveTextContent('HTTP 503 from Uber');
    const unbound = screen
      .getAllByTestId('binding')
      .find((tag) => tag.textContent === 'Unbound')!
      .closest('tr')!;
    expect(within(unbound).getByTestId('sync-state')).toHaveTextContent('Never synced');
    // Without the sync code, no sync action.
    expect(screen.queryByRole('button', { name: 'Sync menu' })).toBeNull();
    expect(screen.getByTestId('page-hint')).toHaveTextContent('Sync menu');
  });

  it('syncs a bound store only, posting its id, and tells how many items Uber took', async () => {
    const xhr = serve(() =>
      ok({
        id: '7',
        syncState: 'synced',
        lastSyncAt: '2026-11-23T11:00:00.000Z',
        lastError: null,
        items: 12,
      }),
    );
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.deliveryStore.list, P.deliveryStore.sync]);
    renderPage(<DeliveryStoresPage />);
    const bound = await rowOf('uber-store-7');
    expect(screen.getAllByRole('button', { name: 'Sync menu' })).toHaveLength(1);
    fireEvent.click(within(bound).getByRole('button', { name: 'Sync menu' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Sync the menu of uber-store-7');
    await waitFor(() =>
      expect(within(dialog).getByTestId('sync-done')).toHaveTextContent('Uber Eats took the menu: 12 items.'),
    );
    expect(within(dialog).getByTestId('sync-state')).toHaveTextContent('Synced');
    const posts = xhr.sent.filter((r) => r.url.startsWith('/api/coffee/delivery-store/sync'));
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ method: 'POST', body: { id: '7' } });
  });

  it("shows the server's refusal in the dialog, in the user's language, with no toast", async () => {
    await setLanguage('tw');
    const message = DELIVERY_MESSAGES['msg.deliverySyncFailed'].tw.replace('{{error}}', 'HTTP 503');
    const notifyError = vi.fn();
    configureClient({
      createXhr: serve(() => fail(409, message)).createXhr,
      getToken: () => 't',
      notifyError,
    });
    permissionStore.getState().setPermissions([P.deliveryStore.list, P.deliveryStore.sync]);
    renderPage(<DeliveryStoresPage />);
    const bound = await rowOf('uber-store-7');
    fireEvent.click(within(bound).getByRole('button', { name: '同步菜單' }));
    const dialog = await screen.findByRole('dialog');
    const error = await within(dialog).findByTestId('sync-error');
    expect(error).toHaveTextContent('菜單未同步');
    expect(error).toHaveTextContent(message);
    expect(notifyError).not.toHaveBeenCalled();
    expect(within(bound).getByTestId('binding')).toHaveTextContent('已綁定');
  });
});
