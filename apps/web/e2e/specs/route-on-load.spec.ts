/**
 * An address opened while the console is still starting (signing in, or loading the menus after a
 * reload) is the page it opens, not home. Each step holds the server's answer to one start-up
 * request until the address has changed, so the change lands inside that request every time.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { setLanguageCookie, view } from '../support/ui';

/** Runs `start`, then changes the hash while the server's answer to `path` is held back. */
async function changeHashDuring(page: Page, path: string, start: () => Promise<unknown>, hash: string) {
  let requested!: () => void;
  const inFlight = new Promise<void>((resolve) => (requested = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      requested();
      await released;
      await route.continue();
    },
  );
  await start();
  await inFlight;
  // Resolved once the router has seen the change (its own popstate listener runs first).
  await page.evaluate(
    (next) =>
      new Promise<void>((resolve) => {
        addEventListener('popstate', () => resolve(), { once: true });
        location.hash = next;
      }),
    hash,
  );
  release();
  // The only routes of this page: waits for the held answers to go on before dropping them.
  await page.unrouteAll({ behavior: 'wait' });
}

/**
 * A check that the page's requests have all been answered for a moment. Playwright's 'networkidle'
 * cannot say it: it is reached once per document, and these steps stay in one.
 */
function quietNetwork(page: Page): () => Promise<void> {
  let inFlight = 0;
  let changed = Date.now();
  const count = (step: number) => () => {
    inFlight += step;
    changed = Date.now();
  };
  page.on('request', count(1));
  page.on('requestfinished', count(-1));
  page.on('requestfailed', count(-1));
  return () =>
    expect
      .poll(() => inFlight === 0 && Date.now() - changed >= 300, {
        message: 'requests answered',
        intervals: [50],
      })
      .toBe(true);
}

async function expectRoles(page: Page, settled: () => Promise<void>, when: string) {
  const heading = view(page).getByRole('heading', { name: 'Roles' });
  // The roles, or the homepage the address used to be put back to.
  await heading.or(view(page).locator('.home-page')).waitFor();
  // Every start-up request answered (the sign-in page's own last one too): nothing left to move it.
  await settled();
  expect(new URL(page.url()).hash, `${when}: the address stays`).toBe('#/role-list');
  await expect(heading, `${when}: the page stays`).toBeVisible();
}

test('routes: an address opened while the console starts is the page it opens', async ({
  base,
  adminPassword,
  newPage,
}) => {
  const page = await newPage();
  const settled = quietNetwork(page);
  await setLanguageCookie(page, base, 'en');
  const submitSignIn = async () => {
    await page.goto(`${base}/#/login`);
    await page.getByLabel('Account').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(adminPassword);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  // Signing in: before the token (the guard sends the address back to sign-in, naming it), while
  // reading who signed in (the address's own navigation loads the menus), while the menus of the
  // first page load, and before the token again, signed in already (the previous session lets the
  // address through; the sign-in clears it).
  const steps = ['/api/auth/doLogin', '/api/auth/getUserInfo', '/api/coffee/menu/nav', '/api/auth/doLogin'];
  for (const [n, path] of steps.entries()) {
    await changeHashDuring(page, path, submitSignIn, '#/role-list');
    await expectRoles(page, settled, `sign-in ${n + 1}, ${path} in flight`);
  }
  // Reloading a signed-in console whose menus are not kept (a new tab): they load again.
  for (let round = 1; round <= 2; round++) {
    const reload = async () => {
      // Left first: the console writes its stores to session storage as it unloads.
      await page.goto(`${base}/api/auth/publicKey`);
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(`${base}/#/home`);
    };
    await changeHashDuring(page, '/api/coffee/menu/nav', reload, '#/role-list');
    await expectRoles(page, settled, `reload ${round}`);
  }
});
