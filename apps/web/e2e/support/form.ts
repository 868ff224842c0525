/** Steps in the generic create/edit drawer (English labels). */
import { expect, type Locator, type Page } from '@playwright/test';

export const drawer = (page: Page) => page.locator('.ant-drawer-open');

export async function fillField(page: Page, label: string, value: string): Promise<void> {
  await drawer(page).getByLabel(label, { exact: true }).fill(value);
}

/**
 * The dropdown of one antd select, found by the listbox its combobox input names (`<id>_list`),
 * not by being visible: a dropdown still fading out after an earlier pick may list the same options,
 * and an option in it never becomes stable enough to click.
 */
export async function dropdownOf(page: Page, input: Locator): Promise<Locator> {
  const id = await input.getAttribute('id');
  return id
    ? page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${id}_list"]`) })
    : page.locator('.ant-select-dropdown:visible');
}

/** The options an opened select offers. */
export async function optionsOf(page: Page, input: Locator): Promise<Locator> {
  return (await dropdownOf(page, input)).locator('.ant-select-item-option');
}

/** Opens an antd select (its combobox input), optionally types to filter, and clicks the option. */
export async function pick(page: Page, input: Locator, option: string, type?: string) {
  // The select as a whole shows what was chosen. Typing sends a search: the first options may be
  // replaced by its answer just as one is clicked, and the click is lost — so check, and try again.
  const select = input.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await expect(async () => {
    if ((await select.textContent())?.includes(option)) return;
    await input.click();
    if (type) await input.fill(type);
    await (await optionsOf(page, input)).filter({ hasText: option }).first().click({ timeout: 10_000 });
    await expect(select).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Opens a drawer select by its label, optionally types to filter, and clicks the option. */
export async function chooseOption(page: Page, label: string, option: string, type?: string) {
  await pick(page, drawer(page).getByLabel(label, { exact: true }), option, type);
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
