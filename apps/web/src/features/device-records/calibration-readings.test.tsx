/**
 * Refractometer calibration: a reading's cup reads as the cup a person remembers (when it was made,
 * what) and opens the production records of that moment; its record id stays on hover. Whoever may
 * not list production records sees the id, as the list answers it.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, fail, ok, type SentRequest } from '../../test/fake-xhr';
import { renderPage, Where } from '../../test/render-page';
import { formatDateTime } from '../../utils/format';
import { MENU_SEED } from '@brewfleet/contracts/menu-seed';
import { routeNameFromUrl } from '../../app/routing/menu-routes';
import { screenFor } from '../../app/routing/screens';
import CalibrationReadingPage from './CalibrationReadingPage';
import { screens } from './screens';

const PRODUCED_AT = '2026-11-24T01:00:00.123Z';
const reading = (id: string, productionRecordId: string | null) => ({
  id,
  merchantId: '2',
  storeId: '3',
  deviceId: '7',
  deviceModelId: '5',
  productionRecordId,
  powderG: 18.5,
  extractionS: 28,
  measuredTds: 9.8,
  beverageG: 40,
  measuredAt: '2026-11-24T02:00:00.000Z',
  estimatedTds: 9.1,
  measuredYield: 21.19,
  modelFactor: 1.07,
  remarks: null,
});

function renderReadings() {
  const sent: SentRequest[] = [];
  configureClient({
    createXhr: createFakeXhr((req) => {
      sent.push(req);
      const path = req.url.split('?')[0];
      if (path === '/api/coffee/calibration-reading/list')
        return ok({ list: [reading('41', '9001'), reading('42', '9002')], total: 2, page: 1, limit: 10 });
      if (path === '/api/coffee/device/select') return ok([{ value: '7', label: 'Lobby espresso' }]);
      if (path === '/api/coffee/production-record/9001')
        return ok({ id: '9001', deviceId: '7', producedAt: PRODUCED_AT, productCode: 'LATTE' });
      if (path === '/api/coffee/production-record/9002') return fail(404, 'Not found');
      return ok([]);
    }).createXhr,
    getToken: () => 't',
  });
  renderPage(
    { '/dataCenter-calibration': <CalibrationReadingPage />, '/dataCenter-produceRecord': <Where /> },
    { at: '/dataCenter-calibration' },
  );
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

it('names a reading’s cup by when it was made and what, and opens it among the production records', async () => {
  permissionStore.getState().setPermissions([P.calibrationReading.list, P.productionRecord.list]);
  renderReadings();
  const cup = await screen.findByTestId('reading-cup');
  expect(cup).toHaveTextContent(`${formatDateTime(PRODUCED_AT)} · LATTE`);
  // The record's id is on hover, not in the cell.
  expect(cup.closest('[title]')).toHaveAttribute('title', expect.stringContaining('Production record 9001'));
  const row = cup.closest('tr')!;
  expect(within(row).queryByText('9001')).toBeNull();
  // A record no longer there (or out of the reader's scope) leaves its id.
  expect(await screen.findByText('9002')).toBeInTheDocument();

  fireEvent.click(cup);
  const where = await screen.findByTestId('where');
  const url = new URL(where.textContent!, 'http://console');
  expect(url.pathname).toBe('/dataCenter-produceRecord');
  expect(url.searchParams.get('producedAtFrom')).toBe(PRODUCED_AT);
  expect(url.searchParams.get('producedAtTo')).toBe('2026-11-24T01:00:00.124Z');
});

it('shows the record’s id to whoever may not list production records, and asks for none', async () => {
  permissionStore.getState().setPermissions([P.calibrationReading.list]);
  const sent = renderReadings();
  expect(await screen.findByText('9001')).toBeInTheDocument();
  expect(screen.queryByTestId('reading-cup')).toBeNull();
  expect(sent.some((r) => r.url.startsWith('/api/coffee/production-record/'))).toBe(false);
});

it('is the page the menu’s Refractometer calibration opens', async () => {
  const page = MENU_SEED.find((node) => node.perms === P.calibrationReading.list)!;
  const name = routeNameFromUrl(page.url);
  expect(screenFor(name)).toBe(screens[name]);
  expect((await screens[name].load()).default).toBe(CalibrationReadingPage);
});
