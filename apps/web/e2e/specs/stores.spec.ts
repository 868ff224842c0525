/** Store management and store accounts (issue 4). */
import { expect, test } from '../fixtures';
import { TINY_PNG } from '../support/files';
import { chooseOption, drawer, fillField, fillTime, optionsOf, saveDrawer } from '../support/form';
import { signIn, view } from '../support/ui';

const PASSWORD = 'Store-Pass-2026';

test('stores: create one with weekdays, opening hours, coordinates and a photo', async ({
  base,
  adminPassword,
  api,
  newPage,
}) => {
  const stamp = Date.now();
  const merchant = `Roasters ${stamp}`;
  const merchantId = await api.createMerchant(merchant, `roast${stamp}`, PASSWORD);
  const name = `Harbour kiosk ${stamp}`;
  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword);
  await page.goto(`${base}/#/store-list`);
  await view(page).getByRole('heading', { name: 'Stores' }).waitFor();
  await view(page).getByTestId('create').click();

  await fillField(page, 'Store name', name);
  await chooseOption(page, 'Merchant', merchant, merchant);
  await chooseOption(page, 'Store type', 'Pick-up');
  await fillTime(page, 'Opening time', '08:00');
  await fillTime(page, 'Closing time', '20:30');
  // Every day is preset: leave out the weekend.
  const days = drawer(page).getByLabel('Operating days', { exact: true });
  await days.click();
  for (const day of ['Saturday', 'Sunday'])
    await (await optionsOf(page, days)).filter({ hasText: day }).click();
  await page.keyboard.press('Escape');
  await fillField(page, 'City', 'Keelung');
  await fillField(page, 'Latitude', '25.1283');
  await fillField(page, 'Longitude', '121.7419');

  const uploaded = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/coffee/upload' && r.status() === 200,
  );
  await drawer(page).locator('input[type=file]').setInputFiles(TINY_PNG);
  await uploaded;
  const preview = drawer(page).getByTestId('media-preview');
  await preview.waitFor();
  await page.waitForFunction(
    () =>
      ((document.querySelector('[data-testid=media-preview]') as HTMLImageElement)?.naturalWidth ?? 0) > 0,
  );
  await saveDrawer(page);
  await view(page).locator('tr', { hasText: name }).waitFor();

  const [store] = await api.list<Record<string, unknown>>('store', { name });
  expect(String(store.merchantId), 'merchant of the store').toEqual(merchantId);
  expect(store.type, 'type').toEqual('pick-up');
  expect(store.openingTime, 'opening time').toEqual('08:00');
  expect(store.closingTime, 'closing time').toEqual('20:30');
  expect(store.operatingDays, 'operating days').toEqual(['mon', 'tue', 'wed', 'thu', 'fri']);
  expect([store.latitude, store.longitude].map(Number), 'coordinates').toEqual([25.1283, 121.7419]);
  expect(/^\d+$/.test(String(store.photo)), `the photo is an upload id, not ${String(store.photo)}`).toBe(
    true,
  );
});

test('store accounts: create an account bound to a store', async ({ base, adminPassword, api, newPage }) => {
  const stamp = Date.now();
  const merchantId = await api.createMerchant(`Beans ${stamp}`, `beans${stamp}`, PASSWORD);
  const storeName = `Beans station ${stamp}`;
  const storeId = await api.createStore(storeName, merchantId);
  const account = `barista${stamp}`;
  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword);
  await page.goto(`${base}/#/store-account`);
  await view(page).getByRole('heading', { name: 'Store accounts' }).waitFor();
  await view(page).getByTestId('create').click();
  await fillField(page, 'Account', account);
  await fillField(page, 'Name', `Barista ${stamp}`);
  await fillField(page, 'Password', PASSWORD);
  await fillField(page, 'Confirm password', PASSWORD);
  await chooseOption(page, 'Store', storeName, storeName);
  await saveDrawer(page);
  await view(page).locator('tr', { hasText: account }).waitFor();

  const [row] = await api.list<Record<string, unknown>>('account', { account });
  expect(row.partnerType, 'account type').toEqual('store');
  expect(String(row.storeId), 'store of the account').toEqual(storeId);
  expect(String(row.merchantId), 'merchant follows the store').toEqual(merchantId);
  // The merchant accounts screen does not list store staff.
  await page.goto(`${base}/#/merchant-account`);
  await view(page).getByRole('heading', { name: 'Merchant accounts' }).waitFor();
  await view(page)
    .locator('tr', { hasText: `beans${stamp}` })
    .waitFor();
  await expect(
    view(page).locator('tr', { hasText: account }),
    'store staff among merchant accounts',
  ).toHaveCount(0);
});
