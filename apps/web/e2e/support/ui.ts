/** Steps shared by the specs. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export type Lang = 'en' | 'zh' | 'tw';
export const HTML_LANG: Record<Lang, string> = { en: 'en', zh: 'zh-CN', tw: 'zh-TW' };

/** The visible tab's content: kept-alive tabs stay in the page, hidden. */
export function view(page: Page) {
  return page.locator('.app-view:not([hidden])');
}

export function expectEqual<T>(actual: T, expected: T, what: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

export function expectTrue(value: boolean, what: string): void {
  if (!value) throw new Error(what);
}

/** Polls until `read()` gives `expected` (UI updates land after effects run). */
export async function expectEventually<T>(
  read: () => Promise<T>,
  expected: T,
  what: string,
  timeoutMs = 5000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  let actual = await read();
  while (JSON.stringify(actual) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    actual = await read();
  }
  expectEqual(actual, expected, what);
}

export async function setLanguageCookie(page: Page, base: string, lang: Lang): Promise<void> {
  await page.context().addCookies([{ name: 'language', value: lang, url: base }]);
}

export async function waitForHash(page: Page, hash: string | RegExp): Promise<void> {
  await page.waitForURL(
    (url) => (typeof hash === 'string' ? url.hash.split('?')[0] === hash : hash.test(url.hash)),
    { timeout: 15_000 },
  );
}

/** Signs in through the form (English labels). */
export async function signIn(page: Page, base: string, account: string, password: string): Promise<void> {
  await setLanguageCookie(page, base, 'en');
  await page.goto(`${base}/#/login`);
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForHash(page, '#/home');
}

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe-core on the page; returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol: the server's CSP (script-src 'self') forbids inline tags.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    )
    .join('\n');
}
