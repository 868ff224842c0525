import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipartFile } from './helpers/multipart.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

async function upload(
  resource: string,
  filename: string,
  content: Buffer,
  dryRun: boolean,
  type = 'text/csv',
  progressKey?: string,
) {
  const { payload, contentType } = multipartFile(content, filename, type);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/coffee/${resource}/import?dryRun=${dryRun}${progressKey ? `&progressKey=${progressKey}` : ''}`,
    headers: { token: admin, 'content-type': contentType, cookie: 'language=en' },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('accounts');
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('import', () => {
  it('dry-runs a CSV, reporting every bad row, and writes nothing', async () => {
    const csv = [
      'account,name,password,email,status',
      'cashier.ann,Ann,Latte-Macchiato-9,ann@example.com,normal',
      'cashier.bo,Bo,short,bo@example.com,normal',
      'cashier.cy,Cy,Flat-White-Double-3,not-mail,normal',
      'cashier.ann,Ann again,Latte-Macchiato-9,,vacation',
      'cashier.di,Di,Cortado-Pour-Over-4,,holiday',
    ].join('\n');
    const { status, body } = await upload('account', 'accounts.csv', Buffer.from(csv), true);
    expect(status).toBe(200);
    expect(body.data.total).toBe(5);
    expect(body.data.imported).toBe(0);
    const rowsWithErrors = [...new Set(body.data.errors.map((e: any) => e.row))];
    expect(rowsWithErrors).toEqual([3, 4, 5, 6]);
    expect(body.data.errors.find((e: any) => e.row === 3).message).toBe(
      'The password must have 8 to 64 characters',
    );
    expect(body.data.errors.find((e: any) => e.row === 4)).toMatchObject({
      field: 'email',
      message: 'Email error',
    });
    expect(body.data.errors.find((e: any) => e.row === 5).message).toBe('This account already exists');
    expect(body.data.errors.find((e: any) => e.row === 6).field).toBe('status');
    expect(await t.sql(`select 1 from account where account like 'cashier.%'`)).toHaveLength(0);
  });

  it('commits all or nothing: a bad row is a 422 with the row errors and nothing written', async () => {
    const csv = 'account,name,password\nok.one,One,Mocha-Cappuccino-1\nbad.two,,Mocha-Cappuccino-2\n';
    const { status, body } = await upload('account', 'a.csv', Buffer.from(csv), false);
    expect(status).toBe(422);
    expect(body.msg).toBe('1 rows have errors; nothing was imported');
    expect(body.errors).toEqual([expect.objectContaining({ row: 3, field: 'name' })]);
    expect(await t.sql(`select 1 from account where account = 'ok.one'`)).toHaveLength(0);
  });

  it('imports an Excel file whose rows are all valid, hashing the passwords', async () => {
    const file = await xlsx([
      ['account', 'name', 'password', 'phone'],
      ['xl.amy', 'Amy', 'Affogato-Espresso-7', '+852 5123 4567'],
      ['xl.ben', 'Ben', 'Americano-Iced-Tall-8', ''],
    ]);
    const { status, body } = await upload(
      'account',
      'a.xlsx',
      file,
      false,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ total: 2, imported: 2, errors: [] });
    await t.login('xl.amy', 'Affogato-Espresso-7');
  });

  it('imports roles, refusing a missing required column', async () => {
    const missing = await upload('role', 'r.csv', Buffer.from('roleName\nbarista\n'), false);
    expect(missing.status).toBe(400);
    // The column is named as the form names the field, in the reader's language.
    expect(missing.body.msg).toBe('Missing column: Role title');
    const ok = await upload(
      'role',
      'r.csv',
      Buffer.from('roleName,roleTitle,remark\nbarista,Barista,Makes drinks\n'),
      false,
    );
    expect(ok.body.data.imported).toBe(1);
  });

  it('refuses files that are not tables, and files that are too large', async () => {
    const binary = await upload('role', 'x.csv', Buffer.from([0, 1, 2, 3, 0]), true);
    expect(binary.status).toBe(400);
    expect(binary.body.msg).toBe('Upload a CSV or Excel (.xlsx) file');
    const big = await upload('role', 'big.csv', Buffer.alloc(6 * 1024 * 1024, 'a'), true);
    expect(big.status).toBe(413);
  });

  it('names a unique field a row repeats as the API does, not as “This record already exists”', async () => {
    const type = await t.call('POST', '/api/coffee/device-type', {
      token: admin,
      body: { name: 'Import espresso', family: 'coffee', automation: 'automatic' },
    });
    const model = await t.call('POST', '/api/coffee/device-model', {
      token: admin,
      body: { name: 'IMP-1', code: 'IMP-1', deviceTypeId: type.json().data.id },
    });
    const modelId = model.json().data.id;
    const serial = `IMP-${crypto.randomBytes(3).toString('hex')}`;
    const single = await t.call('POST', '/api/coffee/device', {
      token: admin,
      body: { name: 'First', serialNumber: serial, modelId },
      lang: 'en',
    });
    expect(single.statusCode, single.body).toBe(200);
    const csv = `name,serialNumber,modelId\nAgain,${serial},${modelId}\nNew,${serial}-2,${modelId}\n`;
    const { status, body } = await upload('device', 'd.csv', Buffer.from(csv), true);
    expect(status).toBe(200);
    // The database's unique index refuses the row; its message is the API's for the same conflict.
    const again = await t.call('POST', '/api/coffee/device', {
      token: admin,
      body: { name: 'Again', serialNumber: serial, modelId },
      lang: 'en',
    });
    expect(again.json().errors).toEqual([
      { field: 'serialNumber', message: 'A machine with this serial number already exists' },
    ]);
    expect(body.data.errors).toEqual([
      { row: 2, field: 'serialNumber', message: 'A machine with this serial number already exists' },
    ]);
  });

  it('offers a template with the importable columns', async () => {
    const res = await t.call('GET', '/api/coffee/account/import-template', {
      token: admin,
      query: { format: 'csv' },
      lang: 'en',
    });
    expect(res.statusCode).toBe(200);
    // Headed as the form labels the fields, in the reader's language; an import reads them back.
    expect(res.body.replace('\uFEFF', '').split('\r\n')[0]).toBe(
      'Account,Name,Password,Enterprise name,Roles,Organization,Merchant,Store,Phone,Email,ID number,Work address,Status,Avatar,Notes',
    );
  });
});

describe('import progress', () => {
  it('reports how far a large import is while it runs, to its author only', async () => {
    const key = crypto.randomUUID();
    const lines = ['account,name,password'];
    for (let i = 0; i < 60; i++) lines.push(`bulk.${i},Bulk ${i},Bulk-Strong-Pass-${i}x`);
    const running = upload('account', 'bulk.csv', Buffer.from(lines.join('\n')), false, 'text/csv', key);
    const seen: Array<{ phase: string; done: number; total: number }> = [];
    let finished = false;
    void running.then(() => (finished = true));
    while (!finished) {
      const res = await t.call('GET', `/api/coffee/import-progress/${key}`, { token: admin });
      if (res.statusCode === 200) seen.push(res.json().data);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await running).body.data.imported).toBe(60);
    expect(seen.some((p) => p.phase === 'checking' && p.done > 0 && p.done < 60 && p.total === 60)).toBe(
      true,
    );
    const last = (await t.call('GET', `/api/coffee/import-progress/${key}`, { token: admin })).json().data;
    expect(last).toMatchObject({ resource: 'account', phase: 'done', done: 60, total: 60 });
    const other = await t.login('bulk.1', 'Bulk-Strong-Pass-1x');
    expect((await t.call('GET', `/api/coffee/import-progress/${key}`, { token: other })).statusCode).toBe(
      404,
    );
  });
});

describe('export', () => {
  it('exports the current filter to CSV and Excel, escaping formulas', async () => {
    await t.call('POST', '/api/coffee/organization', {
      token: admin,
      body: { name: '=HYPERLINK("http://evil")', type: 'team' },
    });
    await t.call('POST', '/api/coffee/organization', {
      token: admin,
      body: { name: 'Plain Team', type: 'team' },
    });
    await t.call('POST', '/api/coffee/organization', {
      token: admin,
      body: { name: 'Branch', type: 'branch' },
    });
    const csv = await t.call('POST', '/api/coffee/organization/export', {
      token: admin,
      body: { format: 'csv', type: 'team' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="organization-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv.body).not.toContain('Branch');

    const x = await t.call('POST', '/api/coffee/organization/export', {
      token: admin,
      body: { format: 'xlsx' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const names = wb.worksheets[0].getColumn(2).values.filter(Boolean);
    expect(names).toContain(`'=HYPERLINK("http://evil")`);
    expect(names).toContain('Branch');
  });

  it('needs the export permission', async () => {
    const res = await t.call('POST', '/api/coffee/account/export', { body: { format: 'csv' } });
    expect(res.statusCode).toBe(401);
  });
});
