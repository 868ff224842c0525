import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, ok, type SentRequest } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import type { ReactElement } from 'react';
import { AppBannerPage } from './HintedResourcePage';
import { WalletHistoryPage } from './MemberEntriesPage';

const ENTRY = {
  id: '900',
  memberId: '41',
  merchantId: '3',
  kind: 'top-up',
  amount: '5.00',
  balanceAfter: '25.00',
  orderId: null,
  reason: 'Cash at the counter',
  byName: 'manager1',
  createdAt: '2026-11-23T10:00:00.000Z',
};

const PAID = {
  ...ENTRY,
  id: '901',
  kind: 'payment',
  amount: '-3.50',
  balanceAfter: '21.50',
  orderId: '9001',
  reason: null,
  byName: null,
};

function answer(req: SentRequest) {
  const path = req.url.split('?')[0];
  if (path === '/api/coffee/wallet-entry/list') return ok({ list: [PAID, ENTRY], total: 2 });
  if (path === '/api/coffee/app-banner/list')
    return ok({
      list: [{ id: '7', merchantId: '3', title: 'Winter latte', image: '1', sort: 1, enabled: true }],
      total: 1,
    });
  if (path === '/api/coffee/member/select') return ok([{ value: '41', label: 'Ann Lin' }]);
  if (path === '/api/coffee/order/select')
    return ok(
      new URLSearchParams(req.url.split('?')[1]).get('keyword') === 'app-26'
        ? [{ value: '9001', label: 'APP-261125-8' }]
        : [],
    );
  return ok([]);
}

const lists = (sent: SentRequest[]) => sent.filter((r) => r.url.startsWith('/api/coffee/wallet-entry/list'));

const renderAt = (url: string, page: ReactElement) => renderPage(page, { at: url });

beforeAll(async () => {
  await initI18n('en');
  await setLanguage('en');
});
afterEach(() => {
  cleanup();
  permissionStore.getState().reset();
});

describe('a member’s entries and the hinted pages', { timeout: 15_000 }, () => {
  it('opened for a member, lists that member’s wallet entries until asked for all', async () => {
    const xhr = createFakeXhr(answer);
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.walletEntry.list, P.order.list]);
    renderAt('/member-wallet?memberId=41', <WalletHistoryPage />);
    const entry = (await screen.findByText('Cash at the counter')).closest('tr')!;
    expect(entry).toHaveTextContent('Top-up');
    expect(entry).toHaveTextContent('$25.00');
    // A payment opens its order; orders are found by typing, so none is asked for before.
    const order = screen.getByTestId('entry-order');
    expect(order.closest('tr')).toHaveTextContent('-$3.50');
    expect(order.getAttribute('href')).toBe('/order-detail?id=9001');
    expect(xhr.sent.some((r) => r.url.startsWith('/api/coffee/order/select'))).toBe(false);
    expect(await screen.findByTestId('member-scope')).toHaveTextContent('Member: Ann Lin');
    expect(lists(xhr.sent)[0].body).toMatchObject({ memberId: '41' });

    fireEvent.click(screen.getByRole('button', { name: 'All members' }));
    await waitFor(() => expect(lists(xhr.sent).at(-1)!.body).not.toHaveProperty('memberId'));
    expect(screen.queryByTestId('member-scope')).toBeNull();
  });

  it('finds an order to filter by from the start of its number, asking the server as it is typed', async () => {
    const xhr = createFakeXhr(answer);
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.walletEntry.list, P.order.list]);
    renderAt('/member-wallet', <WalletHistoryPage />);
    await screen.findByText('Cash at the counter');
    fireEvent.click(screen.getByTestId('search-more'));
    const picker = screen.getByLabelText('Order');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'app-26' } });
    const option = await screen.findByText('APP-261125-8', {}, { timeout: 3000 });
    // Once typing paused: one request for what was typed, none for each letter.
    const asked = xhr.sent.filter((r) => r.url.startsWith('/api/coffee/order/select?keyword='));
    expect(asked.map((r) => new URLSearchParams(r.url.split('?')[1]).get('keyword'))).toEqual(['app-26']);
    fireEvent.click(option);
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(lists(xhr.sent).at(-1)!.body).toMatchObject({ orderId: '9001' }));
  });

  it('says how banners work and which links they take', async () => {
    configureClient({ createXhr: createFakeXhr(answer).createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.appBanner.list]);
    renderAt('/app-banner', <AppBannerPage />);
    expect(await screen.findByTestId('page-hint')).toHaveTextContent(
      'A link begins with http://, https://, mailto: or tel:.',
    );
  });

  it('names what a delete would remove', async () => {
    configureClient({ createXhr: createFakeXhr(answer).createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.appBanner.list, P.appBanner.delete]);
    renderAt('/app-banner', <AppBannerPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete “Winter latte”?')).toBeInTheDocument();
  });
});
