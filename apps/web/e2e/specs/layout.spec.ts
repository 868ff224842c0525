/**
 * Every page of the menu laid out at 1280, 1440 and 1920 px with some rows in its lists: no cell's
 * content overlaps the next one, a text cut short has its whole text in a title, the actions column
 * is in view, a row is one line, and the search form is one row until "More filters" is opened.
 * Then the same checks on a few pages in zh and tw. One browser context, signed in once: each page is
 * checked at 1440 px, and a list then at 1280 and 1920 px by resizing the window on it. The statistics
 * pages, one screen, are all swept at 1440 px and one of them at the other widths.
 */
import type { Page } from '@playwright/test';
import { MENU_SEED } from '@brewfleet/contracts/menu-seed';
import { MENU_TYPE } from '@brewfleet/contracts/enums';
import { STAT_PAGES } from '@brewfleet/contracts/data-center';
import { expect, test } from '../fixtures';
import { AdminApi } from '../support/api';
import { createModel, registerDevice, uniqueSerial } from '../support/fleet';
import {
  closeTab,
  describeViolations,
  seriousViolations,
  setLanguageCookie,
  signIn,
  view,
  waitForHash,
  type Lang,
} from '../support/ui';

const WIDTHS = [1280, 1440, 1920];
const PASSWORD = 'Layout-Pass-2026';
/** Pages without a list (a map, a tree of grades, a flow chart …) are still checked for clipping. */
const ROUTES = MENU_SEED.filter((n) => n.type === MENU_TYPE.page && n.url).map(
  (n) => `/${n.url.replace(/\//g, '-')}`,
);
/** The statistics pages are one screen drawn from STAT_PAGES: one of them stands for all at 1280 and 1920 px. */
const STAT_ROUTES = new Set(STAT_PAGES.map((p) => `/${p.url.replace(/\//g, '-')}`));
/** The zh/tw journey: lists with tags, weekdays, long names and many columns. */
const JOURNEY = ['/store-list', '/merchant-list', '/device-list', '/account-list', '/command-config'];

/** Rows with long texts, tags and every weekday, so that the lists have something to lay out. */
/** The merchant's administrator: a new user of a partner, whose home page is checked too. */
let merchantAccount = '';

async function seed(api: AdminApi): Promise<void> {
  const stamp = Date.now().toString(36);
  merchantAccount = `layout${stamp}`;
  const merchantId = await api.createMerchant(
    `Layout Roastery of the Long Riverside Promenade ${stamp}`,
    merchantAccount,
    PASSWORD,
  );
  await api.createStore(`Layout kiosk at the North Terminal Departure Hall ${stamp}`, merchantId, {
    city: 'Kaohsiung',
    address: 'No. 1234, Section 5, Zhongshan North Road, Zhongshan District, near the metro exit 3',
    operatingDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  });
  const model = await createModel(api);
  await registerDevice(api, model.id, {
    serialNumber: uniqueSerial('LAYOUT'),
    name: `Layout machine with a rather long display name ${stamp}`,
  });
  // A refused request of the merchant: the homes' recent operations show a failure next to the successes.
  const merchant = await AdminApi.signIn(api.base, merchantAccount, PASSWORD);
  await merchant.call('POST', '/coffee/store', { name: '', type: 'self-service' }).then(
    () => Promise.reject(new Error('a store without a name was accepted')),
    () => undefined,
  );
}

let seeding: Promise<void> | undefined;
const seedOnce = (api: AdminApi) => (seeding ??= seed(api));

interface Problem {
  what: string;
  where: string;
}

/** The checks, run in the page on the visible view. */
async function layoutProblems(page: Page): Promise<Problem[]> {
  // tsx names inner functions through a `__name` helper the page does not have.
  await page.evaluate('window.__name = (f) => f');
  return page.evaluate(() => {
    const root = document.querySelector('.app-view:not([hidden])');
    if (!root) return [{ what: 'no visible view', where: '' }];
    const problems: Array<{ what: string; where: string }> = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };

    // 1. Within each row, a cell's content (its child boxes, its own text) ends before the next begins.
    const contentBox = (cell: Element) => {
      let left = Infinity;
      let right = -Infinity;
      for (const node of cell.childNodes) {
        let rect: DOMRect | null = null;
        if (node.nodeType === Node.ELEMENT_NODE) rect = (node as Element).getBoundingClientRect();
        else if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          rect = range.getBoundingClientRect();
        }
        if (rect && rect.width > 0) {
          left = Math.min(left, rect.left);
          right = Math.max(right, rect.right);
        }
      }
      return left === Infinity ? null : { left, right };
    };
    for (const table of root.querySelectorAll('.ant-table table')) {
      if (!visible(table)) continue;
      const rows = [
        ...table.querySelectorAll(':scope > thead > tr'),
        ...[...table.querySelectorAll(':scope > tbody > tr.ant-table-row')].slice(0, 10),
      ];
      for (const row of rows) {
        const cells = [...row.children].filter((c) => !c.classList.contains('list-actions'));
        for (let i = 0; i + 1 < cells.length; i++) {
          const a = contentBox(cells[i]);
          const b = contentBox(cells[i + 1]);
          if (a && b && a.right > b.left + 1)
            problems.push({
              what: 'cell contents overlap',
              where: `${describe(cells[i])} / ${describe(cells[i + 1])}`,
            });
        }
        if (row.parentElement?.tagName === 'TBODY' && row.getBoundingClientRect().height > 90)
          problems.push({
            what: `row ${Math.round(row.getBoundingClientRect().height)} px tall`,
            where: describe(row),
          });
      }
      // 3. The actions column is in view, whatever the table's width.
      const scroller = table.closest('.list-table') ?? table.closest('.ant-table-wrapper');
      const actions = table.querySelector(':scope > thead > tr > th.list-actions');
      if (scroller && actions) {
        const box = scroller.getBoundingClientRect();
        const r = actions.getBoundingClientRect();
        if (r.left < box.left - 1 || r.right > box.right + 1)
          problems.push({ what: 'actions column out of view', where: describe(actions) });
      }
    }

    // 2. Anything that cuts its text short says the whole text in a title (its own or a near parent's).
    for (const el of root.querySelectorAll('*')) {
      if (!(el instanceof HTMLElement) || !el.textContent?.trim() || !visible(el)) continue;
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const style = getComputedStyle(el);
      if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
      let titled = false;
      for (let p: HTMLElement | null = el, n = 0; p && n < 4; p = p.parentElement, n++)
        if (p.title || p.getAttribute('aria-label')) titled = true;
      if (!titled) problems.push({ what: 'text clipped without a title', where: describe(el) });
    }

    // 4. The search form, collapsed, is one row.
    for (const form of root.querySelectorAll('.resource-search')) {
      const tops = new Set(
        [...form.querySelectorAll(':scope > .ant-form-item')]
          .filter(visible)
          .map((item) => Math.round(item.getBoundingClientRect().top)),
      );
      if (tops.size > 1) problems.push({ what: `search form in ${tops.size} rows`, where: describe(form) });
    }
    return problems;
  });
}

async function visit(page: Page, base: string, route: string): Promise<void> {
  await page.goto(`${base}/#${route}`);
  await waitForHash(page, `#${route}`);
  // Navigations run in transitions: the page before stays shown until this one has rendered.
  await page.locator(`.app-view:not([hidden])[data-path="${route}"]`).waitFor();
  const shown = view(page);
  await shown.locator('h1, h2, .ant-card-head-title').first().waitFor();
  // A list has its rows (or says it has none), and its references are named.
  if (await shown.locator('.ant-table').count())
    await shown.locator('.ant-table-row, .ant-table-placeholder').first().waitFor({ state: 'attached' });
  await page.waitForFunction(() => !document.querySelector('.app-view:not([hidden]) .ant-spin-spinning'));
}

/** Waits until a resized page has laid itself out again: observers fired, transitions ended. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/**
 * Checks each route at `width`; a list among them (and the first statistics page) is then checked at
 * each of `alsoAt` by resizing the window, as a user does, rather than by visiting it again.
 */
async function checkRoutes(
  page: Page,
  base: string,
  routes: string[],
  width: number,
  alsoAt: number[],
  label: string,
  problems: string[],
): Promise<void> {
  let previous: string | undefined;
  let statisticsSeen = false;
  for (const route of routes) {
    await visit(page, base, route);
    await closeTab(page, previous);
    previous = route;
    for (const p of await layoutProblems(page))
      problems.push(`${label} ${width}px ${route}: ${p.what} — ${p.where}`);
    const isList = (await view(page).locator('.ant-table').count()) > 0;
    // The statistics pages are one screen: the first of them stands for all at the other widths.
    const again = isList && (!STAT_ROUTES.has(route) || !statisticsSeen) ? alsoAt : [];
    if (isList && STAT_ROUTES.has(route)) statisticsSeen = true;
    for (const other of again) {
      await page.setViewportSize({ width: other, height: 900 });
      await settled(page);
      for (const p of await layoutProblems(page))
        problems.push(`${label} ${other}px ${route}: ${p.what} — ${p.where}`);
    }
    if (again.length) {
      await page.setViewportSize({ width, height: 900 });
      await settled(page);
    }
  }
}

test('layout: every menu page at 1280, 1440 and 1920 px, nothing overlapping or clipped unseen', async ({
  base,
  adminPassword,
  api,
  newPage,
}) => {
  await seedOnce(api);
  const problems: string[] = [];
  // Every page at 1440 px; the lists among them also at the narrower and the wider width.
  const page = await newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, base, 'admin', adminPassword);
  await checkRoutes(
    page,
    base,
    ROUTES,
    1440,
    WIDTHS.filter((w) => w !== 1440),
    'en',
    problems,
  );
  expect(problems).toEqual([]);
});

test('layout: zh and tw lists at 1440 px, nothing overlapping or clipped unseen', async ({
  base,
  adminPassword,
  api,
  newPage,
}) => {
  await seedOnce(api);
  const problems: string[] = [];
  for (const lang of ['zh', 'tw'] as Lang[]) {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, base, 'admin', adminPassword, lang);
    await checkRoutes(page, base, JOURNEY, 1440, [], lang, problems);
    // Opening "More filters" shows every filter; closing it again is one row once more.
    await visit(page, base, '/device-list');
    const more = view(page).getByTestId('search-more');
    if (await more.count()) {
      await more.click();
      await more.click();
      for (const p of await layoutProblems(page))
        problems.push(`${lang} /device-list refolded: ${p.what} — ${p.where}`);
    }
    await page.context().close();
  }
  expect(problems).toEqual([]);
});

/** What is under the pointer on home: a quick link, a counter, "View all", the logo, a menu entry. */
const HOVERED = [
  '.home-links .ant-btn',
  '.home-stat',
  '.ant-card-extra a',
  '.sidebar-logo',
  '.sidebar .ant-menu-item, .sidebar .ant-menu-submenu-title',
];

test('layout: home with data is axe-clean (colour contrast) in en, zh and tw, while loading and under the pointer', async ({
  base,
  adminPassword,
  api,
  newPage,
}) => {
  await seedOnce(api);
  const problems: string[] = [];
  // The platform administrator, and a merchant's administrator signing in for the first time.
  for (const [account, password] of [
    ['admin', adminPassword],
    [merchantAccount, PASSWORD],
  ]) {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, base, account, password);
    // While the counters load: each counter's link keeps its name (axe's link-name).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const summary = (url: URL) => url.pathname === '/api/coffee/home/summary';
    await page.route(summary, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.locator('.app-view:not([hidden]) .home-stat .ant-skeleton').first().waitFor();
    const loading = await seriousViolations(page);
    if (loading.length) problems.push(`${account} /home loading: axe\n${describeViolations(loading)}`);
    release();
    await page.waitForFunction(() => !document.querySelector('.app-view:not([hidden]) .ant-skeleton'));
    await page.unroute(summary);
    for (const lang of ['en', 'zh', 'tw'] as Lang[]) {
      await setLanguageCookie(page, base, lang);
      await page.reload();
      await waitForHash(page, '#/home');
      // The greeting and what the user may see (counters, recent operations) have loaded.
      await page.waitForFunction(() => !document.querySelector('.app-view:not([hidden]) .ant-skeleton'));
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const violations = await seriousViolations(page);
      if (violations.length)
        problems.push(`${account} ${lang} /home: axe\n${describeViolations(violations)}`);
    }
    // Hover colours are antd's lighter shades of the theme: a quick link under the pointer was 4.42:1.
    for (const selector of HOVERED) {
      const target = page.locator(selector).filter({ visible: true }).first();
      if (!(await target.count())) continue;
      await target.hover();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const violations = await seriousViolations(page);
      if (violations.length)
        problems.push(`${account} /home, pointer on ${selector}: axe\n${describeViolations(violations)}`);
    }
    await page.context().close();
  }
  expect(problems).toEqual([]);
});

test("tabs: the active tab in view with a dozen open; a cached page's dialog closes on Back", async ({
  base,
  adminPassword,
  newPage,
}) => {
  const page = await newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(page, base, 'admin', adminPassword);
  const routes = ROUTES.filter((r) => r !== '/home').slice(0, 13);
  for (const route of routes) await visit(page, base, route);
  // Back to the first one opened: its tab, far left of a full strip, is scrolled into view.
  for (const route of [routes[0], routes[12], routes[1]]) {
    await page.locator(`.tabs-view a[data-path="${route}"]`).click();
    await waitForHash(page, `#${route}`);
    await page.waitForFunction(
      (path) => {
        const strip = document.querySelector('.tabs-view-list')!.getBoundingClientRect();
        const tab = document.querySelector(`.tabs-view a[data-path="${path}"]`)!.getBoundingClientRect();
        return tab.left >= strip.left - 1 && tab.right <= strip.right + 1;
      },
      route,
      { timeout: 5000 },
    );
  }
  await expect(page.locator('.tabs-view a').first(), 'home tab').toHaveAttribute('data-path', '/home');

  // The product list's family chooser, open when the user goes Back, does not float over that page.
  await visit(page, base, '/produce-name');
  await view(page).getByTestId('create-product').click();
  const choice = page.getByTestId('flow-produce-name-create');
  await choice.waitFor();
  await page.goBack();
  await waitForHash(page, `#${routes[1]}`);
  await choice.waitFor({ state: 'hidden' });
  await expect(choice, 'chooser closed').toBeHidden();
});

test('motion: a drawer slides in, and appears at once for a user whose system asks for less motion', async ({
  base,
  adminPassword,
  newPage,
}) => {
  for (const [reducedMotion, slides] of [
    ['no-preference', true],
    ['reduce', false],
  ] as const) {
    const page = await newPage({ reducedMotion });
    await signIn(page, base, 'admin', adminPassword);
    await visit(page, base, '/account-list');
    // Any transition or animation that starts inside the drawer, from the click on.
    await page.evaluate(() => {
      const w = window as unknown as { drawerMoved: boolean };
      w.drawerMoved = false;
      for (const type of ['transitionstart', 'animationstart'])
        document.addEventListener(
          type,
          (e) => {
            if ((e.target as Element).closest?.('.ant-drawer')) w.drawerMoved = true;
          },
          true,
        );
    });
    await view(page).getByTestId('create').click();
    await page.locator('.ant-drawer-open').waitFor();
    if (slides)
      await page.waitForFunction(
        () => (window as unknown as { drawerMoved: boolean }).drawerMoved,
        undefined,
        {
          timeout: 5000,
        },
      );
    else {
      // Open and drawn: a slide would have started by now.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      expect(
        await page.evaluate(() => (window as unknown as { drawerMoved: boolean }).drawerMoved),
        'reduce: the drawer does not move',
      ).toBe(false);
    }
    await page.context().close();
  }
});
