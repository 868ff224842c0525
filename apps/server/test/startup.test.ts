/**
 * The start-up path as a newcomer sees it: the real server process (`node --import tsx
 * apps/server/src/main.ts` from the repo root, what `npm start` runs once the console is built),
 * spoken to over real HTTP. Embedded PGlite under a temporary DATA_DIR and the embedded broker on a
 * free port; a restart keeps the data; SIGTERM shuts down gracefully; bad configuration stops
 * start-up with one line naming the variable. Then the same against PostgreSQL (DATABASE_URL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import mqtt from 'mqtt';
import { encryptLongText, P, PROTOCOL_VERSION, topicFor } from '@brewfleet/contracts';
import { ADMIN_PASSWORD, createTestDatabase } from './helpers/test-app.ts';
import { cupEvent } from './helpers/machine-events.ts';
import { DEMO_PASSWORD } from '../src/modules/iam/demo.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = 'apps/server/src/main.ts';
/** PGlite start-up and the first migrations take several seconds on a small machine. */
const START_TIMEOUT = 60_000;

/** Variables of CONTRACT §2 (and the server's extras) that must not leak in from the test's env. */
const CONFIG_VARS = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'MQTT_URL',
  'MQTT_PORT',
  'MQTT_SHARE_GROUP',
  'MQTT_DYNSEC',
  'ADMIN_PASSWORD',
  'DEMO',
  'LOG_LEVEL',
  'SESSION_IDLE_MINUTES',
  'SESSION_MAX_HOURS',
  'RSA_PRIVATE_KEY',
  'DATA_KEY',
  'WEB_DIST',
  'TRUST_PROXY',
];

const tempDirs: string[] = [];
function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
/** An empty folder as WEB_DIST: the server serves no console, and nothing gets built. */
const EMPTY_WEB = tempDir('bf-web-');

interface Server {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children = new Set<ChildProcess>();

function spawnServer(env: Record<string, string | undefined>): Server {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CONFIG_VARS) delete base[name];
  const merged: NodeJS.ProcessEnv = { ...base, WEB_DIST: EMPTY_WEB, LOG_LEVEL: 'warn' };
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete merged[k];
    else merged[k] = v;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Waits for `listening on http://HOST:PORT` and returns that base URL. */
async function untilListening(server: Server, timeoutMs = START_TIMEOUT): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void server.exited.then(() => (ended = true));
  while (Date.now() < deadline) {
    const m = /listening on (http:\/\/[^\s]+:\d+)/.exec(server.stdout());
    if (m) return m[1];
    if (ended) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // A server still starting would go on using its DATA_DIR, which a later test may reuse.
  server.child.kill('SIGKILL');
  throw new Error(
    `server did not start (${ended ? 'it exited' : 'timeout'})\nstdout:\n${server.stdout()}\nstderr:\n${server.stderr()}`,
  );
}

/** The process's exit, or a failure when it does not end within `ms`. */
async function exitWithin(server: Server, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`process did not exit within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

interface Envelope<T = any> {
  code: number;
  msg?: string;
  data: T;
}

async function api<T = any>(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; json: Envelope<T> }> {
  const headers: Record<string, string> = { loginType: 'MachineSys' };
  if (opts.token) headers.token = opts.token;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + url, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, json: (await res.json()) as Envelope<T> };
}

async function publicKey(base: string): Promise<string> {
  const res = await api<{ publicKey: string }>(base, 'GET', '/api/auth/publicKey');
  expect(res.status).toBe(200);
  expect(res.json.data.publicKey).toContain('BEGIN PUBLIC KEY');
  return res.json.data.publicKey;
}

async function signIn(base: string, account: string, password: string): Promise<string> {
  const key = await publicKey(base);
  const res = await api<{ tokenValue: string }>(base, 'POST', '/api/auth/doLogin', {
    body: { account, password: encryptLongText(key, password), agreement: true },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.json.code).toBe(200);
  expect(typeof res.json.data.tokenValue).toBe('string');
  return res.json.data.tokenValue;
}

async function expectHealthy(base: string) {
  const res = await api(base, 'GET', '/api/health');
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ code: 200, data: { status: 'ok', db: 'ok', mqtt: 'ok' } });
  // The device gateway runs and reports its counters.
  expect(res.json.data.gateway).toMatchObject({ malformed: expect.any(Number), pending: expect.any(Number) });
}

async function freePortInUse(): Promise<net.Server> {
  const blocker = net.createServer();
  await new Promise<void>((resolve, reject) => {
    blocker.once('error', reject);
    blocker.listen(0, '127.0.0.1', () => resolve());
  });
  return blocker;
}

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The embedded tests' DATA_DIR, migrated by the first one; later tests that only need a database reuse it. */
const EMBEDDED_DATA_DIR = tempDir('bf-data-');

describe('embedded start-up (PGlite under DATA_DIR, embedded broker)', () => {
  const dataDir = EMBEDDED_DATA_DIR;
  const embedded = { PORT: '0', DATA_DIR: dataDir, MQTT_PORT: '0', DEMO: '0' };
  let firstKey = '';
  let firstToken = '';
  let roleId = '';
  /** The restarted server, left running for the next test to shut down (one process start less). */
  let restarted: Server | undefined;

  it(
    'starts, answers health, signs the admin in and creates a role; SIGTERM ends it with code 0',
    async () => {
      const server = spawnServer({ ...embedded, ADMIN_PASSWORD });
      const base = await untilListening(server);
      expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(base).not.toMatch(/:0$/);

      await expectHealthy(base);
      firstKey = await publicKey(base);
      // The key pair is kept under DATA_DIR/keys, readable by the owner only.
      const keyFile = path.join(dataDir, 'keys', 'login-rsa-private.pem');
      expect(fs.existsSync(keyFile)).toBe(true);
      expect(fs.statSync(keyFile).mode & 0o077).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);

      firstToken = await signIn(base, 'admin', ADMIN_PASSWORD);
      const created = await api(base, 'POST', '/api/coffee/role', {
        token: firstToken,
        body: {
          roleName: 'startup-survivor',
          roleTitle: 'Survives a restart',
          remark: 'startup test',
          menuIdList: [],
        },
      });
      expect(created.status, JSON.stringify(created.json)).toBe(200);
      roleId = created.json.data.id;
      expect(typeof roleId).toBe('string');

      const sigtermAt = Date.now();
      server.child.kill('SIGTERM');
      const { code, signal } = await exitWithin(server, 10_000);
      expect(signal).toBeNull();
      expect(code).toBe(0);
      expect(Date.now() - sigtermAt).toBeLessThan(10_000);
      expect(server.stderr()).toBe('');
      // ADMIN_PASSWORD was given: no generated password is printed.
      expect(server.stdout()).not.toContain('Platform administrator');
    },
    START_TIMEOUT + 30_000,
  );

  it(
    'restarts on the same DATA_DIR: same key, same admin password, the session and the role survive',
    async () => {
      expect(roleId, 'the first test must have run').not.toBe('');
      // Without ADMIN_PASSWORD: a database that had been lost would get a new, printed password.
      // LOG_LEVEL=info: the next test reads its requests in the log.
      const server = spawnServer({ ...embedded, ADMIN_PASSWORD: undefined, LOG_LEVEL: 'info' });
      const base = await untilListening(server);
      expect(server.stdout()).not.toContain('Platform administrator');
      await expectHealthy(base);
      expect(await publicKey(base)).toBe(firstKey);

      // Sessions live in the database, not in the process.
      const info = await api(base, 'GET', '/api/auth/getUserInfo', { token: firstToken });
      expect(info.status).toBe(200);
      expect(info.json.data.account).toBe('admin');

      const token = await signIn(base, 'admin', ADMIN_PASSWORD);
      const list = await api(base, 'POST', '/api/coffee/role/list', {
        token,
        body: { roleName: 'startup-survivor' },
      });
      expect(list.status).toBe(200);
      expect(list.json.data.list.map((r: { id: string }) => r.id)).toContain(roleId);
      const one = await api(base, 'GET', `/api/coffee/role/${roleId}`, { token });
      expect(one.json.data).toMatchObject({ roleName: 'startup-survivor', roleTitle: 'Survives a restart' });

      // `npm start` again in another terminal: the second server must not open the database the
      // first has open (PGlite takes no lock of its own; two writers corrupt it). It stops at once
      // with one line naming DATA_DIR and the running server; the first serves on untouched.
      const second = spawnServer({ ...embedded, ADMIN_PASSWORD: undefined });
      const { code } = await exitWithin(second, START_TIMEOUT);
      expect(code).toBe(1);
      const err = second.stderr().trim();
      expect(err.split('\n'), err).toHaveLength(1);
      expect(err).toContain(
        `DATA_DIR ${dataDir} is in use by another BrewFleet server (process ${server.child.pid},`,
      );
      expect(second.stdout()).not.toContain('listening on');
      await expectHealthy(base);
      const after = await api(base, 'GET', `/api/coffee/role/${roleId}`, { token });
      expect(after.json.data).toMatchObject({ roleName: 'startup-survivor' });
      // Shut down by the next test (SIGTERM with requests in flight, exit code 0).
      restarted = server;
    },
    START_TIMEOUT + 30_000,
  );

  it(
    'finishes in-flight requests on SIGTERM, then exits with 0',
    async () => {
      // Deterministic in-flight requests: sign-ins whose body arrives in two parts. The first part
      // is sent, the server logs the request as received (LOG_LEVEL=info: "incoming request"),
      // SIGTERM is sent and the server logs "shutting down"; only then does the rest of the body
      // follow. Each request must be answered normally, and the process must then exit with 0.
      // The client keeps its connections alive, as browsers and proxies do.
      // The server the restart test left running; a new one (ADMIN_PASSWORD for a new DATA_DIR)
      // when this test runs alone (-t).
      const server = restarted ?? spawnServer({ ...embedded, ADMIN_PASSWORD, LOG_LEVEL: 'info' });
      restarted = undefined;
      const base = await untilListening(server);
      const key = await publicKey(base);
      const logged = (...texts: string[]) =>
        server
          .stdout()
          .split('\n')
          .filter((l) => texts.every((text) => l.includes(text))).length;
      // Sign-ins the restart test made on this process are in the log already.
      const signIns = () => logged('"incoming request"', '/api/auth/doLogin');
      const before = signIns();
      const until = async (what: string, test: () => boolean) => {
        const deadline = Date.now() + 20_000;
        while (!test()) {
          if (Date.now() > deadline) throw new Error(`timeout waiting for ${what}\n${server.stdout()}`);
          await new Promise((r) => setTimeout(r, 10));
        }
      };
      const agent = new http.Agent({ keepAlive: true });
      const target = new URL('/api/auth/doLogin', base);
      const count = 3;
      const open = Array.from({ length: count }, () => {
        const body = Buffer.from(
          JSON.stringify({
            account: 'admin',
            password: encryptLongText(key, ADMIN_PASSWORD),
            agreement: true,
          }),
        );
        const req = http.request(target, {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': body.length,
            loginType: 'MachineSys',
          },
        });
        const response = new Promise<{ status: number; json: Envelope<{ tokenValue: string }> }>(
          (resolve, reject) => {
            req.once('error', reject);
            req.once('response', (res) => {
              let text = '';
              res.setEncoding('utf8').on('data', (d: string) => (text += d));
              res.once('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
              res.once('error', reject);
            });
          },
        );
        req.write(body.subarray(0, 20));
        return { finish: () => req.end(body.subarray(20)), response };
      });
      await until('the requests to be received', () => signIns() >= before + count);
      server.child.kill('SIGTERM');
      await until('the server to begin shutting down', () => logged('"shutting down"') === 1);
      for (const r of open) r.finish();
      const answers = await Promise.all(open.map((r) => r.response));
      for (const a of answers) {
        expect(a.status, JSON.stringify(a.json)).toBe(200);
        expect(typeof a.json.data.tokenValue).toBe('string');
      }
      const { code } = await exitWithin(server, 10_000);
      agent.destroy();
      expect(code).toBe(0);
    },
    START_TIMEOUT + 30_000,
  );
});

describe('bad configuration stops start-up with one line naming the variable', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['MQTT_URL', 'http://x'],
    ['DATABASE_URL', 'mysql://x'],
    ['MQTT_PORT', '-1'],
    ['MQTT_SHARE_GROUP', 'a/b'],
    ['MQTT_DYNSEC', '1'],
    ['DEMO', 'yes'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'bad'],
    ['HOST', 'not..a..host'],
  ])(
    '%s=%s',
    async (name, value) => {
      const dataDir = path.join(tempDir('bf-bad-'), 'data');
      const server = spawnServer({ PORT: '0', MQTT_PORT: '0', DATA_DIR: dataDir, [name]: value });
      const { code } = await exitWithin(server, 30_000);
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      const lines = server.stderr().trimEnd().split('\n');
      expect(lines, server.stderr()).toHaveLength(1);
      expect(lines[0]).toContain(name);
      expect(server.stdout()).not.toContain('listening on');
      // Validation comes first: nothing was created.
      expect(fs.existsSync(dataDir)).toBe(false);
    },
    40_000,
  );
});

describe('embedded broker port in use', () => {
  it(
    'exits non-zero with a message naming MQTT_PORT and MQTT_URL',
    async () => {
      const blocker = await freePortInUse();
      try {
        const port = (blocker.address() as net.AddressInfo).port;
        // The embedded tests' database, migrated already: the broker starts after the migrations.
        const server = spawnServer({
          PORT: '0',
          DATA_DIR: EMBEDDED_DATA_DIR,
          MQTT_PORT: String(port),
          DEMO: '0',
          ADMIN_PASSWORD,
        });
        const { code } = await exitWithin(server, START_TIMEOUT);
        expect(code).not.toBe(0);
        expect(code).not.toBeNull();
        const err = server.stderr().trim();
        expect(err.split('\n'), err).toHaveLength(1);
        expect(err).toContain('MQTT_PORT');
        expect(err).toContain('MQTT_URL');
        expect(err).toContain(String(port));
        expect(server.stdout()).not.toContain('listening on');
      } finally {
        await new Promise<void>((r) => blocker.close(() => r()));
      }
    },
    START_TIMEOUT + 10_000,
  );
});

describe('HTTP port in use, address not of this machine', () => {
  it(
    'names PORT, then HOST, in one line',
    async () => {
      const blocker = await freePortInUse();
      try {
        const port = (blocker.address() as net.AddressInfo).port;
        const base = { DATA_DIR: tempDir('bf-listen-'), DEMO: '0', ADMIN_PASSWORD };
        const inUse = spawnServer({ ...base, PORT: String(port), MQTT_PORT: '0' });
        expect((await exitWithin(inUse, START_TIMEOUT)).code).toBe(1);
        const err = inUse.stderr().trim();
        expect(err.split('\n'), err).toHaveLength(1);
        expect(err).toMatch(new RegExp(`^PORT: port ${port} is in use`));
        // 192.0.2.1 (TEST-NET-1) is no address of this machine: the embedded broker meets it first.
        const foreign = spawnServer({ ...base, PORT: '0', MQTT_PORT: '0', HOST: '192.0.2.1' });
        expect((await exitWithin(foreign, START_TIMEOUT)).code).toBe(1);
        const err2 = foreign.stderr().trim();
        expect(err2.split('\n'), err2).toHaveLength(1);
        expect(err2).toMatch(/^HOST: cannot listen on 192\.0\.2\.1/);
        expect(foreign.stdout()).not.toContain('listening on');
      } finally {
        await new Promise<void>((r) => blocker.close(() => r()));
      }
    },
    2 * START_TIMEOUT + 10_000,
  );
});

describe('DEMO=1', () => {
  it(
    'creates the demo accounts operator and auditor on a new database',
    async () => {
      const server = spawnServer({
        PORT: '0',
        DATA_DIR: tempDir('bf-demo-'),
        MQTT_PORT: '0',
        DEMO: '1',
        ADMIN_PASSWORD,
      });
      const base = await untilListening(server);
      await expectHealthy(base);
      expect(DEMO_PASSWORD).toBe('Brew-Demo-2026');
      for (const account of ['operator', 'auditor']) {
        const token = await signIn(base, account, DEMO_PASSWORD);
        const info = await api(base, 'GET', '/api/auth/getUserInfo', { token });
        expect(info.json.data).toMatchObject({ account, partnerType: 'platform' });
        const perms = await api<string[]>(base, 'GET', '/api/coffee/user/permission', { token });
        expect(perms.json.data).toContain(P.role.list);
      }
      server.child.kill('SIGTERM');
      expect((await exitWithin(server, 10_000)).code).toBe(0);
    },
    START_TIMEOUT + 30_000,
  );
});

describe('PostgreSQL start-up (DATABASE_URL)', () => {
  it(
    'migrates, answers health and signs the admin in; no demo data by default',
    async () => {
      const { url, drop } = await createTestDatabase();
      try {
        const server = spawnServer({
          PORT: '0',
          DATA_DIR: tempDir('bf-pg-'),
          MQTT_PORT: '0',
          DATABASE_URL: url,
          ADMIN_PASSWORD,
        });
        try {
          const base = await untilListening(server);
          await expectHealthy(base);
          const token = await signIn(base, 'admin', ADMIN_PASSWORD);
          const info = await api(base, 'GET', '/api/auth/getUserInfo', { token });
          expect(info.json.data).toMatchObject({ account: 'admin', partnerType: 'platform' });
          // DEMO defaults to 0 with DATABASE_URL (CONTRACT §2): only the admin exists.
          const accounts = await api(base, 'POST', '/api/coffee/account/list', { token, body: {} });
          expect(accounts.json.data.list.map((a: { account: string }) => a.account)).toEqual(['admin']);
          server.child.kill('SIGTERM');
          expect((await exitWithin(server, 10_000)).code).toBe(0);
        } finally {
          server.child.kill('SIGKILL');
        }
      } finally {
        await drop();
      }
    },
    START_TIMEOUT + 30_000,
  );
});

describe('two server processes on one PostgreSQL and one Mosquitto (MQTT_URL)', () => {
  const MOSQUITTO = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
  it(
    'split the machines’ messages and write each event exactly once',
    async () => {
      const { url, drop } = await createTestDatabase();
      // A group of this test's own: other tests' servers share the broker.
      const env = {
        PORT: '0',
        DATABASE_URL: url,
        MQTT_URL: MOSQUITTO,
        MQTT_SHARE_GROUP: `bf-test-${crypto.randomBytes(4).toString('hex')}`,
        ADMIN_PASSWORD,
      };
      const servers = [
        spawnServer({ ...env, DATA_DIR: tempDir('bf-one-') }),
        spawnServer({ ...env, DATA_DIR: tempDir('bf-two-') }),
      ];
      try {
        const bases = await Promise.all(servers.map((s) => untilListening(s)));
        const token = await signIn(bases[0], 'admin', ADMIN_PASSWORD);
        const post = async (path: string, body: object) => {
          const res = await api(bases[0], 'POST', path, { token, body });
          expect(res.status, JSON.stringify(res.json)).toBe(200);
          return res.json.data;
        };
        const type = await post('/api/coffee/device-type', {
          name: 'Espresso',
          family: 'coffee',
          automation: 'automatic',
        });
        const model = await post('/api/coffee/device-model', {
          name: 'E1',
          code: 'E1',
          deviceTypeId: type.id,
          basicMaintenanceCups: 500,
          deepMaintenanceCups: 5000,
        });
        const serialNumber = `TWO-${crypto.randomBytes(4).toString('hex')}`;
        const device = await post('/api/coffee/device', {
          name: serialNumber,
          serialNumber,
          modelId: model.id,
        });
        const written = async () =>
          Promise.all(
            bases.map(
              async (b) => (await api(b, 'GET', '/api/health')).json.data.gateway as Record<string, number>,
            ),
          );
        const before = await written();

        // Mosquitto here admits anyone: the machine connects without its secret.
        const machine = await mqtt.connectAsync(MOSQUITTO, { clientId: serialNumber, protocolVersion: 5 });
        const messages = 60;
        const perMessage = 5;
        for (let i = 0; i < messages; i++) {
          const events = Array.from({ length: perMessage }, () => cupEvent());
          await machine.publishAsync(
            topicFor(serialNumber, 'events'),
            JSON.stringify({ v: PROTOCOL_VERSION, events }),
            { qos: 1 },
          );
        }
        await machine.endAsync();
        const cups = async () => {
          const res = await api(bases[1], 'POST', '/api/coffee/production-record/list', {
            token,
            body: { deviceId: device.id, limit: 1 },
          });
          return res.json.data?.total as number;
        };
        const deadline = Date.now() + 15_000;
        while ((await cups()) < messages * perMessage && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 200));
        expect(await cups()).toBe(messages * perMessage);
        const after = await written();
        const share = after.map((s, i) => s.written - before[i].written);
        // Both processes took a share; together exactly the events sent; nothing came twice.
        expect(share[0]).toBeGreaterThan(0);
        expect(share[1]).toBeGreaterThan(0);
        expect(share[0] + share[1]).toBe(messages * perMessage);
        expect(after.map((s, i) => s.duplicates - before[i].duplicates)).toEqual([0, 0]);
        for (const server of servers) server.child.kill('SIGTERM');
        for (const server of servers) expect((await exitWithin(server, 15_000)).code).toBe(0);
      } finally {
        for (const server of servers) server.child.kill('SIGKILL');
        await drop();
      }
    },
    START_TIMEOUT + 60_000,
  );
});
