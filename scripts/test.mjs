// npm test: the whole suite — contracts, server (real PostgreSQL and MQTT), simulator (Mosquitto),
// web unit tests, then the production build of the console and the browser tests against the real
// server. Every part runs
// even when an earlier one fails; the last line sums them up as "N passed, N failed".
// A part first gets what it needs (test-services.mjs): PostgreSQL and Mosquitto (the ones that
// answer, or throwaway ones of its own), the browser, and under CI Node.js 24 for the server part.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ensureBrowser,
  ensureMosquitto,
  ensurePostgres,
  serverNode,
  serverNodeWanted,
  stopAll,
} from './test-services.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'brewfleet-test-'));
const vitest = (name, dir, needs = [], file = name) => ({
  name,
  needs,
  cmd: process.execPath,
  args: [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${path.join(out, `${file}.json`)}`,
  ],
  cwd: path.join(root, dir),
  summary: () => {
    const r = JSON.parse(fs.readFileSync(path.join(out, `${file}.json`), 'utf8'));
    return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0) };
  },
});
const steps = [
  vitest('contracts', 'packages/contracts'),
  // Under CI (or TEST_SERVER_NODE) the server part runs on another Node.js, 24 by default: users run
  // 22 and 24 while this machine has 20, past its end of life, which the e2e server process and the
  // simulator still run on (README, Tests). One run, not two, keeps CI under its 30 minutes.
  serverNodeWanted()
    ? vitest(
        `server on Node.js ${serverNodeWanted()}`,
        'apps/server',
        ['postgres', 'mosquitto', 'node'],
        'server',
      )
    : vitest('server', 'apps/server', ['postgres', 'mosquitto']),
  vitest('simulator', 'apps/simulator', ['mosquitto']),
  vitest('web', 'apps/web'),
  { name: 'web build', cmd: 'npm', args: ['run', 'build', '-w', 'apps/web'], cwd: root },
  {
    name: 'e2e',
    needs: ['browser'],
    cmd: 'npm',
    args: ['run', 'e2e', '-w', 'apps/web'],
    cwd: root,
    // Playwright's JSON report (apps/web/playwright.config.ts); a test passed on its retry is flaky.
    env: { E2E_REPORT_FILE: path.join(out, 'e2e.json'), PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    summary: () => {
      const { stats } = JSON.parse(fs.readFileSync(path.join(out, 'e2e.json'), 'utf8'));
      return { passed: stats.expected + stats.flaky, failed: stats.unexpected, flaky: stats.flaky };
    },
  },
];

// Each gives { env, path (folders to put first on PATH), note (what is missing, in one line) }.
const provide = {
  postgres: ensurePostgres,
  mosquitto: ensureMosquitto,
  browser: ensureBrowser,
  node: async () => {
    const r = serverNode();
    return { ...r, missing: !r.node };
  },
};
const provided = new Map();
const notes = new Set();

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const lines = [];
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const env = { ...process.env, ...step.env };
  let cmd = step.cmd;
  let cannotRun = false;
  for (const need of step.needs ?? []) {
    if (!provided.has(need)) provided.set(need, await provide[need]());
    const r = provided.get(need);
    Object.assign(env, r.env);
    if (r.path) env.PATH = [...r.path, env.PATH].join(path.delimiter);
    if (r.node) cmd = r.node;
    if (r.missing) cannotRun = true;
    if (r.note) {
      console.log(`[test] ${r.note}`);
      notes.add(r.note);
    }
  }
  const res = cannotRun ? { status: 1 } : spawnSync(cmd, step.args, { cwd: step.cwd, stdio: 'inherit', env });
  let s = { passed: 0, failed: res.status === 0 ? 0 : 1 };
  if (step.summary) {
    try {
      s = step.summary();
      if (res.status !== 0 && s.failed === 0) s.failed = 1; // a crash outside any test still fails
    } catch {
      /* no report written: the exit code decides */
    }
  }
  passed += s.passed;
  failed += s.failed;
  lines.push(
    `${step.name}: ${s.passed} passed, ${s.failed} failed${s.flaky ? ` (${s.flaky} of them flaky)` : ''}` +
      ` (${Math.round((Date.now() - started) / 1000)} s)`,
  );
}
await stopAll();
fs.rmSync(out, { recursive: true, force: true });
console.log(`\n${lines.join('\n')}`);
for (const note of notes) console.log(`missing: ${note}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
