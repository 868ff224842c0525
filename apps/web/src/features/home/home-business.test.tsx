import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, ok, type SentRequest } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import type { HomeBusiness } from './home-api';
import HomePage from './HomePage';

/** `GET /api/coffee/home/business` for a merchant that may see everything but the orders. */
const BUSINESS: HomeBusiness = {
  timeZone: 'Asia/Kathmandu',
  today: '2026-11-24',
  machines: { all: 12, online: 9, offline: 3, alarm: 2, locked: 1, shortage: 4, maintenance: 5 },
  cups: { today: 150, lastWeek: 120, reportedToday: 160, badToday: 4, badCupRate: 0.025 },
  revenue: [
    { currency: 'NPR', today: '4500.50', lastWeek: '5000.00', ordersToday: 40, ordersLastWeek: 44 },
    { currency: 'USD', today: '12.00', lastWeek: '0.00', ordersToday: 2, ordersLastWeek: 0 },
  ],
  faults: {
    open: 7,
    latest: [
      {
        id: '81',
        deviceId: '7',
        deviceName: 'Lobby espresso',
        automation: 'automatic',
        code: 'E-12',
        message: 'Grinder jammed',
        severity: 'error',
        raisedAt: '2026-11-23T20:15:00.000Z',
      },
    ],
  },
  channels: {
    low: 1,
    latest: [
      {
        id: '91',
        deviceId: '8',
        deviceName: 'Pier tea',
        channelNumber: 2,
        name: 'Oolong',
        material: 'Tea leaves',
        levelG: 80.4,
        lowLevelG: 100,
        capacityG: 1000,
      },
    ],
  },
};
const SUMMARY = {
  accounts: null,
  roles: null,
  organizations: null,
  menus: null,
  recentOperations: [],
  lastLoginAt: null,
  previousLoginAt: null,
};

function renderHome(business: HomeBusiness) {
  const sent: SentRequest[] = [];
  const answer = (req: SentRequest) => {
    sent.push(req);
    const path = req.url.split('?')[0];
    if (path === '/api/coffee/home/business') return ok(business);
    if (path === '/api/coffee/home/summary') return ok(SUMMARY);
    return ok([]);
  };
  configureClient({ createXhr: createFakeXhr(answer).createXhr, getToken: () => 't' });
  renderPage(<HomePage />, { at: '/home' });
  return sent;
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  permissionStore.getState().reset();
});

describe('Home page: the business at a glance', { timeout: 15_000 }, () => {
  it('shows machines by state, cups, revenue per currency, faults and low channels, each linking to its page', async () => {
    await setLanguage('en');
    const sent = renderHome(BUSINESS);
    const machines = await screen.findByTestId('home-machines');
    const offline = within(machines).getByTestId('home-machines-offline');
    expect(offline).toHaveTextContent('Offline3');
    expect(offline.getAttribute('href')).toBe('/device-list?condition=offline');
    expect(within(machines).getByTestId('home-machines-shortage').getAttribute('href')).toBe(
      '/device-list?condition=shortage',
    );
    expect(within(machines).getByTestId('home-machines-all').getAttribute('href')).toBe('/device-list');

    const cups = screen.getByTestId('home-cups');
    expect(cups).toHaveTextContent('150');
    expect(cups).toHaveTextContent('Same time last week: 120 · up 25 % on last week');
    expect(cups).toHaveTextContent('2.5%');
    expect(cups).toHaveTextContent('4 of 160 cups');
    expect(within(cups).getByRole('link', { name: 'Production records' }).getAttribute('href')).toBe(
      '/dataCenter-produceRecord?producedAtFrom=2026-11-24&producedAtTo=2026-11-24',
    );

    const revenue = screen.getByTestId('home-revenue');
    expect(revenue).toHaveTextContent('4,500.50NPR');
    expect(revenue).toHaveTextContent(
      '40 orders · Same time last week: 5,000.00 NPR · down 10 % on last week',
    );
    expect(revenue).toHaveTextContent('12.00USD');
    expect(revenue).toHaveTextContent('none last week');
    expect(within(revenue).getByRole('link', { name: 'Order List' }).getAttribute('href')).toBe(
      '/order-list?orderedAtFrom=2026-11-24&orderedAtTo=2026-11-24',
    );

    const faults = screen.getByTestId('home-faults');
    expect(faults).toHaveTextContent('Open faults: 7');
    expect(faults).toHaveTextContent('E-12 · Grinder jammed');
    expect(within(faults).getByRole('link', { name: 'Lobby espresso' }).getAttribute('href')).toBe(
      '/device-detailautomatic?id=7',
    );
    const channels = screen.getByTestId('home-channels');
    expect(channels).toHaveTextContent('Tea leaves · 80 g left (low level 100 g)');
    expect(within(channels).getByRole('link', { name: 'Pier tea · Oolong' }).getAttribute('href')).toBe(
      '/machine-bind-chargingBasket?deviceId=8',
    );
    expect(screen.getByText('Today, 2026-11-24 (Asia/Kathmandu)')).toBeTruthy();
    // The figures are asked for in the user's time zone (CONTRACT §3).
    expect(sent.find((r) => r.url.startsWith('/api/coffee/home/business'))?.url).toContain('timeZone=');
  });

  it('leaves out the cards the user may not see, and words the rest in traditional Chinese', async () => {
    await setLanguage('tw');
    renderHome({ ...BUSINESS, revenue: null, channels: null, faults: { open: 0, latest: [] } });
    const machines = await screen.findByTestId('home-machines');
    expect(machines).toHaveTextContent('離線3');
    expect(screen.queryByTestId('home-revenue')).toBeNull();
    expect(screen.queryByTestId('home-channels')).toBeNull();
    expect(screen.getByTestId('home-faults')).toHaveTextContent('沒有未處理的故障');
    expect(screen.getByTestId('home-cups')).toHaveTextContent('今日壞杯率');
    await setLanguage('en');
  });
});
