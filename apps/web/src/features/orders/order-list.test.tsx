import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, ok, type SentRequest } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import OrderListPage from './OrderListPage';

/** Two rows of `POST /api/coffee/order/list` as the generic list answers them. */
const ROWS = [
  {
    id: '9001',
    orderNo: 'M1-0042',
    pickupCode: 'A042',
    merchantId: '3',
    storeId: '5',
    deviceId: '7',
    status: 'completed',
    paymentMethod: 'card-machine',
    orderType: 'pack',
    amount: '111.00',
    discount: '0.00',
    actualPayment: '111.00',
    actualReceived: '113.00',
    tax: '5.00',
    refunded: '10.00',
    priceCheck: 'differs',
    orderedAt: '2026-11-23T09:15:00.000Z',
  },
  {
    id: '9002',
    orderNo: 'M1-0043',
    pickupCode: 'A043',
    merchantId: '3',
    storeId: '5',
    deviceId: '7',
    status: 'cancelled',
    paymentMethod: 'cash',
    orderType: 'dine-in',
    amount: '3.50',
    discount: '0.00',
    actualPayment: '3.50',
    actualReceived: null,
    tax: '0.00',
    refunded: '0.00',
    priceCheck: 'ok',
    orderedAt: '2026-11-23T09:20:00.000Z',
  },
];

function answer(req: SentRequest) {
  const path = req.url.split('?')[0];
  if (path === '/api/coffee/order/list') return ok({ list: ROWS, total: ROWS.length });
  return ok([]); // the merchant, store and machine pickers
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  permissionStore.getState().reset();
});

const renderList = () => renderPage(<OrderListPage />, { at: '/order-list' });

// The first render loads the generic page and antd's table: slow on a busy machine.
describe('Order List', { timeout: 15_000 }, () => {
  it('links each order number to its detail, tags statuses and flags a price check that found a difference', async () => {
    configureClient({ createXhr: createFakeXhr(answer).createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.order.list, P.order.export]);
    await setLanguage('en');
    renderList();
    const link = await screen.findByRole('link', { name: 'M1-0042' });
    expect(link.getAttribute('href')).toBe('/order-detail?id=9001');
    const row = link.closest('tr')!;
    expect(within(row).getByTestId('order-status')).toHaveTextContent('Completed');
    expect(within(row).getByTestId('price-check-warning')).toHaveTextContent('Figures differ');
    expect(row).toHaveTextContent('$113.00');
    expect(row).toHaveTextContent('Card machine');
    const other = screen.getByRole('link', { name: 'M1-0043' }).closest('tr')!;
    expect(within(other).getByTestId('order-status')).toHaveTextContent('Cancelled');
    expect(within(other).queryByTestId('price-check-warning')).toBeNull();
    expect(screen.getByRole('button', { name: /Export/ })).toBeTruthy();
  });

  it('writes money with 元 in Chinese', async () => {
    configureClient({ createXhr: createFakeXhr(answer).createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.order.list]);
    await setLanguage('tw');
    renderList();
    const row = (await screen.findByRole('link', { name: 'M1-0042' })).closest('tr')!;
    expect(row).toHaveTextContent('113.00 元');
    expect(within(row).getByTestId('order-status')).toHaveTextContent('已完成');
    await setLanguage('en');
  });

  it('says "about" of a total the server did not count for this answer (a large list)', async () => {
    const large = (req: SentRequest) =>
      req.url.startsWith('/api/coffee/order/list')
        ? ok({ list: ROWS, total: 743_181, totalExact: false })
        : ok([]);
    configureClient({ createXhr: createFakeXhr(large).createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.order.list]);
    await setLanguage('en');
    renderList();
    expect(await screen.findByText('about 743181 in total')).toBeTruthy();
  });
});
