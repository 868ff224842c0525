/**
 * The big-screen dashboards through a display link (issue 17 point 5, CONTRACT §7): a merchant
 * administrator makes a link through the API; a fresh browser, never signed in, opens
 * /#/operation?display=<token> at 1920×1080 and sees the merchant's figures (its machines, its
 * stores) filling the screen without scrollbars; the title in Chinese; /dataShow by the same link;
 * once the link is revoked the screen says so. The merchant's administrator, signed in, has the same
 * dashboard as a menu page of the console.
 */
import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { en } from '../../src/locales/en';
import { zh } from '../../src/locales/zh';
import { expect, test } from '../fixtures';
import { AdminApi } from '../support/api';
import { createModel, registerDevice } from '../support/fleet';
import { setLanguageCookie, signIn, view } from '../support/ui';

const PASSWORD = 'Dashboard-Pass-2026';
const SCREEN = { width: 1920, height: 1080 };

/** Neither axis scrolls: the page is exactly the screen. */
async function fitsTheScreen(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return {
      height: root.scrollHeight <= window.innerHeight,
      width: root.scrollWidth <= window.innerWidth,
    };
  });
}

test('dashboard: a display link opens /operation and /dataShow without signing in, fitting 1920×1080', async ({
  base,
  api,
  newPage,
}) => {
  const stamp = crypto.randomBytes(3).toString('hex');
  const name = `Lobby ${stamp}`;
  const merchantId = await api.createMerchant(name, `lobby${stamp}`, PASSWORD);
  const storeId = await api.createStore(`Lobby store ${stamp}`, merchantId, {
    latitude: 25.04,
    longitude: 121.56,
  });
  const model = await createModel(api);
  await registerDevice(api, model.id, { merchantId, storeId });
  await registerDevice(api, model.id, { merchantId, storeId });
  const merchant = await AdminApi.signIn(base, `lobby${stamp}`, PASSWORD);
  const link = await merchant.call<{ id: string; token: string; url: string }>(
    'POST',
    '/coffee/display-link',
    {
      name: 'Front desk',
    },
  );
  expect(link.url).toContain(`/#/operation?display=${link.token}`);

  const page = await newPage({ viewport: SCREEN });
  await setLanguageCookie(page, base, 'en');
  await page.goto(`${base}/#/operation?display=${link.token}`);
  const board = page.getByTestId('dashboard');
  await expect(board.getByRole('heading', { level: 1, name: en.dashboard.operation })).toBeVisible();
  await expect(page.getByTestId('dashboard-scope')).toContainText(name);
  await expect(page.getByTestId('dashboard-scope')).toContainText('Front desk');
  // Its two machines (neither online), today's cups, the store on the map or its bar.
  await expect(page.getByTestId('tile-machines')).toContainText('0/ 2');
  await expect(page.getByTestId('tile-cups')).toContainText('0');
  await expect(page.getByTestId('panel-stores')).toBeVisible();
  await expect(page.getByTestId('panel-machines-chart')).toBeVisible();
  // No sign-in happened: the console's login page was never shown, and no session was kept.
  expect(page.url()).toContain('#/operation?display=');
  expect(await page.evaluate(() => document.cookie.includes('token='))).toBe(false);
  expect(await fitsTheScreen(page)).toEqual({ height: true, width: true });

  // The data display by the same link.
  await page.goto(`${base}/#/dataShow?display=${link.token}`);
  await expect(board.getByRole('heading', { level: 1, name: en.dashboard.dataShow })).toBeVisible();
  await expect(page.getByTestId('panel-trend')).toBeVisible();
  expect(await fitsTheScreen(page)).toEqual({ height: true, width: true });

  // In Chinese.
  await setLanguageCookie(page, base, 'zh');
  await page.goto(`${base}/#/operation?display=${link.token}`);
  await page.reload();
  await expect(board.getByRole('heading', { level: 1, name: zh.dashboard.operation })).toBeVisible();

  // Revoked: the screen says so instead of the figures.
  await merchant.call('PUT', '/coffee/display-link', { id: link.id, revoke: true });
  await setLanguageCookie(page, base, 'en');
  await page.reload();
  await expect(page.getByTestId('dashboard-error')).toContainText('revoked');

  // Signed in, a menu page of the console with the same figures.
  const console = await newPage({ viewport: SCREEN });
  await signIn(console, base, `lobby${stamp}`, PASSWORD);
  await console.goto(`${base}/#/operation`);
  await expect(view(console).getByRole('heading', { level: 1, name: en.dashboard.operation })).toBeVisible();
  await expect(view(console).getByTestId('tile-machines')).toContainText('0/ 2');
  await expect(view(console).getByTestId('dashboard-scope')).toContainText(name);
});
