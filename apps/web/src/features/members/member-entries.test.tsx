import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, ok, type SentRequest } from '../../test/fake-xhr';
import type { ReactNode } from 'react';
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
  if (path === '/api/coffee/app-banner/list') return ok({ list: [], total: 0 });
  if (path === '/api/coffee/member/select') return ok([{ value: '41', label: 'Ann Lin' }]);
  return ok([]);
}

const lists = (sent: SentRequest[]) => sent.filter((r) => r.url.startsWith('/api/coffee/wallet-entry/list'));

function renderAt(url: string, page: ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

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
    // A payment opens its order; orders have no picker, so none is asked for.
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

  it('says how banners work and which links they take', async () => {
    configureClient({ createXhr: createFakeXhr(answer).createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.appBanner.list]);
    renderAt('/app-banner', <AppBannerPage />);
    expect(await screen.findByTestId('page-hint')).toHaveTextContent(
      'A link begins with http://, https://, mailto: or tel:.',
    );
  });
});
