/**
 * Members on the embedded database (PGlite, one connection): the ledger's conditional update and the
 * tree walks (as the system, in a savepoint) work there as on PostgreSQL. A parent's member is known
 * at its sub-merchant: the sub-merchant's app signs it in, and the parent's app setting applies.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encryptLongText } from '@brewfleet/contracts';
import type { Database } from '../src/platform/db/client.ts';
import { inScope, SYSTEM } from '../src/platform/db/scope.ts';
import type { MembersService } from '../src/modules/members/index.ts';
import { openEmbeddedApp, type EmbeddedApp } from './helpers/embedded-app.ts';
import { testKeys } from './helpers/test-app.ts';

const PASSWORD = 'Embedded-Members-8';
let database: Database;
let app: FastifyInstance;
let members: MembersService;

async function call(token: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  return app.inject({
    method,
    url,
    headers: { token, 'idempotency-key': crypto.randomUUID() },
    ...(body ? { payload: body as object } : {}),
  });
}
async function ok(token: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await call(token, method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
let embedded: EmbeddedApp;
const login = (account: string, password: string) => embedded.signIn(account, password);

beforeAll(async () => {
  embedded = await openEmbeddedApp();
  ({ database, app } = embedded);
  members = (app as unknown as { services: { members: MembersService } }).services.members;
}, 90_000);
afterAll(() => embedded?.close());

it('keeps the ledger and walks the merchant tree on PGlite', async () => {
  const admin = await login('admin', 'Brew-Admin-2026');
  const parent = await ok(admin, 'POST', '/api/coffee/merchant', {
    name: 'Embedded Parent',
    loginAccount: 'emb-parent',
    password: encryptLongText(testKeys().publicKeyPem, PASSWORD),
  });
  const child = await ok(admin, 'POST', '/api/coffee/merchant', {
    name: 'Embedded Child',
    loginAccount: 'emb-child',
    password: encryptLongText(testKeys().publicKeyPem, PASSWORD),
    parentId: parent.id,
  });
  const token = await login('emb-parent', PASSWORD);
  const member = await ok(token, 'POST', '/api/coffee/member', { username: 'Lin', phone: '0912000111' });
  await ok(token, 'POST', '/api/coffee/member/wallet', {
    memberId: member.id,
    amount: '20.00',
    reason: 'counter',
    kind: 'top-up',
  });
  const results = await Promise.all(
    Array.from({ length: 10 }, () =>
      call(token, 'POST', '/api/coffee/member/wallet', { memberId: member.id, amount: '-3', reason: 'tea' }),
    ),
  );
  expect(results.filter((r) => r.statusCode === 200)).toHaveLength(6);
  expect((await ok(token, 'GET', `/api/coffee/member/${member.id}`)).walletBalance).toBe('2.00');

  await ok(token, 'POST', '/api/coffee/app-setting', { appName: 'Parent App', compensation: 'none' });
  await inScope(database.db, SYSTEM, async (tx) => {
    expect((await members.merchantsOf(tx, member.id)).sort()).toEqual([parent.id, child.id].sort());
    expect(await members.loginOf(tx, child.id, { phone: '0912000111' })).toMatchObject({
      id: member.id,
      merchantId: parent.id,
    });
    expect(await members.loginOf(tx, child.id, { phone: '0900000000' })).toBeUndefined();
    expect(await members.appSetting(tx, child.id)).toMatchObject({
      appName: 'Parent App',
      compensation: 'none',
    });
    const [entry] = (await members.wallet.entries(tx, member.id, { page: 1, limit: 1 })).list;
    expect(entry).toMatchObject({ kind: 'adjustment', amount: '-3.00', balanceAfter: '2.00' });
  });
  // The child's staff do not see the parent's member.
  const childToken = await login('emb-child', PASSWORD);
  expect((await call(childToken, 'GET', `/api/coffee/member/${member.id}`)).statusCode).toBe(404);
});
