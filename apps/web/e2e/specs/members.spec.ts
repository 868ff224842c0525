/**
 * Members (issue 12) as a merchant administrator, once in each language: create a member, top up
 * the wallet and read the new balance, the list's balance and the wallet history narrowed to the
 * member; try a negative top-up and read the server's refusal in that language; create a coupon and
 * grant it to the member; create an app banner whose link is not an external link and read the
 * server's message on the field. The server then answers what the console showed: one wallet entry
 * (the refused top-up wrote nothing), the balance, one coupon held.
 */
import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { APP_MESSAGES } from '@brewfleet/contracts/i18n/app-messages';
import { MEMBER_MESSAGES } from '@brewfleet/contracts/i18n/member-messages';
import { en } from '../../src/locales/en';
import { tw } from '../../src/locales/tw';
import { zh } from '../../src/locales/zh';
import { expect, test } from '../fixtures';
import { AdminApi } from '../support/api';
import { TINY_PNG } from '../support/files';
import { drawer, pick, saveDrawer } from '../support/form';
import {
  describeViolations,
  seriousViolations,
  setLanguageCookie,
  signIn,
  view,
  waitForHash,
  type Lang,
} from '../support/ui';

const PASSWORD = 'Members-Pass-2026';
const LOCALES = { en, zh, tw };
const LANGS: Lang[] = ['en', 'zh', 'tw'];

/** "12.50" as the console writes money in that language: $12.50, or 12.50 元. */
const moneyIn = (lang: Lang, amount: string) =>
  LOCALES[lang].common.moneyFormat.replace('{{amount}}', amount);

/** Opens a page of the menu in a language and waits for its heading. */
async function open(page: Page, base: string, lang: Lang, route: string, title: string) {
  await setLanguageCookie(page, base, lang);
  await page.goto(`${base}/#/${route}`);
  await page.reload();
  await view(page).getByRole('heading', { name: title }).waitFor();
}

/** No key shown untranslated. */
async function checkTexts(page: Page, lang: Lang, what: string, problems: string[]) {
  const text = await page.locator('body').innerText();
  const raw = text.match(/\b(?:resources|common|members|validation)\.[A-Za-z-]+(?:\.[A-Za-z0-9-]+)+/g);
  if (raw) problems.push(`${lang} ${what}: untranslated keys ${[...new Set(raw)].join(', ')}`);
}

/**
 * No key untranslated, no serious accessibility problem: on a page without a dialog or drawer open
 * (axe measures the contrast of the page under their fading mask as it is at that instant).
 */
async function checkPage(page: Page, lang: Lang, what: string, problems: string[]) {
  await checkTexts(page, lang, what, problems);
  const violations = await seriousViolations(page);
  if (violations.length) problems.push(`${lang} ${what}: axe\n${describeViolations(violations)}`);
}

async function createInDrawer(page: Page, fill: Record<string, string>) {
  await view(page).getByTestId('create').click();
  for (const [label, value] of Object.entries(fill))
    await drawer(page).getByLabel(label, { exact: true }).fill(value);
}

test('members: a merchant administrator tops up a wallet, grants a coupon and checks a banner link, in en, zh and tw', async ({
  base,
  api,
  newPage,
}) => {
  const stamp = crypto.randomBytes(3).toString('hex');
  const login = `members${stamp}`;
  await api.createMerchant(`Members ${stamp}`, login, PASSWORD);
  const merchant = await AdminApi.signIn(base, login, PASSWORD);
  const problems: string[] = [];

  for (const lang of LANGS) {
    const texts = LOCALES[lang];
    const m = texts.members;
    const page = await newPage();
    await signIn(page, base, login, PASSWORD);

    // A member, created in the Membership List.
    const username = `Ann ${lang} ${stamp}`;
    await open(page, base, lang, 'member-list', texts.resources.member.title);
    await createInDrawer(page, {
      [texts.resources.member.fields.username]: username,
      [texts.resources.member.fields.phone]: `0912${crypto.randomInt(100000, 999999)}`,
    });
    await saveDrawer(page);
    const row = view(page).locator('tr', { hasText: username });
    await expect(row).toContainText(moneyIn(lang, '0.00'));
    await checkPage(page, lang, 'membership list', problems);

    // Top up 12.50: the dialog tells the new balance, and so does the list.
    await row.getByRole('button', { name: m.actions.wallet }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel(m.wallet.amount, { exact: true }).fill('12.50');
    await dialog.getByLabel(m.adjust.reason, { exact: true }).fill(`Cash (${lang})`);
    await dialog.getByTestId('adjust-submit').click();
    await expect(dialog.getByTestId('adjust-done')).toHaveText(
      m.wallet.done.replace('{{amount}}', moneyIn(lang, '12.50')),
    );
    await checkTexts(page, lang, 'wallet dialog', problems);
    await dialog.getByTestId('adjust-close').click();
    await expect(row).toContainText(moneyIn(lang, '12.50'));

    // A negative top-up: the server refuses it, in this language, and nothing changes.
    await row.getByRole('button', { name: m.actions.wallet }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel(m.wallet.amount, { exact: true }).fill('-3');
    await dialog.getByLabel(m.adjust.reason, { exact: true }).fill('Oops');
    await dialog.getByTestId('adjust-submit').click();
    await expect(dialog.getByTestId('adjust-error')).toContainText(
      MEMBER_MESSAGES['msg.topUpNegative'][lang],
    );
    await dialog.getByTestId('adjust-cancel').click();
    await expect(dialog).toBeHidden();

    // The wallet history, narrowed to the member, has the top-up.
    await row.getByRole('button', { name: texts.common.more }).click();
    await page
      .locator('.ant-dropdown-menu')
      .getByRole('menuitem', { name: m.actions.walletHistory, exact: true })
      .click();
    await waitForHash(page, '#/member-wallet');
    const history = view(page);
    await expect(history.getByTestId('member-scope')).toContainText(username);
    const entry = history.locator('tr', { hasText: `Cash (${lang})` });
    await expect(entry).toContainText(texts.resources['wallet-entry'].values.kind['top-up']);
    await expect(entry).toContainText(moneyIn(lang, '12.50'));
    await expect(history.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(page.locator('.ant-message-error'), 'an error shown').toHaveCount(0);
    await checkPage(page, lang, 'wallet history', problems);

    // A coupon, granted to the member.
    const couponName = `Free latte ${lang} ${stamp}`;
    const c = texts.resources.coupon.fields;
    await open(page, base, lang, 'coupon-list', texts.resources.coupon.title);
    await checkPage(page, lang, 'coupon list', problems);
    await createInDrawer(page, {
      [c.name]: couponName,
      [c.discountAmount]: '3.50',
      [c.pointsCost]: '100',
      [c.validityDays]: '30',
    });
    await saveDrawer(page);
    await view(page)
      .locator('tr', { hasText: couponName })
      .getByRole('button', { name: m.actions.grant })
      .click();
    dialog = page.getByRole('dialog');
    await pick(page, dialog.getByLabel(m.grant.members, { exact: true }), username, username);
    // Close the picker's dropdown by clicking beside it (Escape would close the dialog).
    await dialog.locator('.ant-modal-title').click();
    await dialog.getByTestId('grant-submit').click();
    await expect(dialog.getByTestId('grant-done')).toContainText(
      m.grant.done.split('{{validTo}}')[0].replace('{{count}}', '1'),
    );
    await checkTexts(page, lang, 'coupon grant', problems);
    await dialog.getByTestId('grant-close').click();

    // An app banner whose link is no external link: the server's message, on the field.
    const b = texts.resources['app-banner'].fields;
    await open(page, base, lang, 'app-banner', texts.resources['app-banner'].title);
    await createInDrawer(page, { [b.title]: `Autumn ${lang} ${stamp}`, [b.link]: 'javascript:alert(1)' });
    const uploaded = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/coffee/upload' && r.status() === 200,
    );
    await drawer(page).locator('input[type=file]').setInputFiles(TINY_PNG);
    await uploaded;
    await drawer(page).getByTestId('drawer-save').click();
    await expect(drawer(page).locator('.ant-form-item-explain-error')).toHaveText(
      APP_MESSAGES['msg.externalLinkInvalid'][lang],
    );
    await checkTexts(page, lang, 'app banner form', problems);
    await page.close();
  }

  expect(problems).toEqual([]);

  // As the API answers it: each member holds 12.50 from one entry (the refused top-up wrote
  // nothing) and one coupon; no banner was saved.
  for (const lang of LANGS) {
    const [member] = await merchant.list<{ id: string; walletBalance: string }>('member', {
      username: `Ann ${lang} ${stamp}`,
    });
    expect(member.walletBalance, `${lang} balance`).toBe('12.50');
    const entries = await merchant.list<{ amount: string }>('wallet-entry', { memberId: member.id });
    expect(
      entries.map((e) => e.amount),
      `${lang} wallet entries`,
    ).toEqual(['12.50']);
    expect(await merchant.list('member-coupon', { memberId: member.id }), `${lang} coupons`).toHaveLength(1);
  }
  expect(await merchant.list('app-banner'), 'banners').toEqual([]);
});
