/**
 * Production records: a coffee cup's row records a refractometer reading of that cup (the machine and
 * the record filled in), and a reference to a cup is typed as an ID: no page asks for a list of cups
 * to pick from (there is no such list: `production-record` offers no `/select`).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, ok, type SentRequest } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import ProductionRecordPage from './ProductionRecordPage';

const cup = (id: string, over: Record<string, unknown>) => ({
  id,
  merchantId: '2',
  storeId: '3',
  deviceId: '7',
  serialNumber: 'BF-CO-0007',
  producedAt: '2026-11-24T01:00:00.000Z',
  productCode: 'LATTE',
  method: 'manual',
  result: 'completed',
  badCup: false,
  coffee: null,
  tea: null,
  materials: [],
  ...over,
});
const CUPS = [
  cup('9001', { coffee: { powderG: 18.5, pressureBar: 9 } }),
  cup('9002', { productCode: 'TEA', tea: { segments: [] } }),
];

function renderRecords() {
  const sent: SentRequest[] = [];
  configureClient({
    createXhr: createFakeXhr((req) => {
      sent.push(req);
      const path = req.url.split('?')[0];
      if (path === '/api/coffee/production-record/list')
        return ok({ list: CUPS, total: 2, page: 1, limit: 10 });
      if (path === '/api/coffee/device/select') return ok([{ value: '7', label: 'Lobby espresso' }]);
      if (path === '/api/coffee/calibration-reading') return ok({ id: '1', ...(req.body as object) });
      return ok([]);
    }).createXhr,
    getToken: () => 't',
  });
  renderPage(<ProductionRecordPage />, { at: '/dataCenter-produceRecord' });
  return sent;
}

beforeAll(async () => {
  await initI18n('en');
  await setLanguage('en');
});
afterEach(() => {
  cleanup();
  permissionStore.getState().reset();
});

it('records a refractometer reading of a coffee cup from its row', { timeout: 20_000 }, async () => {
  permissionStore
    .getState()
    .setPermissions([P.productionRecord.list, P.calibrationReading.list, P.calibrationReading.create]);
  const sent = renderRecords();
  const latte = (await screen.findByText('LATTE')).closest('tr')!;
  const tea = screen.getByText('TEA').closest('tr')!;
  // Only a coffee cup has an extraction to calibrate.
  expect(within(tea).queryByRole('button', { name: 'Refractometer reading' })).toBeNull();
  fireEvent.click(within(latte).getByRole('button', { name: 'Refractometer reading' }));

  const drawer = await screen.findByRole('dialog');
  const record = within(drawer).getByLabelText('Production record');
  expect(record).toHaveValue('9001');
  fireEvent.change(within(drawer).getByLabelText('Measured TDS (%)'), { target: { value: '9.8' } });
  fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

  await waitFor(() =>
    expect(
      sent.find((r) => r.method === 'POST' && r.url === '/api/coffee/calibration-reading')?.body,
    ).toMatchObject({ deviceId: '7', productionRecordId: '9001', measuredTds: 9.8 }),
  );
  expect(sent.some((r) => r.url.startsWith('/api/coffee/production-record/select'))).toBe(false);
});

it('offers no reading to whoever may not record one', async () => {
  permissionStore.getState().setPermissions([P.productionRecord.list]);
  renderRecords();
  await screen.findByText('LATTE');
  expect(screen.queryByRole('button', { name: 'Refractometer reading' })).toBeNull();
});
