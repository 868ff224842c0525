/**
 * An export is what the list shows, as the console shows it, and it imports back: the merchant and
 * store by name, refs by their labels, enums, headers and times in the reader's language and zone,
 * numbers without binary noise, JSON as JSON. An import takes names (within the caller's reach) as
 * well as ids, enum labels in any language as well as keys, and says which cell it cannot read.
 */
import crypto from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@brewfleet/contracts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipartFile } from './helpers/multipart.ts';

const PASSWORD = 'Sheet-Round-Trip-7';
let t: TestApp;
let admin = '';
const ids = { merchant: '', store: '', model: '', device: '', other: '', otherToken: '' };

async function ok(method: string, url: string, body: unknown, token = admin) {
  const res = await t.call(method, url, { token, body, lang: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** An export as CSV: its header row and its rows keyed by header. */
async function exportCsv(resource: string, lang: Language, body: Record<string, unknown> = {}) {
  const res = await t.call('POST', `/api/coffee/${resource}/export`, {
    token: admin,
    body: { format: 'csv', ...body },
    lang,
  });
  expect(res.statusCode, res.body).toBe(200);
  const table = parse(res.body, { bom: true }) as string[][];
  const [header, ...lines] = table;
  return {
    raw: res.body,
    header,
    rows: lines.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]]))),
  };
}

async function importFile(resource: string, file: Buffer, dryRun: boolean, lang: Language = 'en') {
  const { payload, contentType } = multipartFile(file, `${resource}.csv`, 'text/csv');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/coffee/${resource}/import?dryRun=${dryRun}`,
    headers: { token: admin, 'content-type': contentType, cookie: `language=${lang}` },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const serial = () => `RT-${crypto.randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  t = await startTestApp({ logLevel: process.env.TEST_LOG ?? 'silent' });
  admin = await t.adminToken();
  const merchant = await ok('POST', '/api/coffee/merchant', {
    name: 'Round Trip Co',
    loginAccount: 'round-trip',
    password: t.encrypt(PASSWORD),
  });
  ids.merchant = merchant.id;
  const other = await ok('POST', '/api/coffee/merchant', {
    name: 'Elsewhere Tea',
    loginAccount: 'elsewhere-tea',
    password: t.encrypt(PASSWORD),
  });
  ids.other = other.id;
  ids.otherToken = await t.login('elsewhere-tea', PASSWORD);
  ids.store = (
    await ok('POST', '/api/coffee/store', {
      name: 'Harbour Kiosk',
      type: 'pick-up',
      merchantId: ids.merchant,
      operatingDays: ['mon', 'tue', 'wed'],
      latitude: 22.991100000000003,
      longitude: 120.2,
    })
  ).id;
  const type = await ok('POST', '/api/coffee/device-type', {
    name: 'Round trip espresso',
    family: 'coffee',
    automation: 'semi-automatic',
  });
  ids.model = (
    await ok('POST', '/api/coffee/device-model', { name: 'RT-Model', code: 'RT-M', deviceTypeId: type.id })
  ).id;
  // Two models of one name: a label that cannot say which.
  await ok('POST', '/api/coffee/device-model', { name: 'Twin', code: 'TW-1', deviceTypeId: type.id });
  await ok('POST', '/api/coffee/device-model', { name: 'Twin', code: 'TW-2', deviceTypeId: type.id });
  ids.device = (
    await ok('POST', '/api/coffee/device', {
      name: 'Pier Espresso',
      serialNumber: serial(),
      modelId: ids.model,
      merchantId: ids.merchant,
      storeId: ids.store,
      latitude: 22.991100000000003,
    })
  ).id;
  // What the machine reports, as the gateway writes it.
  await t.sql(
    `update device set state = 'idle', last_seen_at = '2026-11-24T13:01:51.819Z',
            fault_codes = '[{"code":"E12","at":"x"}]'::jsonb where id = $1`,
    [ids.device],
  );
}, 30_000);
afterAll(() => t.close());

describe('export', () => {
  it('writes a device as its list shows it: names, translated enums and headers, local time, no noise', async () => {
    const { header, rows, raw } = await exportCsv('device', 'tw', { timeZone: 'Asia/Taipei', name: 'Pier' });
    expect(header).toEqual(
      expect.arrayContaining(['ID', '設備名稱', '型號', '商戶', '門市', '自動化', '運作狀態']),
    );
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row['ID']).toBe(ids.device);
    expect(row['商戶']).toBe('Round Trip Co');
    expect(row['門市']).toBe('Harbour Kiosk');
    expect(row['型號']).toBe('RT-Model');
    expect(row['自動化']).toBe('半自動');
    expect(row['運作狀態']).toBe('閒置');
    expect(row['最後上線']).toBe('2026-11-24 21:01:51');
    expect(row['緯度']).toBe('22.9911');
    expect(JSON.parse(row['故障代碼'])).toEqual([{ code: 'E12', at: 'x' }]);
    expect(raw).not.toContain('[object Object]');
    expect(raw).not.toContain('22.991100000000003');
  });

  it('writes times in UTC without a zone, and in English when asked in English', async () => {
    const { rows } = await exportCsv('device', 'en', { name: 'Pier' });
    expect(rows[0]).toMatchObject({
      Merchant: 'Round Trip Co',
      Store: 'Harbour Kiosk',
      Model: 'RT-Model',
      Automation: 'Semi-automatic',
      'Last seen': '2026-11-24 13:01:51',
    });
  });
});

describe('import', () => {
  it('reads back the stores it exported, operating days and all, in another language', async () => {
    const exported = await exportCsv('store', 'zh', { merchantId: ids.merchant });
    expect(exported.rows).toHaveLength(1);
    expect(exported.rows[0]['营业日']).toMatch(/;/);
    expect(exported.rows[0]['商户']).toBe('Round Trip Co');
    const { status, body } = await importFile('store', Buffer.from(exported.raw), true, 'en');
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ total: 1, valid: 1, errors: [] });
  });

  it('takes operating days as keys separated by ; or , and enum values in any language', async () => {
    const csv = [
      'name,merchantId,type,operatingDays,isOpen',
      `Keys Kiosk,${ids.merchant},pick-up,mon;tue;wed,yes`,
      `Comma Kiosk,Round Trip Co,pick-up,"sat,sun",是`,
    ].join('\n');
    const { status, body } = await importFile('store', Buffer.from(csv), false);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.imported).toBe(2);
    const saved = await t.sql(
      `select name, operating_days, is_open, merchant_id::text as merchant from store where name like '% Kiosk' and name <> 'Harbour Kiosk' order by name`,
    );
    expect(saved).toEqual([
      { name: 'Comma Kiosk', operating_days: ['sat', 'sun'], is_open: true, merchant: ids.merchant },
      { name: 'Keys Kiosk', operating_days: ['mon', 'tue', 'wed'], is_open: true, merchant: ids.merchant },
    ]);
  });

  it('imports a device naming its model, merchant and store, under the headers an export writes', async () => {
    const number = serial();
    const csv = `設備名稱,序號,型號,商戶,門市\nNamed Espresso,${number},RT-Model,Round Trip Co,Harbour Kiosk\n`;
    const { status, body } = await importFile('device', Buffer.from(csv), false, 'tw');
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.imported).toBe(1);
    const [saved] = await t.sql(
      `select model_id::text as model, merchant_id::text as merchant, store_id::text as store
         from device where serial_number = $1`,
      [number],
    );
    expect(saved).toEqual({ model: ids.model, merchant: ids.merchant, store: ids.store });
  });

  it('names the field and the value of a label that means several records or none', async () => {
    const csv = [
      'name,serialNumber,modelId,merchantId',
      `Twin one,${serial()},Twin,Round Trip Co`,
      `Nowhere,${serial()},Nope,Round Trip Co`,
      `Stranger,${serial()},RT-Model,Nobody Ltd`,
    ].join('\n');
    const { status, body } = await importFile('device', Buffer.from(csv), true);
    expect(status).toBe(200);
    expect(body.data.valid).toBe(0);
    expect(body.data.errors).toEqual([
      { row: 2, field: 'modelId', message: 'Model: 2 records are called “Twin”; give its ID instead' },
      { row: 3, field: 'modelId', message: 'Model: no record is called “Nope”' },
      { row: 4, field: 'merchantId', message: 'Merchant: no record is called “Nobody Ltd”' },
    ]);
  });

  it('lists an enum’s values as the reader reads them when a cell is none of them', async () => {
    const csv = `name,type,merchantId\nOdd,castle,${ids.merchant}\n`;
    const { body } = await importFile('store', Buffer.from(csv), true, 'tw');
    expect(body.data.errors).toHaveLength(1);
    expect(body.data.errors[0].field).toBe('type');
    expect(body.data.errors[0].message).toMatch(/^門市類型：「castle」不是可選值（.+）$/);
    expect(body.data.errors[0].message).not.toContain('self-service');
  });

  it('reads a merchant name as missing outside the caller’s reach', async () => {
    const csv = `name,type,merchantId\nSneaky,pick-up,Round Trip Co\n`;
    const { payload, contentType } = multipartFile(Buffer.from(csv), 's.csv', 'text/csv');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/coffee/store/import?dryRun=true',
      headers: { token: ids.otherToken, 'content-type': contentType, cookie: 'language=en' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.errors).toEqual([
      { row: 2, field: 'merchantId', message: 'Merchant: no record is called “Round Trip Co”' },
    ]);
  });
});

describe('a reference out of reach', () => {
  it('names the field in the reader’s language', async () => {
    const body = { name: 'Not mine', type: 'pick-up', merchantId: ids.merchant };
    for (const [lang, text] of [
      ['en', 'Merchant: the referenced record does not exist'],
      ['tw', '商戶：引用的記錄不存在'],
    ] as const) {
      const res = await t.call('POST', '/api/coffee/store', { token: ids.otherToken, body, lang });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(text);
      expect(res.json().errors).toEqual([{ field: 'merchantId', message: text }]);
    }
  });

  it('in an import too, by id', async () => {
    const csv = `name,type,merchantId\nNot mine,pick-up,${ids.merchant}\n`;
    const { payload, contentType } = multipartFile(Buffer.from(csv), 's.csv', 'text/csv');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/coffee/store/import?dryRun=true',
      headers: { token: ids.otherToken, 'content-type': contentType, cookie: 'language=en' },
      payload,
    });
    expect(res.json().data.errors).toEqual([
      { row: 2, field: 'merchantId', message: 'Merchant: the referenced record does not exist' },
    ]);
  });
});
