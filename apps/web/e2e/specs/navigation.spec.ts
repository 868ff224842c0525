import type { Page } from 'playwright-core';
import { test } from '../harness';
import { expectEqual, expectEventually, signIn, waitForHash } from '../support/ui';

async function tabTitles(page: Page): Promise<string[]> {
  return page
    .locator('.tabs-view-tab')
    .allInnerTexts()
    .then((list) => list.map((s) => s.trim()));
}

async function tabAction(page: Page, name: string) {
  await page.getByTestId('tabs-actions').click();
  await page.getByRole('menuitem', { name }).click();
}

test('navigation: the sidebar comes from the menu tree and opens tabs', async ({
  base,
  adminPassword,
  newPage,
}) => {
  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByText('System Settings').click();
  await nav.getByText('Account Management').click();
  await nav.getByText('Account List').click();
  await waitForHash(page, '#/account-list');
  await page.getByRole('heading', { name: 'Administrators' }).waitFor();
  await nav.getByText('Role Management').click();
  await waitForHash(page, '#/role-list');
  await nav.getByText('System log').click();
  await waitForHash(page, '#/operation-log-list');
  await nav.getByText('Menu Settings').click();
  await waitForHash(page, '#/menu-list');
  await expectEventually(
    () => tabTitles(page),
    ['Homepage', 'Account List', 'Role Management', 'System log', 'Menu Settings'],
    'tabs after opening four pages',
  );

  // Each navigation starts at the top of the page.
  await page.mouse.wheel(0, 2000);
  await page.locator('.tabs-view').getByRole('link', { name: 'Account List' }).click();
  await waitForHash(page, '#/account-list');
  expectEqual(await page.evaluate(() => window.scrollY), 0, 'scroll position after navigating');

  // Close one tab with its close button; the active tab moves to a neighbour.
  await page.getByRole('button', { name: 'Close: Account List' }).click();
  await expectEventually(
    () => tabTitles(page),
    ['Homepage', 'Role Management', 'System log', 'Menu Settings'],
    'after closing one',
  );
  await waitForHash(page, '#/role-list');

  // The tabs survive a reload (session storage).
  await page.reload();
  await page.getByRole('heading', { name: 'Roles' }).waitFor();
  await expectEventually(
    () => tabTitles(page),
    ['Homepage', 'Role Management', 'System log', 'Menu Settings'],
    'after reload',
  );

  await tabAction(page, 'Close others');
  await expectEventually(() => tabTitles(page), ['Homepage', 'Role Management'], 'after close others');
  await tabAction(page, 'Close all');
  await waitForHash(page, '#/home');
  await expectEventually(() => tabTitles(page), ['Homepage'], 'after close all');

  // The map and merchant machines open in the layout without a tab of their own (spec §2).
  for (const [hash, heading] of [
    ['#/map', 'Machine map'],
    ['#/merchant-machine', 'Merchant machines'],
  ]) {
    await page.goto(`${base}/${hash}`);
    await page.getByRole('heading', { name: heading }).waitFor();
    expectEqual(await tabTitles(page), ['Homepage'], `tabs with ${hash} open`);
  }
});

test('navigation: the homepage links open the pages the user may use', async ({
  base,
  adminPassword,
  newPage,
}) => {
  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword);
  await page.getByRole('button', { name: 'User organization' }).click();
  await waitForHash(page, '#/organization-list');
  await page.getByRole('heading', { name: 'User organizations' }).waitFor();
});
