/** Steps shared by the specs. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Locator, Page } from '@playwright/test';

export type Lang = 'en' | 'zh' | 'tw';
export const HTML_LANG: Record<Lang, string> = { en: 'en', zh: 'zh-CN', tw: 'zh-TW' };

/** The visible tab's content: kept-alive tabs stay in the page, hidden. */
export function view(page: Page) {
  return page.locator('.app-view:not([hidden])');
}

/**
 * Closes the tab of a page that is not the one shown (closing the shown one opens another). A sweep
 * closes each page behind it: every open tab keeps its page in the document, and a document of
 * thousands of hidden nodes slows every later render and accessibility check.
 */
export async function closeTab(page: Page, path: string | undefined): Promise<void> {
  if (!path) return;
  // Only once that tab is no longer the one shown: the page asked for shows when its screen's code has
  // loaded, some time after the address changed (it may have no tab of its own: the map).
  await page.locator(`.tabs-view-tab.active:has(a[data-path="${path}"])`).waitFor({ state: 'detached' });
  const close = page.locator(`.tabs-view-tab:has(a[data-path="${path}"]) .tabs-view-close`);
  if (await close.count()) await close.click();
}

/**
 * The open confirmation dialog, once it has finished zooming in. antd zooms a dialog in from where the
 * pointer was: on a loaded host the zoom can stall for two frames, which Playwright takes for a
 * resting button, and its click then lands where the button no longer is.
 */
export async function confirmDialog(page: Page): Promise<Locator> {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.waitFor();
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target;
        // An endless animation (a spinner) never ends: only the zoom is waited for.
        const endless = a.effect?.getComputedTiming().endTime === Infinity;
        return a.playState !== 'running' || endless || !target?.closest('.ant-modal-root');
      }),
    undefined,
    { timeout: 15_000 },
  );
  return dialog;
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
export async function signInThroughForm(
  page: Page,
  base: string,
  account: string,
  password: string,
): Promise<void> {
  await setLanguageCookie(page, base, 'en');
  await page.goto(`${base}/#/login`);
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await homeShown(page);
}

/**
 * Waits for the homepage itself, not only its address: a spec's next step starts on a console that
 * has loaded its menus. (A hash changed during a sign-in was once put back to #/home by the sign-in
 * page; route-on-load.spec.ts holds the console to the address opened meanwhile.)
 */
async function homeShown(page: Page): Promise<void> {
  await waitForHash(page, '#/home');
  await view(page).locator('.home-page').waitFor({ timeout: 15_000 });
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** What a sign-in left in the browser (token cookie, token and user in local storage), per account. */
const signedIn = new Map<string, StorageState>();

/**
 * Signs in (English labels) and opens the homepage in `lang`. The first time for an account of this
 * worker it goes through the form; later it puts back what that sign-in stored (its session is still
 * valid: sessions are revoked only by signing out, a new password or a suspension, which the specs
 * that do so make on accounts of their own, or through `signInThroughForm`), and the console starts
 * once, in `lang`.
 */
export async function signIn(
  page: Page,
  base: string,
  account: string,
  password: string,
  lang: Lang = 'en',
): Promise<void> {
  const key = `${base} ${account} ${password}`;
  const state = signedIn.get(key);
  if (!state) {
    await signInThroughForm(page, base, account, password);
    signedIn.set(key, await page.context().storageState());
    if (lang === 'en') return;
    await setLanguageCookie(page, base, lang);
    await page.reload();
    await homeShown(page);
    return;
  }
  await page.context().addCookies(state.cookies);
  const origin = state.origins.find((o) => o.origin === new URL(base).origin);
  // Local storage belongs to the origin: a small answer of the server opens it without the console,
  // which then starts once, signed in.
  await page.goto(`${base}/api/auth/publicKey`);
  await page.evaluate((items) => {
    for (const { name, value } of items) localStorage.setItem(name, value);
  }, origin?.localStorage ?? []);
  await setLanguageCookie(page, base, lang);
  await page.goto(`${base}/#/home`);
  await homeShown(page);
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
export async function seriousViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol: the server's CSP (script-src 'self') forbids inline tags.
  // Once per document: hash navigations keep it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Colours are measured at rest: a button's colour transition (antd's, ~0.2 s after a click or a
  // hover) caught half-way read as low contrast now and then (flaky runs in CI). Finished, not
  // waited for; an endless animation (a spinner) cannot finish and is left running.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      try {
        animation.finish();
      } catch {
        // infinite: nothing to finish
      }
    }
  });
  const violations = await page.evaluate(async (selector: string | null) => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document | object, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(selector ? { include: [[selector]] } : document, {
      resultTypes: ['violations'],
    });
    return result.violations;
  }, within ?? null);
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
