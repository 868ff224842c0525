import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TaxPreview } from '@brewfleet/contracts/tax-preview';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { createFakeXhr, ok, type SentRequest } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import TaxCenterPage from './TaxCenterPage';

/** What the server answers for a Taiwanese store: 5 % included, whole dollars; the bag untaxed. */
const PREVIEW: TaxPreview = {
  country: 'TW',
  orderType: 'dine-in',
  rule: { pricesIncludeTax: true, decimals: 0, rounding: 'half-up' },
  lines: [
    {
      line: 1,
      productId: '11',
      extraProductId: null,
      name: 'Latte',
      quantity: 2,
      unitPrice: '27.50',
      amount: '55.00',
      taxId: '31',
      taxName: 'Business tax',
      taxRate: '5',
      taxBase: '100',
      tax: '3.00',
      net: '52.00',
      gross: '55.00',
    },
    {
      line: 2,
      productId: null,
      extraProductId: '21',
      name: 'Paper bag',
      quantity: 1,
      unitPrice: '1.00',
      amount: '1.00',
      taxId: null,
      taxName: null,
      taxRate: '0',
      taxBase: '100',
      tax: '0.00',
      net: '1.00',
      gross: '1.00',
    },
  ],
  net: '53.00',
  tax: '3.00',
  gross: '56.00',
};

function answer(req: SentRequest) {
  const path = req.url.split('?')[0];
  if (path === '/api/coffee/store/select') return ok([{ value: '5', label: 'Taipei Main Station' }]);
  if (path === '/api/coffee/product/select') return ok([{ value: '11', label: 'Latte' }]);
  if (path === '/api/coffee/extra-product/select') return ok([{ value: '21', label: 'Paper bag' }]);
  if (path === '/api/coffee/tax/preview') return ok(PREVIEW);
  return { status: 404, body: { code: 404, msg: 'Not found' } };
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

/** Opens a select by its label and picks the option with this text. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const found = await screen.findAllByText(option);
  fireEvent.click(found[found.length - 1]);
}

describe('Tax Center calculator', () => {
  it('sends the order as composed and shows each tax line and the totals in the console’s money format', async () => {
    const xhr = createFakeXhr(answer);
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    renderPage(<TaxCenterPage />);
    expect(await screen.findByText('Tax Center')).toBeTruthy();
    const calculate = screen.getByTestId('tax-calculate');
    expect(calculate).toBeDisabled();

    await choose('Store', 'Taipei Main Station');
    await choose('Product 1', 'Latte');
    fireEvent.change(screen.getByLabelText('Quantity 1'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Unit price 1'), { target: { value: '27.50' } });
    fireEvent.click(screen.getByText('Add a line'));
    await choose('Product 2', 'Paper bag');
    fireEvent.change(screen.getByLabelText('Unit price 2'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByTestId('tax-calculate')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('tax-calculate'));

    await waitFor(() => expect(xhr.sent.map((r) => r.url).join(' ')).toContain('/tax/preview'));
    const result = await screen.findByTestId('tax-result');
    const sent = xhr.sent.find((r) => r.url.startsWith('/api/coffee/tax/preview'))!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toMatchObject({
      storeId: '5',
      orderType: 'dine-in',
      lines: [
        { productId: '11', quantity: 2, unitPrice: '27.50' },
        { extraProductId: '21', quantity: 1, unitPrice: '1' },
      ],
    });
    expect(result).toHaveTextContent(
      'Prices include tax (TW); each line’s tax is rounded half up to whole units.',
    );
    const rows = within(result).getAllByRole('row');
    const latte = rows.find((r) => r.textContent?.includes('Latte'))!;
    expect(latte).toHaveTextContent('$27.50');
    expect(latte).toHaveTextContent('Business tax (5%)');
    expect(latte).toHaveTextContent('$3.00');
    expect(latte).toHaveTextContent('$52.00');
    const bag = rows.find((r) => r.textContent?.includes('Paper bag'))!;
    expect(bag).toHaveTextContent('None');
    const totals = within(result).getByTestId('tax-totals');
    expect(totals).toHaveTextContent('Totals');
    expect(totals).toHaveTextContent('$3.00');
    expect(totals).toHaveTextContent('$53.00');
    expect(totals).toHaveTextContent('$56.00');

    // In Chinese the amounts read in 元 (spec: "The currency label is $ in English and yuan in Chinese").
    await act(() => setLanguage('zh'));
    expect(within(screen.getByTestId('tax-totals')).getByText('56.00 元')).toBeTruthy();
    expect(screen.getByTestId('tax-result')).toHaveTextContent('价格已含税（TW）');
    await act(() => setLanguage('en'));
  }, 30_000);
});
