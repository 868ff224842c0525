import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { userStore } from '../../app/stores/user-store';
import { createFakeXhr, fail, ok } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import { EditTakeoutProductPage } from './TakeoutProductPages';

const ROW = {
  id: '5',
  merchantId: '3',
  productId: '10',
  deliveryPrice: '55.00',
  description: 'Hot, with oat milk',
  enabled: true,
  sortOrder: 1,
};

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  await setLanguage('en');
});
afterEach(cleanup);

/** Other work may share the machine: antd's form takes its time to render there. */
const SLOW = { timeout: 8000 };

const renderAt = (url: string) =>
  renderPage(
    {
      '/produce-takeout-editProduce': <EditTakeoutProductPage />,
      '/delivery-menu': <p data-testid="list">list</p>,
    },
    { at: url },
  );

describe('takeout product edit route', { timeout: 20_000 }, () => {
  it('reads the product, saves the new delivery price as money and returns to the list', async () => {
    userStore.setState({ partnerType: 'merchant', partnerId: '3' } as never);
    const xhr = createFakeXhr((req) => {
      if (req.method === 'GET' && req.url.startsWith('/api/coffee/takeout-product/5')) return ok(ROW);
      if (req.method === 'PUT') return ok({ ...ROW, ...(req.body as object) });
      return ok([{ value: '10', label: 'Latte' }]);
    });
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    renderAt('/produce-takeout-editProduce?id=5');
    expect(await screen.findByTestId('takeout-heading', {}, SLOW)).toHaveTextContent('Edit takeout product');
    const price = await screen.findByLabelText('Delivery price', {}, SLOW);
    await waitFor(() => expect(price).toHaveValue('55.00'), SLOW);
    expect(screen.getByLabelText('Description')).toHaveValue('Hot, with oat milk');
    fireEvent.change(price, { target: { value: '65' } });
    fireEvent.click(screen.getByTestId('takeout-save'));
    expect(await screen.findByTestId('list', {}, SLOW)).toBeInTheDocument();
    const put = xhr.sent.find((r) => r.method === 'PUT')!;
    expect(put.url).toMatch(/^\/api\/coffee\/takeout-product/);
    expect(put.body).toMatchObject({ id: '5', productId: '10', deliveryPrice: '65.00', sortOrder: 1 });
  });

  it('says so when the product is not there, and without an id', async () => {
    const xhr = createFakeXhr(() => fail(404, 'Not found'));
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't', notifyError: () => undefined });
    renderAt('/produce-takeout-editProduce?id=99');
    expect(
      await screen.findByText('This takeout product was not found, or you may not see it.'),
    ).toBeInTheDocument();
    cleanup();
    renderAt('/produce-takeout-editProduce');
    expect(await screen.findByText('No takeout product chosen.', {}, SLOW)).toBeInTheDocument();
  });
});
