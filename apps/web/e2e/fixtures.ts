/**
 * The specs' `test`: @playwright/test with what every spec needs. Worker-wide: the server's address
 * (`base`, started once per run by global-setup.ts), the admin password, its broker (`mqttUrl`) and
 * an API client signed in as the platform administrator (`api`). Per test: `newPage(options)`, a page
 * in a fresh browser context (its own cookies and storage) that is closed after the test. An error
 * the console's code threw and nothing caught (`pageerror`) fails the test that saw it, whatever the
 * test checked: a user would not have seen it, and the screen behind it may be half drawn.
 */
import { test as playwrightTest, type BrowserContextOptions, type Page } from '@playwright/test';
import { AdminApi } from './support/api';
import { ADMIN_PASSWORD } from './paths';

export { expect } from '@playwright/test';

interface WorkerFixtures {
  base: string;
  adminPassword: string;
  /** The server's MQTT broker, for simulated machines. */
  mqttUrl: string | undefined;
  api: AdminApi;
}

interface TestFixtures {
  /** A fresh context and page; options such as locale or viewport apply to it. */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
}

export const test = playwrightTest.extend<TestFixtures, WorkerFixtures>({
  base: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for
    async ({}, provide) => {
      const base = process.env.E2E_BASE_URL;
      if (!base) throw new Error('no server: run the specs with `npm run e2e` (playwright.config.ts)');
      await provide(base);
    },
    { scope: 'worker' },
  ],
  // eslint-disable-next-line no-empty-pattern
  adminPassword: [async ({}, provide) => provide(ADMIN_PASSWORD), { scope: 'worker' }],
  // eslint-disable-next-line no-empty-pattern
  mqttUrl: [async ({}, provide) => provide(process.env.E2E_MQTT_URL), { scope: 'worker' }],
  api: [
    async ({ base, adminPassword }, provide) => provide(await AdminApi.signIn(base, 'admin', adminPassword)),
    { scope: 'worker' },
  ],
  newPage: async ({ browser, viewport, locale, reducedMotion }, provide) => {
    const contexts: Array<Awaited<ReturnType<typeof browser.newContext>>> = [];
    const uncaught: string[] = [];
    await provide(async (options = {}) => {
      // Contexts made here get the configuration's trace and failure screenshots like `page` does.
      const context = await browser.newContext({ viewport, locale, reducedMotion, ...options });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) =>
        uncaught.push(
          `${page.url()}: ${error.stack || error.message || 'a promise rejected, with a value that is not an Error, and nothing caught it'}`,
        ),
      );
      return page;
    });
    for (const context of contexts) await context.close().catch(() => undefined);
    if (uncaught.length) throw new Error(`uncaught errors in the console:\n${uncaught.join('\n')}`);
  },
});
