/**
 * Pickers (`GET …/select`) and uploads need a code that lets the caller see or fill what they serve,
 * not a mere sign-in: the read-only auditor and store staff were able to list every merchant, store,
 * account and machine name, and to upload files without any quota.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_SEED, P } from '@brewfleet/contracts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipartFile } from './helpers/multipart.ts';

const PASSWORD = 'Picker-Strong-Pass-7';
const QUOTA = 1024 * 1024;
let t: TestApp;
let admin: string;
let dataDir: string;
const tokens: Record<string, string> = {};
let merchantId = '';
let storeId = '';

const menusOf = (codes: string[]) => MENU_SEED.filter((m) => codes.includes(m.perms)).map((m) => m.id);

async function ok(res: Awaited<ReturnType<TestApp['call']>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A role with these codes and an account holding it, made by `token`'s user (in its tenant). */
async function userWith(
  token: string,
  account: string,
  codes: string[],
  extra: Record<string, unknown> = {},
) {
  const role = await ok(
    await t.call('POST', '/api/coffee/role', {
      token,
      body: { roleName: `${account}-role`, roleTitle: account, menuIdList: menusOf(codes) },
    }),
  );
  await ok(
    await t.call('POST', '/api/coffee/account', {
      token,
      body: { account, name: account, password: t.encrypt(PASSWORD), roleIds: [role.id], ...extra },
    }),
  );
  return t.login(account, PASSWORD);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-pickers-'));
  t = await startTestApp({ dataDir, uploadQuotaBytes: QUOTA });
  admin = await t.adminToken();
  // The demo auditor's codes (modules/iam/demo.ts): reads accounts, roles, the log and the machines.
  tokens.auditor = await userWith(admin, 'auditor.sarah', [
    P.account.list,
    P.role.list,
    P.organization.list,
    P.operationLog.list,
    P.operationLog.export,
    P.device.list,
    P.deviceCommand.list,
    P.deviceLog.list,
    P.productionRecord.list,
    P.faultLog.list,
    P.cleaningRecord.list,
  ]);
  const merchant = await ok(
    await t.call('POST', '/api/coffee/merchant', {
      token: admin,
      body: { name: 'Quota Coffee', loginAccount: 'quota-admin', password: t.encrypt(PASSWORD) },
    }),
  );
  merchantId = merchant.id;
  tokens.merchant = await t.login('quota-admin', PASSWORD);
  await ok(
    await t.call('POST', '/api/coffee/merchant', {
      token: admin,
      body: { name: 'Other Tea', loginAccount: 'other-admin', password: t.encrypt(PASSWORD) },
    }),
  );
  const store = await ok(
    await t.call('POST', '/api/coffee/store', {
      token: tokens.merchant,
      body: { name: 'Quota Station', type: 'pick-up' },
    }),
  );
  storeId = store.id;
  // Store staff who read their store and its log, as the demo's staff did when the issue was found.
  tokens.staff = await userWith(tokens.merchant, 'station.staff', [P.store.list, P.operationLog.list], {
    storeId,
  });
  tokens.maker = await userWith(tokens.merchant, 'product.maker', [P.product.create]);
  tokens.debugger = await userWith(tokens.merchant, 'machine.debugger', [P.device.debug]);
});
afterAll(() => t.close());

const select = (who: string, resource: string) =>
  t.call('GET', `/api/coffee/${resource}/select`, { token: tokens[who], lang: 'en' });

async function expectPickers(who: string, allowed: string[], refused: string[]) {
  for (const resource of allowed)
    expect((await select(who, resource)).statusCode, `${who} opens ${resource}`).toBe(200);
  for (const resource of refused) {
    const res = await select(who, resource);
    expect(res.statusCode, `${who} is refused ${resource}`).toBe(403);
    expect(res.json()).toEqual({ code: 403, msg: 'You do not have permission for this action' });
  }
}

describe('pickers', () => {
  it('the read-only auditor opens the pickers of what its pages show, and no other', async () => {
    // Its account and machine lists name merchants, stores, roles, organizations and models.
    await expectPickers(
      'auditor',
      ['account', 'role', 'organization', 'merchant', 'store', 'device', 'device-model'],
      ['product', 'material', 'snack', 'preset-command', 'channel-config', 'code-rule', 'product-type'],
    );
  });

  it('store staff who read only their store cannot list account or machine names', async () => {
    await expectPickers(
      'staff',
      ['store', 'merchant'],
      ['account', 'device', 'role', 'organization', 'product'],
    );
    // What a picker it may open lists is still its own store only.
    const stores = (await select('staff', 'store')).json().data;
    expect(stores).toEqual([{ value: storeId, label: 'Quota Station' }]);
    const merchants = (await select('staff', 'merchant')).json().data;
    expect(merchants.map((m: { value: string }) => m.value)).toEqual([merchantId]);
  });

  it('a form’s pickers open with the form’s code: the product flow’s code rules, debugging’s presets', async () => {
    await expectPickers(
      'maker',
      ['code-rule', 'product-type', 'material-type', 'option-type', 'small-material', 'snack', 'merchant'],
      ['preset-command', 'device', 'account'],
    );
    await expectPickers('debugger', ['preset-command', 'device'], ['code-rule', 'product', 'account']);
  });
});

async function upload(token: string, content: Buffer) {
  const { payload, contentType } = multipartFile(content, 'photo.png', 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/coffee/upload',
    headers: { token, 'content-type': contentType, cookie: 'language=en' },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}
const storedFiles = () =>
  fs.existsSync(path.join(dataDir, 'uploads'))
    ? fs
        .readdirSync(path.join(dataDir, 'uploads'), { recursive: true })
        .filter((f) => String(f).includes('.'))
    : [];
const png = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: '#6f4e37' } })
    .png()
    .toBuffer();
const uploadRows = async () => (await t.sql(`select count(*)::int as n from upload`))[0].n as number;

describe('uploads', () => {
  it('need the code of a form that takes files: the auditor and store staff are refused, nothing kept', async () => {
    const before = { files: storedFiles().length, rows: await uploadRows() };
    for (const who of ['auditor', 'staff', 'debugger']) {
      const { status, body } = await upload(tokens[who], await png());
      expect(status, who).toBe(403);
      expect(body.msg).toBe('You do not have permission for this action');
    }
    expect(storedFiles().length).toBe(before.files);
    expect(await uploadRows()).toBe(before.rows);
    // The product maker's form has pictures.
    expect((await upload(tokens.maker, await png())).status).toBe(200);
  });

  it('past its merchant’s storage quota an upload is refused (413) with a clear message and nothing kept', async () => {
    const first = await upload(tokens.merchant, await png());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The merchant's earlier files fill the quota to the byte.
    const [{ used }] = await t.sql(
      `select coalesce(sum(size_bytes), 0)::int as used from upload where merchant_id = $1`,
      [merchantId],
    );
    await t.sql(
      `insert into upload (merchant_id, kind, mime, size_bytes, path, sha256)
       values ($1, 'image', 'image/png', $2, 'filler/quota.png', 'filler')`,
      [merchantId, QUOTA - used],
    );
    const before = { files: storedFiles().length, rows: await uploadRows() };
    const refused = await upload(tokens.merchant, await png());
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({
      code: 413,
      msg: 'The storage for uploads is full (1.0 MB of 1.0 MB used): this file was not kept',
    });
    // Its stores' users share the merchant's quota.
    expect((await upload(tokens.maker, await png())).status).toBe(413);
    expect(storedFiles().length).toBe(before.files);
    expect(await uploadRows()).toBe(before.rows);
    // Another merchant and the platform are not held by it.
    expect((await upload(await t.login('other-admin', PASSWORD), await png())).status).toBe(200);
    expect((await upload(admin, await png())).status).toBe(200);
  });
});
