import { expect, test } from '../fixtures';
import { setLanguageCookie, signIn, signInThroughForm, waitForHash } from '../support/ui';

test('sign-in: a wrong password is refused with one message', async ({ base, newPage }) => {
  const page = await newPage();
  await setLanguageCookie(page, base, 'en');
  await page.goto(`${base}/#/login`);
  await page.getByLabel('Account').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Wrong account or password').waitFor();
  expect(page.url(), 'stays on the sign-in page').toContain('#/login');
});

test('sign-in: the privacy agreement must be ticked', async ({ base, adminPassword, newPage }) => {
  const page = await newPage();
  await setLanguageCookie(page, base, 'en');
  await page.goto(`${base}/#/login`);
  let signInCalls = 0;
  page.on('request', (r) => r.url().includes('/api/auth/doLogin') && signInCalls++);
  await page.getByLabel('Account').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Please confirm the privacy agreement').waitFor();
  expect(signInCalls, 'no sign-in request without the agreement').toEqual(0);
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await waitForHash(page, '#/privacyAgreement');
  await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
});

test('sign-in: success opens the homepage for the signed-in user', async ({
  base,
  adminPassword,
  newPage,
}) => {
  const page = await newPage();
  await signInThroughForm(page, base, 'admin', adminPassword);
  await page.getByRole('heading', { name: 'Hello, Platform administrator' }).waitFor();
  // The business at a glance: the machines by state, each opening the device list narrowed to it.
  await expect(page.getByTestId('home-machines-offline')).toHaveAttribute(
    'href',
    /device-list\?condition=offline$/,
  );
  const stored = await page.evaluate(() => localStorage.getItem('token'));
  expect(stored, 'the token is kept in local storage').toBeTruthy();
  const cookies = await page.context().cookies();
  expect(
    cookies.some((c) => c.name === 'token' && c.value === stored),
    'and in the token cookie',
  ).toBe(true);
});

test('guard: a protected page without a token goes to sign-in, then back', async ({
  base,
  adminPassword,
  newPage,
}) => {
  const page = await newPage();
  await setLanguageCookie(page, base, 'en');
  await page.goto(`${base}/#/role-list`);
  await waitForHash(page, /^#\/login\?redirect=%2Frole-list$/);
  await page.goto(`${base}/#/`);
  await waitForHash(page, /^#\/login/);
  await page.goto(`${base}/#/role-list`);
  await page.getByLabel('Account').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(adminPassword);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForHash(page, '#/role-list');
  await page.getByRole('heading', { name: 'Roles' }).waitFor();
});

test('routes: an unknown path goes to /404, signed in or not', async ({ base, adminPassword, newPage }) => {
  const page = await newPage();
  await setLanguageCookie(page, base, 'en');
  await page.goto(`${base}/#/no/such/page`);
  await waitForHash(page, '#/404');
  await signIn(page, base, 'admin', adminPassword);
  await page.goto(`${base}/#/no-such-page`);
  await waitForHash(page, '#/404');
  await page.getByText('The page you asked for does not exist').waitFor();
  await page.getByRole('button', { name: 'Back to the homepage' }).click();
  await waitForHash(page, '#/home');
});

test('sign-out clears the token and the partner details', async ({ base, adminPassword, newPage }) => {
  const page = await newPage();
  await signInThroughForm(page, base, 'admin', adminPassword);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await waitForHash(page, '#/login');
  const left = await page.evaluate(() => [
    localStorage.getItem('token'),
    localStorage.getItem('brewfleet:user'),
  ]);
  expect(left, 'token and user details after sign-out').toEqual([null, null]);
  expect(!(await page.context().cookies()).some((c) => c.name === 'token'), 'the token cookie is gone').toBe(
    true,
  );
  await page.goto(`${base}/#/home`);
  await waitForHash(page, /^#\/login/);
});
