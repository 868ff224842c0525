import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // Tight throttling rules so the test reaches them quickly.
  t = await startTestApp({
    throttle: {
      account: { limit: 3, windowSeconds: 600, lockSeconds: 600 },
      address: { limit: 8, windowSeconds: 600, lockSeconds: 600 },
    },
  });
});
afterAll(() => t.close());

const login = (account: string, password: string, extra: Record<string, unknown> = {}, ip?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/doLogin',
    remoteAddress: ip,
    headers: { cookie: 'language=en' },
    payload: { account, password: t.encrypt(password), agreement: true, ...extra },
  });

async function createAccount(
  account: string,
  password = 'Barista-Strong-77',
  extra: Record<string, unknown> = {},
) {
  const res = await t.call('POST', '/api/coffee/account', {
    token: await t.adminToken(),
    body: {
      account,
      name: account,
      password: t.encrypt(password),
      confirmPassword: t.encrypt(password),
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

describe('sign-in', () => {
  it('publishes an RSA-2048 public key as SPKI PEM', async () => {
    const res = await t.call('GET', '/api/auth/publicKey');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('signs the admin in and answers getUserInfo', async () => {
    const res = await login('admin', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const token = res.json().data.tokenValue;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const info = await t.call('GET', '/api/auth/getUserInfo', { token });
    expect(info.json()).toMatchObject({
      code: 200,
      data: { account: 'admin', partnerType: 'platform', partnerId: '0' },
    });
    expect(typeof info.json().data.userId).toBe('string');
    // Only a hash of the token is stored.
    const stored = await t.sql('select token_hash from session');
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
  });

  it('gives one message for an unknown account and a wrong password', async () => {
    const unknown = await login('nobody-here', 'Whatever-Pass-1', {}, '10.0.0.1');
    const wrong = await login('admin', 'Wrong-Pass-123', {}, '10.0.0.2');
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('Wrong account or password');
    expect(wrong.json().msg).toBe(unknown.json().msg);
  });

  it('requires the privacy agreement', async () => {
    const res = await login('admin', ADMIN_PASSWORD, { agreement: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Please confirm the privacy agreement');
  });

  it('refuses a password that is not long-text encrypted with our key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/doLogin',
      payload: { account: 'admin', password: ADMIN_PASSWORD, agreement: true },
      headers: { cookie: 'language=en' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('throttles failures per account with 429, even with the right password then', async () => {
    await createAccount('throttled-user');
    for (let i = 0; i < 3; i++)
      expect((await login('throttled-user', 'Wrong-Pass-123', {}, `10.1.0.${i}`)).statusCode).toBe(400);
    const locked = await login('throttled-user', 'Barista-Strong-77', {}, '10.1.0.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toMatch(/Too many failed sign-ins/);
    // Other accounts are not affected.
    expect((await login('admin', ADMIN_PASSWORD, {}, '10.1.0.10')).statusCode).toBe(200);
  });

  it('throttles failures per address across accounts', async () => {
    for (let i = 0; i < 8; i++) await login(`ghost-${i}`, 'Wrong-Pass-123', {}, '10.2.0.1');
    const res = await login('admin', ADMIN_PASSWORD, {}, '10.2.0.1');
    expect(res.statusCode).toBe(429);
    expect((await login('admin', ADMIN_PASSWORD, {}, '10.2.0.2')).statusCode).toBe(200);
  });

  it('logs out by revoking the token', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    expect((await t.call('POST', '/api/auth/logout', { token })).statusCode).toBe(200);
    const after = await t.call('GET', '/api/auth/getUserInfo', { token, lang: 'en' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 401, msg: 'Login permission expired' });
  });

  it('answers 401 for missing, unknown, idle-expired and absolutely expired tokens', async () => {
    expect((await t.call('GET', '/api/auth/getUserInfo')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/auth/getUserInfo', { token: 'not-a-token' })).statusCode).toBe(401);
    const idle = await t.login('admin', ADMIN_PASSWORD);
    await t.sql(`update session set last_seen_at = now() - interval '3 hours' where revoked_at is null`);
    expect((await t.call('GET', '/api/auth/getUserInfo', { token: idle })).statusCode).toBe(401);
    const old = await t.login('admin', ADMIN_PASSWORD);
    await t.sql(`update session set expires_at = now() - interval '1 second' where revoked_at is null`);
    expect((await t.call('GET', '/api/auth/getUserInfo', { token: old })).statusCode).toBe(401);
  });

  it('revokes every session when the password is reset, and the new password works', async () => {
    const id = await createAccount('reset-me');
    const a = await t.login('reset-me', 'Barista-Strong-77');
    const b = await t.login('reset-me', 'Barista-Strong-77');
    const res = await t.call('POST', '/api/coffee/account/resetPassword', {
      token: await t.login('admin', ADMIN_PASSWORD),
      body: { id, password: t.encrypt('New-Barista-Pass-88') },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const token of [a, b])
      expect((await t.call('GET', '/api/auth/getUserInfo', { token })).statusCode).toBe(401);
    expect((await login('reset-me', 'Barista-Strong-77', {}, '10.3.0.1')).statusCode).toBe(400);
    expect((await login('reset-me', 'New-Barista-Pass-88', {}, '10.3.0.2')).statusCode).toBe(200);
  });

  it('revokes every session when the user changes their own password', async () => {
    await createAccount('changer');
    const token = await t.login('changer', 'Barista-Strong-77');
    const wrong = await t.call('POST', '/api/auth/changePassword', {
      token,
      lang: 'en',
      body: { oldPassword: t.encrypt('nope-nope-nope'), newPassword: t.encrypt('Another-Good-Pass-5') },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('The current password is wrong');
    const ok = await t.call('POST', '/api/auth/changePassword', {
      token,
      body: { oldPassword: t.encrypt('Barista-Strong-77'), newPassword: t.encrypt('Another-Good-Pass-5') },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.call('GET', '/api/auth/getUserInfo', { token })).statusCode).toBe(401);
    await t.login('changer', 'Another-Good-Pass-5');
  });

  it('disabling or marking resigned revokes sessions and blocks sign-in', async () => {
    for (const status of ['disabled', 'resigned']) {
      const id = await createAccount(`leaver-${status}`);
      const token = await t.login(`leaver-${status}`, 'Barista-Strong-77');
      const res = await t.call('PUT', '/api/coffee/account', {
        token: await t.login('admin', ADMIN_PASSWORD),
        body: { id, status },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await t.call('GET', '/api/auth/getUserInfo', { token })).statusCode).toBe(401);
      const again = await login(`leaver-${status}`, 'Barista-Strong-77', {}, `10.4.0.${status.length}`);
      expect(again.statusCode).toBe(400);
      expect(again.json().msg).toMatch(/disabled or has resigned/);
    }
  });

  it('applies the password policy: length and common passwords', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const attempt = (password: string) =>
      t.call('POST', '/api/coffee/account', {
        token,
        lang: 'en',
        body: {
          account: `p-${password.length}-${Math.random()}`.slice(0, 30),
          name: 'P',
          password: t.encrypt(password),
        },
      });
    expect((await attempt('short1')).json().msg).toBe('The password must have 8 to 64 characters');
    expect((await attempt('x'.repeat(65))).json().msg).toBe('The password must have 8 to 64 characters');
    const common = await attempt('password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().msg).toBe('This password is too common; choose another');
    expect((await attempt('Lungo-Ristretto-42')).statusCode).toBe(200);
  });

  it('rejects a confirmation that differs from the password', async () => {
    const res = await t.call('POST', '/api/coffee/account', {
      token: await t.adminToken(),
      lang: 'en',
      body: {
        account: 'mismatch',
        name: 'M',
        password: t.encrypt('Barista-Strong-77'),
        confirmPassword: t.encrypt('Barista-Strong-78'),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Inconsistent password inputs');
    expect(await t.sql(`select 1 from account where account = 'mismatch'`)).toHaveLength(0);
  });

  it('stores argon2id hashes with the ASVS parameters', async () => {
    const [row] = await t.sql(`select password_hash from account where account = 'admin'`);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });
});
