/**
 * Menu Settings, as a platform administrator in tw uses it: the tree opens with every page listed and
 * the buttons folded under them; a button found by its permission code shows with the page and
 * directory above it; its edit drawer opens with the stored record.
 */
import { expect, test } from '../fixtures';
import { drawer } from '../support/form';
import { signIn, view } from '../support/ui';

test('menu settings in tw: pages listed, a button found by its permission code and opened', async ({
  base,
  adminPassword,
  newPage,
}) => {
  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword, 'tw');
  await page.goto(`${base}/#/menu-list`);
  const table = view(page).locator('.ant-table');
  const row = (text: string) => table.locator('tr', { hasText: text });
  await row('coffee:device:list').first().waitFor();
  // Buttons wait for a click on their page.
  await expect(row('coffee:device:lock'), 'the lock button folded at first').toHaveCount(0);

  await view(page).getByRole('button', { name: '全部展開' }).click();
  await row('coffee:device:lock').waitFor();
  await view(page).getByRole('button', { name: '全部收合' }).click();
  await expect(row('coffee:device:list'), 'pages folded away').toHaveCount(0);

  await view(page).getByRole('searchbox', { name: '依名稱、位址或權限代碼查找' }).fill('device:lock');
  await row('coffee:device:lock').waitFor();
  // The button, its page and its directory: three rows.
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(row('設備管理')).toHaveCount(1);
  await expect(row('設備列表')).toHaveCount(1);

  await row('coffee:device:lock')
    .getByRole('button', { name: /^修\s?改$/ })
    .click();
  await expect(drawer(page).getByLabel('權限代碼', { exact: true })).toHaveValue('coffee:device:lock');
  await drawer(page)
    .getByRole('button', { name: /^取\s?消$/ })
    .click();
  await drawer(page).waitFor({ state: 'detached' });
});
