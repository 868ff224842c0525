import { expect, test } from '../fixtures';
import { signIn, waitForHash } from '../support/ui';
import { AdminApi } from '../support/api';

test('session: a session revoked on the server ends with "Login permission expired"', async ({
  base,
  api,
  newPage,
}) => {
  const roleId = await api.createRole(`e2e-revoke-${Date.now()}`, ['1000', '1100', '1110', '1111']);
  const account = `revoke${Date.now()}`;
  const id = await api.createAccount(account, 'Clerk-Pass-2026', [roleId]);
  const page = await newPage();
  await signIn(page, base, account, 'Clerk-Pass-2026');
  await page.getByRole('heading', { name: `Hello, E2E ${account}` }).waitFor();
  await page.waitForLoadState('networkidle');
  // The administrator resets the password: every session of that account is revoked.
  await api.resetPassword(id, 'Other-Pass-2026');
  // Any call now answers 401: open the account list from the homepage's links.
  await page.getByRole('button', { name: 'Account List' }).click();
  await page.getByText('Login permission expired').first().waitFor();
  expect(await page.getByText('Login permission expired').count(), 'the expiry message shows once').toBe(1);
  await waitForHash(page, /^#\/login/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token, 'the token is cleared').toBeNull();
});

test('reset password: the dialog checks the confirmation, then the new password signs in', async ({
  base,
  api,
  adminPassword,
  newPage,
}) => {
  const account = `reset${Date.now()}`;
  await api.createAccount(account, 'Clerk-Pass-2026', []);
  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword);
  await page.goto(`${base}/#/account-list`);
  const row = page.getByRole('row').filter({ hasText: account });
  await row.getByRole('button', { name: 'Reset password' }).click();
  const dialog = page.getByRole('dialog', { name: `Reset the password of E2E ${account}` });
  await dialog.getByLabel('New password').fill('Fresh-Clerk-2026');
  await dialog.getByLabel('Confirm password').fill('Fresh-Clerk-2027');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Inconsistent password inputs').waitFor();
  await dialog.getByLabel('Confirm password').fill('Fresh-Clerk-2026');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('The password was reset').waitFor();
  await AdminApi.signIn(base, account, 'Fresh-Clerk-2026');
});
