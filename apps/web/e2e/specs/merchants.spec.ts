/** Merchant list, keys, suspension, grade relation, import and export (issue 4). */
import { expect, test } from '../fixtures';
import { AdminApi } from '../support/api';
import { csvFile, downloadText } from '../support/files';
import { chooseOption, drawer, fillField, saveDrawer } from '../support/form';
import { confirmDialog, signIn, view, waitForHash } from '../support/ui';

const PASSWORD = 'Merchant-Pass-2026';

test('merchants: create with a login account, edit, reveal a key, suspend signs its administrator out', async ({
  base,
  adminPassword,
  api,
  newPage,
}) => {
  const stamp = Date.now();
  const name = `Brew Corp ${stamp}`;
  const login = `brewcorp${stamp}`;
  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword);
  await page.goto(`${base}/#/merchant-list`);
  await view(page).getByRole('heading', { name: 'Merchants' }).waitFor();

  // Create, with a key that is answered masked afterwards.
  await view(page).getByTestId('create').click();
  await fillField(page, 'Merchant name', name);
  await fillField(page, 'Login account', login);
  await fillField(page, 'Password', PASSWORD);
  await fillField(page, 'POS API key', 'pos-key-abcdef-7788');
  await saveDrawer(page);
  const row = view(page).locator('tr', { hasText: name });
  await row.waitFor();

  // Edit.
  await row.getByRole('button', { name: 'Edit', exact: true }).click();
  await drawer(page).getByLabel('Merchant name', { exact: true }).waitFor();
  await page.waitForFunction(
    () => (document.querySelector('.ant-drawer-open #merchant-form_name') as HTMLInputElement)?.value !== '',
  );
  await fillField(page, 'Principal', 'Ada Brewer');
  await saveDrawer(page);
  await view(page).locator('tr', { hasText: 'Ada Brewer' }).waitFor();

  // Keys: masked, then revealed.
  await row.getByRole('button', { name: 'Keys', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const pos = dialog.getByTestId('secret-posApiKey');
  await pos.waitFor();
  expect(await pos.innerText(), 'masked key keeps its last characters').toContain('7788');
  expect(await pos.innerText(), 'the key is masked').not.toContain('abcdef');
  await dialog.getByRole('button', { name: 'Reveal POS API key' }).click();
  await dialog.getByText('pos-key-abcdef-7788').waitFor();
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // Its administrator signs in, then the merchant is suspended.
  const merchantAdmin = await newPage();
  await signIn(merchantAdmin, base, login, PASSWORD);
  await row.getByRole('button', { name: 'Suspend', exact: true }).click();
  await (await confirmDialog(page)).getByRole('button', { name: 'Suspend' }).click();
  await page.getByText('The merchant was suspended').waitFor();
  await row.getByText('Suspended', { exact: true }).waitFor();

  await merchantAdmin.goto(`${base}/#/merchant-list`);
  await merchantAdmin.getByText('Login permission expired').first().waitFor();
  await waitForHash(merchantAdmin, /^#\/login/);
  let refused = false;
  await AdminApi.signIn(base, login, PASSWORD).catch(() => (refused = true));
  expect(refused, 'a suspended merchant administrator cannot sign in').toBe(true);

  // Resumed: back in.
  await row.getByRole('button', { name: 'Resume', exact: true }).click();
  await page.getByText('The merchant was resumed').waitFor();
  await AdminApi.signIn(base, login, PASSWORD);
  expect((await api.list('merchant', { name })).length, 'merchant rows').toEqual(1);
});

test('merchants: the grade relation shows the hierarchy and opens a merchant', async ({
  base,
  adminPassword,
  api,
  newPage,
}) => {
  const stamp = Date.now();
  const parentId = await api.createMerchant(`Chain ${stamp}`, `chain${stamp}`, PASSWORD);
  const childId = await api.createMerchant(`Chain ${stamp} North`, `chainn${stamp}`, PASSWORD, { parentId });
  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword);
  await page.goto(`${base}/#/merchant-grade`);
  await view(page).getByRole('heading', { name: 'Grade relation' }).waitFor();
  const node = (id: string) =>
    view(page).locator('.ant-tree-treenode', { has: page.getByTestId(`merchant-node-${id}`) });
  await node(childId).waitFor();
  const depth = async (id: string) => node(id).locator('.ant-tree-indent-unit').count();
  expect(await depth(childId), 'the sub-merchant is one level below').toEqual((await depth(parentId)) + 1);
  expect(await node(childId).innerText(), 'status is shown').toContain('Normal');
  await node(childId)
    .getByRole('button', { name: `Open Chain ${stamp} North` })
    .click();
  await page.waitForFunction(
    (expected) =>
      (document.querySelector('.ant-drawer-open #merchant-form_name') as HTMLInputElement)?.value ===
      expected,
    `Chain ${stamp} North`,
  );
});

test('merchants: import a CSV through the dialog, then export the list', async ({
  base,
  adminPassword,
  newPage,
}) => {
  const stamp = Date.now();
  const page = await newPage({ acceptDownloads: true });
  await signIn(page, base, 'admin', adminPassword);
  await page.goto(`${base}/#/merchant-list`);
  await view(page).getByRole('heading', { name: 'Merchants' }).waitFor();

  await view(page).getByTestId('import').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles(
    csvFile('merchants.csv', [
      ['name', 'loginAccount', 'password', 'country'],
      [`Imported ${stamp} A`, `impa${stamp}`, PASSWORD, 'TW'],
      [`Imported ${stamp} B`, `impb${stamp}`, PASSWORD, 'TW'],
    ]),
  );
  const sent = page.waitForRequest(
    (r) => r.url().includes('/api/coffee/merchant/import') && /[?&]progressKey=[0-9a-f-]{36}/.test(r.url()),
  );
  await dialog.getByTestId('import-check').click();
  await sent;
  await dialog.getByText('All 2 rows are valid').waitFor();
  await dialog.getByTestId('import-run').click();
  await dialog.getByTestId('import-outcome').getByText('2 of 2 rows imported').waitFor();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await view(page)
    .locator('tr', { hasText: `Imported ${stamp} A` })
    .waitFor();

  // Export what the search shows.
  await view(page).getByRole('search').getByLabel('Merchant name').fill(`Imported ${stamp}`);
  await view(page).getByRole('button', { name: 'Search' }).click();
  await view(page).getByTestId('export').click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename(), 'a CSV file name').toMatch(/^merchant-.*\.csv$/);
  const text = await downloadText(download);
  expect(text.includes(`Imported ${stamp} A`) && text.includes(`Imported ${stamp} B`), 'exported rows').toBe(
    true,
  );
});

test('merchants: the superior picker makes a sub-merchant', async ({ base, adminPassword, api, newPage }) => {
  const stamp = Date.now();
  await api.createMerchant(`Parent ${stamp}`, `parent${stamp}`, PASSWORD);
  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword);
  await page.goto(`${base}/#/merchant-list`);
  await view(page).getByRole('heading', { name: 'Merchants' }).waitFor();
  await view(page).getByTestId('create').click();
  await fillField(page, 'Merchant name', `Child ${stamp}`);
  await chooseOption(page, 'Superior merchant', `Parent ${stamp}`, `Parent ${stamp}`);
  await fillField(page, 'Login account', `child${stamp}`);
  await fillField(page, 'Password', PASSWORD);
  await saveDrawer(page);
  const [child] = await api.list<{ parentId: string }>('merchant', { name: `Child ${stamp}` });
  const [parent] = await api.list<{ id: string }>('merchant', { name: `Parent ${stamp}` });
  expect(String(child.parentId), 'superior of the new merchant').toEqual(String(parent.id));
});
