/** Every page in the three languages: translated (no raw keys), html lang right, and axe-clean. */
import type { Page } from '@playwright/test';
import { en } from '../../src/locales/en';
import { tw } from '../../src/locales/tw';
import { zh } from '../../src/locales/zh';
import { en as privacyEn } from '../../src/features/privacy/texts/en';
import { tw as privacyTw } from '../../src/features/privacy/texts/tw';
import { zh as privacyZh } from '../../src/features/privacy/texts/zh';
import { expect, test } from '../fixtures';
import {
  closeTab,
  describeViolations,
  HTML_LANG,
  seriousViolations,
  setLanguageCookie,
  signIn,
  view,
  waitForHash,
  type Lang,
} from '../support/ui';

const LOCALES = { en, zh, tw };
const PRIVACY = { en: privacyEn, zh: privacyZh, tw: privacyTw };
const LANGS: Lang[] = ['en', 'zh', 'tw'];

/** Protected pages and the heading each shows. */
const PAGES: Array<[string, (l: typeof en) => string]> = [
  ['/home', (l) => l.home.overview],
  ['/account-list', (l) => l.resources.account.title],
  ['/role-list', (l) => l.resources.role.title],
  ['/organization-list', (l) => l.resources.organization.title],
  ['/operation-log-list', (l) => l.resources['operation-log'].title],
  ['/menu-list', (l) => l.resources.menu.title],
  ['/merchant-list', (l) => l.resources.merchant.title],
  ['/merchant-grade', (l) => l.merchants.gradeTitle],
  ['/merchant-account', (l) => l.partnerAccount.merchantTitle],
  ['/store-list', (l) => l.resources.store.title],
  ['/store-account', (l) => l.partnerAccount.storeTitle],
];

/** Create drawers checked as well: the account form (passwords), the merchant and store forms (uploads). */
const DRAWERS: Array<[string, (l: typeof en) => string]> = [
  ['/account-list', (l) => l.resources.account.title],
  ['/merchant-list', (l) => l.resources.merchant.title],
  ['/store-list', (l) => l.resources.store.title],
];

/** `within`: check only that part (an open drawer: the page behind its mask was checked on its own). */
async function checkPage(page: Page, lang: Lang, where: string, problems: string[], within?: string) {
  const htmlLang = await page.evaluate(() => document.documentElement.lang);
  if (htmlLang !== HTML_LANG[lang]) problems.push(`${lang} ${where}: html lang ${htmlLang}`);
  const text = await page.locator('body').innerText();
  const raw = text.match(
    /\b(?:resources|common|validation|home|nav|tags|routes|errors|importer|menuSettings|merchants|partnerAccount|secrets)\.[A-Za-z-]+(?:\.[A-Za-z-]+)*/g,
  );
  if (raw) problems.push(`${lang} ${where}: untranslated keys ${[...new Set(raw)].join(', ')}`);
  const violations = await seriousViolations(page, within);
  if (violations.length) problems.push(`${lang} ${where}: axe\n${describeViolations(violations)}`);
}

test('pages: every public page in en, zh and tw, translated and accessible', async ({ base, newPage }) => {
  const problems: string[] = [];
  for (const lang of LANGS) {
    const page = await newPage();
    await setLanguageCookie(page, base, lang);
    await page.goto(`${base}/#/login`);
    await page.getByRole('heading', { name: LOCALES[lang].login.title }).waitFor();
    await checkPage(page, lang, '/login', problems);
    for (const doc of ['privacyAgreement', 'privacyAgreement1', 'privacyAgreement2'] as const) {
      await page.goto(`${base}/#/${doc}`);
      await page.getByRole('heading', { level: 1, name: PRIVACY[lang][doc].title }).waitFor();
      await checkPage(page, lang, `/${doc}`, problems);
    }
    await page.goto(`${base}/#/404`);
    await page.getByText(LOCALES[lang].errors.notFoundText).waitFor();
    await checkPage(page, lang, '/404', problems);
  }
  expect(problems).toEqual([]);
});

test('pages: every console page in en, zh and tw, translated and accessible', async ({
  base,
  adminPassword,
  newPage,
}) => {
  const problems: string[] = [];
  for (const lang of LANGS) {
    const page = await newPage();
    await signIn(page, base, 'admin', adminPassword, lang);
    let previous: string | undefined;
    for (const [path, heading] of PAGES) {
      await page.goto(`${base}/#${path}`);
      await waitForHash(page, `#${path}`);
      await page
        .locator('.app-view:not([hidden])')
        .getByRole('heading', { name: heading(LOCALES[lang]) })
        .waitFor();
      await page
        .locator('.ant-spin-spinning')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await closeTab(page, previous);
      previous = path;
      await checkPage(page, lang, path, problems);
    }
    for (const [path, heading] of DRAWERS) {
      await page.goto(`${base}/#${path}`);
      await view(page)
        .getByRole('heading', { name: heading(LOCALES[lang]) })
        .waitFor();
      await view(page).getByTestId('create').click();
      await page.locator('.ant-drawer-open').waitFor();
      // Colours are measured once the drawer has finished sliding and fading in.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await checkPage(page, lang, `${path} (create drawer)`, problems, '.ant-drawer-open');
      await page.keyboard.press('Escape');
      await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
    }
  }
  expect(problems).toEqual([]);
});
