/** Who sees what: a merchant administrator its subtree, a store account its store (issue 4). */
import type { Page } from '@playwright/test';
import { STORE_STAFF_MENUS } from '@brewfleet/contracts/menu-seed';
import { expect, test } from '../fixtures';
import { AdminApi } from '../support/api';
import { createModel, registerDevice } from '../support/fleet';
import { setLanguageCookie, signIn, view, waitForHash } from '../support/ui';
import { fillField, saveDrawer } from '../support/form';

const PASSWORD = 'Tenant-Pass-2026';

/** Opens a list page and returns whether each name shows in it (after the first expected one shows). */
async function namesOn(
  page: Page,
  base: string,
  path: string,
  heading: string,
  seen: string,
  names: string[],
) {
  await page.goto(`${base}/#${path}`);
  await view(page).getByRole('heading', { name: heading }).waitFor();
  await view(page).locator('tr', { hasText: seen }).waitFor();
  const result: Record<string, boolean> = {};
  for (const name of names) result[name] = (await view(page).locator('tr', { hasText: name }).count()) > 0;
  return result;
}

async function world(api: AdminApi) {
  const s = Date.now();
  const a = { name: `Alpha ${s}`, login: `alpha${s}` };
  const a1 = { name: `Alpha ${s} Kids`, login: `alphakids${s}` };
  const b = { name: `Bravo ${s}`, login: `bravo${s}` };
  const aId = await api.createMerchant(a.name, a.login, PASSWORD);
  const a1Id = await api.createMerchant(a1.name, a1.login, PASSWORD, { parentId: aId });
  const bId = await api.createMerchant(b.name, b.login, PASSWORD);
  const stores = {
    a1: `Alpha kiosk ${s}`,
    a1b: `Alpha depot ${s}`,
    b: `Bravo kiosk ${s}`,
  };
  const a1StoreId = await api.createStore(stores.a1, a1Id);
  await api.createStore(stores.a1b, a1Id);
  await api.createStore(stores.b, bId);
  return { s, a, a1, b, stores, a1Id, a1StoreId };
}

test('tenancy: a merchant administrator sees only its subtree', async ({ base, api, newPage }) => {
  const { a, a1, b, stores } = await world(api);
  const page = await newPage();
  await signIn(page, base, a.login, PASSWORD);
  expect(
    await namesOn(page, base, '/merchant-list', 'Merchants', a1.name, [a.name, a1.name, b.name]),
    'merchants',
  ).toEqual({ [a.name]: true, [a1.name]: true, [b.name]: false });
  expect(
    await namesOn(page, base, '/store-list', 'Stores', stores.a1, [stores.a1, stores.a1b, stores.b]),
    'stores',
  ).toEqual({ [stores.a1]: true, [stores.a1b]: true, [stores.b]: false });
  expect(
    await namesOn(page, base, '/merchant-account', 'Merchant accounts', a1.login, [
      a.login,
      a1.login,
      b.login,
    ]),
    'merchant accounts',
  ).toEqual({ [a.login]: true, [a1.login]: true, [b.login]: false });
  await page.goto(`${base}/#/merchant-grade`);
  await view(page).getByRole('heading', { name: 'Grade relation' }).waitFor();
  await view(page).getByText(a1.name).waitFor();
  await expect(view(page).getByText(b.name), 'other merchants in the grade relation').toHaveCount(0);
});

test('tenancy: a sub-merchant administrator reads its superior by name and may not suspend itself', async ({
  base,
  api,
  newPage,
}) => {
  const w = await world(api);
  const child = { name: `Alpha ${w.s} Corner`, login: `alphacorner${w.s}` };
  const a1Admin = await AdminApi.signIn(base, w.a1.login, PASSWORD);
  await a1Admin.createMerchant(child.name, child.login, PASSWORD);
  const page = await newPage();
  await signIn(page, base, w.a1.login, PASSWORD);
  await page.goto(`${base}/#/merchant-list`);
  const own = view(page).locator('tr', { hasText: w.a1.name }).filter({ hasNotText: child.name });
  await own.waitFor();
  // The superior, which it cannot open, by its name; no Suspend on its own row, Suspend below it.
  await own.getByText(w.a.name, { exact: true }).waitFor();
  await own.getByRole('button', { name: 'Edit' }).waitFor();
  await expect(own.getByRole('button', { name: 'Suspend' }), 'Suspend on its own merchant').toHaveCount(0);
  await view(page).locator('tr', { hasText: child.name }).getByRole('button', { name: 'Suspend' }).waitFor();
  // Its own row's form shows its status and superior without letting them change (the server
  // refuses both), and saves the rest.
  await own.getByRole('button', { name: 'Edit' }).click();
  await page.waitForFunction(
    () => (document.querySelector('.ant-drawer-open #merchant-form_name') as HTMLInputElement)?.value !== '',
  );
  const form = page.locator('.ant-drawer-open');
  await expect(form.locator('#merchant-form_status'), 'status of its own merchant').toBeDisabled();
  await expect(form.locator('#merchant-form_parentId'), 'superior of its own merchant').toBeDisabled();
  await fillField(page, 'Principal', `Principal ${w.s}`);
  await saveDrawer(page);
  await view(page)
    .locator('tr', { hasText: `Principal ${w.s}` })
    .waitFor();
  // Its sub-merchant's row may still be moved and suspended.
  await view(page).locator('tr', { hasText: child.name }).getByRole('button', { name: 'Edit' }).click();
  await page.waitForFunction(
    (name) =>
      (document.querySelector('.ant-drawer-open #merchant-form_name') as HTMLInputElement)?.value === name,
    child.name,
  );
  await expect(form.locator('#merchant-form_status'), 'status of its sub-merchant').toBeEnabled();
});

/** A store account of the sub-merchant, with a role granting the store list. */
async function storeAccount(base: string, api: AdminApi) {
  const w = await world(api);
  // The sub-merchant's administrator gives its store staff the store list (with its directory, as the
  // authorize dialog does).
  const a1Admin = await AdminApi.signIn(base, w.a1.login, PASSWORD);
  const roleId = await a1Admin.createRole(`store-staff-${w.s}`, ['1000', '1200', '1220']);
  const account = `staff${w.s}`;
  await a1Admin.call('POST', '/coffee/account', {
    account,
    name: `Staff ${w.s}`,
    password: a1Admin.encrypt(PASSWORD),
    confirmPassword: a1Admin.encrypt(PASSWORD),
    storeId: w.a1StoreId,
    roleIds: [roleId],
  });
  return { ...w, account };
}

test('tenancy: a store account is answered only its store', async ({ base, api }) => {
  const { account, stores } = await storeAccount(base, api);
  const staff = await AdminApi.signIn(base, account, PASSWORD);
  const names = (await staff.list<{ name: string }>('store')).map((r) => r.name).sort();
  expect(names, 'stores answered to the store account').toEqual([stores.a1]);
});

test('tenancy: a store account sees only its store in the console', async ({ base, api, newPage }) => {
  const { account, stores } = await storeAccount(base, api);
  const page = await newPage();
  await signIn(page, base, account, PASSWORD);
  expect(
    await namesOn(page, base, '/store-list', 'Stores', stores.a1, [stores.a1, stores.a1b, stores.b]),
    'stores of the store account',
  ).toEqual({ [stores.a1]: true, [stores.a1b]: false, [stores.b]: false });
});

test('tenancy: store staff run only their store’s machines and read their log in their language', async ({
  base,
  api,
  newPage,
}) => {
  const w = await world(api);
  const depotId = (await api.list<{ id: string; name: string }>('store', { name: w.stores.a1b }))[0].id;
  const model = await createModel(api);
  const own = await registerDevice(api, model.id, { merchantId: w.a1Id, storeId: w.a1StoreId });
  const depot = await registerDevice(api, model.id, { merchantId: w.a1Id, storeId: depotId });
  // The sub-merchant's administrator gives its kiosk staff the store staff role of README.
  const a1Admin = await AdminApi.signIn(base, w.a1.login, PASSWORD);
  const roleId = await a1Admin.createRole(`store-staff-${w.s}`, [...STORE_STAFF_MENUS]);
  const account = `kiosk${w.s}`;
  await a1Admin.call('POST', '/coffee/account', {
    account,
    name: `Kiosk ${w.s}`,
    password: a1Admin.encrypt(PASSWORD),
    confirmPassword: a1Admin.encrypt(PASSWORD),
    storeId: w.a1StoreId,
    roleIds: [roleId],
  });

  const page = await newPage();
  await signIn(page, base, account, PASSWORD);
  await page.goto(`${base}/#/device-list`);
  const list = view(page);
  await list.getByRole('heading', { name: 'Devices' }).waitFor();
  await list.locator('tr', { hasText: own.name }).waitFor();
  await expect(list.locator('tr', { hasText: depot.name }), 'the other store’s machine').toHaveCount(0);
  // Lock and unlock are theirs; registering, binding, new secrets and debugging are not.
  await list.locator('tr', { hasText: own.name }).getByRole('checkbox').check();
  await list.getByTestId('operation-lock').waitFor();
  await list.getByTestId('operation-unlock').waitFor();
  for (const testId of ['bulk-debug', 'bulk-secrets'])
    await expect(list.getByTestId(testId), `the ${testId} button`).toHaveCount(0);
  for (const name of ['Create', 'Import', 'Bind'])
    await expect(list.getByRole('button', { name, exact: true }), `the ${name} button`).toHaveCount(0);

  // The detail names the machine's merchant, which the store account cannot open.
  await list.getByRole('link', { name: own.name }).click();
  await waitForHash(page, '#/device-detailautomatic');
  await view(page).getByRole('heading', { name: own.name }).waitFor();
  await view(page).getByText(w.a1.name, { exact: true }).waitFor();

  // Their own sign-in is in their log, as a sentence in each language.
  for (const [lang, signedIn] of [
    ['en', 'Signed in'],
    ['zh', '登录'],
    ['tw', '登入'],
  ] as const) {
    await setLanguageCookie(page, base, lang);
    await page.goto(`${base}/#/operation-log-list`);
    await page.reload();
    await view(page)
      .locator('tr', { hasText: account })
      .first()
      .getByText(signedIn, { exact: true })
      .waitFor();
    await expect(view(page).getByText('auth.login'), `auth.login shown in ${lang}`).toHaveCount(0);
  }
});
