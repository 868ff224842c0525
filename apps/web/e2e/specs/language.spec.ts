import { expect, test } from '../fixtures';
import { setLanguageCookie, type Lang } from '../support/ui';

const TITLES: Record<Lang, string> = {
  en: 'Sign in to BrewFleet',
  zh: '登录 BrewFleet',
  tw: '登入 BrewFleet',
};
const HTML: Record<Lang, string> = { en: 'en', zh: 'zh-CN', tw: 'zh-TW' };

test('language: the cookie decides', async ({ base, newPage }) => {
  for (const lang of ['en', 'zh', 'tw'] as const) {
    const page = await newPage({ locale: lang === 'en' ? 'zh-CN' : 'en-US' });
    await setLanguageCookie(page, base, lang);
    await page.goto(`${base}/#/login`);
    await page.getByRole('heading', { name: TITLES[lang] }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang), `html lang for cookie ${lang}`).toEqual(
      HTML[lang],
    );
  }
});

test('language: without a cookie the browser language decides, else tw', async ({ base, newPage }) => {
  const cases: Array<[string, Lang]> = [
    ['en-GB', 'en'],
    ['zh-CN', 'zh'],
    ['zh-TW', 'tw'],
    ['zh-HK', 'tw'],
    ['fr-FR', 'tw'],
  ];
  for (const [locale, lang] of cases) {
    const page = await newPage({ locale });
    await page.goto(`${base}/#/login`);
    await page.getByRole('heading', { name: TITLES[lang] }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.lang),
      `html lang for browser ${locale}`,
    ).toEqual(HTML[lang]);
  }
});

test('language: the switcher changes texts, html lang and the cookie', async ({ base, newPage }) => {
  const page = await newPage({ locale: 'fr-FR' });
  await page.goto(`${base}/#/login`);
  await page.getByRole('heading', { name: TITLES.tw }).waitFor();
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByRole('heading', { name: TITLES.en }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang), 'html lang').toEqual('en');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'language');
  expect(cookie?.value, 'language cookie').toEqual('en');
  await page.reload();
  await page.getByRole('heading', { name: TITLES.en }).waitFor();
});
