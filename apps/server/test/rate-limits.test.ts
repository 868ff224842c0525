/**
 * Limits on what costs most once signed in (OWASP API4): exports, imports, commands and large lists
 * are counted per user and per tenant in the database, shared by every server process; past a limit
 * the answer is 429 with Retry-After. A command identical to one still pending for the machine joins
 * it. Limits are lowered here so that the tests stay short.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_SEED, P } from '@brewfleet/contracts';
import { startTestApp, TEST_DATA_KEY, testKeys, type TestApp } from './helpers/test-app.ts';
import { buildApp } from '../src/app.ts';
import { openPostgres, type Database } from '../src/platform/db/client.ts';
import type { RateLimits } from '../src/platform/http/rate-limits.ts';
import type { FastifyInstance } from 'fastify';
import os from 'node:os';

const PASSWORD = 'Limits-Strong-Pass-5';
const rule = (max: number) => ({ max, windowSeconds: 60 });
const LIMITS: RateLimits = {
  export: { user: rule(3), tenant: rule(5) },
  import: { user: rule(3), tenant: rule(5) },
  command: { user: rule(150), tenant: rule(300) },
  list: { user: rule(2), tenant: rule(10) },
};
let t: TestApp;
let admin: string;
let second: { app: FastifyInstance; database: Database };
const tokens: Record<string, string> = {};

async function ok(res: Awaited<ReturnType<TestApp['call']>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  t = await startTestApp({ rateLimits: LIMITS });
  admin = await t.adminToken();
  // A second server process on the same database.
  const database = await openPostgres(t.databaseUrl, 2);
  const app = await buildApp({
    database,
    keys: testKeys(),
    dataKey: TEST_DATA_KEY,
    dataDir: os.tmpdir(),
    logLevel: 'silent',
    webDist: null,
    rateLimits: LIMITS,
  });
  await app.ready();
  second = { app, database };
  await ok(
    await t.call('POST', '/api/coffee/merchant', {
      token: admin,
      body: { name: 'Flood Coffee', loginAccount: 'flood-admin', password: t.encrypt(PASSWORD) },
    }),
  );
  tokens.merchant = await t.login('flood-admin', PASSWORD);
  const codes: string[] = [P.device.list, P.device.export, P.account.list, P.account.export];
  const role = await ok(
    await t.call('POST', '/api/coffee/role', {
      token: tokens.merchant,
      body: {
        roleName: 'clerk',
        roleTitle: 'Clerk',
        menuIdList: MENU_SEED.filter((m) => codes.includes(m.perms)).map((m) => m.id),
      },
    }),
  );
  for (const account of ['clerk.one', 'clerk.two', 'clerk.three']) {
    await ok(
      await t.call('POST', '/api/coffee/account', {
        token: tokens.merchant,
        body: { account, name: account, password: t.encrypt(PASSWORD), roleIds: [role.id] },
      }),
    );
    tokens[account] = await t.login(account, PASSWORD);
  }
});
afterAll(async () => {
  await second?.app.close();
  await second?.database.close();
  await t.close();
});

const exportDevices = (token: string, app: FastifyInstance = t.app, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/coffee/device/export',
    headers: { token, cookie: `language=${lang}` },
    payload: { format: 'csv' },
  });

describe('rate limits', () => {
  it('refuses the export past the user’s limit with 429, Retry-After and a message in the request’s language', async () => {
    for (let i = 0; i < LIMITS.export.user.max; i++)
      expect((await exportDevices(tokens['clerk.one'])).statusCode).toBe(200);
    const refused = await exportDevices(tokens['clerk.one']);
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      code: 429,
      msg: `Too many exports in a short time, try again in ${seconds} seconds`,
    });
    const zh = await exportDevices(tokens['clerk.one'], t.app, 'zh');
    expect(zh.json().msg).toMatch(/^短时间内导出次数过多，请在 \d+ 秒后重试$/);
    // Other kinds of request are not held by it.
    await ok(await t.call('POST', '/api/coffee/device/list', { token: tokens['clerk.one'], body: {} }));
  });

  it('counts a tenant’s users together', async () => {
    // clerk.one used 3 of Flood Coffee's 5 (its refused ones are not the tenant's); clerk.two the rest.
    expect((await exportDevices(tokens['clerk.two'])).statusCode).toBe(200);
    expect((await exportDevices(tokens['clerk.two'])).statusCode).toBe(200);
    const refused = await exportDevices(tokens['clerk.two']);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    // Another tenant (the platform) is not.
    expect((await exportDevices(admin)).statusCode).toBe(200);
  });

  it('shares the counts between two server processes on the same database', async () => {
    const token = await t.adminToken();
    // admin has used 1 of its 3: one more on each server, then the next on either is refused.
    expect((await exportDevices(token, t.app)).statusCode).toBe(200);
    expect((await exportDevices(token, second.app)).statusCode).toBe(200);
    expect((await exportDevices(token, second.app)).statusCode).toBe(429);
    expect((await exportDevices(token, t.app)).statusCode).toBe(429);
  });

  it('limits lists of more than 100 rows, not the pages the console shows', async () => {
    const token = tokens['clerk.three'];
    const list = (limit: number) =>
      t.call('POST', '/api/coffee/account/list', { token, body: { limit }, lang: 'en' });
    for (let i = 0; i < 5; i++) expect((await list(100)).statusCode).toBe(200);
    expect((await list(500)).statusCode).toBe(200);
    expect((await list(500)).statusCode).toBe(200);
    const refused = await list(500);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toMatch(/^Too many large lists in a short time, try again in \d+ seconds/);
    expect((await list(20)).statusCode).toBe(200);
  });
});

describe('identical commands', () => {
  let deviceId = '';
  beforeAll(async () => {
    const type = await ok(
      await t.call('POST', '/api/coffee/device-type', {
        token: admin,
        body: { name: 'Espresso', family: 'coffee', automation: 'automatic' },
      }),
    );
    const model = await ok(
      await t.call('POST', '/api/coffee/device-model', {
        token: admin,
        body: { name: 'E-1', code: 'E1', deviceTypeId: type.id },
      }),
    );
    const device = await ok(
      await t.call('POST', '/api/coffee/device', {
        token: admin,
        body: { name: 'Flooded', serialNumber: 'FLOOD-1', modelId: model.id },
      }),
    );
    deviceId = device.id;
  });
  const commandsOf = async () =>
    t.sql(`select id::text, type from device_command where device_id = $1 order by created_at, id`, [
      deviceId,
    ]);

  it('100 lock requests for one machine at once queue one command; each answer names it', async () => {
    const token = await t.adminToken();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.call('POST', '/api/coffee/device/lock', { token, body: { ids: [deviceId] } }),
      ),
    );
    const issued = answers.map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.commands[0];
    });
    const rows = await commandsOf();
    expect(rows).toEqual([{ id: rows[0].id, type: 'lock' }]);
    expect(new Set(issued.map((c) => c.id))).toEqual(new Set([rows[0].id]));
    expect(issued.filter((c) => c.joined)).toHaveLength(99);
    // The operation log still says who asked, every time.
    const [{ n }] = await t.sql(
      `select count(*)::int as n from operation_log where action = 'device.lock' and target_id = $1 and account = 'admin'`,
      [deviceId],
    );
    expect(n).toBe(100);
  });

  it('a different command in between is not skipped: lock, unlock, lock queue three', async () => {
    const token = await t.adminToken();
    const before = (await commandsOf()).length;
    const unlock = await ok(
      await t.call('POST', '/api/coffee/device/unlock', { token, body: { ids: [deviceId] } }),
    );
    expect(unlock.commands[0].joined).toBeUndefined();
    const lock = await ok(
      await t.call('POST', '/api/coffee/device/lock', { token, body: { ids: [deviceId] } }),
    );
    expect(lock.commands[0].joined).toBeUndefined();
    expect((await commandsOf()).slice(before).map((c) => c.type)).toEqual(['unlock', 'lock']);
  });

  it('a command no longer pending is not joined', async () => {
    const token = await t.adminToken();
    await t.sql(`update device_command set state = 'succeeded' where device_id = $1`, [deviceId]);
    const before = (await commandsOf()).length;
    const lock = await ok(
      await t.call('POST', '/api/coffee/device/lock', { token, body: { ids: [deviceId] } }),
    );
    expect(lock.commands[0].joined).toBeUndefined();
    expect((await commandsOf()).length).toBe(before + 1);
  });
});
