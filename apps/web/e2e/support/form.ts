/** Steps in the generic create/edit drawer (English labels). */
import type { Page } from 'playwright-core';

export const drawer = (page: Page) => page.locator('.ant-drawer-open');

export async function fillField(page: Page, label: string, value: string): Promise<void> {
  await drawer(page).getByLabel(label, { exact: true }).fill(value);
}

/** Opens a select by its label, optionally types to filter, and clicks the option. */
export async function chooseOption(page: Page, label: string, option: string, type?: string) {
  const input = drawer(page).getByLabel(label, { exact: true });
  await input.click();
  if (type) await input.fill(type);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

/** Types a time into an antd TimePicker and leaves it (Enter would submit the form). */
export async function fillTime(page: Page, label: string, value: string): Promise<void> {
  const input = drawer(page).getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Tab');
}

export async function saveDrawer(page: Page): Promise<void> {
  await drawer(page).getByTestId('drawer-save').click();
  await drawer(page).waitFor({ state: 'detached' });
}
