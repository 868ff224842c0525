/**
 * Once per run, before any worker starts: builds the console when its dist/ is missing (or
 * E2E_BUILD=1), starts `scripts/start.mjs` on a free port with an empty temporary DATA_DIR, its own
 * embedded broker and a known admin password, and hands the addresses to the workers through the
 * environment (E2E_BASE_URL, E2E_MQTT_URL, and UBER_API_URL/UBER_AUTH_URL: the loopback port where the
 * delivery spec runs a simulated Uber Eats server). The returned function stops the server and deletes its data.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD, consoleDist } from './paths';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_SERVER_ROOT: the server of another checkout (this console against a server known to work).
const root = path.resolve(process.env.E2E_SERVER_ROOT ?? path.join(web, '../..'));

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export default async function globalSetup(): Promise<() => Promise<void>> {
  // WEB_DIST: a console built elsewhere (several checkouts or workers testing side by side each build
  // their own); it is built there when missing, as the checkout's own dist/ is.
  const dist = consoleDist();
  if (process.env.E2E_BUILD === '1' || !fs.existsSync(path.join(dist, 'index.html'))) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', dist, '--emptyOutDir'], {
      cwd: web,
      stdio: 'inherit',
    });
  }

  const port = await freePort();
  // The embedded broker's port, known in advance so that specs can connect simulated machines.
  let mqttPort = await freePort();
  while (mqttPort === port) mqttPort = await freePort();
  // The Uber Eats API the server talks to: a simulated one on the loopback, which the delivery spec
  // starts on this port when it needs it. Nothing in the browser tests may reach the real Uber.
  let uberPort = await freePort();
  while (uberPort === port || uberPort === mqttPort) uberPort = await freePort();
  const uberUrl = `http://127.0.0.1:${uberPort}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brewfleet-e2e-'));
  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      WEB_DIST: dist,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MQTT_PORT: String(mqttPort),
      DEMO: '0',
      ADMIN_PASSWORD,
      UBER_API_URL: uberUrl,
      UBER_AUTH_URL: uberUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not start within 90 s')), 90_000);
      const onData = (chunk: Buffer) => {
        const text = chunk.toString();
        log.push(text);
        if (text.includes('listening on http://')) {
          clearTimeout(timer);
          resolve();
        }
      };
      server.stdout.on('data', onData);
      server.stderr.on('data', onData);
      server.once('exit', (code) =>
        reject(new Error(`the server exited with ${code}:\n${log.join('').slice(-3000)}`)),
      );
    });
  } catch (error) {
    await stop();
    throw error;
  }
  // Keep reading the server's output (an unread pipe would block it once full).
  server.stdout.removeAllListeners('data').resume();
  server.stderr.removeAllListeners('data').resume();
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.E2E_MQTT_URL = `mqtt://127.0.0.1:${mqttPort}`;
  process.env.UBER_API_URL = uberUrl;
  process.env.UBER_AUTH_URL = uberUrl;
  return stop;
}
