/** The catalog and the product flow (issue 6): code rules, products made step by step, store products. */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import type { AdminApi } from '../support/api';
import { emptyDraft } from '../../src/features/products/product-draft';
import { createModel, registerDevice } from '../support/fleet';
import { TINY_PNG } from '../support/files';
import { drawer, fillField, optionsOf, pick, saveDrawer } from '../support/form';
import {
  describeViolations,
  HTML_LANG,
  seriousViolations,
  signIn,
  view,
  waitForHash,
  type Lang,
} from '../support/ui';

const PASSWORD = 'Product-Pass-2026';
type Item = Record<string, unknown> & { id: string };

/**
 * A merchant whose administrator signs in, with a store and the catalog a product draws on; its
 * materials' ids for products made through the API (a drink or tea needs a material line).
 */
async function merchantWithCatalog(api: AdminApi, stamp: number) {
  const name = `Bean Co ${stamp}`;
  const account = `bean${stamp}`;
  const merchantId = await api.createMerchant(name, account, PASSWORD);
  const store = `Bean kiosk ${stamp}`;
  const storeId = await api.createStore(store, merchantId);
  const materials: Record<'beans' | 'leaves', string> = { beans: '', leaves: '' };
  for (const [key, material] of [
    ['beans', { name: 'Espresso beans', unit: 'g', min: 15, max: 22, shelfLifeHours: 72 }],
    ['leaves', { name: 'Oolong leaves', unit: 'g', shelfLifeHours: 240 }],
  ] as const)
    materials[key] = (await api.call<Item>('POST', '/coffee/material', { merchantId, ...material })).id;
  const size = await api.call<Item>('POST', '/coffee/option-type', { merchantId, name: 'Size' });
  await api.call('POST', '/coffee/option', { merchantId, optionTypeId: size.id, name: 'Small' });
  await api.call('POST', '/coffee/option', {
    merchantId,
    optionTypeId: size.id,
    name: 'Large',
    amountFactor: 1.4,
    priceChange: '0.80',
  });
  return { merchantId, account, store, storeId, materials };
}

/** Opens an antd select by its label and picks an option (the list is rendered outside the view). */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await pick(page, scope.getByLabel(label, { exact: true }), option);
}

const step = (page: Page, key: string) => view(page).getByTestId(`product-step-${key}`);
const next = async (page: Page, to: string) => {
  await view(page).getByTestId('flow-next').click();
  await step(page, to).waitFor();
};

test('products: a coffee product through the flow, a recipe error fixed, a draft kept, then sold in a store', async ({
  base,
  api,
  newPage,
}) => {
  const stamp = Date.now();
  const shop = await merchantWithCatalog(api, stamp);
  const name = `Flat white ${stamp}`;
  const page = await newPage();
  await signIn(page, base, shop.account, PASSWORD);

  // A code rule, with its next code previewed as it is typed.
  const prefix = `FW${stamp % 100000}-`;
  await page.goto(`${base}/#/produce-name-rule`);
  await view(page).getByRole('heading', { name: 'Code rules' }).waitFor();
  await view(page).getByTestId('create').click();
  await fillField(page, 'Rule name', 'Coffee');
  await fillField(page, 'Prefix', prefix);
  await fillField(page, 'Digits', '3');
  await fillField(page, 'Next number', '7');
  await drawer(page).getByTestId('code-rule-preview').getByText(`${prefix}007`).waitFor();
  await fillField(page, 'Suffix', '-C');
  await drawer(page).getByTestId('code-rule-preview').getByText(`${prefix}007-C`).waitFor();
  await saveDrawer(page);
  await view(page)
    .locator('tr', { hasText: `${prefix}007-C` })
    .waitFor();

  // Create → coffee flow.
  await page.goto(`${base}/#/produce-name`);
  await view(page).getByRole('heading', { name: 'Products' }).waitFor();
  await view(page).getByTestId('create-product').click();
  await page.getByTestId('flow-produce-name-create').click();
  await waitForHash(page, '#/produce-name-create');
  await view(page).getByRole('heading', { name: 'New coffee product' }).waitFor();

  // 1. Product information: nothing filled in yet, so the flow does not move on.
  await next(page, 'info');
  await page.getByText('Please complete the product information').first().waitFor();
  await view(page).getByLabel('Product name', { exact: true }).fill(name);
  await view(page).getByRole('button', { name: 'Generate' }).click();
  await expect(view(page).getByLabel('Product code', { exact: true }), 'code from the rule').toHaveValue(
    `${prefix}007-C`,
  );
  await view(page).getByLabel('Price', { exact: true }).fill('3.20');
  // Two pictures chosen at once; the second becomes the cover.
  const gallery = step(page, 'info').getByTestId('image-gallery');
  await gallery.locator('input[type=file]').setInputFiles([TINY_PNG, { ...TINY_PNG, name: 'side.png' }]);
  await expect(gallery.getByTestId('gallery-image'), 'images shown').toHaveCount(2);
  const shown = () => gallery.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
  const [first, second] = await shown();
  await gallery.getByRole('button', { name: 'Make image 2 the cover' }).click();
  await expect.poll(shown, { message: 'the second image made the cover' }).toEqual([second, first]);
  await next(page, 'materials');

  // 2. Materials: the material brings its unit and limits.
  await choose(page, step(page, 'materials'), 'Material', 'Espresso beans');
  await view(page).getByLabel('Amount', { exact: true }).fill('18');
  await expect(view(page).getByLabel('Highest', { exact: true }), 'limit').toHaveValue('22');
  await next(page, 'recipe');

  // 3. Recipe: a temperature the coffee machines do not allow is named, and holds the flow.
  await choose(page, step(page, 'recipe'), 'Action', 'Brew');
  await view(page).getByLabel('Channel', { exact: true }).fill('1');
  await choose(page, step(page, 'recipe'), 'Parameter 1', 'Temperature (°C)');
  await view(page).getByLabel('Value 1', { exact: true }).fill('120');
  const problems = view(page).getByTestId('recipe-problems');
  await problems.getByText('Step 1: Temperature 120 is outside 80–96 °C').waitFor();
  await view(page).getByTestId('flow-next').click();
  await page.getByText('Please complete the product information').first().waitFor();
  await step(page, 'recipe').waitFor();

  // Leave (another page, then a reload that clears the tab), come back: the draft is offered back.
  await page.goto(`${base}/#/home`);
  await page.reload();
  await waitForHash(page, '#/home');
  await page.goto(`${base}/#/produce-name-create`);
  await view(page).getByTestId('draft-notice').waitFor();
  await step(page, 'recipe').waitFor();
  await expect(view(page).getByLabel('Value 1', { exact: true }), 'kept value').toHaveValue('120');
  await view(page).getByLabel('Value 1', { exact: true }).fill('93');
  await problems.waitFor({ state: 'detached' });
  await view(page).getByRole('button', { name: 'Add a parameter' }).click();
  await choose(page, step(page, 'recipe'), 'Parameter 2', 'Powder (g)');
  await view(page).getByLabel('Value 2', { exact: true }).fill('17');
  await next(page, 'combos');

  // 4. Recipe combination: one row per size, the large one from its option's settings.
  await choose(page, step(page, 'combos'), 'Specification types', 'Size');
  await page.keyboard.press('Escape');
  const combos = view(page).getByTestId('recipe-combos');
  await combos.locator('tr', { hasText: 'Small' }).waitFor();
  const large = combos.locator('tr', { hasText: 'Large' });
  await expect(large.getByLabel(/^Amount factor of combination/), 'factor of the large cup').toHaveValue(
    '1.40',
  );
  await large.getByLabel(/^Price change of combination/).fill('0.90');
  await next(page, 'accessories');

  // 5. Accessories: none. Save → back on the list.
  await view(page).getByTestId('flow-save').click();
  await waitForHash(page, '#/produce-name');
  await view(page).locator('tr', { hasText: name }).waitFor();
  // The flow's tab closed on saving; the fixed home tab is still there, first.
  await page.locator('.tabs-view a[data-path="/produce-name-create"]').waitFor({ state: 'detached' });
  await expect(page.locator('.tabs-view a').first(), 'home tab').toHaveAttribute('data-path', '/home');

  const [product] = await api.list<Item>('product', { name });
  expect(String(product.merchantId), 'merchant').toEqual(shop.merchantId);
  expect([product.code, product.family, product.kind, product.price], 'product').toEqual([
    `${prefix}007-C`,
    'coffee',
    'drink',
    '3.20',
  ]);
  // Stored as jsonb: compared field by field, jsonb keeps its own key order.
  const [brew] = (product.recipe as { steps: Item[] }).steps;
  expect([brew.action, brew.channel, brew.params], 'recipe').toEqual([
    'brew',
    1,
    { powderG: 17, temperatureC: 93 },
  ]);
  expect(
    (product.recipeCombos as Item[]).map((c) => [c.amountFactor, c.priceChange]).sort(),
    'combinations',
  ).toEqual([
    [1, '0.00'],
    [1.4, '0.90'],
  ]);
  expect((product.materials as Item[])[0].amount, 'material amount').toEqual(18);
  expect(
    (product.images as string[]).map((id) => `/api/coffee/upload/${id}`),
    'images, the chosen cover first',
  ).toEqual([second, first]);
  const drafts = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('brewfleet:product-draft')),
  );
  expect(drafts, 'drafts left after saving').toEqual([]);

  // Sold in the store at its own price, then made unavailable there.
  await page.goto(`${base}/#/produce-store-product`);
  await view(page).getByRole('heading', { name: 'Store products' }).waitFor();
  await choose(page, view(page), 'Store', shop.store);
  await view(page).getByTestId('add-products').click();
  const dialog = page.getByRole('dialog');
  await choose(page, dialog, 'Products', name);
  await dialog.getByLabel('Own price', { exact: true }).fill('3.50');
  await dialog.getByTestId('add-products-ok').click();
  await dialog.waitFor({ state: 'detached' });
  const row = view(page).getByTestId('sales-table').locator('tr', { hasText: name });
  await row.getByText('$3.50').waitFor();
  await row.getByText('$3.20').waitFor();
  await row.getByRole('switch', { name: `${name} available` }).click();
  await expect
    .poll(
      async () => {
        const [sale] = await api.list<Item>('store-product', { storeId: shop.storeId });
        return [sale?.price, sale?.available];
      },
      { message: 'store product' },
    )
    .toEqual(['3.50', false]);
});

test('products: a tea product with its three extraction segments', async ({ base, api, newPage }) => {
  const stamp = Date.now();
  const shop = await merchantWithCatalog(api, stamp);
  const name = `Oolong ${stamp}`;
  const page = await newPage();
  await signIn(page, base, shop.account, PASSWORD);
  await page.goto(`${base}/#/produce-three-name-create`);
  await view(page).getByRole('heading', { name: 'New tea product' }).waitFor();

  await view(page).getByLabel('Product name', { exact: true }).fill(name);
  await view(page).getByLabel('Product code', { exact: true }).fill(`OOL-${stamp}`);
  await view(page).getByLabel('Price', { exact: true }).fill('2.60');
  await next(page, 'materials');
  await choose(page, step(page, 'materials'), 'Material', 'Oolong leaves');
  await view(page).getByLabel('Amount', { exact: true }).fill('6');
  await next(page, 'recipe');
  await choose(page, step(page, 'recipe'), 'Action', 'Steep');
  await choose(page, step(page, 'recipe'), 'Parameter 1', 'Water (ml)');
  await view(page).getByLabel('Value 1', { exact: true }).fill('300');

  // No segment out yet: the machine could not pour anything.
  await view(page).getByTestId('flow-next').click();
  await view(page)
    .getByTestId('recipe-problems')
    .getByText('A tea recipe has three segments, at least one of them out')
    .waitFor();
  const segments = view(page).getByTestId('tea-segments');
  await segments.getByRole('switch', { name: 'First segment out' }).click();
  await segments.getByLabel('First segment range (s)').fill('40');
  await segments.getByLabel('First segment amount of tea (g)').fill('6');
  await segments.getByRole('switch', { name: 'Second segment out' }).click();
  await segments.getByLabel('Second segment range (s)').fill('60');
  // A segment that pours out needs some tea too.
  await segments.getByLabel('Second segment amount of tea (g)').fill('4');
  await view(page).getByTestId('recipe-problems').waitFor({ state: 'detached' });
  await next(page, 'combos');
  await next(page, 'accessories');
  await view(page).getByTestId('flow-save').click();
  await waitForHash(page, '#/produce-name');
  await view(page).locator('tr', { hasText: name }).waitFor();

  const [product] = await api.list<Item>('product', { name });
  expect([product.family, product.kind], 'family and kind').toEqual(['tea', 'tea']);
  expect((product.recipe as { segments: unknown }).segments, 'segments').toEqual([
    { out: true, rangeS: 40, amountG: 6 },
    { out: true, rangeS: 60, amountG: 4 },
    { out: false, rangeS: 0, amountG: 0 },
  ]);

  // Copied: the copy keeps the recipe and needs its own code.
  await view(page).locator('tr', { hasText: name }).getByRole('button', { name: 'Copy' }).click();
  await view(page)
    .getByRole('heading', { name: `Copy a product · ${name}` })
    .waitFor();
  await expect(view(page).getByLabel('Product code', { exact: true }), 'code of a copy').toHaveValue('');
  await view(page).getByLabel('Product name', { exact: true }).fill(`${name} large`);
  await view(page).getByLabel('Product code', { exact: true }).fill(`OOL-${stamp}-L`);
  for (const to of ['materials', 'recipe', 'combos', 'accessories']) await next(page, to);
  await view(page).getByTestId('flow-save').click();
  await waitForHash(page, '#/produce-name');
  const [copy] = await api.list<Item>('product', { code: `OOL-${stamp}-L` });
  expect(copy.recipe, 'recipe of the copy').toEqual(product.recipe);

  // Edited: saved from the first step; the recipe is untouched, so its version stays.
  await view(page)
    .locator('tr', { hasText: `OOL-${stamp}-L` })
    .getByRole('button', { name: 'Edit' })
    .click();
  await view(page)
    .getByRole('heading', { name: `Edit product · ${name} large` })
    .waitFor();
  await view(page).getByLabel('Price', { exact: true }).fill('3.10');
  await view(page).getByTestId('flow-save').click();
  await waitForHash(page, '#/produce-name');
  await expect
    .poll(
      async () => {
        const [edited] = await api.list<Item>('product', { code: `OOL-${stamp}-L` });
        return [edited.price, edited.recipeVersion];
      },
      { message: 'edited product' },
    )
    .toEqual(['3.10', 1]);
});

test('products: an automatic coffee machine sells coffee products of its merchant', async ({
  base,
  api,
  newPage,
}) => {
  const stamp = Date.now();
  const shop = await merchantWithCatalog(api, stamp);
  const model = await createModel(api, 'automatic', 'coffee');
  const machine = await registerDevice(api, model.id, { merchantId: shop.merchantId, storeId: shop.storeId });
  await api.call('POST', '/coffee/product', {
    merchantId: shop.merchantId,
    name: `Ristretto ${stamp}`,
    code: `RIS-${stamp}`,
    kind: 'drink',
    family: 'coffee',
    price: '2.50',
    recipe: { steps: [{ action: 'brew', params: { powderG: 18, waterMl: 40 } }] },
    materials: [{ materialId: shop.materials.beans, amount: 18 }],
  });
  await api.call('POST', '/coffee/product', {
    merchantId: shop.merchantId,
    name: `Jasmine ${stamp}`,
    code: `JAS-${stamp}`,
    kind: 'tea',
    family: 'tea',
    price: '2.00',
    recipe: { steps: [{ action: 'steep', params: { waterMl: 300 } }], segments: TEA_SEGMENTS },
    materials: [{ materialId: shop.materials.leaves, amount: 6 }],
  });

  const page = await newPage();
  await signIn(page, base, shop.account, PASSWORD);
  await page.goto(`${base}/#/produce-thermoplan-machine-product`);
  await view(page).getByRole('heading', { name: 'Automatic machine products' }).waitFor();
  await choose(page, view(page), 'Machine', machine.serialNumber);
  await view(page).getByTestId('add-products').click();
  const dialog = page.getByRole('dialog');
  // Only coffee products are offered for a coffee machine.
  const picker = dialog.getByLabel('Products', { exact: true });
  await picker.click();
  const options = await optionsOf(page, picker);
  await options.first().waitFor();
  expect(await options.allInnerTexts(), 'products offered').toEqual([`Ristretto ${stamp} (RIS-${stamp})`]);
  await options.first().click();
  await page.keyboard.press('Escape');
  await dialog.getByTestId('add-products-ok').click();
  await dialog.waitFor({ state: 'detached' });
  const row = view(page)
    .getByTestId('sales-table')
    .locator('tr', { hasText: `Ristretto ${stamp}` });
  await row.getByText('$2.50').first().waitFor();
  // The machine's own price, typed in the table.
  await row.getByLabel(`Own price of Ristretto ${stamp}`).fill('2.70');
  await row.getByLabel(`Own price of Ristretto ${stamp}`).press('Enter');
  await expect
    .poll(async () => (await api.list<Item>('machine-product', { deviceId: machine.id }))[0]?.price, {
      message: 'machine price',
    })
    .toEqual('2.70');
});

const TEA_SEGMENTS = [
  { out: true, rangeS: 40, amountG: 6 },
  { out: false, rangeS: 0, amountG: 0 },
  { out: false, rangeS: 0, amountG: 0 },
];

/** Complete up to the recipe: the flow stays on the recipe step and lists what the recipe lacks. */
const TEA_DRAFT = {
  ...emptyDraft('tea', '1'),
  name: 'Oolong',
  code: 'OOL-1',
  price: '2.60',
  materials: [{ materialId: '1', amount: 6, min: null, max: null, unit: 'g' as const }],
};

const HEADINGS: Record<Exclude<Lang, 'en'>, Record<string, string>> = {
  zh: {
    '/produce-name': '商品',
    '/produce-name-create': '新增咖啡商品',
    '/produce-three-name-create': '新增茶饮商品',
    '/produce-store-product': '门店商品',
    '/produce-thermoplan-machine-product': '全自动机器商品',
    '/produce-parameter': '商品参数',
    '/produce-name-rule': '编码规则',
  },
  tw: {
    '/produce-name': '商品',
    '/produce-name-create': '新增咖啡商品',
    '/produce-three-name-create': '新增茶飲商品',
    '/produce-store-product': '門市商品',
    '/produce-thermoplan-machine-product': '全自動機器商品',
    '/produce-parameter': '商品參數',
    '/produce-name-rule': '編碼規則',
  },
};

test('products: catalog and product screens in zh and tw, translated and accessible', async ({
  base,
  adminPassword,
  newPage,
}) => {
  const problems: string[] = [];
  for (const lang of ['zh', 'tw'] as const) {
    const page = await newPage();
    await signIn(page, base, 'admin', adminPassword, lang);
    // A tea draft left at the recipe step: the flow opens there, with its segments.
    await page.evaluate((draft) => {
      const user = JSON.parse(localStorage.getItem('brewfleet:user') ?? '{}') as { userId?: string };
      const key = `brewfleet:product-draft:${user.userId}:produce-three-name-create:new`;
      localStorage.setItem(
        key,
        JSON.stringify({ version: 1, draft, step: 2, savedAt: new Date().toISOString() }),
      );
    }, TEA_DRAFT);
    for (const [path, heading] of Object.entries(HEADINGS[lang])) {
      await page.goto(`${base}/#${path}`);
      await view(page).getByRole('heading', { name: heading, exact: true }).waitFor();
      await page
        .locator('.ant-spin-spinning')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      if (path === '/produce-three-name-create') {
        await view(page).getByTestId('tea-segments').waitFor();
        await view(page).getByTestId('flow-next').click();
        await view(page).getByTestId('recipe-problems').waitFor();
        // The "please complete" message is in the page's language too.
        await page
          .getByText(lang === 'zh' ? '请完善商品信息' : '請完善商品資訊')
          .first()
          .waitFor();
      }
      const text = await view(page).innerText();
      const raw = text.match(
        /\b(?:resources|common|productFlow|productList|productRoutes|productSales|catalogPages)\.[A-Za-z-]+(?:\.[A-Za-z-]+)*/g,
      );
      if (raw) problems.push(`${lang} ${path}: untranslated keys ${[...new Set(raw)].join(', ')}`);
      // Colours are measured once messages have finished fading in.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const violations = await seriousViolations(page);
      if (violations.length) problems.push(`${lang} ${path}: axe\n${describeViolations(violations)}`);
    }
  }
  expect(problems).toEqual([]);
});

/** The wizard's five steps as a Chinese-speaking user reads them (written out: a test of the translation). */
const FLOW_TEXTS = {
  zh: {
    steps: ['商品信息', '原料', '配方', '配方组合', '配件'],
    incomplete: '请完善商品信息',
    name: '商品名称',
    code: '商品编码',
    price: '价格',
    material: '原料',
    amount: '用量',
    action: '动作',
    parameter: (i: number) => `参数 ${i}`,
    value: (i: number) => `数值 ${i}`,
    addParameter: '添加参数',
    copy: '复制',
    edit: '修改',
    copyTitle: '复制商品',
    editTitle: '编辑商品',
  },
  tw: {
    steps: ['商品資訊', '原料', '配方', '配方組合', '配件'],
    incomplete: '請完善商品資訊',
    name: '商品名稱',
    code: '商品編碼',
    price: '價格',
    material: '原料',
    amount: '用量',
    action: '動作',
    parameter: (i: number) => `參數 ${i}`,
    value: (i: number) => `數值 ${i}`,
    addParameter: '新增參數',
    copy: '複製',
    edit: '修改',
    copyTitle: '複製商品',
    editTitle: '編輯商品',
  },
} as const;

/** A button's name: antd writes a space between two Chinese characters (複 製). */
const buttonName = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

/** Signs in as the merchant's administrator and switches the console to `lang`. */
async function merchantPage(
  base: string,
  newPage: () => Promise<Page>,
  account: string,
  lang: 'zh' | 'tw',
): Promise<Page> {
  const page = await newPage();
  await signIn(page, base, account, PASSWORD, lang);
  await expect(page.locator('html'), 'lang').toHaveAttribute('lang', HTML_LANG[lang]);
  return page;
}

/** The step titles of the wizard, and the heading of the open step. */
async function expectStepTitles(page: Page, lang: 'zh' | 'tw', current: number) {
  const texts = FLOW_TEXTS[lang];
  expect(
    (await view(page).locator('.product-flow-steps .ant-steps-item-title').allInnerTexts()).map((t) =>
      t.trim(),
    ),
    `${lang} step titles`,
  ).toEqual([...texts.steps]);
  await view(page)
    .getByRole('heading', { name: `第 ${current} 步，共 5 步：${texts.steps[current - 1]}` })
    .waitFor();
}

/**
 * The first two steps in `lang`: saving an empty first step is refused in that language, then the
 * product's information and one material line are filled in; ends on the recipe step.
 */
async function infoAndMaterial(
  page: Page,
  lang: 'zh' | 'tw',
  p: { name: string; code: string; price: string; material: string; amount: string },
) {
  const T = FLOW_TEXTS[lang];
  await step(page, 'info').waitFor();
  await expectStepTitles(page, lang, 1);
  await view(page).getByTestId('flow-next').click();
  await page.getByText(T.incomplete).first().waitFor();
  await step(page, 'info').waitFor();
  await view(page).getByLabel(T.name, { exact: true }).fill(p.name);
  await view(page).getByLabel(T.code, { exact: true }).fill(p.code);
  await view(page).getByLabel(T.price, { exact: true }).fill(p.price);
  await next(page, 'materials');
  await expectStepTitles(page, lang, 2);
  await choose(page, step(page, 'materials'), T.material, p.material);
  await view(page).getByLabel(T.amount, { exact: true }).fill(p.amount);
  await next(page, 'recipe');
  await expectStepTitles(page, lang, 3);
}

test('products in zh: a blender product created (a recipe error named), then copied', async ({
  base,
  api,
  newPage,
}) => {
  const stamp = Date.now();
  const shop = await merchantWithCatalog(api, stamp);
  await api.call('POST', '/coffee/material', { merchantId: shop.merchantId, name: '草莓果泥', unit: 'g' });
  const T = FLOW_TEXTS.zh;
  const name = `草莓果昔 ${stamp}`;
  const page = await merchantPage(base, newPage, shop.account, 'zh');
  await page.goto(`${base}/#/produce-blender-create`);
  await view(page).getByRole('heading', { name: '新增搅拌或冰沙商品' }).waitFor();
  // Nothing filled in: the flow says so in Chinese and stays; then the information and a material.
  await infoAndMaterial(page, 'zh', {
    name,
    code: `SMO-${stamp}`,
    price: '4.50',
    material: '草莓果泥',
    amount: '150',
  });

  // Blender parameters: too much fruit is named in Chinese and holds the flow.
  await choose(page, step(page, 'recipe'), T.action, '加水果');
  await choose(page, step(page, 'recipe'), T.parameter(1), '水果 (g)');
  await view(page).getByLabel(T.value(1), { exact: true }).fill('400');
  const problems = view(page).getByTestId('recipe-problems');
  await problems.getByText('第 1 步：水果 400 超出 0–300 g').waitFor();
  await view(page).getByTestId('flow-next').click();
  await page.getByText(T.incomplete).first().waitFor();
  await step(page, 'recipe').waitFor();
  await view(page).getByLabel(T.value(1), { exact: true }).fill('200');
  await problems.waitFor({ state: 'detached' });
  await view(page).getByRole('button', { name: T.addParameter }).click();
  await choose(page, step(page, 'recipe'), T.parameter(2), '搅拌时间 (s)');
  await view(page).getByLabel(T.value(2), { exact: true }).fill('40');
  await next(page, 'combos');
  await next(page, 'accessories');
  await expectStepTitles(page, 'zh', 5);
  await view(page).getByTestId('flow-save').click();
  await waitForHash(page, '#/produce-name');
  await view(page).locator('tr', { hasText: name }).waitFor();
  const [product] = await api.list<Item>('product', { name });
  expect([product.family, product.price], 'blender product').toEqual(['blender', '4.50']);
  const [fruit] = (product.recipe as { steps: Item[] }).steps;
  expect([fruit.action, fruit.params], 'recipe').toEqual(['fruit', { blendS: 40, fruitG: 200 }]);

  // Copied from the list: the copy keeps the recipe and needs its own code.
  await view(page)
    .locator('tr', { hasText: name })
    .getByRole('button', { name: buttonName(T.copy) })
    .click();
  await waitForHash(page, '#/produce-four-name-copy');
  await view(page)
    .getByRole('heading', { name: `${T.copyTitle} · ${name}` })
    .waitFor();
  await expectStepTitles(page, 'zh', 1);
  await expect(view(page).getByLabel(T.code, { exact: true }), 'code of a copy').toHaveValue('');
  await view(page).getByLabel(T.name, { exact: true }).fill(`${name} 大杯`);
  await view(page).getByLabel(T.code, { exact: true }).fill(`SMO-${stamp}-L`);
  for (const to of ['materials', 'recipe', 'combos', 'accessories']) await next(page, to);
  await view(page).getByTestId('flow-save').click();
  await waitForHash(page, '#/produce-name');
  await view(page)
    .locator('tr', { hasText: `SMO-${stamp}-L` })
    .waitFor();
  const [copy] = await api.list<Item>('product', { code: `SMO-${stamp}-L` });
  expect([copy.family, copy.recipe], 'family and recipe of the copy').toEqual([
    product.family,
    product.recipe,
  ]);
});

test('products in tw: a milk-frother product created (a recipe error named), then edited', async ({
  base,
  api,
  newPage,
}) => {
  const stamp = Date.now();
  const shop = await merchantWithCatalog(api, stamp);
  await api.call('POST', '/coffee/material', { merchantId: shop.merchantId, name: '鮮奶', unit: 'ml' });
  const T = FLOW_TEXTS.tw;
  const name = `熱奶泡 ${stamp}`;
  const page = await merchantPage(base, newPage, shop.account, 'tw');
  await page.goto(`${base}/#/produce-four-name-create`);
  await view(page).getByRole('heading', { name: '新增奶泡商品' }).waitFor();
  await infoAndMaterial(page, 'tw', {
    name,
    code: `FOAM-${stamp}`,
    price: '1.80',
    material: '鮮奶',
    amount: '200',
  });

  // Milk-frother parameters: a temperature too hot for milk foam is named in traditional Chinese.
  await choose(page, step(page, 'recipe'), T.action, '加奶');
  await choose(page, step(page, 'recipe'), T.parameter(1), '牛奶 (ml)');
  await view(page).getByLabel(T.value(1), { exact: true }).fill('200');
  await view(page).getByRole('button', { name: T.addParameter }).click();
  await choose(page, step(page, 'recipe'), T.parameter(2), '溫度 (°C)');
  await view(page).getByLabel(T.value(2), { exact: true }).fill('90');
  const problems = view(page).getByTestId('recipe-problems');
  await problems.getByText('第 1 步：溫度 90 超出 40–75 °C').waitFor();
  await view(page).getByTestId('flow-next').click();
  await page.getByText(T.incomplete).first().waitFor();
  await step(page, 'recipe').waitFor();
  await view(page).getByLabel(T.value(2), { exact: true }).fill('65');
  await problems.waitFor({ state: 'detached' });
  await next(page, 'combos');
  await expectStepTitles(page, 'tw', 4);
  await next(page, 'accessories');
  await view(page).getByTestId('flow-save').click();
  await waitForHash(page, '#/produce-name');
  await view(page).locator('tr', { hasText: name }).waitFor();
  const [product] = await api.list<Item>('product', { name });
  expect([product.family, product.price], 'milk-frother product').toEqual(['milk-frother', '1.80']);
  const [milk] = (product.recipe as { steps: Item[] }).steps;
  expect([milk.action, milk.params], 'recipe').toEqual(['milk', { milkMl: 200, temperatureC: 65 }]);

  // Edited from the list: saved from the first step, the recipe and its version unchanged.
  await view(page)
    .locator('tr', { hasText: name })
    .getByRole('button', { name: buttonName(T.edit) })
    .click();
  await waitForHash(page, '#/produce-name-editProduce');
  await view(page)
    .getByRole('heading', { name: `${T.editTitle} · ${name}` })
    .waitFor();
  await expectStepTitles(page, 'tw', 1);
  await view(page).getByLabel(T.price, { exact: true }).fill('2.10');
  await view(page).getByTestId('flow-save').click();
  await waitForHash(page, '#/produce-name');
  await expect
    .poll(
      async () => {
        const [edited] = await api.list<Item>('product', { code: `FOAM-${stamp}` });
        return [edited.price, edited.recipeVersion, edited.recipe];
      },
      { message: 'edited product' },
    )
    .toEqual(['2.10', 1, product.recipe]);
});
