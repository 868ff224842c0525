/**
 * Points an integrator met walking CONTRACT §2–§3 with a client of their own: every `/list` pages
 * alike (`{list, total, page, limit}`, `limit` up to 500, 10 by default), a row put back unchanged
 * is an update, and each bad configuration value names its variable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const PASSWORD = 'Walker-Strong-Pass-7';
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

describe('every list pages alike (CONTRACT §3)', () => {
  it('platform-job/list answers page and limit, and pages', async () => {
    const noop = async () => {};
    await t.app.jobs.define(['a', 'b', 'c', 'd', 'e'].map((n) => ({ name: `walk.${n}`, run: noop })));
    const all = await t.call('POST', '/api/coffee/platform-job/list', { token: admin, body: { limit: 500 } });
    expect(all.statusCode, all.body).toBe(200);
    const total = all.json().data.total as number;
    expect(all.json().data).toMatchObject({ page: 1, limit: 500 });
    expect(all.json().data.list).toHaveLength(total);
    expect(total).toBeGreaterThan(2);

    const first = await t.call('POST', '/api/coffee/platform-job/list', { token: admin, body: {} });
    expect(first.json().data).toMatchObject({ total, page: 1, limit: 10 });
    const second = await t.call('POST', '/api/coffee/platform-job/list', {
      token: admin,
      body: { page: 2, limit: 2 },
    });
    expect(second.json().data).toMatchObject({ total, page: 2, limit: 2 });
    expect(second.json().data.list.map((j: { name: string }) => j.name)).toEqual(
      all
        .json()
        .data.list.slice(2, 4)
        .map((j: { name: string }) => j.name),
    );
    const tooMany = await t.call('POST', '/api/coffee/platform-job/list', {
      token: admin,
      body: { limit: 501 },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('answers a list asked for without a body as one asked with {}', async () => {
    for (const url of ['/api/coffee/role/list', '/api/coffee/device/list', '/api/coffee/drift/list']) {
      const res = await t.call('POST', url, { token: admin });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.json().data).toMatchObject({ page: 1, limit: 10 });
    }
    // Still a 401 without a token, and a 400 for a body that is not an object.
    expect((await t.call('POST', '/api/coffee/role/list')).statusCode).toBe(401);
    const text = await t.call('POST', '/api/coffee/role/list', {
      token: admin,
      headers: { 'content-type': 'application/json' },
      body: '[1]',
    });
    expect(text.statusCode).toBe(400);
  });

  it('drift/list takes a limit up to 500, 10 by default', async () => {
    const big = await t.call('POST', '/api/coffee/drift/list', { token: admin, body: { limit: 500 } });
    expect(big.statusCode, big.body).toBe(200);
    expect(big.json().data).toMatchObject({ page: 1, limit: 500 });
    const plain = await t.call('POST', '/api/coffee/drift/list', { token: admin, body: {} });
    expect(plain.json().data).toMatchObject({ page: 1, limit: 10 });
    const tooMany = await t.call('POST', '/api/coffee/drift/list', { token: admin, body: { limit: 501 } });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('PUT of a row as it was read (CONTRACT §3)', () => {
  it("updates a sub-merchant's role whose name its parent merchant also has", async () => {
    const create = (body: Record<string, unknown>) =>
      t.call('POST', '/api/coffee/merchant', {
        token: admin,
        lang: 'en',
        body: { password: t.encrypt(PASSWORD), country: 'TW', ...body },
      });
    const top = await create({ name: 'Walk Chain', loginAccount: 'walk-chain' });
    expect(top.statusCode, top.body).toBe(200);
    const sub = await create({
      name: 'Walk Chain South',
      loginAccount: 'walk-south',
      parentId: top.json().data.id,
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const chain = await t.login('walk-chain', PASSWORD);
    const roles = (
      await t.call('POST', '/api/coffee/role/list', { token: chain, body: { limit: 100 } })
    ).json().data.list as Array<{ id: string; roleName: string; merchantId: string }>;
    const subRole = roles.find((r) => r.merchantId === sub.json().data.id)!;
    expect(subRole, JSON.stringify(roles)).toBeDefined();
    // The parent merchant has a role of the same name: names are unique per merchant, not per caller.
    expect(roles.some((r) => r.merchantId === top.json().data.id && r.roleName === subRole.roleName)).toBe(
      true,
    );
    const item = (await t.call('GET', `/api/coffee/role/${subRole.id}`, { token: chain })).json().data;
    const put = await t.call('PUT', '/api/coffee/role', {
      token: chain,
      lang: 'en',
      body: { ...item, remark: 'Edited by the chain' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ id: subRole.id, remark: 'Edited by the chain' });

    // A name the role's own merchant already has is still refused.
    const twin = await t.call('POST', '/api/coffee/role', {
      token: chain,
      lang: 'en',
      body: { roleName: 'walk-twin', roleTitle: 'Twin', merchantId: sub.json().data.id },
    });
    expect(twin.statusCode, twin.body).toBe(200);
    const clash = await t.call('PUT', '/api/coffee/role', {
      token: chain,
      lang: 'en',
      body: { id: twin.json().data.id, roleName: subRole.roleName, roleTitle: 'Twin' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().msg).toBe('A role with this name already exists');
  });
});

describe('messages in the request language (CONTRACT §3)', () => {
  it('follows the weights of Accept-Language, the cookie first', async () => {
    const msg = async (headers: Record<string, string>) =>
      (await t.call('GET', '/api/auth/getUserInfo', { headers })).json().msg;
    expect(await msg({ 'accept-language': 'zh-TW;q=0.1, en;q=0.9' })).toBe('Login permission expired');
    expect(await msg({ 'accept-language': 'en;q=0.2, zh-CN;q=0.8' })).toBe('登录权限已过期');
    expect(await msg({ 'accept-language': 'en;q=0, zh-TW' })).toBe('登入權限已過期');
    expect(await msg({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).toBe('登录权限已过期');
    expect(await msg({ 'accept-language': 'zh-CN', cookie: 'language=en' })).toBe('Login permission expired');
  });
});

describe('configuration (CONTRACT §2)', () => {
  it.each([
    ['PUBLIC_URL', 'bad'],
    ['PUBLIC_URL', 'ftp://files.example'],
    ['HOST', 'not..a..host'],
    ['HOST', 'has space'],
  ])('%s=%s is refused, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
  });

  it('takes good values', () => {
    for (const host of ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost', 'brew-01.internal'])
      expect(loadConfig({ HOST: host }).HOST).toBe(host);
    expect(loadConfig({ PUBLIC_URL: 'https://brew.example/' }).PUBLIC_URL).toBe('https://brew.example');
  });
});
