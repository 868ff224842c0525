/**
 * The session check on the request path (platform/auth/sessions.ts): one prepared statement the
 * first time a process sees a token, then only auth_epoch, which every change the check depends on
 * moves (migration 0044). A session ended in one server process is refused by every other at once; the
 * statement sets its own system scope, so it finds the user even on a connection that row-level
 * security applies to (the tests' superuser would see every row anyway); and the list answer, written
 * by a compiled serializer, carries the declared fields only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { openPostgres, type Database } from '../src/platform/db/client.ts';
import { hashToken, LOOKUP_STATEMENT } from '../src/platform/auth/sessions.ts';
import { startTestApp, TEST_DATA_KEY, type TestApp } from './helpers/test-app.ts';

describe('the session check', () => {
  let t: TestApp;
  // A second server process: the same database through a pool and an app of its own.
  let other: { app: FastifyInstance; database: Database };

  beforeAll(async () => {
    t = await startTestApp();
    const database = await openPostgres(t.databaseUrl, 2);
    const app = await buildApp({
      database,
      keys: t.keys,
      dataKey: TEST_DATA_KEY,
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bf-data-')),
      logLevel: 'silent',
      mqtt: { healthy: () => true },
      webDist: null,
    });
    await app.ready();
    other = { app, database };
  }, 60_000);

  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
    await t?.close();
  });

  const listOn = (app: FastifyInstance, token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/coffee/account/list',
      headers: { token, loginType: 'MachineSys' },
      payload: { page: 1, limit: 5 },
    });

  it('refuses, in another server process, a session signed out in one, at once', async () => {
    const token = await t.adminToken();
    expect((await listOn(other.app, token)).statusCode).toBe(200);
    expect((await listOn(t.app, token)).statusCode).toBe(200);
    const out = await t.call('POST', '/api/auth/logout', { token });
    expect(out.statusCode).toBe(200);
    // The very next request, on the other process: no cache there to outlive the sign-out.
    expect((await listOn(other.app, token)).statusCode).toBe(401);
    expect((await listOn(t.app, token)).statusCode).toBe(401);
  });

  it('finds the user on a connection under row-level security, in its own system scope only', async () => {
    const token = await t.adminToken();
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('set role brewfleet_app');
      // Under this role, with no scope set, row-level security hides every account.
      const { rows: hidden } = await client.query('select count(*)::int as n from account');
      expect(hidden[0].n).toBe(0);
      const { rows } = await client.query(LOOKUP_STATEMENT, [hashToken(token), 120, '{resigned,disabled}']);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ account: 'admin', partner_type: 'platform', suspended: false });
      // The system scope ended with the statement.
      const { rows: after } = await client.query(
        "select coalesce(current_setting('app.scope', true), '') as scope, count(*)::int as n from account",
      );
      expect(after[0]).toEqual({ scope: '', n: 0 });
    } finally {
      await client.end();
    }
  });

  it('refuses an idle session and writes last_seen_at at most once a minute', async () => {
    const token = await t.adminToken();
    const hash = hashToken(token);
    // Seen 90 s ago: the next request passes and writes last_seen_at again.
    await t.sql(`update session set last_seen_at = now() - interval '90 seconds' where token_hash = $1`, [
      hash,
    ]);
    expect((await listOn(t.app, token)).statusCode).toBe(200);
    const [seen] = await t.sql(
      `select extract(epoch from now() - last_seen_at)::float as age from session where token_hash = $1`,
      [hash],
    );
    expect(Number(seen.age)).toBeLessThan(5);
    // Idle longer than the idle limit (120 minutes by default): refused.
    await t.sql(`update session set last_seen_at = now() - interval '121 minutes' where token_hash = $1`, [
      hash,
    ]);
    expect((await listOn(t.app, token)).statusCode).toBe(401);
  });

  const epoch = async () => (await t.sql(`select n::text as n from auth_epoch`))[0].n as string;

  it('remembers a session it looked up and reads only the epoch until it moves', async () => {
    const token = await t.adminToken();
    expect((await listOn(t.app, token)).statusCode).toBe(200);
    // End the session behind the epoch's back (triggers off on this connection): the process still
    // serves the token, so the lookup was not run again...
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query(`set session_replication_role = replica`);
      await client.query(`update session set revoked_at = now() where token_hash = $1`, [hashToken(token)]);
    } finally {
      await client.end();
    }
    expect((await listOn(t.app, token)).statusCode).toBe(200);
    // ...and once the epoch moves it is looked up again, and refused.
    await t.sql(`update auth_epoch set n = n + 1`);
    expect((await listOn(t.app, token)).statusCode).toBe(401);
  });

  it('moves the epoch for what the check reads only: not for a sign-in or a touch', async () => {
    const before = await epoch();
    const token = await t.adminToken();
    await t.sql(`update session set last_seen_at = now() where token_hash = $1`, [hashToken(token)]);
    expect((await listOn(t.app, token)).statusCode).toBe(200);
    expect(await epoch()).toBe(before);
    await t.sql(`update account set status = status where account = 'admin'`);
    expect(await epoch()).not.toBe(before);
  });

  it('refuses at once a remembered session whose account is disabled, in either process', async () => {
    const admin = await t.adminToken();
    const made = await t.call('POST', '/api/coffee/account', {
      token: admin,
      body: {
        account: 'epoch.check',
        name: 'Epoch Check',
        password: t.encrypt('Epoch-Check-2026'),
        roleIds: [],
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const token = await t.login('epoch.check', 'Epoch-Check-2026');
    const me = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/coffee/user/permission', headers: { token } });
    expect((await me(other.app)).statusCode).toBe(200);
    expect((await me(t.app)).statusCode).toBe(200);
    const off = await t.call('PUT', '/api/coffee/account', {
      token: admin,
      body: { id: made.json().data.id, status: 'disabled' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await me(other.app)).statusCode).toBe(401);
    expect((await me(t.app)).statusCode).toBe(401);
  });

  it('answers a list page with the declared fields only, never a hash', async () => {
    const token = await t.adminToken();
    const res = await listOn(t.app, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, msg: 'success', data: { page: 1, limit: 5 } });
    const admin = body.data.list.find((a: { account: string }) => a.account === 'admin');
    expect(admin).toMatchObject({ account: 'admin', merchantId: null, status: 'normal' });
    expect(admin.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('argon2');
  });
});
