/**
 * Orders (issue 11): the Order List in three languages, filtered by status; an order's detail page
 * and a refund of one of its lines; store staff see only their store's orders. The orders are
 * reported by a machine of the merchant, as one taking orders on its screen does; the tests pick
 * them from the list as a user would.
 */
import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { STORE_STAFF_MENUS } from '@brewfleet/contracts/menu-seed';
import { en } from '../../src/locales/en';
import { tw } from '../../src/locales/tw';
import { zh } from '../../src/locales/zh';
import { expect, test } from '../fixtures';
import { AdminApi } from '../support/api';
import { createModel, registerDevice, type Registered } from '../support/fleet';
import { pick } from '../support/form';
import { reportSales, waitForOrders, type Sale } from '../support/orders';
import {
  describeViolations,
  seriousViolations,
  setLanguageCookie,
  signIn,
  view,
  waitForHash,
  type Lang,
} from '../support/ui';

const PASSWORD = 'Orders-Pass-2026';
const LOCALES = { en, zh, tw };
const LANGS: Lang[] = ['en', 'zh', 'tw'];

/** "1.00" as the console writes money in that language: $1.00, or 1.00 元. */
const moneyIn = (lang: Lang, amount: string) =>
  LOCALES[lang].common.moneyFormat.replace('{{amount}}', amount);

/**
 * A merchant with two stores, a latte on sale and a machine in each store; the first machine sold
 * three orders of two lattes (completed) and one of a latte was cancelled, the second machine one
 * order of a latte.
 */
async function world(api: AdminApi, mqttUrl: string | undefined) {
  const stamp = crypto.randomBytes(3).toString('hex');
  const login = `orders${stamp}`;
  const merchantId = await api.createMerchant(`Orders ${stamp}`, login, PASSWORD);
  const storeIds = [
    await api.createStore(`Pier ${stamp}`, merchantId),
    await api.createStore(`Depot ${stamp}`, merchantId),
  ];
  const merchant = await AdminApi.signIn(api.base, login, PASSWORD);
  const beans = await merchant.call<{ id: string }>('POST', '/coffee/material', {
    name: `Beans ${stamp}`,
    unit: 'g',
  });
  const code = `LAT-${stamp}`;
  await merchant.call('POST', '/coffee/product', {
    name: `Latte ${stamp}`,
    code,
    kind: 'drink',
    family: 'coffee',
    price: '3.50',
    recipe: {
      steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40, temperatureC: 92 } }],
    },
    materials: [{ materialId: beans.id, amount: 18 }],
  });
  const { id: modelId } = await createModel(api, 'automatic', 'coffee');
  const machines: Registered[] = [];
  for (const [i, storeId] of storeIds.entries())
    machines.push(
      await registerDevice(api, modelId, { name: `Till ${stamp} #${i + 1}`, merchantId, storeId }),
    );

  const latte = (quantity: number) => ({ productCode: code, unitPrice: '3.50', quantity });
  const pier: Sale[] = [
    ...[1, 2, 3].map((n): Sale => ({
      orderNo: `P${stamp}-${n}`,
      pickupCode: `A${n}`,
      lines: [latte(2)],
      end: 'completed',
    })),
    { orderNo: `P${stamp}-9`, pickupCode: 'A9', lines: [latte(1)], end: 'cancelled', method: 'cash' },
  ];
  const depot: Sale[] = [{ orderNo: `D${stamp}-1`, pickupCode: 'B1', lines: [latte(1)], end: 'completed' }];
  await reportSales(mqttUrl, machines[0], pier);
  await reportSales(mqttUrl, machines[1], depot);
  await waitForOrders(merchant, [...pier, ...depot]);
  return { stamp, login, merchant, storeIds, pier, depot };
}

/** Opens the Order List in a language and waits for its rows. */
async function openList(page: Page, base: string, lang: Lang) {
  await setLanguageCookie(page, base, lang);
  await page.goto(`${base}/#/order-list`);
  await page.reload();
  await view(page).getByRole('heading', { name: LOCALES[lang].resources.order.title }).waitFor();
  await view(page).getByTestId('order-link').first().waitFor();
}

/** No key shown untranslated, no serious accessibility problem. */
async function checkPage(page: Page, lang: Lang, what: string, problems: string[]) {
  const text = await page.locator('body').innerText();
  const raw = text.match(/\b(?:resources|common|orders|order)\.[A-Za-z-]+(?:\.[A-Za-z0-9-]+)+/g);
  if (raw) problems.push(`${lang} ${what}: untranslated keys ${[...new Set(raw)].join(', ')}`);
  const violations = await seriousViolations(page);
  if (violations.length) problems.push(`${lang} ${what}: axe\n${describeViolations(violations)}`);
  // The page fits the window: a wide table scrolls in its own region (the detail once ran 120 px past).
  const past = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (past > 0) problems.push(`${lang} ${what}: ${past} px wider than the window`);
}

/** Filters the list by one status through the search form. */
async function filterByStatus(page: Page, lang: Lang, status: 'completed' | 'cancelled') {
  const texts = LOCALES[lang];
  const select = view(page).getByLabel(texts.resources.order.fields.status, { exact: true });
  if (!(await select.isVisible())) await view(page).getByTestId('search-more').click();
  await pick(page, select, texts.resources.order.values.status[status]);
  await page.keyboard.press('Escape'); // the multiple select's dropdown stays open over the buttons
  await view(page).getByRole('button', { name: texts.common.search }).click();
}

test('orders: a merchant administrator lists orders, filters them by status, opens one and refunds a line, in en, zh and tw', async ({
  base,
  api,
  mqttUrl,
  newPage,
}) => {
  const w = await world(api, mqttUrl);
  const cancelled = w.pier.find((s) => s.end === 'cancelled')!;
  const problems: string[] = [];
  for (const [index, lang] of LANGS.entries()) {
    const texts = LOCALES[lang];
    const page = await newPage();
    await signIn(page, base, w.login, PASSWORD);
    await openList(page, base, lang);
    const list = view(page);
    // Money in the language's format, and the cancelled order among the others before filtering.
    await expect(list.locator('tr', { hasText: cancelled.orderNo })).toHaveCount(1);
    await expect(list.locator('tbody')).toContainText(moneyIn(lang, '7.00'));

    await checkPage(page, lang, 'order list', problems);

    await filterByStatus(page, lang, 'completed');
    await expect(list.locator('tr', { hasText: cancelled.orderNo }), 'the cancelled order').toHaveCount(0);
    const statuses = list.locator('tbody').getByTestId('order-status');
    await expect(statuses.first()).toHaveText(texts.resources.order.values.status.completed);
    for (const tag of await statuses.all())
      await expect(tag).toHaveText(texts.resources.order.values.status.completed);

    // Some completed order of two lattes, a different one in each language: each is refunded once.
    const link = list
      .locator('tr', { hasText: moneyIn(lang, '7.00') })
      .nth(index)
      .getByTestId('order-link');
    const orderNo = (await link.textContent())!.trim();
    await link.click();
    await waitForHash(page, '#/order-detail');
    const detail = view(page);
    await detail.getByTestId('order-heading').filter({ hasText: orderNo }).waitFor();
    await expect(detail.getByTestId('order-refunded')).toHaveText(moneyIn(lang, '0.00'));
    await expect(detail.getByTestId('order-lines')).toContainText(`Latte ${w.stamp}`);
    await checkPage(page, lang, 'order detail', problems);

    await detail.getByTestId('order-refund').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(texts.orders.refund.perLine).click();
    await dialog.getByTestId('refund-line-1').fill('1.20');
    await dialog.getByLabel(texts.orders.refund.reason, { exact: true }).fill(`Too cold (${lang})`);
    await expect(dialog.getByTestId('refund-total')).toContainText(moneyIn(lang, '1.20'));
    await dialog.getByTestId('refund-submit').click();
    await expect(detail.getByTestId('order-refunded')).toHaveText(moneyIn(lang, '1.20'));
    await expect(detail.getByTestId('order-refundable')).toHaveText(moneyIn(lang, '5.80'));
    await expect(detail.getByTestId('order-payments')).toContainText(`Too cold (${lang})`);
  }

  expect(problems).toEqual([]);

  // Three orders refunded 1.20 each, once: as the API answers them.
  const refunded = (
    await w.merchant.list<{ orderNo: string; refunded: string }>('order', { status: ['completed'] })
  )
    .filter((o) => o.refunded !== '0.00')
    .map((o) => o.refunded);
  expect(refunded, 'refunded orders').toEqual(['1.20', '1.20', '1.20']);
});

test('orders: store staff see only their store’s orders', async ({ base, api, mqttUrl, newPage }) => {
  const w = await world(api, mqttUrl);
  const roleId = await w.merchant.createRole(`order-staff-${w.stamp}`, [...STORE_STAFF_MENUS]);
  const account = `till${w.stamp}`;
  await w.merchant.call('POST', '/coffee/account', {
    account,
    name: `Till ${w.stamp}`,
    password: w.merchant.encrypt(PASSWORD),
    confirmPassword: w.merchant.encrypt(PASSWORD),
    storeId: w.storeIds[0],
    roleIds: [roleId],
  });

  const page = await newPage();
  await signIn(page, base, account, PASSWORD);
  await openList(page, base, 'en');
  const list = view(page);
  for (const sale of w.pier) await list.locator('tr', { hasText: sale.orderNo }).waitFor();
  await expect(list.locator('tr', { hasText: w.depot[0].orderNo }), 'the other store’s order').toHaveCount(0);
  await expect(list.getByTestId('order-link')).toHaveCount(w.pier.length);

  // As the API answers the staff account, too; and it may not open the other store's order.
  const staff = await AdminApi.signIn(base, account, PASSWORD);
  const answered = (await staff.list<{ orderNo: string }>('order')).map((o) => o.orderNo).sort();
  expect(answered).toEqual(w.pier.map((s) => s.orderNo).sort());
  const [other] = await w.merchant.list<{ id: string }>('order', { orderNo: w.depot[0].orderNo });
  await expect(staff.call('GET', `/coffee/order/${other.id}/detail`)).rejects.toThrow();
});
