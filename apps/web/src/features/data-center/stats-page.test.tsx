/**
 * The statistics pages at the HTTP boundary: each declared page, opened at its route, asks for its
 * figures and shows them (chart, table with units and totals, as-of); the grouping is kept in the
 * address; a detail page asks for its product first; rows open the product's page; the server's
 * refusal is shown; the export posts the figures' own query.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  STAT_PAGES,
  STAT_TABLE_PAGE,
  statPage,
  type StatAnswer,
  type StatPage,
} from '@brewfleet/contracts/data-center';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { routeNameFromUrl } from '../../app/routing/menu-routes';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, fail, ok, type Answer, type SentRequest } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import { measureTitle } from './stat-answer';
import { answerFor } from './stat-fixture';
import { screens } from './screens';
import { i18next } from '../../app/i18n';

const QUERY = '/api/coffee/data-center/query';
const EXPORT = '/api/coffee/data-center/export';
const PRODUCTS = { list: [{ id: '1', code: 'LATTE', name: 'Latte' }], total: 1 };

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

type Handler = (req: SentRequest, body: Record<string, unknown>) => Answer | undefined;

async function open(page: StatPage, search = '', handler?: Handler) {
  const sent: SentRequest[] = [];
  const answer = (req: SentRequest): Answer => {
    sent.push(req);
    const path = req.url.split('?')[0];
    const body = (req.body ?? {}) as Record<string, unknown>;
    const own = handler?.(req, body);
    if (own) return own;
    if (path === QUERY) return ok(answerFor(statPage(String(body.page))!, body.by as StatPage['by'][number]));
    if (path === '/api/coffee/product/list') return ok(PRODUCTS);
    return ok([]);
  };
  configureClient({ createXhr: createFakeXhr(answer).createXhr, getToken: () => 't' });
  const route = routeNameFromUrl(page.url);
  const { default: Page } = (await screens[route].load()) as { default: ComponentType };
  renderPage(
    <>
      <Page />
      <Address />
    </>,
    { at: `/${route}${search}` },
  );
  const queries = () =>
    sent.filter((r) => r.url.startsWith(QUERY)).map((r) => r.body as Record<string, unknown>);
  return { sent, queries };
}

const t = (key: string) => i18next.t(key);
const requiredSearch = (page: StatPage) =>
  page.requires === 'productCode' ? '?productCode=LATTE' : page.requires === 'deviceId' ? '?deviceId=7' : '';

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  await setLanguage('en');
  permissionStore.getState().setPermissions([...Object.values(P.stats), P.productionRecord.list]);
});
afterEach(() => {
  cleanup();
  permissionStore.getState().reset();
});

describe('statistics pages', { timeout: 60_000 }, () => {
  it.each(STAT_PAGES.map((page) => [page.name, page] as const))(
    '%s asks for its figures and shows its chart, table with units and totals',
    async (_name, page) => {
      const { queries } = await open(page, requiredSearch(page));
      const root = await screen.findByTestId(`stat-page-${page.name}`);
      expect(within(root).getByRole('heading', { level: 2 })).toHaveTextContent(page.titles[2]);
      const table = await within(root).findByTestId('stat-table');
      const query = queries()[0];
      expect(query, page.name).toMatchObject({
        page: page.name,
        by: page.by[0],
        timeZone: expect.any(String),
      });
      expect(query.family, page.name).toBe(page.family);
      if (page.requires)
        expect(query[page.requires], page.name).toBe(page.requires === 'deviceId' ? '7' : 'LATTE');
      const answer: StatAnswer = answerFor(page);
      for (const measure of answer.measures)
        expect(
          within(table).getAllByText(measureTitle(i18next.t, measure)).length,
          `${page.name} ${measure}`,
        ).toBeGreaterThan(0);
      expect(within(table).getByTestId('stat-total')).toHaveTextContent('Total');
      expect(within(root).getByTestId('stat-chart').dataset.kind, page.name).toBeTruthy();
      expect(within(root).getByTestId('stat-as-of')).toHaveTextContent(
        /Figures as of \d{2}:\d{2}:\d{2}|Figures as of 2026-11-24/,
      );
      expect(!!within(root).queryByTestId('stat-log-records'), page.name).toBe(!!page.family);
    },
  );

  it('shows money one line per currency, rates in % and the totals of the range', async () => {
    await open(statPage('business')!);
    const table = await screen.findByTestId('stat-table');
    const first = within(table).getAllByRole('row')[1];
    expect(first).toHaveTextContent('2026-11-20');
    expect(first).toHaveTextContent('1,000.25 NPR12.50 USD');
    expect(within(table).getByTestId('stat-total')).toHaveTextContent('3,000.75 NPR37.50 USD');
    cleanup();
    await open(statPage('device')!);
    const devices = await screen.findByTestId('stat-table');
    expect(within(devices).getAllByText('Bad-cup rate (%)').length).toBeGreaterThan(0);
    expect(within(devices).getAllByRole('row')[1]).toHaveTextContent('2.5%');
    expect(within(devices).getByTestId('stat-total')).toHaveTextContent('7.5%');
  });

  it('keeps the grouping and dates in the address, and asks again when the grouping changes', async () => {
    const { queries } = await open(statPage('business')!, '?from=2026-11-01&to=2026-11-03');
    await screen.findByTestId('stat-table');
    expect(queries()[0]).toMatchObject({ by: 'day', from: '2026-11-01', to: '2026-11-03' });
    fireEvent.click(within(screen.getByTestId('stat-group-by')).getByText('Store'));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ by: 'store', from: '2026-11-01' }));
    expect(screen.getByTestId('address')).toHaveTextContent(
      '/dataCenter-business?by=store&from=2026-11-01&to=2026-11-03',
    );
    expect(await screen.findByText('store one')).toBeTruthy();
  });

  it('opens a product row on its own page with the same range and filters', async () => {
    await open(statPage('product')!, '?from=2026-11-01&to=2026-11-03&storeId=4');
    const link = (await screen.findAllByTestId('stat-row-link'))[0];
    expect(link).toHaveTextContent('Latte · LATTE');
    // A code no product has keeps its code.
    expect(screen.getAllByTestId('stat-row-link')[1]).toHaveTextContent('MOCHA');
    expect(link.getAttribute('href')).toBe(
      '/single-product-detail?from=2026-11-01&to=2026-11-03&storeId=4&productCode=LATTE',
    );
    cleanup();
    await open(statPage('device')!, '?from=2026-11-01&to=2026-11-03');
    const machine = (await screen.findAllByTestId('stat-row-link'))[0];
    expect(machine.getAttribute('href')).toBe(
      '/dataCenter-machineDataStatistics?from=2026-11-01&to=2026-11-03&deviceId=7',
    );
  });

  it('asks for the product first on the single-product page, then shows its figures', async () => {
    const { queries } = await open(statPage('single-product')!);
    const prompt = await screen.findByTestId('stat-required');
    expect(prompt).toHaveTextContent('Choose the product whose figures you want to see');
    expect(queries()).toEqual([]);
    fireEvent.mouseDown(within(prompt).getByLabelText('Choose the product whose figures you want to see'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (o) => o.textContent === 'Latte · LATTE',
      );
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    await screen.findByTestId('stat-table');
    expect(queries()[0]).toMatchObject({ page: 'single-product', productCode: 'LATTE' });
    expect(screen.getByTestId('address')).toHaveTextContent('productCode=LATTE');
  });

  it("shows the server's message when it refuses, and an empty state when nothing was recorded", async () => {
    await open(statPage('usage')!, '', (req) =>
      req.url.startsWith(QUERY) ? fail(400, 'The range may span at most 366 days') : undefined,
    );
    const error = await screen.findByTestId('stat-error');
    expect(error).toHaveTextContent('The figures could not be loaded');
    expect(error).toHaveTextContent('The range may span at most 366 days');
    cleanup();
    await open(statPage('usage')!, '', (req) =>
      req.url.startsWith(QUERY) ? ok({ ...answerFor(statPage('usage')!), rows: [] }) : undefined,
    );
    expect(await screen.findByTestId('stat-empty')).toHaveTextContent(t('dataCenter.empty'));
    expect(screen.getByTestId('export')).toBeDisabled();
  });

  it('exports exactly the figures shown: the same query to the export', async () => {
    const createObjectURL = vi.fn(() => 'blob:stats');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { sent } = await open(
      statPage('matter')!,
      '?by=device&from=2026-11-01&to=2026-11-07&storeId=4',
      (req) =>
        req.url.startsWith(EXPORT)
          ? {
              status: 200,
              headers: {
                'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
                'Content-Disposition': 'attachment; filename="matter.xlsx"',
              },
              blob: new Blob(['xlsx']),
            }
          : undefined,
    );
    await screen.findByTestId('stat-table');
    fireEvent.click(screen.getByTestId('export'));
    fireEvent.click(await screen.findByText('Excel (.xlsx)'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const query = sent.find((r) => r.url.startsWith(QUERY))!.body as Record<string, unknown>;
    const exported = sent.find((r) => r.url.startsWith(EXPORT))!.body as Record<string, unknown>;
    // The table's page is not the export's: it writes every row.
    const { offset, limit, ...figures } = query;
    expect({ offset, limit }).toEqual({ offset: 0, limit: STAT_TABLE_PAGE });
    expect(exported).toEqual({ ...figures, format: 'xlsx' });
    expect(exported).toMatchObject({ page: 'matter', by: 'device', storeId: '4', from: '2026-11-01' });
  });

  it('asks for one page of machines at a time and the next when the table turns; a day series whole', async () => {
    const machines = (offset: number, limit: number) =>
      Array.from({ length: Math.min(limit, 120 - offset) }, (_, i) => ({
        key: String(1000 + offset + i),
        label: `Machine ${offset + i + 1}`,
        values: { faults: 120 - offset - i },
      }));
    const { queries } = await open(statPage('after-sales')!, '', (req, body) =>
      req.url.startsWith(QUERY) && body.by === 'device'
        ? ok({
            ...answerFor(statPage('after-sales')!, 'device'),
            rows: machines(Number(body.offset), Number(body.limit)),
            offset: body.offset,
            rowCount: 120,
          })
        : undefined,
    );
    const table = await screen.findByTestId('stat-table');
    expect(queries()[0]).toMatchObject({ by: 'device', offset: 0, limit: STAT_TABLE_PAGE });
    expect(await within(table).findByText('Machine 1')).toBeTruthy();
    // 120 machines: three pages; the totals stay the whole range's on each.
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ offset: 100, limit: STAT_TABLE_PAGE }));
    expect(await within(screen.getByTestId('stat-table')).findByText('Machine 101')).toBeTruthy();
    expect(within(screen.getByTestId('stat-table')).queryByText('Machine 1')).toBeNull();
    expect(within(screen.getByTestId('stat-table')).getByTestId('stat-total')).toHaveTextContent('Total');
    // Another grouping starts again from its first page; a series by day has no pages.
    fireEvent.click(within(screen.getByTestId('stat-group-by')).getByText('Day'));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ by: 'day' }));
    expect(queries().at(-1)).not.toHaveProperty('offset');
    expect(queries().at(-1)).not.toHaveProperty('limit');
  });

  it('has no export without its permission', async () => {
    permissionStore.getState().setPermissions([P.stats.business]);
    await open(statPage('business')!);
    await screen.findByTestId('stat-table');
    expect(screen.queryByTestId('export')).toBeNull();
  });

  it('words a page in simplified and traditional Chinese', async () => {
    await setLanguage('zh');
    await open(statPage('quality')!);
    let root = await screen.findByTestId('stat-page-quality');
    expect(within(root).getByRole('heading', { level: 2 })).toHaveTextContent('萃取质量');
    let table = await within(root).findByTestId('stat-table');
    expect(table).toHaveTextContent('金杯占比 (%)');
    expect(table).toHaveTextContent('浓郁平衡');
    expect(within(table).getByTestId('stat-total')).toHaveTextContent('合计');
    cleanup();
    await setLanguage('tw');
    await open(statPage('device')!);
    root = await screen.findByTestId('stat-page-device');
    expect(within(root).getByRole('heading', { level: 2 })).toHaveTextContent('設備統計');
    table = await within(root).findByTestId('stat-table');
    expect(table).toHaveTextContent('壞杯率 (%)');
    expect(within(root).getByTestId('stat-group-by')).toHaveTextContent('機型類別');
    expect(within(root).getByTestId('stat-as-of')).toHaveTextContent('資料截至');
  });
});
