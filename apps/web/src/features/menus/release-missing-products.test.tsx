import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { initI18n } from '../../app/i18n';
import type { Row } from '../../api/types';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, ok, type SentRequest } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import ReleasePreviewDialog from './ReleasePreviewDialog';

const product = (code: string, name: string) => ({
  code,
  name,
  kind: 'drink',
  family: 'coffee',
  price: '3.00',
  recipeVersion: 1,
  recipe: { steps: [] },
  options: [],
  toppings: [],
  productId: code,
});
const RELEASE: Row = {
  id: '9',
  name: 'Spring',
  version: '2026-11-23.1',
  state: 'draft',
  storeId: '4',
  targets: 1,
  content: { name: 'Spring', products: [product('LATTE', 'Latte')] },
};

/** The server as the console sees it: one product missing until it is added, then the draft rebuilt. */
function server() {
  let added = false;
  const fake = createFakeXhr((req: SentRequest) => {
    if (req.url.includes('/missing-products'))
      return ok({ products: added ? [] : [{ id: '21', code: 'MOCHA', name: 'Mocha', family: 'coffee' }] });
    if (req.url.includes('/add-missing-products')) {
      added = true;
      return ok({ added: 1, rebuilt: true });
    }
    if (req.url.split('?')[0].endsWith('/menu-release/9'))
      return ok({
        ...RELEASE,
        content: { name: 'Spring', products: [product('LATTE', 'Latte'), product('MOCHA', 'Mocha')] },
      });
    return ok({ list: [], total: 0 });
  });
  configureClient({ createXhr: fake.createXhr, getToken: () => 't' });
  return fake;
}

const renderDialog = () =>
  renderPage(
    <ReleasePreviewDialog release={RELEASE} fresh onClose={() => undefined} onPush={() => undefined} />,
  );

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  permissionStore.getState().reset();
});

describe('a release preview', () => {
  it('names the products the store does not sell, adds them, and shows the rebuilt menu', async () => {
    const fake = server();
    permissionStore.getState().setPermissions([P.storeProduct.create, P.menuRelease.push]);
    renderDialog();
    const notice = await screen.findByTestId('missing-products');
    expect(notice.textContent).toContain('Not on this menu: 1 product(s) the store does not sell yet');
    expect(notice.textContent).toContain('Mocha (MOCHA)');
    expect(screen.queryByText('MOCHA', { exact: true })).toBeNull();

    expect(screen.getByText('LATTE', { exact: true })).toBeTruthy();
    fireEvent.click(screen.getByTestId('add-missing-products'));
    await waitFor(() => expect(fake.sent.map((r) => r.url).join(' ')).toContain('/menu-release/9'));
    await screen.findByText('MOCHA', { exact: true });
    await waitFor(() => expect(screen.queryByTestId('missing-products')).toBeNull());
    expect(fake.sent.some((r) => r.method === 'POST' && r.url.includes('/add-missing-products'))).toBe(true);
  }, 20_000);

  it('offers no button to a user who may not add store products', async () => {
    server();
    permissionStore.getState().setPermissions([P.menuRelease.push]);
    renderDialog();
    await screen.findByTestId('missing-products');
    expect(screen.queryByTestId('add-missing-products')).toBeNull();
  }, 20_000);
});
