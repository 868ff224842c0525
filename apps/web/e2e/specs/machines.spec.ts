/** Machines (issue 5): device list with counters and remote operation, detail pages, map, merchant machines. */
import type { Page } from '@playwright/test';
import { en } from '../../src/locales/en';
import { tw } from '../../src/locales/tw';
import { zh } from '../../src/locales/zh';
import { expect, test } from '../fixtures';
import type { AdminApi } from '../support/api';
import {
  createModel,
  readDevice,
  registerDevice,
  startMachine,
  uneventful,
  waitForDevice,
} from '../support/fleet';
import { downloadText } from '../support/files';
import { chooseOption, drawer, fillField, optionsOf, pick } from '../support/form';
import {
  closeTab,
  confirmDialog,
  describeViolations,
  HTML_LANG,
  seriousViolations,
  setLanguageCookie,
  signIn,
  view,
  waitForHash,
  type Lang,
} from '../support/ui';

const PASSWORD = 'Machines-Pass-2026';
const LOCALES = { en, zh, tw };

/** A merchant of its own per test, so that its counters count only the test's machines. */
async function merchantWithMachines(
  api: AdminApi,
  count: number,
  automation: 'automatic' | 'semi-automatic' = 'automatic',
  extra: (i: number) => Record<string, unknown> = () => ({}),
) {
  const stamp = Date.now();
  const merchantId = await api.createMerchant(`Fleet ${stamp}`, `fleet${stamp}`, PASSWORD);
  const { id: modelId } = await createModel(api, automation);
  const devices = [];
  for (let i = 0; i < count; i++)
    devices.push(
      await registerDevice(api, modelId, { name: `Fleet ${stamp} #${i + 1}`, merchantId, ...extra(i) }),
    );
  return { stamp, merchantId, modelId, devices };
}

const counter = (page: Page, condition: string) =>
  view(page).getByTestId(`counter-${condition}`).locator('.device-counter-value');

test('machines: the counters count the machines and filter the list', async ({
  base,
  adminPassword,
  api,
  mqttUrl,
  newPage,
}) => {
  const { merchantId, devices } = await merchantWithMachines(api, 3);
  const machine = await startMachine(mqttUrl, devices[0]);
  try {
    await waitForDevice(api, devices[0].id, (d) => d.online === true, 'the simulated machine online');
    const page = await newPage();
    await signIn(page, base, 'admin', adminPassword);
    await page.goto(`${base}/#/device-list?merchantId=${merchantId}`);
    await view(page).getByRole('heading', { name: 'Devices' }).waitFor();
    await expect(counter(page, 'all'), 'all machines').toHaveText('3');
    await expect(counter(page, 'offline'), 'offline machines').toHaveText('2');
    for (const condition of ['shortage', 'alarm', 'locked'])
      await expect(counter(page, condition), `${condition} machines`).toHaveText('0');

    const rows = view(page).locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows, 'rows of the merchant').toHaveCount(3);
    await view(page).getByTestId('counter-offline').click();
    await expect(rows, 'rows after the offline counter').toHaveCount(2);
    await expect(view(page).getByTestId('counter-offline'), 'the offline counter is pressed').toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      (await rows.allInnerTexts()).every(
        (text) => text.includes('Offline') && !text.includes(devices[0].name),
      ),
      'only offline machines are listed',
    ).toBe(true);
    // Pressed again, the counter shows every machine.
    await view(page).getByTestId('counter-offline').click();
    await expect(rows, 'rows after releasing the counter').toHaveCount(3);
    await view(page)
      .locator('tr', { hasText: devices[0].name })
      .getByText('Online', { exact: true })
      .waitFor();
  } finally {
    await machine.stop();
  }
});

test('machines: lock a machine from the list and watch the command to the end', async ({
  base,
  adminPassword,
  api,
  mqttUrl,
  newPage,
}) => {
  const { merchantId, devices } = await merchantWithMachines(api, 1);
  const [device] = devices;
  const machine = await startMachine(mqttUrl, device);
  try {
    await waitForDevice(api, device.id, (d) => d.online === true, 'the simulated machine online');
    // With the console's motion on, as most users have it (the other journeys ask for less motion).
    const page = await newPage({ reducedMotion: 'no-preference' });
    await signIn(page, base, 'admin', adminPassword);
    await page.goto(`${base}/#/device-list?merchantId=${merchantId}`);
    const row = view(page).locator('tr', { hasText: device.name });
    await row.getByText('Online', { exact: true }).waitFor();
    await expect(counter(page, 'locked'), 'locked before').toHaveText('0');

    await row.getByRole('checkbox').check();
    const bulk = view(page).locator('.resource-bulk-bar');
    await bulk.getByText('1 selected').waitFor();
    await bulk.getByTestId('operation-lock').click();
    const confirm = await confirmDialog(page);
    await confirm.locator('.ant-modal-confirm-title', { hasText: 'Lock: 1 machine(s)?' }).waitFor();
    await confirm.getByRole('button', { name: 'Lock' }).click();
    await page.getByText('Lock sent to 1 machine(s)').waitFor();

    // The command panel follows the command through the live stream to its end.
    const panel = view(page).getByTestId('command-panel');
    const command = panel.locator(`[data-device="${device.id}"]`);
    await command.waitFor();
    await command.locator('[data-state="succeeded"]').waitFor({ timeout: 20_000 });
    expect(machine.status.locked, 'the simulated machine is locked').toBe(true);
    // The row and the counter follow the machine's new status without a reload.
    await row.getByText('Locked', { exact: true }).waitFor({ timeout: 10_000 });
    await expect(counter(page, 'locked'), 'locked after').toHaveText('1', { timeout: 10_000 });
    expect((await readDevice(api, device.id)).locked, 'the API says locked').toEqual(true);

    // The command's row in the remote commands list.
    await page.goto(`${base}/#/device-command`);
    await view(page).getByRole('heading', { name: 'Remote commands' }).waitFor();
    await view(page)
      .locator('tr', { hasText: device.serialNumber })
      .locator('[data-state="succeeded"]')
      .first()
      .waitFor();
  } finally {
    await machine.stop();
  }
});

test('machines: create a machine, its secret shown once; a new secret; bind to a store', async ({
  base,
  adminPassword,
  api,
  newPage,
}) => {
  const stamp = Date.now();
  const model = await createModel(api);
  const merchantName = `Binder ${stamp}`;
  const merchantId = await api.createMerchant(merchantName, `binder${stamp}`, PASSWORD);
  const storeName = `Binder store ${stamp}`;
  const storeId = await api.createStore(storeName, merchantId);
  const name = `Created ${stamp}`;
  const serial = `NEW-${stamp}`;

  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword);
  await page.goto(`${base}/#/device-list`);
  await view(page).getByRole('heading', { name: 'Devices' }).waitFor();
  await view(page).getByTestId('create').click();
  await fillField(page, 'Device name', name);
  await fillField(page, 'Serial number', serial);
  await chooseOption(page, 'Model', model.name, model.name);
  await drawer(page).getByTestId('drawer-save').click();

  const dialog = page.getByRole('dialog', { name: 'Machine secret' });
  await dialog.getByText('It is shown only this once').waitFor();
  const secret = (await dialog.getByTestId('device-secret').innerText()).trim();
  expect(secret.length, 'a secret is shown').toBeGreaterThanOrEqual(16);
  await dialog.getByRole('button', { name: 'Copy' }).waitFor();
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await dialog.waitFor({ state: 'detached' });

  const row = view(page).locator('tr', { hasText: name });
  await row.waitFor();
  await row.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'New machine secret' }).click();
  await (await confirmDialog(page)).getByRole('button', { name: 'New machine secret' }).click();
  const again = page.getByRole('dialog', { name: 'Machine secret' });
  await again.getByTestId('device-secret').waitFor();
  const rotated = (await again.getByTestId('device-secret').innerText()).trim();
  expect(rotated, 'a new secret').not.toEqual(secret);
  await again.getByRole('button', { name: 'I have copied it' }).click();
  await again.waitFor({ state: 'detached' });

  // New secrets for the selected machines (how imported ones get theirs): a file, shown once.
  await row.getByRole('checkbox').check();
  const bulk = view(page).locator('.resource-bulk-bar');
  await bulk.getByText('1 selected').waitFor();
  await bulk.getByTestId('bulk-secrets').click();
  const confirm = await confirmDialog(page);
  await confirm
    .locator('.ant-modal-confirm-title', { hasText: 'Issue new secrets for 1 machine(s)?' })
    .waitFor();
  await confirm.getByRole('button', { name: 'New secrets' }).click();
  const file = page.getByRole('dialog', { name: 'New machine secrets', exact: true });
  await file.getByText('New secrets issued for 1 machine(s).').waitFor();
  const downloading = page.waitForEvent('download');
  await file.getByTestId('download-secrets').click();
  const download = await downloading;
  expect(download.suggestedFilename(), 'the file name').toMatch(/^machine-secrets-\d{8}-\d{4}\.csv$/);
  const lines = (await downloadText(download)).trim().split(/\r?\n/);
  expect(lines[0], 'the header').toEqual('serialNumber,secret');
  const [sn, newest] = lines[1].split(',');
  expect([lines.length, sn], 'one machine in the file').toEqual([2, serial]);
  expect(newest.length >= 16 && newest !== secret && newest !== rotated, 'a newer secret in the file').toBe(
    true,
  );
  await file.getByRole('button', { name: 'I have saved the file' }).click();
  await file.waitFor({ state: 'detached' });

  // Bind it: the store picker offers the chosen merchant's stores.
  await row.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Bind' }).click();
  const bind = page.getByRole('dialog', { name: 'Bind 1 machine(s)' });
  await pick(page, bind.getByLabel('Merchant', { exact: true }), merchantName, merchantName);
  await pick(page, bind.getByLabel('Store', { exact: true }), storeName);
  await bind.getByRole('button', { name: 'Save' }).click();
  await page.getByText('1 machine(s) bound').waitFor();
  const [created] = await api.list<Record<string, unknown>>('device', { serialNumber: serial });
  expect([String(created.merchantId), String(created.storeId)], 'bound to').toEqual([merchantId, storeId]);
});

test('machines: the detail pages show a working machine, with debugging and live status', async ({
  base,
  adminPassword,
  api,
  mqttUrl,
  newPage,
}) => {
  // The second machine stays offline: its debugging command from the list waits for it.
  const { merchantId, devices } = await merchantWithMachines(api, 2, 'automatic');
  const [device] = devices;
  const presetStamp = String(Date.now());
  for (const [name, family] of [
    [`Coffee rinse ${presetStamp}`, 'coffee'],
    [`Tea rinse ${presetStamp}`, 'tea'],
    [`Any machine ping ${presetStamp}`, undefined],
  ])
    await api.call('POST', '/coffee/preset-command', {
      name,
      action: 'rinse',
      ...(family ? { family } : {}),
    });
  const machine = await startMachine(mqttUrl, device, 'coffee', 120);
  try {
    await waitForDevice(api, device.id, (d) => Number(d.totalCups) >= 2, 'cups made');
    const page = await newPage();
    await signIn(page, base, 'admin', adminPassword);
    await page.goto(`${base}/#/device-list?merchantId=${merchantId}`);
    await view(page).getByRole('heading', { name: 'Devices' }).waitFor();

    // Debugging from the list: one preset for both selected machines, a command queued for each.
    for (const d of devices)
      await view(page).locator('tr', { hasText: d.name }).getByRole('checkbox').check();
    const bulk = view(page).locator('.resource-bulk-bar');
    await bulk.getByText('2 selected').waitFor();
    await bulk.getByTestId('bulk-debug').click();
    const debugMany = page.getByRole('dialog', { name: 'Device debugging: 2 machine(s)' });
    await pick(page, debugMany.getByLabel('Preset command'), `Any machine ping ${presetStamp}`, presetStamp);
    await debugMany.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Debugging command sent to 2 machine(s)').waitFor();
    for (const d of devices) {
      await view(page).getByTestId('command-panel').locator(`[data-device="${d.id}"]`).waitFor();
      const commands = await api.list('device-command', { deviceId: d.id, type: 'debug' });
      expect(
        commands.map((c) => (c.params as { action?: string }).action),
        `the debugging command queued for ${d.name}`,
      ).toEqual(['rinse']);
    }

    await view(page).getByRole('link', { name: device.name }).click();
    await waitForHash(page, '#/device-detailautomatic');
    const detail = view(page);
    await detail.getByRole('heading', { name: device.name }).waitFor();
    await page.locator('.tabs-view').getByText('Automatic device details').waitFor();
    await detail.getByText(device.serialNumber, { exact: true }).first().waitFor();
    await detail.locator('[data-live="open"]').waitFor();
    for (const section of ['detail-today', 'detail-channels', 'detail-production', 'maintenance-basic'])
      await detail.getByTestId(section).waitFor();
    // A cup opens to its coffee data.
    const production = detail.getByTestId('detail-production');
    await production.locator('.ant-table-row-expand-icon').first().click();
    await production.getByText('Extraction pressure').first().waitFor();

    // Debugging: the dialog offers the presets of coffee machines and those of no family, not a tea one.
    await detail.getByTestId('device-debug').click();
    const debug = page.getByRole('dialog', { name: `Device debugging: ${device.name}` });
    const preset = debug.getByLabel('Preset command');
    await preset.click();
    await preset.fill(presetStamp);
    const offered = await optionsOf(page, preset);
    await offered.first().waitFor();
    expect((await offered.allInnerTexts()).sort(), 'presets offered to a coffee machine').toEqual([
      `Any machine ping ${presetStamp}`,
      `Coffee rinse ${presetStamp}`,
    ]);
    await page.keyboard.press('Escape');
    await debug.getByRole('button', { name: 'Cancel' }).click();

    // Restart from the detail page: the command shows under Commands and ends.
    await detail.getByTestId('operation-restart').click();
    await (await confirmDialog(page)).getByRole('button', { name: 'Restart' }).click();
    await detail
      .getByTestId('detail-commands')
      .locator('[data-state="succeeded"]')
      .first()
      .waitFor({ timeout: 20_000 });

    // The semi-automatic page is the same machine with extraction columns.
    await page.goto(`${base}/#/device-detail?id=${device.id}`);
    await view(page).getByRole('heading', { name: device.name }).waitFor();
    await view(page)
      .getByTestId('detail-production')
      .getByRole('columnheader', { name: 'Extraction pressure (bar)' })
      .waitFor();
  } finally {
    await machine.stop();
  }
});

test('machines: a user without the device list gets no detail page', async ({ base, api, newPage }) => {
  const stamp = Date.now();
  const roleId = await api.createRole(`no-devices-${stamp}`, ['1000']);
  await api.createAccount(`nodev${stamp}`, PASSWORD, [roleId]);
  const page = await newPage();
  await signIn(page, base, `nodev${stamp}`, PASSWORD);
  await page.goto(`${base}/#/device-detail?id=1`);
  await waitForHash(page, '#/404');
});

test('machines: the map places the machines by status, also without tiles', async ({
  base,
  adminPassword,
  api,
  newPage,
}) => {
  // The third machine has no place of its own and no store: the page must say it is left out.
  const { stamp, merchantId, devices } = await merchantWithMachines(api, 3, 'automatic', (i) =>
    i < 2 ? { latitude: 25.04 + i * 0.01, longitude: 121.51 + i * 0.01 } : {},
  );
  const merchantName = `Fleet ${stamp}`;
  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword);
  await page.goto(`${base}/#/map`);
  await view(page).getByRole('heading', { name: 'Machine map' }).waitFor();
  await view(page).getByTestId('machine-map').waitFor();
  await pick(page, view(page).getByLabel('Merchant', { exact: true }), merchantName, merchantName);
  await expect(view(page).locator('path.map-marker'), 'markers of the merchant').toHaveCount(2);
  await expect(view(page).locator('path.map-marker-offline'), 'offline markers').toHaveCount(2);
  // The status filter: the markers and the table keep only the chosen statuses.
  const status = view(page).getByLabel('Status', { exact: true });
  const tableRows = view(page).locator('.map-table .ant-table-tbody tr.ant-table-row');
  await pick(page, status, 'Online');
  await expect(view(page).locator('path.map-marker'), 'markers of online machines').toHaveCount(0);
  await expect(tableRows, 'table rows of online machines').toHaveCount(0);
  await view(page).getByText('0 of 2 machine(s) with a location shown').waitFor();
  await page.keyboard.press('Escape');
  await pick(page, status, 'Offline');
  await expect(view(page).locator('path.map-marker'), 'markers, offline added').toHaveCount(2);
  await expect(tableRows, 'table rows, offline added').toHaveCount(2);
  await page.keyboard.press('Escape');
  const tiles = await page.locator('.leaflet-tile').count();
  if (tiles === 0) await view(page).getByTestId('map-no-tiles').waitFor();
  const unplaced = view(page).getByTestId('map-unplaced');
  await expect(unplaced, 'the notice of the machine without a location').toBeVisible();
  await expect(unplaced, 'the notice of the machine without a location').toContainText(
    '1 machine has no location and is not on the map',
  );
  // It opens the device list narrowed as the map is, where the machine can be given a place.
  expect(
    ((await unplaced.getByTestId('map-unplaced-open').getAttribute('href')) ?? '').endsWith(
      `/device-list?merchantId=${merchantId}`,
    ),
    'the notice links to the merchant’s device list',
  ).toBe(true);
  // It names the machine, linked to its detail page.
  const named = unplaced.getByTestId('map-unplaced-machines').getByRole('link');
  expect(
    [await named.innerText(), await named.getAttribute('href')],
    'the machine without a location, named and linked',
  ).toEqual([
    `${devices[2].name} (${devices[2].serialNumber})`,
    `#/device-detailautomatic?id=${devices[2].id}`,
  ]);
  await expect(view(page).getByTestId('map-truncated'), 'no notice of a cut map').toHaveCount(0);

  // Zoom works without tiles (the scale follows it), and a marker's popup opens the machine.
  const scale = view(page).locator('.leaflet-control-scale-line').first();
  const before = await scale.innerText();
  await view(page).getByRole('button', { name: 'Zoom out' }).click();
  await expect
    .poll(async () => (await scale.innerText()) !== before, { message: 'the scale after zooming out' })
    .toEqual(true);
  await view(page).locator('path.map-marker').first().click({ force: true });
  await page.getByTestId('map-popup-detail').click();
  await waitForHash(page, /^#\/device-detail(automatic)?\?id=/);
  const opened = new URL(page.url().replace('/#/', '/')).searchParams.get('id');
  expect(
    devices.some((d) => d.id === opened),
    'the popup opens one of the machines',
  ).toBe(true);
});

test('machines: the map without tiles draws coasts; a pin dragged or a machine placed saves its place', async ({
  base,
  adminPassword,
  api,
  newPage,
}) => {
  const { stamp, devices } = await merchantWithMachines(api, 2, 'automatic', (i) =>
    i === 0 ? { latitude: 25.04, longitude: 121.51 } : {},
  );
  const merchantName = `Fleet ${stamp}`;
  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword);
  await page.goto(`${base}/#/map`);
  await view(page).getByTestId('machine-map').waitFor();
  await pick(page, view(page).getByLabel('Merchant', { exact: true }), merchantName, merchantName);
  await expect(view(page).locator('path.map-marker'), 'the placed machine').toHaveCount(1);
  // No MAP_TILE_URL here: the offline outlines are the base map, land and coasts alike.
  await expect(view(page).locator('path.map-land').first(), 'land').toBeAttached();
  expect(await view(page).locator('path.map-coast').count(), 'coastlines drawn').toBeGreaterThan(0);

  // Drag the pin: the dialog asks, and Save gives the machine the place it was dropped at.
  await view(page).getByTestId('map-edit-toggle').click();
  await view(page).getByTestId('map-edit-hint').waitFor();
  const pin = view(page).locator('.map-pin').first();
  await pin.waitFor();
  const box = (await pin.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 30, { steps: 8 });
  await page.mouse.up();
  const dialog = page.getByTestId('map-move-dialog');
  await dialog.getByText(`Move ${devices[0].name}?`).waitFor();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(
      async () => {
        const d = await readDevice(api, devices[0].id);
        return Number(d.latitude) !== 25.04 && Number(d.longitude) !== 121.51;
      },
      { message: 'the dragged machine’s new place' },
    )
    .toEqual(true);

  // Place the machine without a location: choose it, click the map, save.
  const unplaced = view(page).getByTestId('map-unplaced');
  await unplaced.getByTestId('map-place').click();
  await view(page).getByText(`Click the map where ${devices[1].name} stands.`).waitFor();
  const mapBox = (await view(page).getByTestId('machine-map').boundingBox())!;
  await page.mouse.click(mapBox.x + mapBox.width / 3, mapBox.y + mapBox.height / 3);
  await dialog.getByText(`Move ${devices[1].name}?`).waitFor();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => (await readDevice(api, devices[1].id)).latitude != null, {
      message: 'the placed machine’s place',
    })
    .toEqual(true);
  await expect(view(page).locator('.map-pin'), 'both machines on the map').toHaveCount(2);
  await expect(view(page).getByTestId('map-unplaced'), 'no machine left without a place').toHaveCount(0);
});

/** What a Chinese-speaking user reads on the machine screens (written out: a test of the translation). */
const MACHINE_TEXTS = {
  zh: {
    devices: '设备列表',
    online: '在线',
    offline: '离线',
    lockedCounter: '锁定',
    locked: '已锁定',
    selected: '已选 1 项',
    confirm: '确定对 1 台机器执行“锁定”？',
    lock: '锁定',
    issued: '已向 1 台机器发送“锁定”',
    detailTab: '全自动设备详情',
    channels: '料道',
    channelNumber: '料道编号',
    level: '料道 1 余量',
    production: '最近出杯',
    coffeeData: '咖啡数据',
    pressure: '萃取压力',
    map: '机器地图',
    merchant: '商户',
    openDetail: '查看详情',
    debug: '设备调试',
    mainMenu: '主菜单',
    dataCenter: '数据中心',
  },
  tw: {
    devices: '設備列表',
    online: '上線',
    offline: '離線',
    lockedCounter: '鎖定',
    locked: '已鎖定',
    selected: '已選 1 項',
    confirm: '確定對 1 台機器執行「鎖定」？',
    lock: '鎖定',
    issued: '已向 1 台機器傳送「鎖定」',
    detailTab: '全自動設備詳情',
    channels: '料道',
    channelNumber: '料道編號',
    level: '料道 1 餘量',
    production: '最近出杯',
    coffeeData: '咖啡資料',
    pressure: '萃取壓力',
    map: '機器地圖',
    merchant: '商戶',
    openDetail: '查看詳情',
    debug: '設備偵錯',
    mainMenu: '主選單',
    dataCenter: '資料中心',
  },
} as const;

/** A button's name: antd writes a space between two Chinese characters (鎖 定). */
const buttonName = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

for (const lang of ['zh', 'tw'] as const) {
  test(`machines in ${lang}: counters, a machine locked from the list, its detail page and the map`, async ({
    base,
    adminPassword,
    api,
    mqttUrl,
    newPage,
  }) => {
    const T = MACHINE_TEXTS[lang];
    // Two machines: one working (cups, a refilled channel), one that never connects.
    const { stamp, merchantId, devices } = await merchantWithMachines(api, 2, 'automatic', (i) => ({
      latitude: 24.14 + i * 0.01,
      longitude: 120.68 + i * 0.01,
    }));
    const merchantName = `Fleet ${stamp}`;
    const [working, idle] = devices;
    const channel = await api.call<{ id: string }>('POST', '/coffee/device-channel', {
      deviceId: working.id,
      name: 'Beans',
      channelNumber: 1,
      capacityG: 2000,
    });
    await api.call('POST', '/coffee/device-channel/refill', { ids: [channel.id] });
    const machine = await startMachine(mqttUrl, working, 'coffee', 120, { random: uneventful });
    try {
      await waitForDevice(
        api,
        working.id,
        (d) => d.online === true && Number(d.totalCups) >= 1,
        'the working machine online with a cup made',
      );
      const page = await newPage();
      await signIn(page, base, 'admin', adminPassword);
      await setLanguageCookie(page, base, lang);
      await page.goto(`${base}/#/device-list?merchantId=${merchantId}`);
      await page.reload();
      await expect(page.locator('html'), 'html lang').toHaveAttribute('lang', HTML_LANG[lang]);

      // The sidebar's titles come from the menu seed in the page's language (Taiwan: 資料中心).
      await page
        .getByRole('navigation', { name: T.mainMenu })
        .getByText(T.dataCenter, { exact: true })
        .waitFor();

      // Counters: what the set-up made, in the page's language.
      await view(page).getByRole('heading', { name: T.devices }).waitFor();
      await expect(counter(page, 'all'), 'all machines').toHaveText('2');
      await expect(counter(page, 'offline'), 'offline machines').toHaveText('1');
      await expect(counter(page, 'locked'), 'locked machines before').toHaveText('0');
      expect(
        (await view(page).getByTestId('counter-locked').innerText()).includes(T.lockedCounter),
        'the locked counter is labelled in the page language',
      ).toBe(true);
      const row = view(page).locator('tr', { hasText: working.name });
      await row.getByText(T.online, { exact: true }).waitFor();
      await view(page).locator('tr', { hasText: idle.name }).getByText(T.offline, { exact: true }).waitFor();

      // Lock the working machine from the list: confirmed, obeyed, shown as locked.
      await row.getByRole('checkbox').check();
      const bulk = view(page).locator('.resource-bulk-bar');
      await bulk.getByText(T.selected).waitFor();
      await bulk.getByTestId('operation-lock').click();
      const confirm = await confirmDialog(page);
      await confirm.locator('.ant-modal-confirm-title', { hasText: T.confirm }).waitFor();
      await confirm.getByRole('button', { name: buttonName(T.lock) }).click();
      await page.getByText(T.issued).waitFor();
      await view(page)
        .getByTestId('command-panel')
        .locator(`[data-device="${working.id}"] [data-state="succeeded"]`)
        .waitFor({ timeout: 20_000 });
      expect(machine.status.locked, 'the simulated machine is locked').toBe(true);
      await row.getByText(T.locked, { exact: true }).waitFor({ timeout: 10_000 });
      await expect(counter(page, 'locked'), 'locked after').toHaveText('1', { timeout: 10_000 });
      await expect(counter(page, 'offline'), 'offline machines after').toHaveText('1');

      // Its detail page: status, channels and production.
      await row.getByRole('link', { name: working.name }).click();
      await waitForHash(page, '#/device-detailautomatic');
      const detail = view(page);
      await detail.getByRole('heading', { name: working.name }).waitFor();
      await page.locator('.tabs-view').getByText(T.detailTab).waitFor();
      const head = detail.locator('.device-detail-head');
      await head.locator('[data-status="locked"]', { hasText: T.locked }).waitFor();
      await head.locator('[data-status="online"]', { hasText: T.online }).waitFor();
      expect(
        (await detail.getByTestId('device-debug').innerText()).replace(/\s/g, ''),
        'the debugging button',
      ).toEqual(T.debug);
      const channels = detail.getByTestId('detail-channels');
      await channels.getByText(T.channels, { exact: true }).first().waitFor();
      await channels.getByRole('columnheader', { name: T.channelNumber }).waitFor();
      await channels.locator('tr', { hasText: 'Beans' }).locator(`[aria-label="${T.level}"]`).waitFor();
      const production = detail.getByTestId('detail-production');
      await production.getByText(T.production).waitFor();
      await expect(production.locator('tr.ant-table-row').first(), 'a cup in the production').toBeAttached();
      await production.locator('.ant-table-row-expand-icon').first().click();
      await production.getByText(T.coffeeData).first().waitFor();
      await production.getByText(T.pressure).first().waitFor();

      // The map: both machines, the locked one in its colour, its popup in the page's language.
      await page.goto(`${base}/#/map`);
      await view(page).getByRole('heading', { name: T.map }).waitFor();
      await pick(page, view(page).getByLabel(T.merchant, { exact: true }), merchantName, merchantName);
      await expect(view(page).locator('path.map-marker'), 'markers').toHaveCount(2);
      await expect(view(page).locator('path.map-marker-locked'), 'locked markers').toHaveCount(1);
      await expect(view(page).locator('path.map-marker-offline'), 'offline markers').toHaveCount(1);
      await view(page).locator('.map-legend li[data-status="locked"]').getByText(`${T.locked} (1)`).waitFor();
      await view(page).locator('path.map-marker-locked').click({ force: true });
      const popup = page.locator('.map-popup');
      await popup.getByText(working.name).waitFor();
      expect(await popup.innerText(), 'the popup says locked').toContain(T.locked);
      await popup.getByTestId('map-popup-detail').getByText(T.openDetail).click();
      await waitForHash(page, '#/device-detailautomatic');
      expect(
        new URL(page.url().replace('/#/', '/')).searchParams.get('id'),
        'the popup opens the machine',
      ).toEqual(working.id);
    } finally {
      await machine.stop();
    }
  });
}

test('machines: merchant machines open the device list narrowed to a merchant', async ({
  base,
  adminPassword,
  api,
  newPage,
}) => {
  const { stamp, devices } = await merchantWithMachines(api, 2);
  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword);
  await page.goto(`${base}/#/merchant-machine`);
  await view(page).getByRole('heading', { name: 'Merchant machines' }).waitFor();
  const row = view(page).locator('tr', { hasText: `Fleet ${stamp}` });
  await row.getByRole('link', { name: `2 Offline machines of Fleet ${stamp}` }).click();
  await waitForHash(page, '#/device-list');
  await view(page).getByText(`Merchant: Fleet ${stamp}`).waitFor();
  const rows = view(page).locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows, 'rows of the merchant').toHaveCount(2);
  await expect(view(page).getByTestId('counter-offline'), 'opened on the offline counter').toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(
    (await rows.allInnerTexts()).every((t) => devices.some((d) => t.includes(d.name))),
    'only the merchant’s machines',
  ).toBe(true);
});

test('machines: every machine page in en, zh and tw, switched in the navbar, translated and accessible', async ({
  base,
  adminPassword,
  api,
  newPage,
}) => {
  const { devices } = await merchantWithMachines(api, 1, 'automatic', () => ({
    latitude: 22.3,
    longitude: 114.17,
  }));
  const [device] = devices;
  const pages: Array<[string, (l: typeof en) => string]> = [
    ['/device-list', (l) => l.resources.device.title],
    ['/device-type', (l) => l.resources['device-type'].title],
    ['/device-model', (l) => l.resources['device-model'].title],
    ['/device-journal', (l) => l.resources['device-log'].title],
    ['/map', (l) => l.map.title],
    ['/merchant-machine', (l) => l.merchantMachines.title],
    ['/device-command', (l) => l.resources['device-command'].title],
    ['/dataCenter-produceRecord', (l) => l.resources['production-record'].title],
    ['/dataCenter-faultLog', (l) => l.resources['fault-log'].title],
    ['/dataCenter-washRecord', (l) => l.resources['cleaning-record'].title],
    [`/device-detailautomatic?id=${device.id}`, () => device.name],
    [`/device-detail?id=${device.id}`, () => device.name],
  ];
  const page = await newPage();
  await signIn(page, base, 'admin', adminPassword);
  const problems: string[] = [];
  for (const lang of ['en', 'zh', 'tw'] as Lang[]) {
    if (lang !== 'en') {
      await page.getByTestId('language-switcher').click();
      await page.getByRole('menuitem', { name: LOCALES[lang].languages[lang] }).click();
      // The pointer stays where the menu was; a button under it would be measured in its hover colour.
      await page.mouse.move(0, 0);
      await expect(page.locator('html'), 'html lang').toHaveAttribute('lang', HTML_LANG[lang]);
    }
    let previous: string | undefined;
    for (const [path, heading] of pages) {
      await page.goto(`${base}/#${path}`);
      await waitForHash(page, `#${path.split('?')[0]}`);
      // The page before is closed, but the first one stays open: after a switch in the navbar it is
      // shown again from the tabs' cache, re-rendered in the new language.
      if (previous !== pages[0][0]) await closeTab(page, previous);
      previous = path.split('?')[0];
      // Both detail pages are headed by the machine's name: wait for the one asked for.
      if (path.startsWith('/device-detail'))
        await view(page)
          .locator(
            `[data-automation="${path.startsWith('/device-detailautomatic') ? 'automatic' : 'semi-automatic'}"]`,
          )
          .waitFor();
      await view(page)
        .getByRole('heading', { name: heading(LOCALES[lang]) })
        .first()
        .waitFor();
      await page
        .locator('.app-view:not([hidden]) .ant-spin-spinning')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      // Colours are measured once transitions (a tab turning active) have ended.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .every((a) => a.playState !== 'running'),
      );
      const text = await view(page).innerText();
      const raw = text.match(
        /\b(?:resources|common|devices|deviceDetail|quality|map|merchantMachines|journal|fixedRoutes|bulk)\.[A-Za-z-]+(?:\.[A-Za-z0-9-]+)*/g,
      );
      if (raw) problems.push(`${lang} ${path}: untranslated keys ${[...new Set(raw)].join(', ')}`);
      const violations = await seriousViolations(page);
      if (violations.length) problems.push(`${lang} ${path}: axe\n${describeViolations(violations)}`);
    }
  }
  expect(problems).toEqual([]);
});
