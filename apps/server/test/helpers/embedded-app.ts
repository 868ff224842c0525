/**
 * The app on the embedded database, for the tests of that path: a fresh in-memory PGlite, migrated and
 * seeded, with the platform administrator (ADMIN_PASSWORD), every module's routes and no console.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { encryptLongText } from '@brewfleet/contracts';
import { buildApp } from '../../src/app.ts';
import { openPglite, type Database } from '../../src/platform/db/client.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { ensureAdmin } from '../../src/modules/iam/seed.ts';
import { MODULES } from '../../src/modules/index.ts';
import { seedModules } from '../../src/platform/module-runner.ts';
import { ADMIN_PASSWORD, TEST_DATA_KEY, testKeys } from './test-app.ts';

export interface EmbeddedApp {
  database: Database;
  app: FastifyInstance;
  /** Its DATA_DIR: a temporary folder, removed by close(). */
  dataDir: string;
  /** A console token of this account (the administrator when none is named). */
  signIn(account?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function openEmbeddedApp(): Promise<EmbeddedApp> {
  const database = await openPglite(null);
  await migrate(database);
  await seedModules(MODULES, database.db);
  await ensureAdmin(database.db, ADMIN_PASSWORD);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-embedded-'));
  const app = await buildApp({
    database,
    keys: testKeys(),
    dataKey: TEST_DATA_KEY,
    dataDir,
    logLevel: 'silent',
    webDist: null,
  });
  await app.ready();
  return {
    database,
    app,
    dataDir,
    async signIn(account = 'admin', password = ADMIN_PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/doLogin',
        payload: { account, password: encryptLongText(testKeys().publicKeyPem, password), agreement: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.tokenValue as string;
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
