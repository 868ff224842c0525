/**
 * The data center's statistics pages (issue 17 point 2) with figures a machine reported: a merchant
 * administrator opens Business Center (orders and revenue of today's sales), groups it by store
 * (kept in the address) and exports it; opens Device statistics and goes from the machine's row to
 * its Machine data page with the same dates. Then one page each in simplified and traditional
 * Chinese. The machine reports its sales as one taking orders on its screen does. Then the extraction
 * estimate: a merchant describes one cup of its coffee machine and reads its TDS, yield and label, in
 * English and traditional Chinese.
 */
import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { en } from '../../src/locales/en';
import { tw } from '../../src/locales/tw';
import { zh } from '../../src/locales/zh';
import { expect, test } from '../fixtures';
import { pick } from '../support/form';
import { AdminApi } from '../support/api';
import { createModel, registerDevice } from '../support/fleet';
import { reportSales, waitForOrders, type Sale } from '../support/orders';
import {
  describeViolations,
  seriousViolations,
  setLanguageCookie,
  signIn,
  view,
  type Lang,
} from '../support/ui';

const PASSWORD = 'Stats-Pass-2026';
/** The rollups may be up to a minute behind what the machines reported. */
const FIGURES_WITHIN = 90_000;

/** A merchant, its store, a latte on sale and a machine that sold three orders of two lattes today. */
async function world(api: AdminApi, mqttUrl: string | undefined) {
  const stamp = crypto.randomBytes(3).toString('hex');
  const login = `stats${stamp}`;
  const merchantId = await api.createMerchant(`Stats ${stamp}`, login, PASSWORD);
  const store = `Harbour ${stamp}`;
  const storeId = await api.createStore(store, merchantId);
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
  const machine = await registerDevice(api, modelId, { name: `Bar ${stamp}`, merchantId, storeId });
  const sales: Sale[] = [1, 2, 3].map((n) => ({
    orderNo: `S${stamp}-${n}`,
    pickupCode: `S${n}`,
    lines: [{ productCode: code, unitPrice: '3.50', quantity: 2 }],
    end: 'completed',
  }));
  await reportSales(mqttUrl, machine, sales);
  await waitForOrders(merchant, sales);
  return { login, store, machine };
}

/** Opens a statistics page in a language and waits for its heading. */
async function open(page: Page, base: string, lang: Lang, route: string, title: string) {
  await setLanguageCookie(page, base, lang);
  await page.goto(`${base}/#/${route}`);
  await page.reload();
  await view(page).getByRole('heading', { level: 2, name: title }).waitFor();
}

/** Opens the extraction estimate in a language: its form is up when its Estimate button shows. */
async function openEstimate(page: Page, base: string, lang: Lang) {
  await setLanguageCookie(page, base, lang);
  await page.goto(`${base}/#/dataCenter-extractionEstimate`);
  await page.reload();
  await view(page).getByTestId('estimate-calculate').waitFor();
}

/** A double shot as the machine would report it (18 g, 28 s at 1.3 ml/s), estimated, in `texts`' language. */
async function describeCup(page: Page, texts: typeof en | typeof tw, machineName: string) {
  const screen = view(page);
  const { fields } = texts.extractionEstimate;
  await pick(page, screen.getByLabel(fields.deviceId, { exact: true }), machineName);
  await screen.getByLabel(fields.powderG, { exact: true }).fill('18');
  await screen.getByLabel(fields.extractionS, { exact: true }).fill('28');
  await screen.getByLabel(fields.extractionFlowMlPerS, { exact: true }).fill('1.3');
  await screen.getByTestId('estimate-calculate').click();
}

/** The totals row's cell of the page's `index`-th measure. */
const totalOf = (page: Page, index: number) =>
  view(page)
    .getByTestId('stat-total')
    .locator('td')
    .nth(index + 1);

/** Reloads until a total reads `text` (the rollups catch up within a minute). */
async function waitForTotal(page: Page, index: number, text: string) {
  await expect(async () => {
    await page.reload();
    await expect(totalOf(page, index)).toHaveText(text, { timeout: 5_000 });
  }).toPass({ timeout: FIGURES_WITHIN, intervals: [2_000, 5_000] });
}

/** No key shown untranslated. */
async function untranslated(page: Page) {
  const text = await page.locator('body').innerText();
  return text.match(/\bdataCenter\.[A-Za-z-]+(?:\.[A-Za-z0-9:-]+)*/g) ?? [];
}

test('data center: Business Center and Device statistics with reported sales, grouped, exported, in en; zh and tw', async ({
  base,
  api,
  mqttUrl,
  newPage,
}) => {
  const w = await world(api, mqttUrl);
  const page = await newPage();
  await signIn(page, base, w.login, PASSWORD);

  // Business Center, by day: three orders, six cups sold, 21.00 of revenue.
  await open(page, base, 'en', 'dataCenter-business', 'Business Center');
  // Measures: orders, revenue, average ticket, refunded, tax, cups sold.
  await waitForTotal(page, 0, '3');
  const business = view(page);
  await expect(totalOf(page, 1)).toContainText('21.00');
  await expect(totalOf(page, 5)).toHaveText('6');
  await expect(business.getByTestId('stat-total')).toContainText(en.dataCenter.total);
  await expect(business.getByTestId('stat-chart')).toHaveAttribute('data-kind', 'line');
  await expect(business.getByTestId('stat-as-of')).toContainText('Figures as of');
  expect(await untranslated(page)).toEqual([]);
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);

  // Grouped by store: the store's row, and the grouping in the address.
  await business
    .getByTestId('stat-group-by')
    .getByText(en.dataCenter.dimensions.store, { exact: true })
    .click();
  await expect(business.getByTestId('stat-table')).toContainText(w.store);
  await expect(page).toHaveURL(/#\/dataCenter-business\?by=store&from=\d{4}-\d{2}-\d{2}&to=/);
  await expect(business.getByTestId('stat-chart')).toHaveAttribute('data-kind', 'bar');

  // The export is these figures as a file.
  await business.getByTestId('export').click();
  const downloading = page.waitForEvent('download');
  await page.getByText(en.exporter.xlsx).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^business-store-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);

  // Device statistics: the machine's six cups; its row opens its Machine data page with the same dates.
  await open(page, base, 'en', 'dataCenter-deviceStatistics', 'Device statistics');
  await waitForTotal(page, 0, '6');
  const link = view(page).getByTestId('stat-row-link').filter({ hasText: w.machine.name });
  await link.click();
  await expect(page).toHaveURL(
    new RegExp(`#/dataCenter-machineDataStatistics\\?from=.*deviceId=${w.machine.id}`),
  );
  await view(page).getByRole('heading', { level: 2, name: 'Machine data' }).waitFor();
  await expect(totalOf(page, 0)).toHaveText('6');
  expect(await untranslated(page)).toEqual([]);

  // Simplified Chinese: Business Center; traditional: Device statistics.
  await open(page, base, 'zh', 'dataCenter-business', '营业中心');
  await expect(view(page).getByTestId('stat-total')).toContainText(zh.dataCenter.total);
  await expect(view(page).getByTestId('stat-table')).toContainText(zh.dataCenter.measures.revenue);
  expect(await untranslated(page)).toEqual([]);
  await open(page, base, 'tw', 'dataCenter-deviceStatistics', '設備統計');
  await expect(view(page).getByTestId('stat-total')).toContainText(tw.dataCenter.total);
  await expect(view(page).getByTestId('stat-table')).toContainText(tw.dataCenter.measures.badCupRate);
  await expect(view(page).getByTestId('stat-group-by')).toContainText(tw.dataCenter.dimensions.family);
  expect(await untranslated(page)).toEqual([]);
});

test('data center: a merchant estimates one cup on its coffee machine, in en and tw', async ({
  base,
  api,
  newPage,
}) => {
  const stamp = crypto.randomBytes(3).toString('hex');
  const login = `estimate${stamp}`;
  const merchantId = await api.createMerchant(`Estimate ${stamp}`, login, PASSWORD);
  const storeId = await api.createStore(`Quay ${stamp}`, merchantId);
  const { id: modelId } = await createModel(api, 'automatic', 'coffee');
  const machine = await registerDevice(api, modelId, { name: `Espresso ${stamp}`, merchantId, storeId });
  const page = await newPage();
  await signIn(page, base, login, PASSWORD);

  // The platform's espresso profile judges the cup (no profile of the merchant's own), uncalibrated.
  await openEstimate(page, base, 'en');
  await expect(view(page).getByText('Extraction estimate', { exact: true }).first()).toBeVisible();
  const screen = view(page);
  await describeCup(page, en, machine.name);
  await expect(screen.getByTestId('estimate-tds')).toHaveText(/^\d+\.\d+ %$/);
  await expect(screen.getByTestId('estimate-yield')).toHaveText(/^\d+\.\d+ %$/);
  // One of the nine labels, as a tag.
  const label = (await screen.getByTestId('estimate-label').locator('.ant-tag').innerText()).trim();
  const key = Object.entries(en.dataCenter.quality).find(([, text]) => text === label)?.[0];
  expect(key, `"${label}" is a quality label`).toBeDefined();
  await expect(screen.getByTestId('estimate-factor')).toHaveText(en.extractionEstimate.result.uncalibrated);
  expect(await untranslated(page)).toEqual([]);
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);

  // Traditional Chinese: the same cup, its label in traditional characters.
  await openEstimate(page, base, 'tw');
  const twScreen = view(page);
  await describeCup(page, tw, machine.name);
  const twLabel = tw.dataCenter.quality[key as keyof typeof tw.dataCenter.quality];
  await expect(twScreen.getByTestId('estimate-label').locator('.ant-tag')).toHaveText(twLabel);
  expect(await untranslated(page)).toEqual([]);
});
