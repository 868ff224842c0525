/**
 * The demo data a newcomer sees with DEMO=1, on the embedded database (PGlite) as `npm start` uses it:
 * the chain brand's administrators see their subtree, a store account its store.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { encryptLongText } from '@brewfleet/contracts';
import { buildApp } from '../src/app.ts';
import { openPglite, type Database } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { ensureAdmin, seedMenus } from '../src/modules/iam/seed.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/modules/iam/demo.ts';
import { seedDemoTenants } from '../src/modules/tenancy/demo.ts';
import { TEST_DATA_KEY, testKeys } from './helpers/test-app.ts';

let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  database = await openPglite(null);
  await migrate(database);
  await seedMenus(database.db);
  await ensureAdmin(database.db, 'Brew-Admin-2026');
  await seedDemo(database.db);
  await seedDemoTenants(database.db);
  app = await buildApp({
    database,
    keys: testKeys(),
    dataKey: TEST_DATA_KEY,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bf-demo-')),
    logLevel: 'silent',
    webDist: null,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function login(account: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/doLogin',
    payload: { account, password: encryptLongText(testKeys().publicKeyPem, DEMO_PASSWORD), agreement: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.tokenValue as string;
}
const list = async (token: string, resource: string) =>
  (
    await app.inject({
      method: 'POST',
      url: `/api/coffee/${resource}/list`,
      headers: { token },
      payload: { limit: 100 },
    })
  ).json().data;

it('gives the chain brand two regional sub-merchants and stores in several cities', async () => {
  const chain = await login('formosa');
  const merchants = await list(chain, 'merchant');
  expect(merchants.list.map((m: any) => m.name).sort()).toEqual([
    'Formosa Brew Co.',
    'Formosa Brew North',
    'Formosa Brew South',
  ]);
  const stores = await list(chain, 'store');
  expect(new Set(stores.list.map((s: any) => s.city))).toEqual(
    new Set(['Taipei', 'Keelung', 'Kaohsiung', 'Tainan']),
  );
});

it('limits a regional administrator to its region and a store account to its store', async () => {
  const north = await list(await login('formosa-north'), 'store');
  expect(north.list.map((s: any) => s.city).sort()).toEqual(['Keelung', 'Taipei']);
  const staff = await login('main-station-staff');
  const own = await list(staff, 'store');
  expect(own.list.map((s: any) => s.name)).toEqual(['Taipei Main Station Kiosk']);
});

it('keeps the independent merchant apart', async () => {
  const tea = await list(await login('harbour-tea'), 'merchant');
  expect(tea.list.map((m: any) => m.name)).toEqual(['Harbour Tea House']);
});
