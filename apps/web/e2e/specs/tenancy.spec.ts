/** Who sees what: a merchant administrator its subtree, a store account its store (issue 4). */
import type { Page } from 'playwright-core';
import { STORE_STAFF_MENUS } from '@brewfleet/contracts/menu-seed';
import { test } from '../harness';
import { AdminApi } from '../support/api';
import { createModel, registerDevice } from '../support/fleet';
import { expectEqual, setLanguageCookie, signIn, view, waitForHash } from '../support/ui';
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
  expectEqual(
    await namesOn(page, base, '/merchant-list', 'Merchants', a1.name, [a.name, a1.name, b.name]),
    { [a.name]: true, [a1.name]: true, [b.name]: false },
    'merchants',
  );
  expectEqual(
    await namesOn(page, base, '/store-list', 'Stores', stores.a1, [stores.a1, stores.a1b, stores.b]),
    { [stores.a1]: true, [stores.a1b]: true, [stores.b]: false },
    'stores',
  );
  expectEqual(
    await namesOn(page, base, '/merchant-account', 'Merchant accounts', a1.login, [
      a.login,
      a1.login,
      b.login,
    ]),
    { [a.login]: true, [a1.login]: true, [b.login]: false },
    'merchant accounts',
  );
  await page.goto(`${base}/#/merchant-grade`);
  await view(page).getByRole('heading', { name: 'Grade relation' }).waitFor();
  await view(page).getByText(a1.name).waitFor();
  expectEqual(await view(page).getByText(b.name).count(), 0, 'other merchants in the grade relation');
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
  expectEqual(await own.getByRole('button', { name: 'Suspend' }).count(), 0, 'Suspend on its own merchant');
  await view(page).locator('tr', { hasText: child.name }).getByRole('button', { name: 'Suspend' }).waitFor();
  // Its own row's form shows its status and superior without letting them change (the server
  // refuses both), and saves the rest.
  await own.getByRole('button', { name: 'Edit' }).click();
  await page.waitForFunction(
    () => (document.querySelector('.ant-drawer-open #merchant-form_name') as HTMLInputElement)?.value !== '',
  );
  const form = page.locator('.ant-drawer-open');
  expectEqual(await form.locator('#merchant-form_status').isDisabled(), true, 'status of its own merchant');
  expectEqual(
    await form.locator('#merchant-form_parentId').isDisabled(),
    true,
    'superior of its own merchant',
  );
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
  expectEqual(await form.locator('#merchant-form_status').isDisabled(), false, 'status of its sub-merchant');
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
  expectEqual(names, [stores.a1], 'stores answered to the store account');
});

test('tenancy: a store account sees only its store in the console', async ({ base, api, newPage }) => {
  const { account, stores } = await storeAccount(base, api);
  const page = await newPage();
  await signIn(page, base, account, PASSWORD);
  expectEqual(
    await namesOn(page, base, '/store-list', 'Stores', stores.a1, [stores.a1, stores.a1b, stores.b]),
    { [stores.a1]: true, [stores.a1b]: false, [stores.b]: false },
    'stores of the store account',
  );
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
  expectEqual(await list.locator('tr', { hasText: depot.name }).count(), 0, 'the other store’s machine');
  // Lock and unlock are theirs; registering, binding, new secrets and debugging are not.
  await list.locator('tr', { hasText: own.name }).getByRole('checkbox').check();
  await list.getByTestId('operation-lock').waitFor();
  await list.getByTestId('operation-unlock').waitFor();
  for (const testId of ['bulk-debug', 'bulk-secrets'])
    expectEqual(await list.getByTestId(testId).count(), 0, `the ${testId} button`);
  for (const name of ['Create', 'Import', 'Bind'])
    expectEqual(await list.getByRole('button', { name, exact: true }).count(), 0, `the ${name} button`);

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
    expectEqual(await view(page).getByText('auth.login').count(), 0, `auth.login shown in ${lang}`);
  }
});
