import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  // A route that fails unexpectedly, to check that a 500 leaks nothing.
  token = await t.adminToken();
});
afterAll(() => t.close());

describe('HTTP conventions (CONTRACT §3)', () => {
  it('wraps success in the envelope and mirrors the status in code', async () => {
    const res = await t.call('POST', '/api/coffee/role/list', { token, body: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      msg: 'success',
      data: { list: [], total: 0, page: 1, limit: 10 },
    });
    const missing = await t.call('GET', '/api/coffee/role/1234567', { token, lang: 'en' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, msg: 'Not found' });
    const route = await t.call('GET', '/api/no/such/route', { lang: 'en' });
    expect(route.statusCode).toBe(404);
    expect(route.json().code).toBe(404);
  });

  it('answers health without a login', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: { status: 'ok', db: 'ok', mqtt: 'ok' } });
  });

  it('sends 64-bit ids as strings', async () => {
    const res = await t.call('POST', '/api/coffee/role', {
      token,
      body: { roleName: 'ids', roleTitle: 'Ids' },
    });
    const id = res.json().data.id;
    expect(typeof id).toBe('string');
    expect(BigInt(id) > 2n ** 53n).toBe(true);
    expect(res.body).toContain(`"id":"${id}"`);
    // Ids are accepted as numbers from lenient clients too, without losing precision when given as strings.
    const got = await t.call('GET', `/api/coffee/role/${id}`, { token });
    expect(got.json().data.roleName).toBe('ids');
  });

  it('translates messages by cookie and Accept-Language, defaulting to tw', async () => {
    const en = await t.call('GET', '/api/auth/getUserInfo', { lang: 'en' });
    const zh = await t.call('GET', '/api/auth/getUserInfo', { lang: 'zh' });
    const tw = await t.call('GET', '/api/auth/getUserInfo', { lang: 'tw' });
    const byHeader = await t.call('GET', '/api/auth/getUserInfo', {
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    const none = await t.call('GET', '/api/auth/getUserInfo');
    expect(en.json().msg).toBe('Login permission expired');
    expect(zh.json().msg).toBe('登录权限已过期');
    expect(tw.json().msg).toBe('登入權限已過期');
    expect(byHeader.json().msg).toBe('登录权限已过期');
    expect(none.json().msg).toBe('登入權限已過期');
  });

  it('accepts timeZone on GET and POST, never stores it, and rejects an unknown zone', async () => {
    const ok = await t.call('POST', '/api/coffee/role', {
      token,
      body: { roleName: 'tz', roleTitle: 'TZ', timeZone: 'Asia/Taipei' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).not.toHaveProperty('timeZone');
    const bad = await t.call('POST', '/api/coffee/role/list', {
      token,
      lang: 'en',
      body: { timeZone: 'Mars/Olympus' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Unknown time zone: Mars/Olympus');
    const badGet = await t.call('GET', '/api/coffee/menu/nav', {
      token,
      query: { timeZone: 'Nowhere/City' },
    });
    expect(badGet.statusCode).toBe(400);
    const goodGet = await t.call('GET', '/api/coffee/menu/nav', {
      token,
      query: { timeZone: 'Europe/Paris' },
    });
    expect(goodGet.statusCode).toBe(200);
  });

  it('uses the time zone for day ranges', async () => {
    // An operation at 23:30 UTC on 1 March is on 2 March in Taipei (UTC+8).
    await t.sql(`insert into operation_log (account, action, method, path, status_code, outcome, duration_ms, created_at)
                 values ('tz-probe', 'probe', 'POST', '/x', 200, 'success', 1, '2026-03-01T23:30:00Z')`);
    const count = async (timeZone: string, day: string) =>
      (
        await t.call('POST', '/api/coffee/operation-log/list', {
          token,
          body: { timeZone, account: 'tz-probe', createdAtFrom: day, createdAtTo: day },
        })
      ).json().data.total;
    expect(await count('UTC', '2026-03-01')).toBe(1);
    expect(await count('Asia/Taipei', '2026-03-01')).toBe(0);
    expect(await count('Asia/Taipei', '2026-03-02')).toBe(1);
  });

  it('caps list limits at 500', async () => {
    const res = await t.call('POST', '/api/coffee/account/list', { token, lang: 'en', body: { limit: 501 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('limit');
    expect(
      (await t.call('POST', '/api/coffee/account/list', { token, body: { limit: 500 } })).statusCode,
    ).toBe(200);
    const all = (await t.call('POST', '/api/coffee/account/list', { token, body: { limit: 1 } })).json().data;
    const past = (
      await t.call('POST', '/api/coffee/account/list', { token, body: { limit: 1, page: 999 } })
    ).json().data;
    expect(past).toEqual({ list: [], total: all.total, page: 999, limit: 1 });
    expect(all.total).toBeGreaterThan(0);
  });

  it('strips unknown fields and never writes fields the caller may not set', async () => {
    const res = await t.call('POST', '/api/coffee/organization', {
      token,
      body: { name: 'Roastery', type: 'branch', hacker: 'x', merchantId: '999', createdBy: '1', id: '42' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().data;
    expect(item).not.toHaveProperty('hacker');
    expect(item.merchantId).toBeNull();
    expect(item.id).not.toBe('42');
    const [row] = await t.sql('select merchant_id, created_by::text from organization where id = $1', [
      item.id,
    ]);
    expect(row.merchant_id).toBeNull();
    expect(row.created_by).not.toBe('1');
  });

  it('refuses over-long and malformed fields with a per-field message in the request language', async () => {
    const long = await t.call('POST', '/api/coffee/role', {
      token,
      lang: 'en',
      body: { roleName: 'x'.repeat(65), roleTitle: 'T' },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0]).toMatchObject({ field: 'roleName' });
    expect(long.json().msg).toMatch(/^roleName: /);
    const zh = await t.call('POST', '/api/coffee/role', {
      token,
      lang: 'zh',
      body: { roleName: 'x'.repeat(65), roleTitle: 'T' },
    });
    expect(zh.json().msg).toMatch(/[\u4e00-\u9fff]/);
    const email = await t.call('POST', '/api/coffee/account', {
      token,
      lang: 'en',
      body: {
        account: 'bad-email',
        name: 'B',
        password: t.encrypt('Barista-Strong-77'),
        email: 'not-an-email',
      },
    });
    expect(email.json().msg).toBe('email: Email error');
    const phone = await t.call('POST', '/api/coffee/account', {
      token,
      lang: 'tw',
      body: { account: 'bad-phone', name: 'B', password: t.encrypt('Barista-Strong-77'), phone: 'call me' },
    });
    expect(phone.json().msg).toBe('phone: 手機號碼錯誤');
    expect(await t.sql(`select 1 from account where account in ('bad-email', 'bad-phone')`)).toHaveLength(0);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/coffee/role',
      headers: { token, 'content-type': 'application/json' },
      payload: '{"roleName":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().code).toBe(400);
  });

  it('accepts emails with a bracketed IPv4 domain', async () => {
    const res = await t.call('POST', '/api/coffee/account', {
      token,
      body: {
        account: 'ip-mail',
        name: 'I',
        password: t.encrypt('Barista-Strong-77'),
        email: 'ops@[192.168.1.20]',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('never leaks internals in a 500', async () => {
    await t.sql('alter table organization rename to organization_gone');
    try {
      const res = await t.call('POST', '/api/coffee/organization/list', { token, lang: 'en', body: {} });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 500, msg: 'Internal server error' });
    } finally {
      await t.sql('alter table organization_gone rename to organization');
    }
  });

  it('sends security headers', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('publishes an OpenAPI document whose request bodies name their required fields', async () => {
    const res = await t.call('GET', '/api/docs/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const create = doc.paths['/api/coffee/account'].post.requestBody.content['application/json'].schema;
    expect(create.required).toEqual(expect.arrayContaining(['account', 'name', 'password']));
    const login = doc.paths['/api/auth/doLogin'].post.requestBody.content['application/json'].schema;
    expect(login.required).toEqual(expect.arrayContaining(['account', 'password']));
    const ui = await t.call('GET', '/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/html/);
  });
});
