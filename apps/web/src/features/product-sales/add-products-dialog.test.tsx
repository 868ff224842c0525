import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from '../../api/client';
import { createFakeXhr, ok, type SentRequest } from '../../test/fake-xhr';
import AddProductsDialog from './AddProductsDialog';

const PRODUCTS = [
  { id: '1', name: 'Latte', code: 'LAT', family: 'coffee' },
  { id: '2', name: 'Bravo latte', code: 'BRL', family: 'coffee' },
];

/** The server takes the merchant's own product and refuses the other merchant's, naming why. */
function answer(req: SentRequest) {
  const body = req.body as { productId: string };
  if (body.productId === '2')
    return {
      status: 400,
      body: {
        code: 400,
        msg: 'BRL belongs to another merchant than Pier kiosk',
        errors: [{ field: 'productId', message: 'BRL belongs to another merchant than Pier kiosk' }],
      },
    };
  return ok({ id: '10', ...body });
}

afterEach(cleanup);

describe('adding products to a store', () => {
  it('adds what the server accepts and lists each refusal with its message', async () => {
    const xhr = createFakeXhr(answer);
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    const onAdded = vi.fn();
    render(
      <App>
        <AddProductsDialog
          open
          target="store"
          targetId="5"
          products={PRODUCTS}
          onClose={() => undefined}
          onAdded={onAdded}
        />
      </App>,
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByLabelText('productSales.products'));
    fireEvent.click(await screen.findByText('Latte (LAT)'));
    fireEvent.click(await screen.findByText('Bravo latte (BRL)'));
    fireEvent.change(within(dialog).getByLabelText('productSales.price'), { target: { value: '3.5' } });
    fireEvent.click(within(dialog).getByTestId('add-products-ok'));

    const refusals = await screen.findByTestId('sales-refusals');
    expect(refusals).toHaveTextContent('Bravo latte (BRL): BRL belongs to another merchant than Pier kiosk');
    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1));
    const sent = xhr.sent.filter((r) => r.url.split('?')[0] === '/api/coffee/store-product');
    expect(sent.map((r) => r.body)).toEqual([
      expect.objectContaining({ storeId: '5', productId: '1', price: '3.50', available: true }),
      expect.objectContaining({ storeId: '5', productId: '2', price: '3.50', available: true }),
    ]);
  }, 20_000);
});
