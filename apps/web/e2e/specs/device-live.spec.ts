/**
 * The detail page's live badge means live records: a cup the machine makes shows in today's cups
 * and in recent production within seconds, without a reload; counts are in cups (spec §1 units).
 */
import { expect, test } from '../fixtures';
import { createModel, registerDevice, startMachine, uneventful } from '../support/fleet';
import { signIn, view, waitForHash } from '../support/ui';

test('machines: the detail page shows new cups from the live stream, counted in cups', async ({
  base,
  adminPassword,
  api,
  mqttUrl,
  newPage,
}) => {
  const { id: modelId } = await createModel(api, 'automatic', 'milk-frother');
  const device = await registerDevice(api, modelId, { name: `Live cups ${Date.now()}` });
  // Makes no cup of its own: the test says when.
  const machine = await startMachine(mqttUrl, device, 'milk-frother', 0, { random: uneventful });
  try {
    const page = await newPage();
    await signIn(page, base, 'admin', adminPassword);
    await page.goto(`${base}/#/device-detailautomatic?id=${device.id}`);
    await waitForHash(page, '#/device-detailautomatic');
    const detail = view(page);
    await detail.getByRole('heading', { name: device.name }).waitFor();
    await detail.locator('[data-live="open"]').waitFor();
    const cups = detail.getByTestId('today-cups').locator('.ant-statistic-content-value');
    await expect(cups, "today's cups before any").toHaveText('0');
    await expect(
      detail.getByTestId('today-cups').locator('.ant-statistic-content-suffix'),
      "today's cups counted in cups",
    ).toHaveText('cups');
    const rows = detail.getByTestId('detail-production').locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows, 'no production yet').toHaveCount(0);

    machine.makeCup();
    machine.makeCup();
    machine.flush();
    await expect(cups, "today's cups after two").toHaveText('2', { timeout: 10_000 });
    await expect(rows, 'the two cups in recent production').toHaveCount(2, { timeout: 10_000 });
  } finally {
    await machine.stop();
  }
});
