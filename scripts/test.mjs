// npm test: the whole suite — contracts, server (real PostgreSQL and MQTT), simulator (Mosquitto),
// web unit tests, then the production build of the console and the browser tests against the real
// server. Every part runs
// even when an earlier one fails; the last line sums them up as "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'brewfleet-test-'));
const vitest = (name, dir) => ({
  name,
  cmd: 'npx',
  args: [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${path.join(out, `${name}.json`)}`,
  ],
  cwd: path.join(root, dir),
  summary: () => {
    const r = JSON.parse(fs.readFileSync(path.join(out, `${name}.json`), 'utf8'));
    return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0) };
  },
});
const steps = [
  vitest('contracts', 'packages/contracts'),
  vitest('server', 'apps/server'),
  vitest('simulator', 'apps/simulator'),
  vitest('web', 'apps/web'),
  { name: 'web build', cmd: 'npm', args: ['run', 'build', '-w', 'apps/web'], cwd: root },
  {
    name: 'e2e',
    cmd: 'npm',
    args: ['run', 'e2e', '-w', 'apps/web'],
    cwd: root,
    env: { E2E_SUMMARY_FILE: path.join(out, 'e2e.json') },
    summary: () => JSON.parse(fs.readFileSync(path.join(out, 'e2e.json'), 'utf8')),
  },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const lines = [];
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const res = spawnSync(step.cmd, step.args, {
    cwd: step.cwd,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
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
    `${step.name}: ${s.passed} passed, ${s.failed} failed (${Math.round((Date.now() - started) / 1000)} s)`,
  );
}
console.log(`\n${lines.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
