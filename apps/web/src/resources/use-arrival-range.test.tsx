import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../api/client';
import { initI18n, setLanguage } from '../app/i18n';
import { permissionStore } from '../app/stores/permission-store';
import ProductionRecordPage from '../features/device-records/ProductionRecordPage';
import { createFakeXhr, ok, type SentRequest } from '../test/fake-xhr';
import { renderPage } from '../test/render-page';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  permissionStore.getState().reset();
});

// The home page's "today" link: production records opened narrowed to one day, until the tag is closed.
describe('a list opened with a date range', { timeout: 15_000 }, () => {
  it('asks for that day, says so, and lifts it when the tag is closed', async () => {
    const lists: Array<Record<string, unknown>> = [];
    const answer = (req: SentRequest) => {
      if (req.url.split('?')[0] === '/api/coffee/production-record/list') {
        lists.push(req.body as Record<string, unknown>);
        return ok({ list: [], total: 0 });
      }
      return ok([]);
    };
    configureClient({ createXhr: createFakeXhr(answer).createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.productionRecord.list]);
    await setLanguage('en');
    renderPage(<ProductionRecordPage />, {
      at: '/dataCenter-produceRecord?producedAtFrom=2026-11-24&producedAtTo=2026-11-24',
    });
    const tag = await screen.findByTestId('arrival-range');
    expect(tag).toHaveTextContent('2026-11-24 – 2026-11-24');
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    expect(lists[0]).toMatchObject({ producedAtFrom: '2026-11-24', producedAtTo: '2026-11-24' });
    fireEvent.click(tag.querySelector('.ant-tag-close-icon')!);
    await waitFor(() => expect(screen.queryByTestId('arrival-range')).toBeNull());
    await waitFor(() => expect(lists.at(-1)).not.toHaveProperty('producedAtFrom'));
  });
});
