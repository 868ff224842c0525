/**
 * Menu distribution (issue 6 §4) in the browser against simulated machines: a store's menu created,
 * reviewed and pushed, each machine's row followed live to its end, a machine offline at the push
 * receiving it when it connects, a machine rejecting a recipe its hardware cannot make (details per
 * product) and being pushed again, a roll back; the store and equipment menus in three languages.
 */
import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import type { SimulatedMachine } from '@brewfleet/simulator';
import { en } from '../../src/locales/en';
import { tw } from '../../src/locales/tw';
import { zh } from '../../src/locales/zh';
import { expect, test } from '../fixtures';
import { AdminApi } from '../support/api';
import { createModel, readDevice, registerDevice, startMachine, waitForDevice } from '../support/fleet';
import { chooseOption, drawer, fillField } from '../support/form';
import {
  confirmDialog,
  describeViolations,
  seriousViolations,
  setLanguageCookie,
  signIn,
  type Lang,
  view,
} from '../support/ui';

const PASSWORD = 'Menus-Pass-2026';
const LOCALES = { en, zh, tw };
const recipe = (temperatureC: number, waterMl = 40) => ({
  steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl, temperatureC } }],
});

interface Progress {
  id: string;
  version: string;
  state: string;
  machines: Array<{ deviceId: string; commandId: string; state: string }>;
}

/**
 * A merchant with a store that sells two coffees (made of its beans: a drink needs a material
 * line), and two coffee machines bound to the store.
 */
async function storeWithMachines(api: AdminApi) {
  const stamp = crypto.randomBytes(3).toString('hex');
  const loginAccount = `menus${stamp}`;
  const merchantId = await api.createMerchant(`Menus ${stamp}`, loginAccount, PASSWORD);
  const storeName = `Menu Quay ${stamp}`;
  const storeId = await api.createStore(storeName, merchantId);
  const merchant = await AdminApi.signIn(api.base, loginAccount, PASSWORD);
  const beans = await merchant.call<{ id: string }>('POST', '/coffee/material', {
    name: `Beans ${stamp}`,
    unit: 'g',
  });
  const materials = [{ materialId: beans.id, amount: 18 }];
  const product = (name: string, code: string, price: string, temperatureC: number, water?: number) =>
    merchant.call<{ id: string }>('POST', '/coffee/product', {
      name,
      code: `${code}-${stamp}`,
      kind: 'drink',
      family: 'coffee',
      price,
      recipe: recipe(temperatureC, water),
      materials,
    });
  const espresso = await product(`Espresso ${stamp}`, 'ESP', '2.80', 93);
  const lungo = await product(`Lungo ${stamp}`, 'LUN', '3.20', 92, 110);
  await merchant.call('POST', '/coffee/store-product', { storeId, productId: espresso.id, price: '2.60' });
  await merchant.call('POST', '/coffee/store-product', { storeId, productId: lungo.id });
  const { id: modelId } = await createModel(api, 'automatic', 'coffee');
  const devices = [];
  for (const n of [1, 2])
    devices.push(await registerDevice(api, modelId, { name: `Quay ${stamp} #${n}`, merchantId, storeId }));
  return {
    stamp,
    loginAccount,
    merchant,
    merchantId,
    storeId,
    storeName,
    materials,
    espresso,
    lungo,
    devices,
  };
}

const progressOf = (api: AdminApi, id: string) =>
  api.call<Progress>('GET', `/coffee/menu-release/progress?id=${id}`);

async function waitForProgress(api: AdminApi, id: string, check: (p: Progress) => boolean, what: string) {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    if (check(await progressOf(api, id))) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await progressOf(api, id))}`);
}

const progressRow = (page: Page, deviceId: string) =>
  page.locator('.ant-drawer-open').getByTestId('progress-machines').locator(`[data-device="${deviceId}"]`);

/** The row of a release (by its unique name) on the distribution screen. */
const releaseRow = (page: Page, name: string) => view(page).locator('tr', { hasText: name });

async function confirm(page: Page, button: string) {
  await (await confirmDialog(page)).getByRole('button', { name: button }).click();
}

test('menus: create, review and push a store’s menu; follow each machine; an offline one takes it when it connects; roll back', async ({
  base,
  api,
  mqttUrl,
  newPage,
}) => {
  const s = await storeWithMachines(api);
  const [online, offline] = s.devices;
  const machines: SimulatedMachine[] = [await startMachine(mqttUrl, online)];
  try {
    await waitForDevice(api, online.id, (d) => d.online === true, 'the first machine online');
    const page = await newPage();
    await signIn(page, base, s.loginAccount, PASSWORD);
    await page.goto(`${base}/#/menu-distribution`);
    await view(page).getByRole('heading', { name: 'Menu distribution' }).waitFor();

    // Create: the store's machines, what the store sells; the frozen content is shown for review.
    const name = `Autumn ${s.stamp}`;
    await view(page).getByTestId('create').click();
    await fillField(page, 'Menu name', name);
    await chooseOption(page, 'Store', s.storeName, s.storeName);
    await drawer(page).getByTestId('drawer-save').click();
    const preview = page.locator('.ant-modal', { hasText: `Menu ${name}` });
    const content = preview.getByTestId('menu-content');
    await content.locator('[data-family="coffee"]').getByText(`Espresso ${s.stamp}`).waitFor();
    // The store's own price.
    await content
      .locator('tr', { hasText: `Espresso ${s.stamp}` })
      .getByText('$2.60')
      .waitFor();
    await content.getByText('brew #1: Powder 18 g, Water 40 ml, Temperature 93 °C').waitFor();
    const [first] = await s.merchant.list<{ id: string; version: string; state: string }>('menu-release', {
      name,
    });
    expect(first.state, 'a new release is a draft').toEqual('draft');

    // Push from the review: the progress opens; the online machine takes it, the other waits.
    await preview.getByTestId('preview-push').click();
    await confirm(page, 'Push');
    await progressRow(page, online.id)
      .and(page.locator('[data-phase="succeeded"]'))
      .waitFor({ timeout: 20_000 });
    const waiting = progressRow(page, offline.id);
    await waiting.and(page.locator('[data-phase="waiting"]')).waitFor();
    await waiting.getByText('Waiting: the machine will receive it when it comes back').waitFor();
    await waitForDevice(api, online.id, (d) => d.menuStatus === 'updated', 'the first machine updated');
    expect((await readDevice(api, offline.id)).menuStatus, 'the offline machine').toEqual('not-updated');

    // The equipment menu says so, and opens on the products of the version the machine runs.
    await page.keyboard.press('Escape');
    await page.goto(`${base}/#/menu-equipment`);
    const equipment = view(page).locator('tr', { hasText: online.name });
    await equipment.locator('[data-menu-status="updated"]').waitFor();
    await equipment.locator(`[data-version="${first.version}"]`).first().waitFor();
    await view(page)
      .locator('tr', { hasText: offline.name })
      .locator('[data-menu-status="not-updated"]')
      .waitFor();
    await equipment.locator('.ant-table-row-expand-icon').click();
    await view(page).getByTestId('running-products').getByText(`Lungo ${s.stamp}`).waitFor();

    // The second machine connects and takes it; its row turns to "updated" live.
    machines.push(await startMachine(mqttUrl, offline));
    await view(page)
      .locator('tr', { hasText: offline.name })
      .locator('[data-menu-status="updated"]')
      .waitFor({ timeout: 20_000 });
    await waitForProgress(api, first.id, (p) => p.state === 'done', 'every machine took it');

    // A second menu (espresso only) replaces it; then roll back to the first.
    const second = await s.merchant.call<{ id: string; version: string }>('POST', '/coffee/menu-release', {
      name: `Espresso only ${s.stamp}`,
      storeId: s.storeId,
      productIds: [s.espresso.id],
    });
    await s.merchant.call('POST', '/coffee/menu-release/push', { id: second.id });
    await waitForProgress(api, second.id, (p) => p.state === 'done', 'the second menu taken');
    expect(machines[0].menu?.products.length, 'the machine runs the second menu').toEqual(1);

    await page.goto(`${base}/#/menu-distribution`);
    // Rolling back is under the row's "More", in the actions column.
    await releaseRow(page, name).getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Roll back' }).click();
    await confirm(page, 'Roll back');
    for (const device of s.devices)
      await progressRow(page, device.id)
        .and(page.locator('[data-phase="succeeded"]'))
        .waitFor({ timeout: 20_000 });
    const [rolled] = await s.merchant.list<{ id: string; version: string; rolledBackFrom: string }>(
      'menu-release',
      { sort: '-createdAt' },
    );
    expect(String(rolled.rolledBackFrom), 'the new release rolls back the first').toEqual(String(first.id));
    expect(rolled.version, 'a rollback is a new version').not.toEqual(first.version);
    for (const m of machines) {
      expect(m.menu?.version, 'the machine runs the rolled-back version').toEqual(rolled.version);
      expect(m.menu?.products.length, 'with the first menu’s products').toEqual(2);
    }
  } finally {
    await Promise.all(machines.map((m) => m.stop()));
  }
});

test('menus: a machine rejects a recipe it cannot make, with reasons per product; push again', async ({
  base,
  api,
  mqttUrl,
  newPage,
}) => {
  // The platform widens the console's range beyond what the machines do (their own check stays).
  const [range] = await api.list<{ id: string; max: number }>('product-parameter', {
    family: 'coffee',
    key: 'temperatureC',
  });
  await api.call('PUT', '/coffee/product-parameter', { id: range.id, max: 99 });
  const s = await storeWithMachines(api);
  const machines: SimulatedMachine[] = [];
  try {
    const scald = await s.merchant.call<{ id: string }>('POST', '/coffee/product', {
      name: `Scald ${s.stamp}`,
      code: `HOT-${s.stamp}`,
      kind: 'drink',
      family: 'coffee',
      price: '3.00',
      recipe: recipe(98),
      materials: s.materials,
    });
    for (const device of s.devices) machines.push(await startMachine(mqttUrl, device));
    for (const device of s.devices)
      await waitForDevice(api, device.id, (d) => d.online === true, 'machines online');
    const release = await s.merchant.call<{ id: string }>('POST', '/coffee/menu-release', {
      name: `Too hot ${s.stamp}`,
      deviceIds: [s.devices[0].id],
      productIds: [s.espresso.id, scald.id],
    });
    await s.merchant.call('POST', '/coffee/menu-release/push', { id: release.id });
    await waitForProgress(api, release.id, (p) => p.state === 'partial', 'the machine rejected it');

    const page = await newPage();
    await signIn(page, base, s.loginAccount, PASSWORD);
    await page.goto(`${base}/#/menu-distribution?releaseId=${release.id}`);
    const row = progressRow(page, s.devices[0].id);
    await row.and(page.locator('[data-phase="failed"]')).waitFor();
    await row.getByText(`HOT-${s.stamp}`).waitFor();
    await row.getByText('Step 1: temperatureC 98 is outside 80–96 °C').waitFor();
    const summary = page.locator('.ant-drawer-open').getByTestId('progress-summary');
    await summary.locator('[data-release-state="partial"]').waitFor();

    // Push again to the failed machine: a new command, rejected again (the recipe is the problem).
    const before = (await progressOf(api, release.id)).machines[0];
    await page.getByTestId('push-again').click();
    await confirm(page, 'Push again to 1 machine(s)');
    await waitForProgress(
      api,
      release.id,
      (p) =>
        p.machines.length === 1 &&
        p.machines[0].commandId !== before.commandId &&
        p.machines[0].state === 'failed',
      'rejected again',
    );
    const commands = await api.list<{ type: string }>('device-command', {
      deviceId: s.devices[0].id,
      type: 'menu',
    });
    expect(commands.length, 'two menu commands for the machine').toEqual(2);
    await row.and(page.locator('[data-phase="failed"]')).waitFor();
  } finally {
    await api.call('PUT', '/coffee/product-parameter', { id: range.id, max: 96 });
    await Promise.all(machines.map((m) => m.stop()));
  }
});

test('menus: the store and equipment menus in zh and tw', async ({ base, api, mqttUrl, newPage }) => {
  const s = await storeWithMachines(api);
  const machine = await startMachine(mqttUrl, s.devices[0]);
  try {
    await waitForDevice(api, s.devices[0].id, (d) => d.online === true, 'the machine online');
    const release = await s.merchant.call<{ id: string; version: string }>('POST', '/coffee/menu-release', {
      name: `Winter ${s.stamp}`,
      storeId: s.storeId,
    });
    await s.merchant.call('POST', '/coffee/menu-release/push', { id: release.id });
    await waitForDevice(api, s.devices[0].id, (d) => d.menuStatus === 'updated', 'the machine updated');

    const problems: string[] = [];
    for (const lang of ['zh', 'tw'] as Lang[]) {
      const texts = LOCALES[lang];
      const page = await newPage();
      await signIn(page, base, s.loginAccount, PASSWORD);
      await setLanguageCookie(page, base, lang);
      await page.goto(`${base}/#/menu-store?storeId=${s.storeId}`);
      await page.reload();
      await view(page).getByRole('heading', { name: texts.storeMenu.title }).waitFor();
      const current = view(page).getByTestId('store-current-menu');
      await current.getByTestId('store-menu-version').getByText(release.version).waitFor();
      await current.getByText(`Espresso ${s.stamp}`).waitFor();
      await current.getByText(`2.60`, { exact: false }).first().waitFor();
      const machines = view(page).getByTestId('store-machines');
      await machines
        .locator('tr', { hasText: s.devices[0].name })
        .locator('[data-menu-status="updated"]')
        .waitFor();
      await machines
        .locator('tr', { hasText: s.devices[1].name })
        .getByText(texts.resources.device.values.menuStatus['not-updated'])
        .waitFor();
      await checkPage(page, lang, '/menu-store', problems);

      await page.goto(`${base}/#/menu-equipment`);
      await view(page).getByRole('heading', { name: texts.equipmentMenu.title }).waitFor();
      await view(page)
        .locator('tr', { hasText: s.devices[0].name })
        .getByText(texts.resources.device.values.menuStatus.updated)
        .waitFor();
      await checkPage(page, lang, '/menu-equipment', problems);

      await page.goto(`${base}/#/menu-distribution?releaseId=${release.id}`);
      await view(page).getByRole('heading', { name: texts.menuDistribution.title }).waitFor();
      await progressRow(page, s.devices[0].id).and(page.locator('[data-phase="succeeded"]')).waitFor();
      await page.locator('.ant-drawer-open').getByText(texts.menuProgress.waiting).waitFor();
      await checkPage(page, lang, '/menu-distribution', problems);
    }
    expect(problems).toEqual([]);
  } finally {
    await machine.stop();
  }
});

/** No key shown untranslated, no serious accessibility problem. */
async function checkPage(page: Page, lang: Lang, path: string, problems: string[]) {
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  const text = await page.locator('body').innerText();
  const raw = text.match(
    /\b(?:resources|common|menuContent|menuDistribution|menuProgress|machineMenus|storeMenu|equipmentMenu|devices)\.[A-Za-z-]+(?:\.[A-Za-z0-9-]+)*/g,
  );
  if (raw) problems.push(`${lang} ${path}: untranslated keys ${[...new Set(raw)].join(', ')}`);
  const violations = await seriousViolations(page);
  if (violations.length) problems.push(`${lang} ${path}: axe\n${describeViolations(violations)}`);
}
