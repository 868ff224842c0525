/**
 * The catalog through HTTP: complete products only, unique codes, recipes within the family's
 * ranges with the step and limits named, the code rule, product import, and who may sell what.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipartFile } from './helpers/multipart.ts';
import { uniqueSerial } from './helpers/fleet.ts';

const PASSWORD = 'Catalog-Strong-Pass-8';
let t: TestApp;
let admin: string;
let alpha: { id: string; token: string; storeId: string };
let bravo: { id: string; token: string };

async function call(
  method: string,
  url: string,
  body: unknown,
  token: string,
  lang: 'en' | 'zh' | 'tw' = 'en',
) {
  return t.call(method as 'POST', url, { token, body, lang });
}
async function ok(method: string, url: string, body: unknown, token: string) {
  const res = await call(method, url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const espresso = (overrides: Record<string, unknown> = {}) => ({
  name: 'Espresso',
  code: 'ESP-1',
  kind: 'drink',
  family: 'coffee',
  price: '2.80',
  recipe: {
    steps: [
      { action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40, temperatureC: 93, pressureBar: 9 } },
    ],
  },
  ...overrides,
});

beforeAll(async () => {
  t = await startTestApp({ logLevel: process.env.TEST_LOG ?? 'silent' });
  admin = await t.adminToken();
  const a = await ok(
    'POST',
    '/api/coffee/merchant',
    { name: 'Alpha', loginAccount: 'alpha', password: t.encrypt(PASSWORD) },
    admin,
  );
  const b = await ok(
    'POST',
    '/api/coffee/merchant',
    { name: 'Bravo', loginAccount: 'bravo', password: t.encrypt(PASSWORD) },
    admin,
  );
  const aToken = await t.login('alpha', PASSWORD);
  const store = await ok('POST', '/api/coffee/store', { name: 'Alpha Pier', type: 'pick-up' }, aToken);
  alpha = { id: a.id, token: aToken, storeId: store.id };
  bravo = { id: b.id, token: await t.login('bravo', PASSWORD) };
});
afterAll(() => t.close());

describe('products', () => {
  it('refuses an incomplete product, and a code its merchant already uses', async () => {
    const incomplete = await call(
      'POST',
      '/api/coffee/product',
      espresso({ recipe: undefined }),
      alpha.token,
    );
    expect([incomplete.statusCode, incomplete.json().msg]).toEqual([
      400,
      'Please complete the product information',
    ]);
    const first = await ok('POST', '/api/coffee/product', espresso(), alpha.token);
    expect(first).toMatchObject({ merchantId: alpha.id, recipeVersion: 1 });
    const again = await call('POST', '/api/coffee/product', espresso({ name: 'Another' }), alpha.token);
    expect([again.statusCode, again.json().msg]).toEqual([409, 'This product code already exists']);
    // Another merchant may use the same code.
    await ok('POST', '/api/coffee/product', espresso(), bravo.token);
  });

  it('checks the recipe against its family’s ranges, naming the step and the limits', async () => {
    const hot = await call(
      'POST',
      '/api/coffee/product',
      espresso({
        code: 'HOT',
        recipe: {
          steps: [
            { action: 'brew', params: { powderG: 18, temperatureC: 120 } },
            { action: 'steep', params: { leafG: 3 } },
          ],
        },
      }),
      alpha.token,
    );
    expect(hot.statusCode).toBe(400);
    expect(hot.json().errors.map((e: any) => e.message)).toEqual([
      'Step 1: temperatureC 120 is outside 80–96 °C',
      'Step 2: leafG is not a parameter of coffee machines',
    ]);
    const zh = await call(
      'POST',
      '/api/coffee/product',
      espresso({ code: 'HOT', recipe: { steps: [{ action: 'brew', params: { temperatureC: 120 } }] } }),
      alpha.token,
      'zh',
    );
    expect(zh.json().msg).toBe('第 1 步：temperatureC 120 超出 80–96 °C');
    const tea = await call(
      'POST',
      '/api/coffee/product',
      espresso({
        code: 'OOLONG',
        family: 'tea',
        kind: 'tea',
        recipe: { steps: [{ action: 'steep', params: { waterMl: 300, temperatureC: 90 } }] },
      }),
      alpha.token,
    );
    expect(tea.json().msg).toBe('A tea recipe has three segments, at least one of them out');
    const segments = [
      { out: true, rangeS: 40, amountG: 6 },
      { out: true, rangeS: 60, amountG: 0 },
      { out: false, rangeS: 0, amountG: 0 },
    ];
    await ok(
      'POST',
      '/api/coffee/product',
      espresso({
        code: 'OOLONG',
        family: 'tea',
        kind: 'tea',
        recipe: { steps: [{ action: 'steep', params: { waterMl: 300, temperatureC: 90 } }], segments },
      }),
      alpha.token,
    );
  });

  it('gives a changed recipe a new version', async () => {
    const p = await ok('POST', '/api/coffee/product', espresso({ code: 'LUNGO' }), alpha.token);
    const renamed = await ok('PUT', '/api/coffee/product', { id: p.id, name: 'Lungo' }, alpha.token);
    expect(renamed.recipeVersion).toBe(1);
    const longer = await ok(
      'PUT',
      '/api/coffee/product',
      { id: p.id, recipe: { steps: [{ action: 'brew', params: { powderG: 18, waterMl: 110 } }] } },
      alpha.token,
    );
    expect(longer.recipeVersion).toBe(2);
    // The same recipe sent again, its keys in another order, is no change.
    const same = await ok(
      'PUT',
      '/api/coffee/product',
      { id: p.id, recipe: { steps: [{ params: { waterMl: 110, powderG: 18 }, action: 'brew' }] } },
      alpha.token,
    );
    expect(same.recipeVersion).toBe(2);
  });

  it('checks material lines and combinations, and the platform’s ranges', async () => {
    const foreign = await ok('POST', '/api/coffee/material', { name: 'Beans', unit: 'g' }, bravo.token);
    const res = await call(
      'POST',
      '/api/coffee/product',
      espresso({ code: 'MAT', materials: [{ materialId: foreign.id, amount: 18 }] }),
      alpha.token,
    );
    expect([res.statusCode, res.json().msg]).toEqual([
      400,
      'A material or option of this product does not exist or is not yours',
    ]);
    const own = await ok('POST', '/api/coffee/material', { name: 'Beans', unit: 'g' }, alpha.token);
    await ok(
      'POST',
      '/api/coffee/product',
      espresso({ code: 'MAT', materials: [{ materialId: own.id, amount: 18, unit: 'g' }] }),
      alpha.token,
    );
    const [range] = await t.sql(
      `select id::text from product_parameter where family = 'coffee' and key = 'powderG'`,
    );
    const upside = await call(
      'PUT',
      '/api/coffee/product-parameter',
      { id: range.id, min: 30, max: 10 },
      admin,
    );
    expect([upside.statusCode, upside.json().msg]).toEqual([400, 'The minimum cannot be above the maximum']);
  });

  it('makes codes from the rule, skipping codes in use', async () => {
    const rule = await ok(
      'POST',
      '/api/coffee/code-rule',
      { name: 'Drinks', prefix: 'DR-', suffix: '-L', digits: 3 },
      alpha.token,
    );
    await ok('POST', '/api/coffee/product', espresso({ code: 'DR-001-L' }), alpha.token);
    expect(await ok('POST', '/api/coffee/code-rule/next', { id: rule.id }, alpha.token)).toEqual({
      code: 'DR-002-L',
    });
    expect(await ok('POST', '/api/coffee/code-rule/next', { id: rule.id }, alpha.token)).toEqual({
      code: 'DR-003-L',
    });
    const foreign = await call('POST', '/api/coffee/code-rule/next', { id: rule.id }, bravo.token);
    expect(foreign.statusCode).toBe(404);
  });

  it('imports products from Excel, recipes checked row by row', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('products');
    ws.addRow(['name', 'code', 'kind', 'family', 'price', 'recipe']);
    const recipe = (t: number) =>
      JSON.stringify({ steps: [{ action: 'brew', params: { powderG: 18, temperatureC: t } }] });
    ws.addRow(['Flat white', 'FW-1', 'drink', 'coffee', '4.20', recipe(92)]);
    ws.addRow(['Too hot', 'HOT-2', 'drink', 'coffee', '4.20', recipe(130)]);
    const upload = async (dryRun: boolean) => {
      const { payload, contentType } = multipartFile(
        Buffer.from(await wb.xlsx.writeBuffer()),
        'products.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      return t.app.inject({
        method: 'POST',
        url: `/api/coffee/product/import?dryRun=${dryRun}`,
        headers: { token: alpha.token, 'content-type': contentType, cookie: 'language=en' },
        payload,
      });
    };
    const checked = (await upload(true)).json().data;
    expect(checked.errors).toEqual([
      {
        row: 3,
        field: 'recipe.steps.0.params.temperatureC',
        message: 'Step 1: temperatureC 130 is outside 80–96 °C',
      },
    ]);
    ws.spliceRows(3, 1);
    expect((await upload(false)).json().data.imported).toBe(1);
  });
});

describe('who sells what', () => {
  it('sells a product only where its merchant operates, and on machines of its family', async () => {
    const [latte] = (await ok('POST', '/api/coffee/product/list', { code: 'ESP-1' }, alpha.token)).list;
    await ok(
      'POST',
      '/api/coffee/store-product',
      { storeId: alpha.storeId, productId: latte.id, price: '3.10' },
      alpha.token,
    );
    const [bravoLatte] = (await ok('POST', '/api/coffee/product/list', { code: 'ESP-1' }, bravo.token)).list;
    const foreign = await call(
      'POST',
      '/api/coffee/store-product',
      { storeId: alpha.storeId, productId: bravoLatte.id },
      admin,
    );
    expect([foreign.statusCode, foreign.json().msg]).toEqual([
      400,
      'ESP-1 belongs to another merchant than Alpha Pier',
    ]);

    const type = await ok(
      'POST',
      '/api/coffee/device-type',
      { name: 'Tea', family: 'tea', automation: 'automatic' },
      admin,
    );
    const model = await ok(
      'POST',
      '/api/coffee/device-model',
      { name: 'T', code: 'T-1', deviceTypeId: type.id },
      admin,
    );
    const serialNumber = uniqueSerial('CAT');
    const machine = await ok(
      'POST',
      '/api/coffee/device',
      { name: 'Tea bar', serialNumber, modelId: model.id, merchantId: alpha.id, storeId: alpha.storeId },
      admin,
    );
    const wrong = await call(
      'POST',
      '/api/coffee/machine-product',
      { deviceId: machine.id, productId: latte.id },
      alpha.token,
    );
    expect([wrong.statusCode, wrong.json().msg]).toEqual([
      400,
      `ESP-1 is a coffee product; ${serialNumber} is a tea machine`,
    ]);
  });
});
