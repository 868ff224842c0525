/**
 * A sub-merchant's console shows the catalog it inherits (its machines sell its parent's products):
 * in traditional Chinese, the product list and the materials show the parent's rows by their tw
 * names, tagged "來自 <parent>", without edit or delete; its own rows keep theirs.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { signIn, view } from '../support/ui';

const PASSWORD = 'Inherit-Pass-2026';
type Item = Record<string, unknown> & { id: string };

async function openList(page: Page, base: string, path: string, heading: string) {
  await page.goto(`${base}/#${path}`);
  await view(page).getByRole('heading', { name: heading }).waitFor();
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

test('catalog: a sub-merchant sees its parent’s products and materials in tw, tagged as inherited, read only', async ({
  base,
  api,
  newPage,
}) => {
  const stamp = Date.now();
  const parentName = `Formosa Brew Co. ${stamp}`;
  const parentId = await api.createMerchant(parentName, `formosa${stamp}`, PASSWORD);
  const northAccount = `north${stamp}`;
  const northId = await api.createMerchant(`Formosa Brew North ${stamp}`, northAccount, PASSWORD, {
    parentId,
  });
  const beans = await api.call<Item>('POST', '/coffee/material', {
    merchantId: parentId,
    name: 'Coffee beans',
    names: { en: 'Coffee beans', zh: '咖啡豆', tw: '咖啡豆' },
    unit: 'g',
  });
  await api.call('POST', '/coffee/material', {
    merchantId: northId,
    name: 'North water',
    names: { tw: '北區用水' },
    unit: 'ml',
  });
  await api.call('POST', '/coffee/product', {
    merchantId: parentId,
    name: 'Caffè latte',
    names: { en: 'Caffè latte', zh: '拿铁咖啡', tw: '拿鐵咖啡' },
    code: `LAT${stamp}`,
    family: 'coffee',
    price: '3.50',
    recipe: {
      steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40, temperatureC: 93 } }],
    },
    materials: [{ materialId: beans.id, amount: 18 }],
  });

  const page = await newPage();
  await signIn(page, base, northAccount, PASSWORD, 'tw');

  const tag = `來自 ${parentName}`;
  await openList(page, base, '/produce-name', '商品');
  const latte = view(page).locator('tr', { hasText: '拿鐵咖啡' });
  await latte.getByTestId('inherited-tag').waitFor();
  expect(await latte.getByTestId('inherited-tag').innerText(), 'the product’s tag').toEqual(tag);
  await expect(latte.getByText('Caffè latte', { exact: true }), 'the English name in tw').toHaveCount(0);
  await expect(latte.getByRole('button', { name: '修改' }), 'no edit on an inherited product').toHaveCount(0);
  await expect(latte.getByRole('button', { name: '刪除' }), 'no delete on an inherited product').toHaveCount(
    0,
  );

  await openList(page, base, '/produce-matter', '原料');
  const inherited = view(page).locator('tr', { hasText: '咖啡豆' });
  await inherited.getByTestId('inherited-tag').waitFor();
  expect(await inherited.getByTestId('inherited-tag').innerText(), 'the material’s tag').toEqual(tag);
  await expect(
    inherited.getByRole('button', { name: '修改' }),
    'no edit on an inherited material',
  ).toHaveCount(0);
  await expect(inherited.getByRole('button', { name: '刪除' }), 'no delete').toHaveCount(0);
  // Its own material: its tw name, no tag, edit and delete.
  const own = view(page).locator('tr', { hasText: '北區用水' });
  await own.waitFor();
  await expect(own.getByTestId('inherited-tag'), 'no tag on its own row').toHaveCount(0);
  await expect(own.getByRole('button', { name: '修改' }), 'edit on its own material').toHaveCount(1);
});
