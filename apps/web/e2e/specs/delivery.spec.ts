/**
 * The delivery platform (issue 13) as a merchant administrator. In English, the whole journey: enter
 * the Uber Eats client id and secret, set up a store unbound and then bind it to an Uber store id, add
 * a takeout product through `/produce-takeout-addProduce`, press "Sync menu" and read Uber's refusal
 * of the unpriced item, price it on `/produce-takeout-editProduce` and sync again: the menu is on
 * Uber. In Chinese and Traditional Chinese, the same pages translated and accessible, and a sync of
 * that store told in the language (a journey per language would only repeat the clicks).
 *
 * Uber is the repo's simulated Uber Eats server, started here on the loopback port the e2e server was
 * told to use (e2e/global-setup.ts sets UBER_API_URL and UBER_AUTH_URL for both).
 */
import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { startSimulatedUber, type SimulatedUber } from '@brewfleet/simulator';
import { DELIVERY_MESSAGES } from '@brewfleet/contracts/i18n/delivery-messages';
import { en } from '../../src/locales/en';
import { tw } from '../../src/locales/tw';
import { zh } from '../../src/locales/zh';
import { expect, test } from '../fixtures';
import { AdminApi } from '../support/api';
import { drawer, pick, saveDrawer } from '../support/form';
import {
  describeViolations,
  seriousViolations,
  setLanguageCookie,
  signIn,
  view,
  type Lang,
} from '../support/ui';

const PASSWORD = 'Delivery-Pass-2026';
const LOCALES = { en, zh, tw };

/** The simulated Uber's address, when the e2e server was pointed at a loopback one. */
function simulatedAddress(): { host: string; port: number } | null {
  const api = process.env.UBER_API_URL;
  if (!api || api !== process.env.UBER_AUTH_URL) return null;
  const url = new URL(api);
  if (!['127.0.0.1', 'localhost'].includes(url.hostname) || !url.port) return null;
  return { host: url.hostname, port: Number(url.port) };
}

async function open(page: Page, base: string, lang: Lang, route: string, title: string) {
  await setLanguageCookie(page, base, lang);
  await page.goto(`${base}/#/${route}`);
  await page.reload();
  await view(page).getByRole('heading', { name: title, exact: true }).waitFor();
}

async function checkPage(page: Page, lang: Lang, what: string, problems: string[]) {
  const text = await page.locator('body').innerText();
  const raw = text.match(/\b(?:resources|common|delivery)\.[A-Za-z-]+(?:\.[A-Za-z0-9-]+)+/g);
  if (raw) problems.push(`${lang} ${what}: untranslated keys ${[...new Set(raw)].join(', ')}`);
  const violations = await seriousViolations(page);
  if (violations.length) problems.push(`${lang} ${what}: axe\n${describeViolations(violations)}`);
}

test('delivery: a merchant administrator binds Uber Eats, a store and a takeout product, and syncs the menu, in en, zh and tw', async ({
  base,
  api,
  newPage,
}) => {
  test.setTimeout(180_000);
  const stamp = crypto.randomBytes(3).toString('hex');
  const login = `delivery${stamp}`;
  const clientId = `client-${stamp}`;
  const clientSecret = `secret-${stamp}-${crypto.randomBytes(8).toString('hex')}`;
  const address = simulatedAddress();
  if (!address)
    throw new Error('UBER_API_URL and UBER_AUTH_URL must name one loopback address (e2e/global-setup.ts)');
  const uber: SimulatedUber = await startSimulatedUber({ clients: { [clientId]: clientSecret }, ...address });

  try {
    const merchantId = await api.createMerchant(`Delivery ${stamp}`, login, PASSWORD);
    const merchant = await AdminApi.signIn(base, login, PASSWORD);
    const beans = await merchant.call<{ id: string }>('POST', '/coffee/material', {
      name: `Beans ${stamp}`,
      unit: 'g',
    });
    const problems: string[] = [];

    // The whole journey, in English.
    const texts = LOCALES.en;
    const d = texts.delivery;
    const r = texts.resources;
    const storeName = `Uber Quay ${stamp}`;
    const productName = `Latte ${stamp}`;
    const productCode = `LAT-${stamp}`;
    const product = await merchant.call<{ id: string }>('POST', '/coffee/product', {
      name: productName,
      code: productCode,
      kind: 'drink',
      family: 'coffee',
      price: '4.00',
      recipe: {
        steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40, temperatureC: 92 } }],
      },
      materials: [{ materialId: beans.id, amount: 18 }],
    });
    // The store sells it: a store's Uber menu is what it sells that is a takeout product.
    const storeId = await api.createStore(storeName, merchantId);
    await merchant.call('POST', '/coffee/store-product', { storeId, productId: product.id });
    const page = await newPage();
    await signIn(page, base, login, PASSWORD);

    // Uber: the client id and secret; the secret is never shown in the list.
    await open(page, base, 'en', 'delivery-uber', r['uber-account'].title);
    await view(page).getByTestId('create').click();
    await drawer(page).getByLabel(r['uber-account'].fields.clientId, { exact: true }).fill(clientId);
    await drawer(page).getByLabel(r['uber-account'].fields.clientSecret, { exact: true }).fill(clientSecret);
    await saveDrawer(page);
    await expect(view(page).locator('tr', { hasText: clientId })).toBeVisible();
    await expect(view(page)).not.toContainText(clientSecret);
    await checkPage(page, 'en', 'uber', problems);

    // The store, first unbound, then bound to its Uber store id.
    const uberStoreId = `uber-${stamp}`;
    await open(page, base, 'en', 'delivery-store', r['delivery-store'].title);
    await view(page).getByTestId('create').click();
    await pick(
      page,
      drawer(page).getByLabel(r['delivery-store'].fields.storeId, { exact: true }),
      storeName,
      storeName,
    );
    await saveDrawer(page);
    const unbound = view(page)
      .locator('tr', { has: page.getByTestId('binding') })
      .filter({ hasText: r['delivery-store'].values.binding.unbound });
    await expect(unbound).toHaveCount(1);
    await expect(unbound.getByTestId('sync-state')).toHaveText(r['delivery-store'].values.syncState.never);
    await expect(unbound.getByRole('button', { name: d.sync.action })).toHaveCount(0);
    await unbound.getByRole('button', { name: texts.common.edit }).click();
    await drawer(page).getByLabel(r['delivery-store'].fields.uberStoreId, { exact: true }).fill(uberStoreId);
    await saveDrawer(page);
    const row = view(page).locator('tr', { hasText: uberStoreId });
    await expect(row.getByTestId('binding')).toHaveText(r['delivery-store'].values.binding.bound);
    await checkPage(page, 'en', 'uber stores', problems);

    // A takeout product, added on its own route, at no price yet.
    await open(page, base, 'en', 'delivery-menu', r['takeout-product'].title);
    await view(page).getByTestId('create-takeout').click();
    await expect(page).toHaveURL(/#\/produce-takeout-addProduce/);
    const form = view(page);
    await expect(form.getByTestId('takeout-heading')).toHaveText(d.routes.add);
    // Before a select is opened: its option list, left in the page, has no name of its own.
    await checkPage(page, 'en', 'takeout add', problems);
    await pick(
      page,
      form.getByLabel(r['takeout-product'].fields.productId, { exact: true }),
      productName,
      productName,
    );
    await form.getByLabel(r['takeout-product'].fields.deliveryPrice, { exact: true }).fill('0.00');
    await form.getByLabel(r['takeout-product'].fields.description, { exact: true }).fill('Oat milk');
    await form.getByTestId('takeout-save').click();
    await expect(page).toHaveURL(/#\/delivery-menu/);
    const takeoutRow = view(page).locator('tr', { hasText: productName });
    await expect(takeoutRow).toBeVisible();

    // Sync menu: the item at zero is refused before upload, named.
    await open(page, base, 'en', 'delivery-store', r['delivery-store'].title);
    await row.getByRole('button', { name: d.sync.action }).click();
    let dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(d.sync.title.replace('{{store}}', uberStoreId));
    const error = dialog.getByTestId('sync-error');
    await expect(error).toContainText(d.sync.failed, { timeout: 30_000 });
    await expect(error).toContainText(
      DELIVERY_MESSAGES['msg.deliveryItemMalformed'].en
        .replace('{{product}}', productName)
        .replace('{{code}}', productCode),
    );
    await dialog.getByTestId('sync-close').click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('sync-state')).toHaveText(r['delivery-store'].values.syncState.failed);

    // Priced on the edit route, the menu goes up.
    await open(page, base, 'en', 'delivery-menu', r['takeout-product'].title);
    await takeoutRow.getByRole('button', { name: texts.common.edit }).click();
    await expect(page).toHaveURL(/#\/produce-takeout-editProduce\?id=/);
    await expect(form.getByTestId('takeout-heading')).toHaveText(d.routes.edit);
    const price = form.getByLabel(r['takeout-product'].fields.deliveryPrice, { exact: true });
    await expect(price).toHaveValue('0.00');
    await price.fill('5.50');
    await form.getByTestId('takeout-save').click();
    await expect(page).toHaveURL(/#\/delivery-menu/);
    await open(page, base, 'en', 'delivery-store', r['delivery-store'].title);
    await row.getByRole('button', { name: d.sync.action }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('sync-done')).toContainText(d.sync.done.split('{{count}}')[0], {
      timeout: 30_000,
    });
    await dialog.getByTestId('sync-close').click();
    await expect(row.getByTestId('sync-state')).toHaveText(r['delivery-store'].values.syncState.synced);
    // What Uber holds now: this store's menu, with the product at 5.50 in minor units.
    const item = uber.menus
      .get(uberStoreId)
      ?.items.find((i) => Object.values(i.title.translations).includes(productName));
    expect(item?.price_info.price, 'the item on Uber').toBe(550);
    await page.close();

    // Chinese and Traditional Chinese: the pages translated and accessible, a sync told in the language.
    for (const lang of ['zh', 'tw'] as const) {
      const t = LOCALES[lang];
      const other = await newPage();
      await signIn(other, base, login, PASSWORD);
      await open(other, base, lang, 'delivery-uber', t.resources['uber-account'].title);
      await expect(view(other).locator('tr', { hasText: clientId })).toBeVisible();
      await checkPage(other, lang, 'uber', problems);
      await open(other, base, lang, 'delivery-menu', t.resources['takeout-product'].title);
      await expect(view(other).locator('tr', { hasText: productName })).toBeVisible();
      await checkPage(other, lang, 'takeout products', problems);
      await open(other, base, lang, 'delivery-store', t.resources['delivery-store'].title);
      const bound = view(other).locator('tr', { hasText: uberStoreId });
      await expect(bound.getByTestId('binding')).toHaveText(
        t.resources['delivery-store'].values.binding.bound,
      );
      await checkPage(other, lang, 'uber stores', problems);
      await bound.getByRole('button', { name: t.delivery.sync.action }).click();
      const told = other.getByRole('dialog').getByTestId('sync-done');
      await expect(told).toContainText(t.delivery.sync.done.split('{{count}}')[0], { timeout: 30_000 });
      await other.close();
    }
    expect(problems).toEqual([]);
    // As the API answers it: the store bound, its menu synced, one takeout product.
    const stores = await merchant.list<{ binding: string; syncState: string }>('delivery-store');
    expect(stores.map((s) => [s.binding, s.syncState])).toEqual([['bound', 'synced']]);
    expect(await merchant.list('takeout-product')).toHaveLength(1);
  } finally {
    await uber.stop();
  }
});
