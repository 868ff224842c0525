import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { signIn, waitForHash } from '../support/ui';

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
  await expect
    .poll(() => tabTitles(page), { message: 'tabs after opening four pages' })
    .toEqual(['Homepage', 'Account List', 'Role Management', 'System log', 'Menu Settings']);

  // Each navigation starts at the top of the page.
  await page.mouse.wheel(0, 2000);
  await page.locator('.tabs-view').getByRole('link', { name: 'Account List' }).click();
  await waitForHash(page, '#/account-list');
  expect(await page.evaluate(() => window.scrollY), 'scroll position after navigating').toEqual(0);

  // Close one tab with its close button; the active tab moves to a neighbour.
  await page.getByRole('button', { name: 'Close: Account List' }).click();
  await expect
    .poll(() => tabTitles(page), { message: 'after closing one' })
    .toEqual(['Homepage', 'Role Management', 'System log', 'Menu Settings']);
  await waitForHash(page, '#/role-list');

  // The tabs survive a reload (session storage).
  await page.reload();
  await page.getByRole('heading', { name: 'Roles' }).waitFor();
  await expect
    .poll(() => tabTitles(page), { message: 'after reload' })
    .toEqual(['Homepage', 'Role Management', 'System log', 'Menu Settings']);

  await tabAction(page, 'Close others');
  await expect
    .poll(() => tabTitles(page), { message: 'after close others' })
    .toEqual(['Homepage', 'Role Management']);
  await tabAction(page, 'Close all');
  await waitForHash(page, '#/home');
  await expect.poll(() => tabTitles(page), { message: 'after close all' }).toEqual(['Homepage']);

  // The map and merchant machines open in the layout without a tab of their own (spec §2).
  for (const [hash, heading] of [
    ['#/map', 'Machine map'],
    ['#/merchant-machine', 'Merchant machines'],
  ]) {
    await page.goto(`${base}/${hash}`);
    await page.getByRole('heading', { name: heading }).waitFor();
    expect(await tabTitles(page), `tabs with ${hash} open`).toEqual(['Homepage']);
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
