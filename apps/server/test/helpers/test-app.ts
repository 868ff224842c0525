/**
 * A real server for tests: a fresh PostgreSQL database per test file (migrated and seeded like
 * production), the app built by buildApp() and driven with inject(). No mocks of our own parts.
 * TEST_DATABASE_URL points at the server (default: the local `test` database, trust auth).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { encryptLongText, type Language } from '@brewfleet/contracts';
import { buildApp, type AppDeps } from '../../src/app.ts';
import { openPostgres, type Database } from '../../src/platform/db/client.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { ensureAdmin } from '../../src/modules/iam/seed.ts';
import { MODULES } from '../../src/modules/index.ts';
import { seedModules } from '../../src/platform/module-runner.ts';
import { loadLoginKeys, type LoginKeys } from '../../src/platform/auth/keys.ts';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const ADMIN_PASSWORD = 'Brew-Admin-2026';
export const TEST_DATA_KEY = crypto.randomBytes(32);

/** A new empty database on the test server; returns its URL and a function that drops it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bf_test_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      // Closed pools may still have connections on their way out: forcing the drop then would end
      // them with an error (57P01) their clients raise as an uncaught exception. Wait for them to
      // go; force only what a test leaked.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if (!rows[0].n) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

let sharedKeys: LoginKeys | undefined;
/** One RSA key pair per test process (making one costs ~100 ms). */
export function testKeys(): LoginKeys {
  if (!sharedKeys) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-keys-'));
    sharedKeys = loadLoginKeys({ dataDir: dir });
  }
  return sharedKeys;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  query?: Record<string, string>;
  lang?: Language;
  headers?: Record<string, string>;
  /** The caller's address (127.0.0.1 otherwise): what throttles per address count. */
  remoteAddress?: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The test database's URL (a second app on the same database stands for a second server process). */
  databaseUrl: string;
  keys: LoginKeys;
  call(
    method: string,
    url: string,
    opts?: CallOptions,
  ): Promise<LightMyRequestResponse & { body: string; json: () => any }>;
  encrypt(text: string): string;
  login(account: string, password: string): Promise<string>;
  /** A fresh admin token (a new session each call: tests may revoke or expire sessions). */
  adminToken(): Promise<string>;
  sql<T = any>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * Apps started and not closed yet. Test files share a worker (vitest.config.ts, `isolate: false`):
 * an app a file forgets would run its jobs through the next files, and its database would stay.
 * test/helpers/no-leaks.ts fails the file that leaves one.
 */
export const openTestApps = new Set<TestApp>();

export async function startTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const { url, drop } = await createTestDatabase();
  const database = await openPostgres(url, 4);
  await migrate(database);
  // Seeded as main.ts seeds: every module of the list, in its order.
  await seedModules(overrides.modules ?? MODULES, database.db);
  await ensureAdmin(database.db, ADMIN_PASSWORD);
  const keys = testKeys();
  const app = await buildApp({
    database,
    keys,
    dataKey: TEST_DATA_KEY,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bf-data-')),
    // TEST_LOG_LEVEL=error shows what a failing request met (a 500's cause).
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    mqtt: { healthy: () => true },
    webDist: null,
    ...overrides,
  });
  await app.ready();
  const pool = new pg.Pool({ connectionString: url, max: 2 });

  const t: TestApp = {
    app,
    database,
    databaseUrl: url,
    keys,
    async call(method, target, opts = {}) {
      const headers: Record<string, string> = { loginType: 'MachineSys', ...(opts.headers ?? {}) };
      if (opts.token) headers.token = opts.token;
      if (opts.lang) headers.cookie = `language=${opts.lang}`;
      const res = await app.inject({
        method: method as any,
        url: target,
        query: opts.query,
        headers,
        ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
        ...(opts.body !== undefined ? { payload: opts.body as any } : {}),
      });
      return res as any;
    },
    encrypt: (text) => encryptLongText(keys.publicKeyPem, text),
    async login(account, password) {
      const res = await t.call('POST', '/api/auth/doLogin', {
        body: { account, password: t.encrypt(password), agreement: true },
      });
      if (res.statusCode !== 200) throw new Error(`login ${account} failed: ${res.body}`);
      return res.json().data.tokenValue;
    },
    adminToken: () => t.login('admin', ADMIN_PASSWORD),
    async sql(text, params) {
      return (await pool.query(text, params as unknown[])).rows;
    },
    async close() {
      openTestApps.delete(t);
      await app.close();
      await pool.end();
      await database.close();
      await drop();
    },
  };
  openTestApps.add(t);
  return t;
}
