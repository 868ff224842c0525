/** Channels (料道) and device debugging settings (issue 5). */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import type { AdminApi } from '../support/api';
import { chooseOption, drawer, fillField, pick, saveDrawer } from '../support/form';
import { confirmDialog, describeViolations, seriousViolations, signIn, view, type Lang } from '../support/ui';

const PASSWORD = 'Channel-Pass-2026';
type Item = Record<string, unknown> & { id: string };

/** A merchant with a store and a machine there (a machine needs a type and a model first). */
async function machineOfNewMerchant(api: AdminApi, stamp: number) {
  const merchant = `Channel Roasters ${stamp}`;
  const merchantId = await api.createMerchant(merchant, `chan${stamp}`, PASSWORD);
  const storeId = await api.createStore(`Channel kiosk ${stamp}`, merchantId);
  const type = await api.call<Item>('POST', '/coffee/device-type', {
    name: `E2E coffee type ${stamp}`,
    family: 'coffee',
    automation: 'automatic',
  });
  const model = await api.call<Item>('POST', '/coffee/device-model', {
    name: `E2E coffee model ${stamp}`,
    code: `CH${stamp}`,
    deviceTypeId: type.id,
  });
  const name = `Lobby machine ${stamp}`;
  const serialNumber = `E2E-CH-${stamp}`;
  const device = await api.call<Item>('POST', '/coffee/device', {
    name,
    serialNumber,
    modelId: model.id,
    merchantId,
    storeId,
  });
  return { merchant, merchantId, deviceId: device.id, name, serialNumber };
}

/** Presses a button of the confirmation dialog (saying `expectText`), then waits for it to close. */
async function answerConfirm(page: Page, button: string, expectText?: string) {
  const dialog = await confirmDialog(page);
  if (expectText) await dialog.getByText(expectText).waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Waits for the visible view's heading and for its tables to finish loading. */
async function openPage(page: Page, base: string, path: string, heading: string) {
  await page.goto(`${base}/#${path}`);
  await view(page).getByRole('heading', { name: heading }).waitFor();
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

test('channels: a type and a configuration made in the console, distributed to a machine, refilled', async ({
  base,
  adminPassword,
  api,
  newPage,
}) => {
  const stamp = Date.now();
  const machine = await machineOfNewMerchant(api, stamp);
  const typeName = `Powder hopper ${stamp}`;
  const configName = `Spring menu ${stamp}`;
  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword);

  // A channel type.
  await openPage(page, base, '/chargingBasket-type', 'Channel types');
  await view(page).getByTestId('create').click();
  await fillField(page, 'Type name', typeName);
  await fillField(page, 'Code', `PH${stamp}`);
  await saveDrawer(page);
  await view(page).locator('tr', { hasText: typeName }).waitFor();
  const [channelType] = await api.list<Item>('channel-type', { name: typeName });

  // A configuration: its first channel in the console, the second through the API.
  await openPage(page, base, '/chargingBasket-index', 'Channel configuration');
  await view(page).getByTestId('create').click();
  await fillField(page, 'Configuration name', configName);
  await chooseOption(page, 'Merchant', machine.merchant, machine.merchant);
  await fillField(page, 'Channel name', 'Espresso beans');
  await fillField(page, 'Channel number', '1');
  await chooseOption(page, 'Channel type', typeName, typeName);
  await fillField(page, 'Material', 'Arabica');
  await fillField(page, 'Pre-discharge time (s)', '1.5');
  await fillField(page, 'Shelf life (h)', '72');
  await fillField(page, 'Capacity (g)', '1000');
  await fillField(page, 'Low level (g)', '150');
  await saveDrawer(page);
  await view(page).locator('tr', { hasText: 'Espresso beans' }).waitFor();
  await api.call('POST', '/coffee/channel-config', {
    configName,
    merchantId: machine.merchantId,
    name: 'Milk powder',
    channelNumber: 2,
    channelTypeId: channelType.id,
    shelfLifeHours: 24,
    capacityG: 800,
    lowLevelG: 100,
  });
  const [first] = await api.list<Item>('channel-config', { configName, name: 'Espresso beans' });
  expect(String(first.merchantId), 'merchant of the configuration').toEqual(machine.merchantId);
  expect(String(first.channelTypeId), 'channel type').toEqual(channelType.id);
  expect(
    [
      first.channelNumber,
      Number(first.preDischargeSeconds),
      first.shelfLifeHours,
      first.capacityG,
      first.lowLevelG,
    ],
    'channel settings',
  ).toEqual([1, 1.5, 72, 1000, 150]);

  // Distribute it to the machine.
  await openPage(page, base, '/chargingBasket-bind', 'Channel distribution');
  await pick(page, view(page).locator('#distribution-config-name'), configName, configName);
  const preview = view(page).getByTestId('distribution-preview');
  await preview.locator('tr', { hasText: 'Espresso beans' }).waitFor();
  await preview.locator('tr', { hasText: 'Milk powder' }).waitFor();
  await view(page).locator('#device-search_serialNumber').fill(machine.serialNumber);
  await view(page).locator('#device-search_serialNumber').press('Enter');
  const machineRow = view(page)
    .getByTestId('distribution-machines')
    .locator('tr', { hasText: machine.serialNumber });
  await machineRow.getByRole('checkbox').check();
  await view(page).getByText('Machines chosen: 1').waitFor();
  await view(page).getByTestId('distribute').click();
  await answerConfirm(page, 'Distribute', 'Channels with other numbers are removed');
  await view(page).getByTestId('distribution-result').getByText('Machines: 1, channels written: 2').waitFor();
  const channels = await api.list<Item>('device-channel', {
    deviceId: machine.deviceId,
    sort: 'channelNumber',
  });
  expect(
    channels.map((c) => [c.channelNumber, c.name, c.configName]),
    "the machine's channels",
  ).toEqual([
    [1, 'Espresso beans', configName],
    [2, 'Milk powder', configName],
  ]);

  // The machine's own channel list: refill the first channel.
  await openPage(
    page,
    base,
    `/machine-bind-chargingBasket?deviceId=${machine.deviceId}`,
    `Channels of ${machine.name}`,
  );
  await view(page).getByTestId('machine-summary').getByText(machine.serialNumber).waitFor();
  const milkRow = view(page).locator('tr', { hasText: 'Milk powder' });
  await milkRow.waitFor();
  const beansRow = view(page).locator('tr', { hasText: 'Espresso beans' });
  await beansRow.getByRole('button', { name: 'Refilled' }).click();
  await answerConfirm(page, 'Refilled', 'the shelf life starts again');
  await page.getByText('Channels marked as refilled: 1').waitFor();
  await beansRow.getByText('1,000 / 1,000 g').waitFor();
  await beansRow.getByText('OK', { exact: true }).waitFor();

  const [beans] = await api.list<Item>('device-channel', {
    deviceId: machine.deviceId,
    name: 'Espresso beans',
  });
  expect(typeof beans.filledAt === 'string', 'a refill sets the fill time').toBe(true);
  const shelfLife = Date.parse(String(beans.expiresAt)) - Date.parse(String(beans.filledAt));
  expect(shelfLife, 'expiry is the fill time plus the shelf life').toEqual(72 * 3_600_000);
  expect(Math.abs(Date.now() - Date.parse(String(beans.filledAt))) < 120_000, 'filled now').toBe(true);
  // The other channel was never filled: no expiry, nothing reported.
  await milkRow.getByText('Not reported').waitFor();
});

test('device debugging: a preset command with JSON arguments, a command configuration edited', async ({
  base,
  adminPassword,
  api,
  newPage,
}) => {
  const stamp = Date.now();
  const name = `Dispense test ${stamp}`;
  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword);

  await openPage(page, base, '/command-preset', 'Preset commands');
  await view(page).getByTestId('create').click();
  await fillField(page, 'Command name', name);
  await chooseOption(page, 'Machine family', 'Coffee machine');
  await fillField(page, 'Action', 'dispense');
  // Text that does not parse is pointed at and not saved.
  await fillField(page, 'Arguments (JSON)', '{\n  "channel": 2,\n  "grams" 8\n}');
  await drawer(page).getByTestId('json-args-status').getByText('near line 3').waitFor();
  await drawer(page).getByTestId('drawer-save').click();
  await drawer(page).locator('.ant-form-item-has-error').first().waitFor();
  await fillField(page, 'Arguments (JSON)', '{"channel": 2, "grams": 8}');
  await drawer(page).getByTestId('json-args-status').getByText('Valid JSON').waitFor();
  await saveDrawer(page);
  await view(page).locator('tr', { hasText: name }).waitFor();
  const [preset] = await api.list<Item>('preset-command', { name });
  // Stored as jsonb: compared key by key, jsonb keeps its own key order.
  const args = preset.args as Record<string, unknown>;
  expect([args.channel, args.grams], 'arguments saved as JSON').toEqual([2, 8]);
  expect(preset.family, 'family').toEqual('coffee');

  // Command configuration: rows are only edited (no create, no delete).
  await openPage(page, base, '/command-config', 'Command configuration');
  await expect(view(page).getByTestId('create'), 'create button on command configuration').toHaveCount(0);
  const [restart] = await api.list<Item>('command-config', { commandType: 'restart' });
  try {
    await view(page).locator('tr', { hasText: 'Restart' }).getByRole('button', { name: 'Edit' }).click();
    await drawer(page).getByLabel('Maximum attempts', { exact: true }).waitFor();
    await fillField(page, 'Maximum attempts', '7');
    await fillField(page, 'Retry interval (s)', '45');
    await saveDrawer(page);
    const [edited] = await api.list<Item>('command-config', { commandType: 'restart' });
    expect([edited.maxAttempts, edited.retryIntervalSeconds], 'edited delivery rule').toEqual([7, 45]);
  } finally {
    // The rule is shared by every test that restarts machines: put it back.
    await api.call('PUT', '/coffee/command-config', {
      id: restart.id,
      maxAttempts: restart.maxAttempts,
      retryIntervalSeconds: restart.retryIntervalSeconds,
    });
  }
});

const HEADINGS: Record<Exclude<Lang, 'en'>, { distribution: string; channels: string; machine: string }> = {
  zh: { distribution: '料道分配', channels: '设备料道', machine: '的料道' },
  tw: { distribution: '料道分配', channels: '設備料道', machine: '的料道' },
};

test('channels: distribution, device channels and a machine in zh and tw, translated and accessible', async ({
  base,
  adminPassword,
  api,
  newPage,
}) => {
  const stamp = Date.now();
  const machine = await machineOfNewMerchant(api, stamp);
  // One channel refilled (a level bar and a status tag), one never reported.
  const matcha = await api.call<Item>('POST', '/coffee/device-channel', {
    deviceId: machine.deviceId,
    name: 'Matcha',
    channelNumber: 1,
    shelfLifeHours: 12,
    capacityG: 500,
    lowLevelG: 50,
  });
  await api.call('POST', '/coffee/device-channel/refill', { ids: [matcha.id] });
  await api.call('POST', '/coffee/device-channel', {
    deviceId: machine.deviceId,
    name: 'Oat milk',
    channelNumber: 2,
    capacityG: 800,
  });
  // Filled by hand three hours ago with a shelf life of one hour: expired.
  await api.call('POST', '/coffee/device-channel', {
    deviceId: machine.deviceId,
    name: 'Cocoa',
    channelNumber: 3,
    shelfLifeHours: 1,
    filledAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  });
  const problems: string[] = [];
  for (const lang of ['zh', 'tw'] as const) {
    const page = await newPage();
    await signIn(page, base, 'admin', adminPassword, lang);
    const pages: Array<[string, string]> = [
      ['/chargingBasket-bind', HEADINGS[lang].distribution],
      ['/machineBasket-index', HEADINGS[lang].channels],
      [
        `/machine-bind-chargingBasket?deviceId=${machine.deviceId}`,
        `${machine.name}${HEADINGS[lang].machine}`,
      ],
    ];
    for (const [path, heading] of pages) {
      await openPage(page, base, path, heading);
      const text = await view(page).innerText();
      const raw = text.match(
        /\b(?:resources|common|channelDistribution|deviceChannels|machineChannels|channelConfigs|presetArgs)\.[A-Za-z-]+(?:\.[A-Za-z-]+)*/g,
      );
      if (raw) problems.push(`${lang} ${path}: untranslated keys ${[...new Set(raw)].join(', ')}`);
      const violations = await seriousViolations(page);
      if (violations.length) problems.push(`${lang} ${path}: axe\n${describeViolations(violations)}`);
    }
    // The machine page is the last one open: its statuses are in the page's language.
    await view(page).locator('tr', { hasText: 'Matcha' }).getByText('正常', { exact: true }).waitFor();
    await view(page)
      .locator('tr', { hasText: 'Oat milk' })
      .getByText(lang === 'zh' ? '未上报' : '未回報')
      .waitFor();
    await view(page)
      .locator('tr', { hasText: 'Cocoa' })
      .getByText(lang === 'zh' ? '已过期' : '已過期')
      .waitFor();
  }
  expect(problems).toEqual([]);
});

test('channels and debugging settings in tw: a type, a configuration, a preset made, a rule edited', async ({
  base,
  adminPassword,
  api,
  newPage,
}) => {
  const stamp = Date.now();
  const machine = await machineOfNewMerchant(api, stamp);
  const typeName = `粉料斗 ${stamp}`;
  const configName = `春季配置 ${stamp}`;
  const presetName = `攪拌測試 ${stamp}`;
  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword, 'tw');

  await openPage(page, base, '/chargingBasket-type', '料道類型');
  await view(page).getByTestId('create').click();
  await fillField(page, '類型名稱', typeName);
  await fillField(page, '編碼', `TW${stamp}`);
  await saveDrawer(page);
  await view(page).locator('tr', { hasText: typeName }).waitFor();

  await openPage(page, base, '/chargingBasket-index', '料道配置');
  await view(page).getByTestId('create').click();
  await fillField(page, '配置名稱', configName);
  await chooseOption(page, '商戶', machine.merchant, machine.merchant);
  await fillField(page, '料道名稱', '鮮奶');
  await fillField(page, '料道編號', '3');
  await chooseOption(page, '料道類型', typeName, typeName);
  await fillField(page, '保存期限（小時）', '12');
  await saveDrawer(page);
  const configRow = view(page).locator('tr', { hasText: configName });
  await configRow.getByText('鮮奶').waitFor();
  await configRow.getByText(typeName).waitFor();

  // A preset for blenders: the family is named as Taiwan names the machine.
  await openPage(page, base, '/command-preset', '預設指令');
  await view(page).getByTestId('create').click();
  await fillField(page, '指令名稱', presetName);
  await chooseOption(page, '機器類別', '果汁機');
  await fillField(page, '動作', 'blend-test');
  await fillField(page, '參數（JSON）', '{"seconds": 5}');
  await drawer(page).getByTestId('json-args-status').getByText('JSON 格式正確').waitFor();
  await saveDrawer(page);
  await view(page).locator('tr', { hasText: presetName }).getByText('果汁機').waitFor();
  const [preset] = await api.list<Item>('preset-command', { name: presetName });
  expect([preset.family, preset.action], 'preset saved').toEqual(['blender', 'blend-test']);

  // Command configuration: no create; the debugging rule reads 偵錯; the restart rule edited.
  await openPage(page, base, '/command-config', '指令配置');
  await expect(view(page).getByTestId('create'), 'create button on command configuration').toHaveCount(0);
  await view(page).locator('tr', { hasText: '設備偵錯' }).waitFor();
  const [restart] = await api.list<Item>('command-config', { commandType: 'restart' });
  try {
    await view(page)
      .locator('tr', { hasText: '重新啟動' })
      .getByRole('button', { name: /^修\s?改$/ })
      .click();
    await fillField(page, '最多嘗試次數', '6');
    await saveDrawer(page);
    await view(page).locator('tr', { hasText: '重新啟動' }).getByText('6', { exact: true }).waitFor();
    const [edited] = await api.list<Item>('command-config', { commandType: 'restart' });
    expect(edited.maxAttempts, 'edited delivery rule').toEqual(6);
  } finally {
    await api.call('PUT', '/coffee/command-config', {
      id: restart.id,
      maxAttempts: restart.maxAttempts,
      retryIntervalSeconds: restart.retryIntervalSeconds,
    });
  }
});
