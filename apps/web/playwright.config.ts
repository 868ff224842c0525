/**
 * Browser tests: @playwright/test in Debian's Chromium against the built console served by the real
 * server (e2e/global-setup.ts starts it once per run). `npm run e2e -- -g "part of a name"` runs some.
 */
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { resultsDir } from './e2e/paths';

// Debian's Chromium is the browser: Playwright's own download is never needed.
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const results = resultsDir();

export default defineConfig({
  testDir: './e2e/specs',
  testMatch: '*.spec.ts',
  outputDir: results,
  globalSetup: './e2e/global-setup.ts',
  // One worker: some specs change platform-wide settings for a while (a command's delivery rule, a
  // recipe parameter's range) that others read, and the server, the browser and the tests share a
  // two-core host.
  workers: 1,
  // A failed test runs once more under CI (E2E_RETRIES): a browser on a loaded host sometimes misses
  // a beat. One that passes on its second try counts as passed and is listed as flaky.
  retries: Number(process.env.E2E_RETRIES ?? (process.env.CI ? 1 : 0)),
  // The longest tests walk every page in three languages: minutes on a loaded two-core host.
  timeout: 600_000,
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    // Read by scripts/test.mjs for its "N passed, N failed" line.
    ['json', { outputFile: process.env.E2E_REPORT_FILE ?? path.join(results, 'report.json') }],
  ],
  use: {
    viewport: { width: 1366, height: 850 },
    locale: 'en-US',
    // As a user who asked the system for less motion: dialogs and drawers appear at once (the console
    // honours the setting), so no step waits for an animation. One journey keeps the motion on
    // (machines.spec.ts, the lock from the list) and one checks the setting itself (layout.spec.ts).
    reducedMotion: 'reduce',
    actionTimeout: 15_000,
    // The first load of the console on a loaded two-core host can take longer than a step.
    navigationTimeout: 30_000,
    // A trace (DOM snapshots of each step) for the retry of a failed test: recording one for every
    // test costs time on each step. `npm run e2e -- --trace retain-on-failure` records them locally.
    trace: { mode: 'on-first-retry', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
});
