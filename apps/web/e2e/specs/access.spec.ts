import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { signIn, view, waitForHash } from '../support/ui';

async function drawerField(page: Page, label: string, value: string) {
  await page.locator('.ant-drawer-open').getByLabel(label, { exact: true }).fill(value);
}

async function sidebarTexts(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  // Unfold every directory so that every entry is listed.
  for (let i = 0; i < 5; i++) {
    const closed = nav.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    if (!(await closed.count())) break;
    await closed.first().click();
  }
  return (await nav.locator('.ant-menu-title-content').allInnerTexts()).map((s) => s.trim());
}

test('access: a role and an account made in the console see only what was granted', async ({
  base,
  adminPassword,
  newPage,
}) => {
  const stamp = Date.now();
  const roleName = `clerks-${stamp}`;
  const account = `clerk${stamp}`;
  const password = 'Clerk-Pass-2026';

  const admin = await newPage();
  await signIn(admin, base, 'admin', adminPassword);

  // Create the role.
  await admin.goto(`${base}/#/role-list`);
  await view(admin).getByRole('heading', { name: 'Roles' }).waitFor();
  await view(admin).getByTestId('create').click();
  await drawerField(admin, 'Role name', roleName);
  await drawerField(admin, 'Role title', `Clerks ${stamp}`);
  await admin.locator('.ant-drawer-open').getByTestId('drawer-save').click();
  await admin.getByText('Saved').first().waitFor();
  await view(admin).locator('tr', { hasText: roleName }).waitFor();

  // Authorize it: the account list page with its Create button only.
  const row = view(admin).locator('tr', { hasText: roleName });
  await row.getByRole('button', { name: 'Authorize' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByText('Create · coffee:account:create').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await admin.getByText('Permissions saved').waitFor();

  // Create the account with that role.
  await admin.goto(`${base}/#/account-list`);
  // Wait for the new tab to be the visible one; the previous tab's Create button is still around.
  await view(admin).getByRole('heading', { name: 'Administrators' }).waitFor();
  await view(admin).getByTestId('create').click();
  await drawerField(admin, 'Account', account);
  await drawerField(admin, 'Name', `Clerk ${stamp}`);
  await drawerField(admin, 'Password', password);
  await drawerField(admin, 'Confirm password', 'something-else');
  await admin.locator('.ant-drawer-open').getByTestId('drawer-save').click();
  await admin.getByText('Inconsistent password inputs').waitFor();
  await drawerField(admin, 'Confirm password', password);
  await admin.locator('.ant-drawer-open').getByLabel('Roles').click();
  await admin.locator('.ant-select-item-option', { hasText: `Clerks ${stamp}` }).click();
  await admin.keyboard.press('Escape');
  await admin.locator('.ant-drawer-open').getByTestId('drawer-save').click();
  await view(admin).locator('tr', { hasText: account }).waitFor();

  // Sign in as the new account.
  const clerk = await newPage();
  await signIn(clerk, base, account, password);
  await expect
    .poll(() => sidebarTexts(clerk), { message: 'menus of the clerk' })
    .toEqual(['Homepage', 'System Settings', 'Account Management', 'Account List']);
  await clerk.getByRole('navigation', { name: 'Main menu' }).getByText('Account List').click();
  await waitForHash(clerk, '#/account-list');
  await clerk.getByRole('heading', { name: 'Administrators' }).waitFor();
  await view(clerk).locator('.ant-table-row').first().waitFor();
  await expect(view(clerk).getByTestId('create'), 'Create is granted').toBeVisible();
  await expect(view(clerk).getByTestId('import'), 'Import buttons').toHaveCount(0);
  await expect(view(clerk).getByTestId('export'), 'Export buttons').toHaveCount(0);
  for (const action of ['Edit', 'Delete', 'Reset password'])
    await expect(
      view(clerk).getByRole('button', { name: action, exact: true }),
      `${action} buttons`,
    ).toHaveCount(0);
  await expect(
    view(clerk).locator('.ant-table-selection-column'),
    'row selection for batch delete',
  ).toHaveCount(0);

  // Pages that were not granted have no route.
  await clerk.goto(`${base}/#/role-list`);
  await waitForHash(clerk, '#/404');
});
