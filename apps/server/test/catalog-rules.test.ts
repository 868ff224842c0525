/**
 * The catalog's rules that span rows, through HTTP: a material, option, option type, topping or snack
 * a product uses cannot be deleted; recipe combinations keep the recipe's amounts within range; a
 * topping is free or charged, not both; product codes are unique along a merchant chain — through
 * the API and an Excel import alike.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_SEED, MERCHANT_ADMIN_CODES } from '@brewfleet/contracts';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipartFile } from './helpers/multipart.ts';
import { rows } from '../src/platform/db/client.ts';
import { inScope } from '../src/platform/db/scope.ts';
import { unscoped } from '../src/modules/catalog/unscoped.ts';

const PASSWORD = 'Rules-Strong-Pass-6';
type Lang = 'en' | 'zh' | 'tw';
let t: TestApp;
let admin: string;
const alpha = { id: '', token: '', storeId: '', beans: '' };
const north = { id: '', token: '', beans: '' };
let storeUser = '';
const bravo = { token: '', beans: '' };
/** A drink's material lines: it uses materials its merchant may use (and its caller sees). */
const lines = (materialId: string) => [{ materialId, amount: 15 }];

async function call(method: string, url: string, body: unknown, token: string, lang: Lang = 'en') {
  return t.call(method as 'POST', url, { token, body, lang });
}
async function ok(method: string, url: string, body: unknown, token: string) {
  const res = await call(method, url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const refused = async (res: Awaited<ReturnType<typeof call>>) => [res.statusCode, res.json().msg];
const espresso = (overrides: Record<string, unknown> = {}) => ({
  name: 'Espresso',
  code: 'ESP',
  kind: 'drink',
  family: 'coffee',
  price: '2.80',
  recipe: { steps: [{ action: 'brew', channel: 1, params: { powderG: 15, waterMl: 40, temperatureC: 93 } }] },
  materials: lines(alpha.beans),
  ...overrides,
});

/** A merchant, logged in, with its own beans for its drinks. */
async function merchant(name: string, login: string, parentId?: string) {
  const m = await ok(
    'POST',
    '/api/coffee/merchant',
    { name, loginAccount: login, password: t.encrypt(PASSWORD), parentId },
    admin,
  );
  const token = await t.login(login, PASSWORD);
  const beans = await ok('POST', '/api/coffee/material', { name: 'House beans', unit: 'g' }, token);
  return { id: m.id as string, token, beans: beans.id as string };
}

async function importProducts(token: string, rows: unknown[][], lang: Lang = 'en') {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('products');
  rows.forEach((r) => ws.addRow(r));
  const { payload, contentType } = multipartFile(
    Buffer.from(await wb.xlsx.writeBuffer()),
    'products.xlsx',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/coffee/product/import?dryRun=true',
    headers: { token, 'content-type': contentType, cookie: `language=${lang}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    imported: number;
    errors: Array<{ row: number; field?: string; message: string }>;
  };
}

beforeAll(async () => {
  t = await startTestApp({ logLevel: process.env.TEST_LOG ?? 'silent' });
  admin = await t.adminToken();
  Object.assign(alpha, await merchant('Alpha', 'alpha'));
  Object.assign(north, await merchant('Alpha North', 'alpha-north', alpha.id));
  Object.assign(bravo, await merchant('Bravo', 'bravo'));
  alpha.storeId = (
    await ok('POST', '/api/coffee/store', { name: 'Alpha Pier', type: 'pick-up' }, alpha.token)
  ).id;
  // A store's staff member with the merchant administrator's pages: sees its store's rows only.
  const menuIds = MENU_SEED.filter((m) => MERCHANT_ADMIN_CODES.includes(m.perms)).map((m) => m.id);
  const role = await ok(
    'POST',
    '/api/coffee/role',
    { roleName: 'staff', roleTitle: 'Staff', menuIdList: menuIds },
    alpha.token,
  );
  await ok(
    'POST',
    '/api/coffee/account',
    {
      account: 'alpha-pier',
      name: 'Pier staff',
      password: t.encrypt(PASSWORD),
      storeId: alpha.storeId,
      roleIds: [role.id],
    },
    alpha.token,
  );
  storeUser = await t.login('alpha-pier', PASSWORD);
});
afterAll(() => t.close());

describe('deleting what products use', () => {
  it('refuses a material, option, option type, topping or snack still in a product, saying how many', async () => {
    const beans = await ok('POST', '/api/coffee/material', { name: 'Beans', unit: 'g' }, alpha.token);
    const size = await ok('POST', '/api/coffee/option-type', { name: 'Size' }, alpha.token);
    const large = await ok(
      'POST',
      '/api/coffee/option',
      { name: 'Large', optionTypeId: size.id, amountFactor: 1.2 },
      alpha.token,
    );
    const foam = await ok('POST', '/api/coffee/small-material', { name: 'Foam' }, alpha.token);
    const cookie = await ok('POST', '/api/coffee/snack', { name: 'Cookie', price: '1.00' }, alpha.token);
    const uses = {
      materials: [{ materialId: beans.id, amount: 15 }],
      optionTypeIds: [size.id],
      recipeCombos: [{ optionIds: [large.id], amountFactor: 1.2 }],
      freeSmallMaterialIds: [foam.id],
      showSnacks: true,
      snackIds: [cookie.id],
    };
    const first = await ok('POST', '/api/coffee/product', espresso({ code: 'USE-1', ...uses }), alpha.token);
    // A product of a sub-merchant uses its parent's beans too.
    const second = await ok(
      'POST',
      '/api/coffee/product',
      espresso({ code: 'USE-2', merchantId: north.id, materials: [{ materialId: beans.id, amount: 15 }] }),
      admin,
    );
    const cases: Array<[string, string, number]> = [
      ['material', beans.id, 2],
      ['option', large.id, 1],
      ['option-type', size.id, 1],
      ['small-material', foam.id, 1],
      ['snack', cookie.id, 1],
    ];
    for (const [resource, id, count] of cases) {
      const res = await call('DELETE', `/api/coffee/${resource}`, { ids: [id] }, alpha.token);
      expect(await refused(res), resource).toEqual([
        409,
        `This record is still in use (products using it: ${count})`,
      ]);
    }
    const tw = await call('POST', '/api/coffee/material/delete', { ids: [beans.id] }, alpha.token, 'tw');
    expect(tw.json().msg).toBe('該記錄仍在使用中（使用它的商品：2 項）');
    const left = await t.sql(
      `select (select count(*)::int from material where id = $1) + (select count(*)::int from snack where id = $2) as n`,
      [beans.id, cookie.id],
    );
    expect(left[0].n).toBe(2);

    // Once no product names them, they go; the option type still has its option (a foreign key),
    // refused with the same words. A drink keeps some material: its lines cannot be emptied, so
    // the products move to other beans.
    const emptied = await call('PUT', '/api/coffee/product', { id: second.id, materials: [] }, admin);
    expect(await refused(emptied)).toEqual([400, 'Add the materials the product uses']);
    await ok(
      'PUT',
      '/api/coffee/product',
      {
        id: first.id,
        materials: lines(alpha.beans),
        optionTypeIds: [],
        recipeCombos: [],
        freeSmallMaterialIds: [],
        snackIds: [],
      },
      alpha.token,
    );
    await ok('PUT', '/api/coffee/product', { id: second.id, materials: lines(alpha.beans) }, admin);
    for (const resource of ['material', 'small-material', 'snack'])
      await ok(
        'DELETE',
        `/api/coffee/${resource}`,
        { ids: [cases.find((c) => c[0] === resource)![1]] },
        alpha.token,
      );
    const typeWithOption = await call('DELETE', '/api/coffee/option-type', { ids: [size.id] }, alpha.token);
    expect(await refused(typeWithOption)).toEqual([409, 'This record is still in use']);
    await ok('DELETE', '/api/coffee/option', { ids: [large.id] }, alpha.token);
    await ok('DELETE', '/api/coffee/option-type', { ids: [size.id] }, alpha.token);
  });

  it('refuses the types products name by a column with the same words (a foreign key)', async () => {
    const productType = await ok('POST', '/api/coffee/product-type', { name: 'Coffee' }, alpha.token);
    const materialType = await ok('POST', '/api/coffee/material-type', { name: 'Beans' }, alpha.token);
    await ok(
      'POST',
      '/api/coffee/product',
      espresso({ code: 'TYPED', productTypeId: productType.id, materialTypeId: materialType.id }),
      alpha.token,
    );
    for (const [resource, id] of [
      ['product-type', productType.id],
      ['material-type', materialType.id],
    ]) {
      const res = await call('DELETE', `/api/coffee/${resource}`, { ids: [id] }, alpha.token);
      expect(await refused(res), resource).toEqual([409, 'This record is still in use']);
    }
  });

  it('counts products the deleting user cannot see: a store’s snack in the merchant’s product', async () => {
    const snack = await ok('POST', '/api/coffee/snack', { name: 'Pier biscuit', price: '0.80' }, storeUser);
    await ok(
      'POST',
      '/api/coffee/product',
      espresso({ code: 'PIER', showSnacks: true, snackIds: [snack.id] }),
      alpha.token,
    );
    const seen = await ok('POST', '/api/coffee/product/list', { code: 'PIER' }, storeUser);
    expect(seen.total).toBe(0);
    const res = await call('DELETE', '/api/coffee/snack', { ids: [snack.id] }, storeUser);
    expect(await refused(res)).toEqual([409, 'This record is still in use (products using it: 1)']);
  });
});

describe('recipe combinations', () => {
  it('keep every amount the factor scales within range, naming the combination’s options and the step', async () => {
    const size = await ok('POST', '/api/coffee/option-type', { name: 'Cup' }, alpha.token);
    const [small, large] = [
      await ok('POST', '/api/coffee/option', { name: 'Small', optionTypeId: size.id }, alpha.token),
      await ok('POST', '/api/coffee/option', { name: 'Big', optionTypeId: size.id }, alpha.token),
    ];
    const lungo = (factor: number, waterMl = 300) =>
      espresso({
        code: 'LUNGO',
        optionTypeIds: [size.id],
        recipe: {
          steps: [{ action: 'brew', params: { powderG: 15, waterMl, temperatureC: 93, pressureBar: 9 } }],
        },
        recipeCombos: [
          { optionIds: [small.id], amountFactor: 0.8 },
          { optionIds: [large.id], amountFactor: factor, priceChange: '0.60' },
        ],
      });
    // 300 ml × 1.4 is 420 ml, over 400 ml. Temperature and pressure do not scale (93 °C × 1.4 would
    // be out of range): the only problem named is the water.
    const over = await call('POST', '/api/coffee/product', lungo(1.4), alpha.token);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual([
      {
        field: 'recipeCombos.1.amountFactor',
        message: 'Combination Big (× 1.4), step 1: Water 420 is outside 15–400 ml',
      },
    ]);
    const tw = await call('POST', '/api/coffee/product', lungo(1.4), alpha.token, 'tw');
    expect(tw.json().msg).toBe('組合 Big（× 1.4），第 1 步：水量 420 超出 15–400 ml');
    const zh = await call('POST', '/api/coffee/product', lungo(1.4), alpha.token, 'zh');
    expect(zh.json().msg).toBe('组合 Big（× 1.4），第 1 步：水量 420 超出 15–400 ml');
    // Exactly on the limit is within it (320 ml × 1.25 is 400 ml); then an edit of the recipe is
    // checked against the combinations it keeps.
    const saved = await ok('POST', '/api/coffee/product', lungo(1.25, 320), alpha.token);
    const edit = await call(
      'PUT',
      '/api/coffee/product',
      { id: saved.id, recipe: lungo(1, 330).recipe },
      alpha.token,
    );
    expect(await refused(edit)).toEqual([
      400,
      'Combination Big (× 1.25), step 1: Water 412.5 is outside 15–400 ml',
    ]);
    // Below the minimum too, every amount named: 15 g × 0.3 is 4.5 g, 40 ml × 0.3 is 12 ml.
    const shot = await call(
      'PUT',
      '/api/coffee/product',
      {
        id: saved.id,
        recipe: lungo(1, 40).recipe,
        recipeCombos: [{ optionIds: [small.id], amountFactor: 0.3 }],
      },
      alpha.token,
    );
    expect(shot.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'Combination Small (× 0.3), step 1: Powder 4.5 is outside 5–25 g',
      'Combination Small (× 0.3), step 1: Water 12 is outside 15–400 ml',
    ]);
  });
});

describe('toppings', () => {
  it('are free or charged, not both, through the API and an import', async () => {
    const jelly = await ok('POST', '/api/coffee/small-material', { name: 'Jelly' }, alpha.token);
    const both = await call(
      'POST',
      '/api/coffee/product',
      espresso({ code: 'BOTH', freeSmallMaterialIds: [jelly.id], chargedSmallMaterialIds: [jelly.id] }),
      alpha.token,
    );
    expect(await refused(both)).toEqual([400, 'A topping cannot be both free and charged']);
    expect(both.json().errors).toEqual([
      { field: 'chargedSmallMaterialIds', message: 'A topping cannot be both free and charged' },
    ]);
    const recipe = JSON.stringify(espresso().recipe);
    const materials = JSON.stringify(espresso().materials);
    const checked = await importProducts(
      alpha.token,
      [
        [
          'name',
          'code',
          'family',
          'price',
          'recipe',
          'materials',
          'freeSmallMaterialIds',
          'chargedSmallMaterialIds',
        ],
        ['Both', 'BOTH', 'coffee', '2.80', recipe, materials, jelly.id, jelly.id],
        ['Free', 'FREE', 'coffee', '2.80', recipe, materials, jelly.id, ''],
      ],
      'zh',
    );
    expect(checked.errors).toEqual([
      { row: 2, field: 'chargedSmallMaterialIds', message: '同一小料不能既免费又收费' },
    ]);
  });
});

describe('product codes', () => {
  it('are unique along a merchant chain: parent, child and grandchild; siblings and other chains may share', async () => {
    const south = await merchant('Alpha South', 'alpha-south', alpha.id);
    const far = await merchant('Alpha Far North', 'alpha-far-north', north.id);
    await ok('POST', '/api/coffee/product', espresso({ code: 'CHAIN-1' }), alpha.token);
    // The child sees its parent's product only as inherited (it cannot change it), and still may
    // not take its code.
    const inherited = await ok('POST', '/api/coffee/product/list', { code: 'CHAIN-1' }, north.token);
    expect(inherited.list.map((p: any) => [p.code, p.inherited, p.ownerName])).toEqual([
      ['CHAIN-1', true, 'Alpha'],
    ]);
    for (const { token, beans } of [north, far]) {
      const res = await call(
        'POST',
        '/api/coffee/product',
        espresso({ code: 'CHAIN-1', materials: lines(beans) }),
        token,
      );
      expect(await refused(res)).toEqual([409, 'This product code already exists']);
      expect(res.json().errors).toEqual([{ field: 'code', message: 'This product code already exists' }]);
    }
    // Nor the other way: a code below is taken for the merchants above.
    await ok(
      'POST',
      '/api/coffee/product',
      espresso({ code: 'CHAIN-2', materials: lines(far.beans) }),
      far.token,
    );
    for (const { token, beans } of [north, alpha]) {
      const res = await call(
        'POST',
        '/api/coffee/product',
        espresso({ code: 'CHAIN-2', materials: lines(beans) }),
        token,
        'tw',
      );
      expect(await refused(res)).toEqual([409, '此商品編碼已存在']);
    }
    // A sibling's machines never get North's products, and another chain is another catalog.
    await ok(
      'POST',
      '/api/coffee/product',
      espresso({ code: 'CHAIN-2', materials: lines(south.beans) }),
      south.token,
    );
    await ok(
      'POST',
      '/api/coffee/product',
      espresso({ code: 'CHAIN-1', materials: lines(bravo.beans) }),
      bravo.token,
    );

    // An edit to a taken code is refused; an edit keeping its own code is not.
    const mine = await ok(
      'POST',
      '/api/coffee/product',
      espresso({ code: 'CHAIN-3', materials: lines(north.beans) }),
      north.token,
    );
    const renamed = await call('PUT', '/api/coffee/product', { id: mine.id, code: 'CHAIN-1' }, north.token);
    expect(await refused(renamed)).toEqual([409, 'This product code already exists']);
    await ok('PUT', '/api/coffee/product', { id: mine.id, code: 'CHAIN-3', name: 'Kept' }, north.token);

    // An import says the same, on the row and its field.
    const recipe = JSON.stringify(espresso().recipe);
    const materials = JSON.stringify(lines(north.beans));
    const checked = await importProducts(north.token, [
      ['name', 'code', 'family', 'price', 'recipe', 'materials'],
      ['Parent’s', 'CHAIN-1', 'coffee', '2.80', recipe, materials],
      ['New', 'CHAIN-4', 'coffee', '2.80', recipe, materials],
    ]);
    expect(checked.errors).toEqual([{ row: 2, field: 'code', message: 'This product code already exists' }]);

    // The code rule skips codes taken along the chain.
    await ok('POST', '/api/coffee/product', espresso({ code: 'NR-001' }), alpha.token);
    const rule = await ok(
      'POST',
      '/api/coffee/code-rule',
      { name: 'North', prefix: 'NR-', digits: 3 },
      north.token,
    );
    expect(await ok('POST', '/api/coffee/code-rule/next', { id: rule.id }, north.token)).toEqual({
      code: 'NR-002',
    });
  });
});

describe('checks past the caller’s rows', () => {
  it('see every merchant only inside the check, the caller’s scope back after it, also when it fails', async () => {
    await inScope(t.database.db, { kind: 'merchant', merchantIds: [north.id] }, async (tx) => {
      const parents = async (db = tx) =>
        (
          await rows<{ n: number }>(
            db,
            sql`select count(*)::int as n from product where merchant_id = ${alpha.id}`,
          )
        )[0].n;
      expect(await parents()).toBe(0);
      expect(await unscoped(tx, (all) => parents(all))).toBeGreaterThan(0);
      expect(await parents()).toBe(0);
      await expect(unscoped(tx, (all) => all.execute(sql`select 1 / 0`))).rejects.toThrow();
      expect(await parents()).toBe(0);
      await expect(
        unscoped(tx, async () => {
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await parents()).toBe(0);
    });
  });
});
