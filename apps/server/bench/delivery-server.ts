/**
 * The delivery bench's server: the real one (src/main.ts) in a child process, started as an operator
 * starts the demo against another Uber double — DEMO=1 on a fresh PostgreSQL database, UBER_API_URL and
 * UBER_AUTH_URL pointing at the bench's simulated Uber, its own embedded broker on a free port — and
 * the wait until the demo store is ready: its machines online and running their menu, its menu on
 * the simulated Uber.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { SimulatedUber } from '@brewfleet/simulator';
import { DEMO_UBER } from '../src/modules/delivery/demo.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export interface BenchServer {
  url: string;
  /** Seconds from spawn to "listening" (migrations, seeding, the demo's data and history). */
  startSeconds: number;
  /** The server's warnings and errors (LOG_LEVEL=warn), counted by message and cause. */
  warnings(): Map<string, number>;
  stop(): Promise<void>;
}

export async function startBenchServer(opts: {
  databaseUrl: string;
  uberUrl: string;
  /** Write a CPU profile of the server (its whole life) to this directory when it exits. */
  profileDir?: string;
}): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-bench-delivery-'));
  const started = performance.now();
  const profile = opts.profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(opts.profileDir)] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DEMO: '1',
      DATABASE_URL: opts.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Brew-Admin-2026',
      UBER_API_URL: opts.uberUrl,
      UBER_AUTH_URL: opts.uberUrl,
      LOG_LEVEL: 'warn',
      // No console to serve: the bench calls the API only.
      WEB_DIST: path.join(dataDir, 'no-console'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const warnings = new Map<string, number>();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let listening: () => void = () => {};
  const listened = new Promise<void>((resolve) => (listening = resolve));
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 200) tail.shift();
      if (line.includes('listening on http://')) listening();
      try {
        const entry = JSON.parse(line) as {
          msg?: string;
          err?: { message?: string; cause?: { message?: string } } | string;
        };
        // A failed query's message is the whole statement and its parameters: its start and
        // PostgreSQL's own words (the end) name it.
        const err = typeof entry.err === 'string' ? { message: entry.err } : entry.err;
        const cause = (err?.cause?.message ?? err?.message)?.replace(/\s+/g, ' ');
        const failed = cause && /^Failed query: (.{0,70}).*params: .*: ([^:]+)$/.exec(cause);
        const key = failed
          ? `${entry.msg}: ${failed[2]} (${failed[1]}…)`
          : cause
            ? `${entry.msg}: ${cause.slice(0, 200)}`
            : entry.msg;
        if (key) warnings.set(key, (warnings.get(key) ?? 0) + 1);
      } catch {
        // not a log line (the start-up banner)
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(force);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await Promise.race([
      listened,
      exited.then((code) => {
        throw new Error(`the server exited with ${code}:\n${tail.slice(-30).join('\n')}`);
      }),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('the server did not listen within 150 s')), 150_000),
      ),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    startSeconds: (performance.now() - started) / 1000,
    warnings: () => warnings,
    stop,
  };
}

export interface DemoStore {
  /** The delivery_store row (what the sync action names). */
  deliveryStoreId: string;
  storeId: string;
  storeName: string;
  merchantId: string;
  /** Menu-command retries the bench brought forward (see waitForDemoStore). */
  menuCommandsResent: number;
  machines: Array<{
    serialNumber: string;
    family: string;
    online: boolean;
    locked: boolean;
    menuVersion: string | null;
  }>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Wait until the demo store's machines that are online run the menu the server sent them (at least
 * one does) and its menu is on the simulated Uber, synced after they took it, with no upload due.
 *
 * On a first start the server sends the demo machines their menu before they have subscribed (the
 * seeded history leaves them `online`, so command delivery goes at once): unanswered, it is sent
 * again only after the command's retry interval (300 s). The bench brings that retry forward
 * (`next_attempt_at = now()` on the store's unanswered menu commands, a second after they were sent);
 * a machine that got it already answers again from memory, as the protocol says.
 */
export async function waitForDemoStore(
  db: pg.Client,
  uber: SimulatedUber,
  timeoutMs = 90_000,
): Promise<DemoStore> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no delivery store bound yet';
  let resent = 0;
  while (Date.now() < deadline) {
    const { rows: stores } = await db.query<{
      id: string;
      storeId: string;
      name: string;
      merchantId: string;
    }>(
      `select d.id::text, d.store_id::text as "storeId", s.name, d.merchant_id::text as "merchantId"
         from delivery_store d join store s on s.id = d.store_id
        where d.uber_store_id = $1 and d.binding = 'bound'`,
      [DEMO_UBER.storeId],
    );
    const store = stores[0];
    if (store) {
      const nudged = await db.query(
        `update device_command c set next_attempt_at = now()
           from device d
          where d.id = c.device_id and d.store_id = $1 and c.type = 'menu' and c.state = 'sent'
            and c.acknowledged_at is null and c.sent_at < now() - interval '1 second'
            and c.next_attempt_at > now() + interval '2 seconds'`,
        [store.storeId],
      );
      resent += nudged.rowCount ?? 0;
      const { rows: machines } = await db.query<DemoStore['machines'][number] & { taken: boolean }>(
        `select d.serial_number as "serialNumber", d.family, d.online, d.locked, d.menu_version as "menuVersion",
                exists (select 1 from device_command c where c.device_id = d.id and c.type = 'menu'
                          and c.state = 'succeeded' and c.params->>'version' = d.menu_version) as taken
           from device d where d.store_id = $1 order by d.serial_number`,
        [store.storeId],
      );
      const { rows: sync } = await db.query<{
        state: string;
        due: boolean;
        listingDue: boolean;
        error: string | null;
      }>(
        `select sync_state as state, sync_due_at is not null as due, listing_due as "listingDue", last_error as error
           from delivery_store where id = $1`,
        [store.id],
      );
      const online = machines.filter((m) => m.online);
      const ready = online.length > 0 && online.every((m) => m.taken);
      const synced = sync[0]?.state === 'synced' && !sync[0].due && !sync[0].listingDue;
      if (ready && synced && uber.menus.has(DEMO_UBER.storeId))
        return {
          deliveryStoreId: store.id,
          storeId: store.storeId,
          storeName: store.name,
          merchantId: store.merchantId,
          machines: machines.map(({ taken: _taken, ...m }) => m),
          menuCommandsResent: resent,
        };
      last =
        `machines ${machines.map((m) => `${m.serialNumber}: ${m.online ? 'online' : 'offline'}, menu ${m.taken ? m.menuVersion : 'not taken'}`).join('; ')}; ` +
        `sync ${sync[0]?.state}${sync[0]?.due ? ' (upload due)' : ''}${sync[0]?.error ? ` (${sync[0].error})` : ''}; ` +
        `menu on Uber: ${uber.menus.has(DEMO_UBER.storeId) ? 'yes' : 'no'}`;
    }
    await sleep(250);
  }
  throw new Error(`the demo store was not ready within ${timeoutMs / 1000} s: ${last}`);
}
