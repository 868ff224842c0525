#!/usr/bin/env node
/**
 * The former entry point, kept for habits and scripts: `node e2e/run.mjs "part of a name" …` runs
 * `playwright test` (playwright.config.ts) on the tests whose names contain any of the arguments.
 * Prefer `npm run e2e -- -g "part of a name"`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const names = process.argv.slice(2);
const grep = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
const res = spawnSync('npx', ['playwright', 'test', ...(grep ? ['-g', grep] : [])], {
  cwd: web,
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
process.exit(res.status ?? 1);
