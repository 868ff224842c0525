/** A menu's address follows the spec's URL rule on the server too: a console route or http(s)://host. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const page = (enName: string, url: string) => ({
  name: enName,
  twName: enName,
  enName,
  type: 1,
  url,
  perms: '',
});

describe('menu address', () => {
  it('refuses an address that is neither a console route nor http(s)://host, in the request language, writing nothing', async () => {
    for (const [url, lang, text] of [
      ['javascript:alert(1)', 'en', 'The address is incorrect'],
      ['ftp://files.example.com', 'zh', '地址不正确'],
      ['http://', 'tw', '地址不正確'],
    ] as const) {
      const res = await t.call('POST', '/api/coffee/menu', {
        token: admin,
        lang,
        body: page(`Bad ${lang}`, url),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(text);
    }
    const list = (
      await t.call('POST', '/api/coffee/menu/list', { token: admin, body: { enName: 'Bad' } })
    ).json().data;
    expect(list.total).toBe(0);
  });

  it('accepts a console route and an external http(s) address', async () => {
    for (const url of ['report/daily', 'https://reports.example.com/daily?week=1']) {
      const res = await t.call('POST', '/api/coffee/menu', { token: admin, body: page(`Good ${url}`, url) });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
