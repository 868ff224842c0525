#!/usr/bin/env node
/**
 * Browser tests against the real server: builds the console when dist/ is missing (or E2E_BUILD=1),
 * starts `scripts/start.mjs` on a free port with an empty temporary DATA_DIR and a known admin
 * password, runs the specs in Debian's Chromium and stops the server. Arguments filter tests by name.
 * Writes {passed, failed} to E2E_SUMMARY_FILE when set (the root test runner reads it).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(web, '../..');
const ADMIN_PASSWORD = 'E2e-Admin-Pass-2026';

// WEB_DIST: a console built elsewhere (several checkouts or workers testing side by side each build
// their own); it is built there when missing, as the checkout's own dist/ is.
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(web, 'dist');
if (process.env.E2E_BUILD === '1' || !fs.existsSync(path.join(dist, 'index.html'))) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', dist, '--emptyOutDir'], {
    cwd: web,
    stdio: 'inherit',
  });
}

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address();
      probe.close(() => resolve(p));
    });
  });
const port = await freePort();
/** The embedded broker's port, known in advance so that specs can connect simulated machines. */
let mqttPort = await freePort();
while (mqttPort === port) mqttPort = await freePort();
const mqttUrl = `mqtt://127.0.0.1:${mqttPort}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brewfleet-e2e-'));
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MQTT_PORT: String(mqttPort),
    DEMO: '0',
    ADMIN_PASSWORD,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const serverLog = [];
const ready = new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('the server did not start within 90 s')), 90_000);
  const onData = (chunk) => {
    const text = chunk.toString();
    serverLog.push(text);
    if (text.includes('listening on http://')) {
      clearTimeout(timer);
      resolve();
    }
  };
  server.stdout.on('data', onData);
  server.stderr.on('data', onData);
  server.on('exit', (code) =>
    reject(new Error(`the server exited with ${code}:\n${serverLog.join('').slice(-3000)}`)),
  );
});

let summary = { passed: 0, failed: 1 };
try {
  await ready;
  register();
  const { runAll } = await import('./harness.ts');
  summary = await runAll({
    base: `http://127.0.0.1:${port}`,
    adminPassword: ADMIN_PASSWORD,
    mqttUrl,
    filter: process.argv.slice(2),
  });
} catch (error) {
  console.error(error);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => {
    const force = setTimeout(() => {
      server.kill('SIGKILL');
      resolve();
    }, 10_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (process.env.E2E_SUMMARY_FILE) fs.writeFileSync(process.env.E2E_SUMMARY_FILE, JSON.stringify(summary));
process.exit(summary.failed ? 1 : 0);
