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
/** Each merchant's beans: a drink uses materials its merchant may use. */
const beans = { alpha: '', bravo: '' };
const uses = (materialId: string) => [{ materialId, amount: 18, unit: 'g' }];

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
  materials: uses(beans.alpha),
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
  for (const [key, token] of [
    ['alpha', alpha.token],
    ['bravo', bravo.token],
  ] as const)
    beans[key] = (await ok('POST', '/api/coffee/material', { name: 'House beans', unit: 'g' }, token)).id;
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
    await ok('POST', '/api/coffee/product', espresso({ materials: uses(beans.bravo) }), bravo.token);
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
      'Step 1: Temperature 120 is outside 80–96 °C',
      'Step 2: leafG is not a parameter of Coffee machines',
    ]);
    const zh = await call(
      'POST',
      '/api/coffee/product',
      espresso({ code: 'HOT', recipe: { steps: [{ action: 'brew', params: { temperatureC: 120 } }] } }),
      alpha.token,
      'zh',
    );
    expect(zh.json().msg).toBe('第 1 步：温度 120 超出 80–96 °C');
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
    // A segment that pours out must run for some time with some leaves.
    const empty = await call(
      'POST',
      '/api/coffee/product',
      espresso({
        code: 'OOLONG',
        family: 'tea',
        kind: 'tea',
        recipe: {
          steps: [{ action: 'steep', params: { waterMl: 300, temperatureC: 90 } }],
          segments: [
            { out: true, rangeS: 0, amountG: 6 },
            { out: true, rangeS: 60, amountG: 0 },
            { out: false, rangeS: 0, amountG: 0 },
          ],
        },
      }),
      alpha.token,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { field: 'recipe.segments.0', message: 'Segment 1 pours out but runs 0 s with 6 g' },
      { field: 'recipe.segments.1', message: 'Segment 2 pours out but runs 60 s with 0 g' },
    ]);
    const segments = [
      { out: true, rangeS: 40, amountG: 6 },
      { out: true, rangeS: 60, amountG: 4 },
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

  it('names a recipe’s parameters and family as the console does, in the request’s language', async () => {
    const frothed = (params: Record<string, number>) =>
      espresso({
        name: 'Warm foam',
        code: 'FOAM',
        family: 'milk-frother',
        recipe: { steps: [{ action: 'milk', params }] },
      });
    const messages = async (params: Record<string, number>, lang: 'en' | 'zh' | 'tw') => {
      const res = await call('POST', '/api/coffee/product', frothed(params), alpha.token, lang);
      expect(res.statusCode, res.body).toBe(400);
      return [res.json().msg, ...res.json().errors.map((e: any) => e.message)];
    };
    const hot = { milkMl: 200, temperatureC: 90 };
    expect(await messages(hot, 'tw')).toEqual(Array(2).fill('第 1 步：溫度 90 超出 40–75 °C'));
    expect(await messages(hot, 'zh')).toEqual(Array(2).fill('第 1 步：温度 90 超出 40–75 °C'));
    expect(await messages(hot, 'en')).toEqual(Array(2).fill('Step 1: Temperature 90 is outside 40–75 °C'));
    // The same header the browser sends picks the language too.
    const header = await t.app.inject({
      method: 'POST',
      url: '/api/coffee/product',
      headers: { token: alpha.token, 'accept-language': 'zh-TW,zh;q=0.9' },
      payload: frothed(hot),
    });
    expect(header.json().msg).toBe('第 1 步：溫度 90 超出 40–75 °C');
    // A parameter the family does not have keeps its key; the family is named in the language.
    const stray = { milkMl: 200, leafG: 3 };
    expect((await messages(stray, 'tw'))[0]).toBe('第 1 步：leafG 不是奶泡機的參數');
    expect((await messages(stray, 'zh'))[0]).toBe('第 1 步：leafG 不是奶泡机的参数');
    expect((await messages(stray, 'en'))[0]).toBe(
      'Step 1: leafG is not a parameter of Milk frother machines',
    );
    // The names are the platform's, as edited, not the defaults.
    const [range] = await t.sql(
      `select id::text from product_parameter where family = 'milk-frother' and key = 'temperatureC'`,
    );
    const rename = (twName: string, enName: string) =>
      ok('PUT', '/api/coffee/product-parameter', { id: range.id, twName, enName }, admin);
    await rename('奶溫', 'Milk temperature');
    try {
      expect((await messages(hot, 'tw'))[0]).toBe('第 1 步：奶溫 90 超出 40–75 °C');
      expect((await messages(hot, 'en'))[0]).toBe('Step 1: Milk temperature 90 is outside 40–75 °C');
    } finally {
      await rename('溫度', 'Temperature');
    }
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

  it('keeps a product to its merchant’s own materials, options, toppings and snacks, whoever saves it', async () => {
    const beans = await ok('POST', '/api/coffee/material', { name: 'Bravo beans', unit: 'g' }, bravo.token);
    const size = await ok('POST', '/api/coffee/option-type', { name: 'Bravo size' }, bravo.token);
    const large = await ok(
      'POST',
      '/api/coffee/option',
      { name: 'Bravo large', optionTypeId: size.id, amountFactor: 1.4 },
      bravo.token,
    );
    const foam = await ok('POST', '/api/coffee/small-material', { name: 'Bravo foam' }, bravo.token);
    const cookie = await ok(
      'POST',
      '/api/coffee/snack',
      { name: 'Bravo cookie', price: '1.00' },
      bravo.token,
    );
    const count = async () =>
      (await t.sql(`select count(*)::int as n from product where merchant_id = $1`, [alpha.id]))[0].n;
    const before = await count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ materials: [{ materialId: beans.id, amount: 18 }] }, 'materials', 'Bravo beans'],
      [
        { optionTypeIds: [size.id], recipeCombos: [{ optionIds: [large.id], amountFactor: 1.4 }] },
        'recipeCombos',
        'Bravo large',
      ],
      [{ optionTypeIds: [size.id] }, 'optionTypeIds', 'Bravo size'],
      [{ chargedSmallMaterialIds: [foam.id] }, 'chargedSmallMaterialIds', 'Bravo foam'],
      [{ showSnacks: true, snackIds: [cookie.id] }, 'snackIds', 'Bravo cookie'],
    ];
    // The platform sees every merchant's rows: what it may see is not what Alpha's product may use.
    for (const [extra, field, name] of cases) {
      const res = await call(
        'POST',
        '/api/coffee/product',
        espresso({ code: 'MIXED', merchantId: alpha.id, ...extra }),
        admin,
      );
      expect([res.statusCode, res.json().msg], field).toEqual([
        400,
        `${name} belongs to another merchant than the product`,
      ]);
      expect(res.json().errors[0].field).toBe(field);
    }
    expect(await count()).toBe(before);
    const zh = await call(
      'POST',
      '/api/coffee/product',
      espresso({ code: 'MIXED', merchantId: alpha.id, materials: [{ materialId: beans.id, amount: 18 }] }),
      admin,
      'zh',
    );
    expect(zh.json().msg).toBe('Bravo beans 不属于该商品的商户或其上级商户');
    // Nor through an edit.
    const mine = await ok(
      'POST',
      '/api/coffee/product',
      espresso({ code: 'MIXED', merchantId: alpha.id }),
      admin,
    );
    const edit = await call('PUT', '/api/coffee/product', { id: mine.id, snackIds: [cookie.id] }, admin);
    expect([edit.statusCode, edit.json().msg]).toEqual([
      400,
      'Bravo cookie belongs to another merchant than the product',
    ]);
    const [row] = await t.sql(`select snack_ids from product where id = $1`, [mine.id]);
    expect(row.snack_ids).toBeNull();

    // A merchant below Alpha may use Alpha's catalog; Alpha may not use its child's.
    const child = await ok(
      'POST',
      '/api/coffee/merchant',
      { name: 'Alpha North', loginAccount: 'alpha-north', password: t.encrypt(PASSWORD), parentId: alpha.id },
      admin,
    );
    const alphaBeans = await ok(
      'POST',
      '/api/coffee/material',
      { name: 'Alpha beans', unit: 'g' },
      alpha.token,
    );
    const childBeans = await ok(
      'POST',
      '/api/coffee/material',
      { name: 'North beans', unit: 'g', merchantId: child.id },
      admin,
    );
    await ok(
      'POST',
      '/api/coffee/product',
      espresso({
        code: 'NORTH',
        merchantId: child.id,
        materials: [{ materialId: alphaBeans.id, amount: 18 }],
      }),
      admin,
    );
    const upward = await call(
      'POST',
      '/api/coffee/product',
      espresso({ code: 'UP', materials: [{ materialId: childBeans.id, amount: 18 }] }),
      alpha.token,
    );
    expect([upward.statusCode, upward.json().msg]).toEqual([
      400,
      'North beans belongs to another merchant than the product',
    ]);
  });

  it('takes combinations only of options of the product’s own specifications', async () => {
    const size = await ok('POST', '/api/coffee/option-type', { name: 'Size' }, alpha.token);
    const milk = await ok('POST', '/api/coffee/option-type', { name: 'Milk' }, alpha.token);
    const large = await ok(
      'POST',
      '/api/coffee/option',
      { name: 'Large', optionTypeId: size.id, amountFactor: 1.4, priceChange: '0.60' },
      alpha.token,
    );
    const oat = await ok('POST', '/api/coffee/option', { name: 'Oat', optionTypeId: milk.id }, alpha.token);
    const body = (optionIds: string[]) =>
      espresso({
        code: 'COMBO',
        optionTypeIds: [size.id],
        recipeCombos: [
          // 18 g of powder × 1.3 stays within 25 g (catalog-rules.test.ts: a factor past it).
          { optionIds: [large.id], amountFactor: 1.3, priceChange: '0.60' },
          { optionIds, amountFactor: 1 },
        ],
      });
    const stray = await call('POST', '/api/coffee/product', body([large.id, oat.id]), alpha.token);
    expect([stray.statusCode, stray.json().msg]).toEqual([
      400,
      'Combination 2: Oat is not an option of this product’s specifications',
    ]);
    expect(stray.json().errors[0].field).toBe('recipeCombos.1.optionIds');
    const tw = await call('POST', '/api/coffee/product', body([oat.id]), alpha.token, 'tw');
    expect(tw.json().msg).toBe('組合 2：Oat 不是此商品所選規格中的選項');
    await ok('POST', '/api/coffee/product', body([large.id]), alpha.token);
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
    ws.addRow(['name', 'code', 'kind', 'family', 'price', 'recipe', 'materials']);
    const recipe = (t: number) =>
      JSON.stringify({ steps: [{ action: 'brew', params: { powderG: 18, temperatureC: t } }] });
    const materials = JSON.stringify(uses(beans.alpha));
    ws.addRow(['Flat white', 'FW-1', 'drink', 'coffee', '4.20', recipe(92), materials]);
    ws.addRow(['Too hot', 'HOT-2', 'drink', 'coffee', '4.20', recipe(130), materials]);
    const upload = async (dryRun: boolean, lang: 'en' | 'zh' | 'tw' = 'en') => {
      const { payload, contentType } = multipartFile(
        Buffer.from(await wb.xlsx.writeBuffer()),
        'products.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      return t.app.inject({
        method: 'POST',
        url: `/api/coffee/product/import?dryRun=${dryRun}`,
        headers: { token: alpha.token, 'content-type': contentType, cookie: `language=${lang}` },
        payload,
      });
    };
    const checked = (await upload(true)).json().data;
    expect(checked.errors).toEqual([
      {
        row: 3,
        field: 'recipe.steps.0.params.temperatureC',
        message: 'Step 1: Temperature 130 is outside 80–96 °C',
      },
    ]);
    // A refused import reports the rows in the reader's language, the recipe's names too.
    const refused = await upload(false, 'tw');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { row: 3, field: 'recipe.steps.0.params.temperatureC', message: '第 1 步：溫度 130 超出 80–96 °C' },
    ]);
    ws.spliceRows(3, 1);
    expect((await upload(false)).json().data.imported).toBe(1);
  });

  it('refuses a drink or tea without materials, as the console does: created, edited or imported; a snack needs none', async () => {
    const needs = {
      en: 'Add the materials the product uses',
      zh: '请添加商品所用的原料',
      tw: '請新增商品所用的原料',
    };
    const segments = [
      { out: true, rangeS: 40, amountG: 6 },
      { out: true, rangeS: 60, amountG: 4 },
      { out: false, rangeS: 0, amountG: 0 },
    ];
    const tea = {
      kind: 'tea',
      family: 'tea',
      recipe: { steps: [{ action: 'steep', params: { waterMl: 300, temperatureC: 90 } }], segments },
    };
    for (const [lang, message] of Object.entries(needs) as Array<['en' | 'zh' | 'tw', string]>)
      for (const bare of [
        espresso({ code: 'BARE', materials: undefined }),
        espresso({ code: 'BARE', materials: [] }),
        espresso({ code: 'BARE', materials: [], ...tea }),
      ]) {
        const res = await call('POST', '/api/coffee/product', bare, alpha.token, lang);
        expect([res.statusCode, res.json().msg], `${lang} ${bare.kind}`).toEqual([400, message]);
        expect(res.json().errors).toEqual([{ field: 'materials', message }]);
      }
    // The platform saving for a merchant is held to it too.
    const platform = await call(
      'POST',
      '/api/coffee/product',
      espresso({ code: 'BARE', merchantId: alpha.id, materials: undefined }),
      admin,
    );
    expect([platform.statusCode, platform.json().msg]).toEqual([400, needs.en]);
    expect(await t.sql(`select 1 from product where code = 'BARE'`)).toHaveLength(0);

    // An edit is judged on the product it leaves: emptying the lines is refused, an edit that
    // keeps them (sends none) is not.
    const drink = await ok('POST', '/api/coffee/product', espresso({ code: 'KEEPS' }), alpha.token);
    const emptied = await call(
      'PUT',
      '/api/coffee/product',
      { id: drink.id, materials: [] },
      alpha.token,
      'tw',
    );
    expect([emptied.statusCode, emptied.json().msg]).toEqual([400, needs.tw]);
    const cleared = await call('PUT', '/api/coffee/product', { id: drink.id, materials: null }, alpha.token);
    expect([cleared.statusCode, cleared.json().msg]).toEqual([400, needs.en]);
    await ok('PUT', '/api/coffee/product', { id: drink.id, name: 'Keeps its beans' }, alpha.token);
    const [stored] = await t.sql(`select materials from product where id = $1`, [drink.id]);
    expect(stored.materials).toEqual(uses(beans.alpha));

    // A snack is sold as it is.
    const cookie = await ok(
      'POST',
      '/api/coffee/product',
      { name: 'Butter cookie', code: 'COOKIE', kind: 'snack', family: 'coffee', price: '1.50' },
      alpha.token,
    );
    expect(cookie.materials ?? []).toEqual([]);

    // An import names the row and the field, in the reader's language.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('products');
    ws.addRow(['name', 'code', 'kind', 'family', 'price', 'recipe', 'materials']);
    const recipe = JSON.stringify(espresso().recipe);
    ws.addRow(['Bare', 'BARE-1', 'drink', 'coffee', '2.80', recipe, '']);
    ws.addRow(['Made', 'MADE-1', 'drink', 'coffee', '2.80', recipe, JSON.stringify(uses(beans.alpha))]);
    ws.addRow(['Bare tea', 'BARE-2', 'tea', 'tea', '3.20', JSON.stringify(tea.recipe), '[]']);
    ws.addRow(['Shortbread', 'SNACK-1', 'snack', 'coffee', '1.50', '', '']);
    const { payload, contentType } = multipartFile(
      Buffer.from(await wb.xlsx.writeBuffer()),
      'products.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/coffee/product/import?dryRun=false',
      headers: { token: alpha.token, 'content-type': contentType, cookie: 'language=zh' },
      payload,
    });
    expect(imported.statusCode, imported.body).toBe(422);
    expect(imported.json().errors).toEqual([
      { row: 2, field: 'materials', message: needs.zh },
      { row: 4, field: 'materials', message: needs.zh },
    ]);
    expect(
      await t.sql(`select 1 from product where code in ('BARE-1', 'MADE-1', 'BARE-2', 'SNACK-1')`),
    ).toHaveLength(0);
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

describe('materials', () => {
  it('refuses a minimum above the maximum, also when only one of them changes', async () => {
    const upside = await call(
      'POST',
      '/api/coffee/material',
      { name: 'Oat milk', unit: 'ml', min: 300, max: 30 },
      alpha.token,
      'tw',
    );
    expect([upside.statusCode, upside.json().msg]).toEqual([400, '最小值（300）不能大於最大值（30）']);
    expect(upside.json().errors).toEqual([
      expect.objectContaining({ field: 'max', message: '最小值（300）不能大於最大值（30）' }),
    ]);
    expect(await t.sql(`select 1 from material where name = 'Oat milk'`)).toHaveLength(0);

    const milk = await ok(
      'POST',
      '/api/coffee/material',
      { name: 'Oat milk', unit: 'ml', min: 30, max: 300 },
      alpha.token,
    );
    const higherMin = await call('PUT', '/api/coffee/material', { id: milk.id, min: 400 }, alpha.token);
    expect([higherMin.statusCode, higherMin.json().msg]).toEqual([
      400,
      'The minimum (400) cannot be above the maximum (300)',
    ]);
    const lowerMax = await call('PUT', '/api/coffee/material', { id: milk.id, max: 20 }, alpha.token, 'zh');
    expect([lowerMax.statusCode, lowerMax.json().msg]).toEqual([400, '最小值（30）不能大于最大值（20）']);
    const [stored] = await t.sql(`select min, max from material where id = $1`, [milk.id]);
    expect(stored).toEqual({ min: 30, max: 300 });

    // Equal limits, one limit cleared, and both moved together are fine.
    await ok('PUT', '/api/coffee/material', { id: milk.id, min: 300 }, alpha.token);
    await ok('PUT', '/api/coffee/material', { id: milk.id, max: null }, alpha.token);
    expect(
      await ok('PUT', '/api/coffee/material', { id: milk.id, min: 500, max: 600 }, alpha.token),
    ).toMatchObject({ min: 500, max: 600 });
  });
});
