/**
 * Bad input found by a fuzz of every route of the OpenAPI document (CONTRACT §3: a clear 400 in the
 * request's language, nothing written): null for a field the row always has, a value of the wrong
 * type, money with a third decimal, a JSON body on a file route, a product's malformed lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { RESOURCES } from '@brewfleet/contracts';
import { registerPlumbing } from '../src/platform/http/plumbing.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { sampleCreateBody } from './helpers/samples.ts';

let t: TestApp;
let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  token = await t.adminToken();
  for (const name of ['merchant', 'store', 'material', 'product', 'store-product', 'role', 'menu']) {
    const body = { merchantId: ids.merchant, ...sampleCreateBody(RESOURCES[name], t.encrypt, ids) };
    const res = await t.call('POST', `/api/coffee/${name}`, { token, body });
    expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    ids[name] = res.json().data.id;
  }
});
afterAll(() => t.close());

const call = (method: string, url: string, body?: unknown, lang: 'en' | 'zh' | 'tw' = 'en') =>
  t.call(method, url, { token, body, lang });

describe('null for a field with a default', () => {
  it('is the default on update as on create, not a 500 from the NOT NULL column', async () => {
    const updated = await call('PUT', '/api/coffee/store-product', {
      id: ids['store-product'],
      available: null,
      sortOrder: null,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ available: true, sortOrder: 0 });

    const menu = await call('PUT', '/api/coffee/menu', { id: ids.menu, orderNum: null });
    expect(menu.statusCode, menu.body).toBe(200);
    expect(menu.json().data.orderNum).toBe(0);

    // A list of references the row always has: null is no item.
    const role = await call('PUT', '/api/coffee/role', { id: ids.role, menuIdList: null });
    expect(role.statusCode, role.body).toBe(200);
    expect(role.json().data.menuIdList).toEqual([]);
    const created = await call('POST', '/api/coffee/role', {
      roleName: 'null-lists',
      roleTitle: 'Null lists',
      menuIdList: null,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.menuIdList).toEqual([]);
  });

  it('that still reaches a NOT NULL column is a 400 naming the field (the safety net)', async () => {
    const app = Fastify({ logger: false });
    await registerPlumbing(app);
    app.get('/api/unchecked', async () =>
      t.sql(`insert into role (role_name, role_title, menu_id_list) values ('net', 'Net', null)`),
    );
    const res = await app.inject({
      method: 'GET',
      url: '/api/unchecked',
      headers: { cookie: 'language=tw' },
    });
    await app.close();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: 'menuIdList: 此欄位為必填' });
    expect(await t.sql(`select 1 from role where role_name = 'net'`)).toHaveLength(0);
  });
});

describe('a value of the wrong type', () => {
  it('says what was sent, not "received undefined" as if it were missing', async () => {
    const en = await call('PUT', '/api/coffee/store-product', { id: ids['store-product'], sortOrder: 'abc' });
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toBe('sortOrder: Invalid input: expected number, received string');
    const tw = await call(
      'PUT',
      '/api/coffee/store-product',
      { id: ids['store-product'], available: 'yes' },
      'tw',
    );
    expect(tw.json().msg).toBe('available: 無效的輸入值：預期為 boolean，但收到 string');
    // A missing field is said to be required, an id (text or number) as any other field.
    const missing = await call('POST', '/api/coffee/store-product', { storeId: ids.store }, 'tw');
    expect(missing.json().msg).toBe('productId: 此欄位為必填');
    const noName = await call('POST', '/api/coffee/role', { roleTitle: 'No name' });
    expect(noName.json().msg).toBe('roleName: This field is required');
  });
});

describe('money with a third decimal', () => {
  it('is refused with its reason, as text or as a JSON number, and the price stays', async () => {
    const before = await call('PUT', '/api/coffee/store-product', {
      id: ids['store-product'],
      price: '12.50',
    });
    expect(before.json().data.price).toBe('12.50');
    for (const price of [1.234, '1.234', 0.005]) {
      const res = await call('PUT', '/api/coffee/store-product', { id: ids['store-product'], price }, 'zh');
      expect(res.statusCode, String(price)).toBe(400);
      expect(res.json().msg, String(price)).toBe('price: 金额最多保留两位小数');
    }
    const [row] = await t.sql(`select price::text from store_product where id = $1`, [ids['store-product']]);
    expect(row.price).toBe('12.50');
    // Two places or fewer, as text or number, are money.
    for (const price of [12.5, 0.1, 1e3, '7', '3.25']) {
      const res = await call('PUT', '/api/coffee/store-product', { id: ids['store-product'], price });
      expect(res.statusCode, `${price}: ${res.body}`).toBe(200);
    }
    const comma = await call('PUT', '/api/coffee/store-product', {
      id: ids['store-product'],
      price: '1,000.00',
    });
    expect(comma.json().msg).toBe('price: Only numbers can be filled');
  });
});

describe('a JSON body on a file route', () => {
  it('is a 415 saying how to send the file, in the request’s language', async () => {
    const imported = await call('POST', '/api/coffee/store/import', { name: 'x' }, 'tw');
    expect(imported.statusCode).toBe(415);
    expect(imported.json()).toEqual({ code: 415, msg: '請以 multipart/form-data 表單的檔案欄位上傳檔案' });
    const uploaded = await call('POST', '/api/coffee/upload', { file: 'x' }, 'en');
    expect(uploaded.statusCode).toBe(415);
    expect(uploaded.json().msg).toBe('Send the file as multipart/form-data, in a form field of type file');
  });
});

describe('a product’s malformed lines and recipe', () => {
  it('name the field and say what is wrong in the request’s language', async () => {
    const lines = await call('PUT', '/api/coffee/product', { id: ids.product, materials: { a: 1 } }, 'tw');
    expect(lines.statusCode).toBe(400);
    expect(lines.json().msg).toBe('materials: 無效的輸入值：預期為 array，但收到 object');
    expect(lines.json().errors).toEqual([
      { field: 'materials', message: '無效的輸入值：預期為 array，但收到 object' },
    ]);
    const recipe = await call('PUT', '/api/coffee/product', { id: ids.product, recipe: { a: 1 } }, 'zh');
    expect(recipe.statusCode).toBe(400);
    expect(recipe.json().msg).toBe('recipe.steps: 此项为必填');
    const [row] = await t.sql(`select recipe, materials from product where id = $1`, [ids.product]);
    expect(Array.isArray(row.materials)).toBe(true);
    expect(row.recipe.steps).toBeDefined();
  });
});

describe('control characters', () => {
  it('are refused in any text, naming the field, and nothing is written', async () => {
    const created = await call(
      'POST',
      '/api/coffee/role',
      { roleName: 'esc\u001b[31mred', roleTitle: 'Escape' },
      'tw',
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().msg).toBe('roleName：文字不可包含控制字元（定位字元與換行除外）');
    const updated = await call('PUT', '/api/coffee/role', { id: ids.role, remark: 'bell\u0007' });
    expect(updated.json().msg).toBe(
      'remark: text may not contain control characters (other than tab and line breaks)',
    );
    const filter = await call('POST', '/api/coffee/role/list', { roleName: 'x\u007f' }, 'zh');
    expect(filter.json().msg).toBe('roleName：文本不能包含控制字符（制表符和换行除外）');
    expect(await t.sql(`select 1 from role where role_name like 'esc%' or remark like 'bell%'`)).toHaveLength(
      0,
    );
    // Tabs and line breaks are text.
    const remark = await call('PUT', '/api/coffee/role', { id: ids.role, remark: 'line one\r\n\tline two' });
    expect(remark.statusCode, remark.body).toBe(200);
    expect(remark.json().data.remark).toBe('line one\r\n\tline two');
  });
});

describe('bidirectional controls', () => {
  it('are refused in names as control characters are, in three languages, and nothing is written', async () => {
    // U+202E (right-to-left override) shows "Barista\u202Eexe.txt" as "Baristatxt.exe".
    const spoof = 'Barista\u202Eexe.txt';
    const messages = [];
    for (const lang of ['en', 'zh', 'tw'] as const) {
      const res = await call('POST', '/api/coffee/role', { roleName: spoof, roleTitle: 'Spoof' }, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'roleName', message: expect.any(String) }]);
      messages.push(res.json().msg);
    }
    expect(messages).toEqual([
      'roleName: text may not contain bidirectional control characters (U+202A–U+202E, U+2066–U+2069), which can make it display reversed',
      'roleName：文本不能包含双向控制字符（U+202A–U+202E、U+2066–U+2069），它们会使文字显示颠倒',
      'roleName：文字不可包含雙向控制字元（U+202A–U+202E、U+2066–U+2069），它們會使文字顯示顛倒',
    ]);
    // Every one of them, in any resource's name and on any route: embeddings, overrides, isolates.
    for (const c of ['\u202a', '\u202b', '\u202c', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069']) {
      const store = await call('PUT', '/api/coffee/store', { id: ids.store, name: `Corner${c}Cafe` });
      expect(store.statusCode, `U+${c.codePointAt(0)!.toString(16)}`).toBe(400);
      expect(store.json().errors[0].field).toBe('name');
    }
    const member = await t.call('POST', '/api/app/v1/auth/signup', {
      body: {
        merchantId: ids.merchant,
        phone: '+886900222333',
        password: 'Bidi-Member-Pass-7',
        username: '\u2067Ann',
      },
      lang: 'en',
    });
    expect(member.statusCode).toBe(400);
    expect(member.json().msg).toMatch(/^username: text may not contain bidirectional control characters/);
    expect(await t.sql(`select 1 from role where role_name like 'Barista%'`)).toHaveLength(0);
    expect(await t.sql(`select 1 from store where name like 'Corner%'`)).toHaveLength(0);
    expect(await t.sql(`select 1 from member where phone like '%222333'`)).toHaveLength(0);
    // Right-to-left letters need none of them, and the direction marks (U+200E, U+200F) stay text.
    const rtl = await call('PUT', '/api/coffee/role', { id: ids.role, remark: 'קפה \u200fعربي\u200e' });
    expect(rtl.statusCode, rtl.body).toBe(200);
    expect(rtl.json().data.remark).toBe('קפה \u200fعربي\u200e');
  });
});

describe('a body that is not JSON, or none', () => {
  it('says so in the request’s language instead of "Invalid request"', async () => {
    const send = (payload: string, lang: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/coffee/role',
        headers: { token, 'content-type': contentType, cookie: `language=${lang}` },
        payload,
      });
    const broken = await send('{"roleName":', 'tw');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: 400, msg: '請求內容不是有效的 JSON' });
    const empty = await send('', 'en');
    expect(empty.json()).toEqual({ code: 400, msg: 'The request body is empty: send a JSON object' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/coffee/role',
      headers: { token, cookie: 'language=zh' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('请求正文为空：请发送 JSON 对象');
  });
});

describe('an integer far out of range', () => {
  it('is told the field’s own bounds, not JavaScript’s largest safe integer', async () => {
    const res = await call('PUT', '/api/coffee/store-product', { id: ids['store-product'], sortOrder: 1e20 });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('sortOrder: Too big: expected number to be <=9999');
    const page = await call('POST', '/api/coffee/role/list', { page: 1e20 });
    expect(page.json().msg).toBe('page: Too big: expected number to be <=1000000');
  });
});

describe('a page past the end of a list', () => {
  it('is empty with the true total, not one made of its offset', async () => {
    const [{ n }] = await t.sql(`select count(*)::int as n from role`);
    const far = await call('POST', '/api/coffee/role/list', { page: 1_000_000, limit: 500 });
    expect(far.statusCode).toBe(200);
    expect(far.json().data).toEqual({ list: [], total: n, page: 1_000_000, limit: 500 });
  });
});

describe('the details of a hand-written refusal', () => {
  it('fill in the field as its message does', async () => {
    const res = await call(
      'POST',
      '/api/coffee/tax/preview',
      {
        orderType: 'dine-in',
        storeId: '999999999',
        lines: [{ productId: ids.product, quantity: 1, unitPrice: '1' }],
      },
      'tw',
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      msg: 'storeId：引用的記錄不存在',
      errors: [{ field: 'storeId', message: 'storeId：引用的記錄不存在' }],
    });
  });
});

describe('an extraction profile short of a value its kind needs', () => {
  it('names the field in the message, and nothing is written', async () => {
    const res = await call(
      'POST',
      '/api/coffee/extraction-profile',
      { name: 'Short tea', kind: 'tea', merchantId: ids.merchant },
      'tw',
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe('teaTarget1S：此欄位為必填');
    const zero = await call('POST', '/api/coffee/extraction-profile', {
      name: 'Zero time',
      kind: 'espresso',
      merchantId: ids.merchant,
      ...{ tdsLow: 8, tdsHigh: 10, yieldLow: 18, yieldHigh: 22 },
      ...{
        refTimeS: 0,
        refFlowMlPerS: 1.5,
        refYield: 20,
        refRatio: 2,
        refTemperatureC: 92,
        retainedWaterGPerG: 2,
      },
    });
    expect(zero.statusCode, zero.body).toBe(400);
    expect(zero.json().msg).toBe('refTimeS: must be greater than 0');
    expect(
      await t.sql(`select 1 from extraction_profile where name in ('Short tea', 'Zero time')`),
    ).toHaveLength(0);
  });
});
