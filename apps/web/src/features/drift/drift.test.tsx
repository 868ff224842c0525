/**
 * The drift page's rows (features/drift): what a finding shows (state tag with direction, metric,
 * values with units, signed z, since), the page asking for the filters chosen, a row opening the
 * machine's evidence, and the machine detail's card listing only what is not normal.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, ok, type SentRequest } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import DriftCard from './DriftCard';
import type { DriftEvidence, DriftFinding } from './drift-api';
import DriftPage from './DriftPage';
import { driftRows, formatZ } from './drift-rows';

const finding = (over: Partial<DriftFinding>): DriftFinding => ({
  id: '1',
  deviceId: '7',
  deviceName: 'Lobby espresso',
  serialNumber: 'BF-CO-0007',
  merchantId: '2',
  merchantName: 'Alpha',
  storeId: '3',
  storeName: 'Alpha Station',
  metric: 'grind',
  state: 'drifting',
  direction: 'up',
  since: '2026-11-24T01:00:00.000Z',
  recentMean: 16.9,
  recentEwma: 16.71,
  n: 50,
  baselineMean: 14.52,
  baselineSd: 0.581,
  baselineN: 420,
  fleetMean: 14.5,
  fleetSd: 0.6,
  fleetMachines: 8,
  z: 16.5,
  fleetZ: 4,
  checkedAt: '2026-11-24T02:00:00.000Z',
  ...over,
});
const FINDINGS: DriftFinding[] = [
  finding({}),
  finding({
    id: '2',
    metric: 'pressureBar',
    state: 'watch',
    direction: 'down',
    recentEwma: 8.62,
    baselineMean: 9.01,
    baselineSd: 0.23,
    z: -2.8,
    fleetZ: -1.2,
  }),
  finding({
    id: '3',
    metric: 'tampingForceN',
    state: 'normal',
    direction: null,
    since: null,
    recentEwma: 150.4,
    baselineMean: 150.1,
    baselineSd: 8.7,
    z: 0.31,
    fleetZ: 0.1,
  }),
];
const EVIDENCE: DriftEvidence = {
  deviceId: '7',
  deviceName: 'Lobby espresso',
  serialNumber: 'BF-CO-0007',
  from: '2026-11-22T02:00:00.000Z',
  to: '2026-11-24T02:00:00.000Z',
  metrics: [
    {
      metric: 'grind',
      points: [
        { at: '2026-11-24T00:00:00.000Z', mean: 14.6, n: 5 },
        { at: '2026-11-24T01:00:00.000Z', mean: 16.8, n: 6 },
      ],
      baseline: { low: 13.98, mean: 14.52, high: 15.06 },
      fleet: { low: 12.7, mean: 14.5, high: 16.3 },
      finding: FINDINGS[0],
    },
  ],
};

function renderWith(ui: React.ReactElement) {
  const sent: SentRequest[] = [];
  configureClient({
    createXhr: createFakeXhr((req) => {
      sent.push(req);
      const path = req.url.split('?')[0];
      if (path === '/api/coffee/drift/list') return ok({ list: FINDINGS, total: 3, page: 1, limit: 20 });
      if (path === '/api/coffee/drift/7') return ok(EVIDENCE);
      return ok([]);
    }).createXhr,
    getToken: () => 't',
  });
  renderPage(ui, { at: '/dataCenter-drift' });
  return sent;
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  permissionStore.getState().reset();
});

describe('drift rows', () => {
  it('show the state with its direction, values with units and a signed z', async () => {
    await setLanguage('en');
    const [grind, pressure, tamping] = driftRows(i18next.t, FINDINGS);
    expect(grind).toMatchObject({
      stateLabel: 'Drifting ↑ up',
      metricLabel: 'Grind',
      recent: '16.71 deg.',
      baseline: '14.52 ± 0.581 deg.',
      z: '+16.5',
      fleetZ: '+4.0',
      store: 'Alpha Station',
    });
    expect(pressure).toMatchObject({ stateLabel: 'Watch ↓ down', recent: '8.62 bar', z: '-2.8' });
    expect(tamping).toMatchObject({ stateLabel: 'Normal', recent: '150 N', since: null });
    expect(grind.color).not.toBe(tamping.color);
    expect(formatZ(null)).toBe('—');
  });

  it('are in traditional Chinese with traditional characters', async () => {
    await setLanguage('tw');
    const [grind, pressure] = driftRows(i18next.t, FINDINGS);
    expect(grind.stateLabel).toBe('漂移 ↑ 偏高');
    expect(pressure.metricLabel).toBe('壓力');
    await setLanguage('en');
  });
});

describe('drift page', { timeout: 15_000 }, () => {
  it('lists the findings as the server orders them and opens a machine’s evidence', async () => {
    await setLanguage('en');
    const sent = renderWith(<DriftPage />);
    const rows = await screen.findAllByTestId('drift-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Lobby espresso');
    expect(within(rows[0]).getByTestId('drift-state')).toHaveTextContent('Drifting ↑ up');
    expect(rows[1]).toHaveTextContent('Pressure');
    expect(sent[0].body).toMatchObject({ page: 1, limit: 20 });

    fireEvent.click(rows[0]);
    const evidence = await screen.findByTestId('drift-evidence');
    await waitFor(() => expect(within(evidence).getByTestId('drift-metric-grind')).toBeTruthy());
    expect(evidence).toHaveTextContent('Lobby espresso (BF-CO-0007)');
    expect(evidence).toHaveTextContent('Fleet band 12.70 – 16.30 deg.');
    expect(sent.some((r) => r.url.startsWith('/api/coffee/drift/7'))).toBe(true);
  });
});

describe('machine detail card', { timeout: 15_000 }, () => {
  it('lists only what is not normal, with a link to the evidence', async () => {
    await setLanguage('en');
    permissionStore.getState().setPermissions([P.stats.drift]);
    const sent = renderWith(<DriftCard deviceId="7" family="coffee" />);
    const items = await screen.findAllByTestId('detail-drift-finding');
    expect(items).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Evidence' }).getAttribute('href')).toBe(
      '/dataCenter-drift?device=7',
    );
    expect(sent[0].body).toMatchObject({ deviceId: '7' });
  });

  it('is not shown without the permission or for a machine that is not coffee', async () => {
    permissionStore.getState().setPermissions([P.stats.drift]);
    const sent = renderWith(<DriftCard deviceId="8" family="tea" />);
    expect(screen.queryByTestId('detail-drift')).toBeNull();
    expect(sent).toHaveLength(0);
  });
});
