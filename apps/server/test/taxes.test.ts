/**
 * Taxes through HTTP (issue 11 §3): taxes and their allocations, the Tax Center's calculator
 * (`POST /api/coffee/tax/preview`) under each country's rule — Taiwan's inclusive business tax in
 * whole dollars, US sales tax on top, Japan's consumption tax with fractions of a yen dropped —, a
 * packaging bag's own tax, one tax per product type and order type, tenant isolation whatever ids
 * are sent, and bad input refused with a clear message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@brewfleet/contracts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const PASSWORD = 'Taxes-Strong-Pass-7';
type Lang = 'en' | 'zh' | 'tw';
let t: TestApp;
let admin: string;

interface Shop {
  id: string;
  token: string;
  store: string;
  coffeeType: string;
  latte: string;
}
const tw = {} as Shop & { bag: string; bagTax: string; dineInTax: string };
const us = {} as Shop;
const jp = {} as Shop;
const bravo = {} as Shop & { tax: string };

async function call(method: string, url: string, body: unknown, token: string, lang: Lang = 'en') {
  return t.call(method as 'POST', url, { token, body, lang });
}
async function ok(method: string, url: string, body: unknown, token: string) {
  const res = await call(method, url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A merchant of `country` with a store, a product type "Coffee" and a latte of that type. */
async function shop(name: string, login: string, country: string): Promise<Shop> {
  const m = await ok(
    'POST',
    '/api/coffee/merchant',
    { name, loginAccount: login, password: t.encrypt(PASSWORD), country },
    admin,
  );
  const token = await t.login(login, PASSWORD);
  const store = await ok('POST', '/api/coffee/store', { name: `${name} Station`, type: 'pick-up' }, token);
  const coffeeType = (await ok('POST', '/api/coffee/product-type', { name: 'Coffee' }, token)).id;
  const beans = (await ok('POST', '/api/coffee/material', { name: 'Beans', unit: 'g' }, token)).id;
  const latte = await ok(
    'POST',
    '/api/coffee/product',
    {
      name: 'Latte',
      code: `LATTE-${login.toUpperCase()}`,
      family: 'coffee',
      price: '4.50',
      productTypeId: coffeeType,
      recipe: {
        steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40, temperatureC: 92 } }],
      },
      materials: [{ materialId: beans, amount: 18 }],
    },
    token,
  );
  return { id: m.id, token, store: store.id, coffeeType, latte: latte.id };
}

async function taxOf(s: Shop, body: Record<string, unknown>) {
  return (await ok('POST', '/api/coffee/tax', body, s.token)).id as string;
}
async function allocate(s: Shop, body: Record<string, unknown>) {
  return ok('POST', '/api/coffee/tax-allocation', body, s.token);
}
const preview = (s: Shop, body: Record<string, unknown>, lang: Lang = 'en') =>
  call('POST', '/api/coffee/tax/preview', { storeId: s.store, ...body }, s.token, lang);

/** Every total of a preview is the sum of its lines, to the cent. */
function expectTotalsAreSums(answer: any) {
  for (const key of ['net', 'tax', 'gross'] as const) {
    const sum = answer.lines.reduce((total: bigint, line: any) => total + toCents(line[key]), 0n);
    expect(toCents(answer[key]), key).toBe(sum);
  }
  for (const line of answer.lines) expect(toCents(line.net) + toCents(line.tax)).toBe(toCents(line.gross));
}

beforeAll(async () => {
  t = await startTestApp({ logLevel: process.env.TEST_LOG ?? 'silent' });
  admin = await t.adminToken();
  Object.assign(tw, await shop('Formosa Brew', 'formosa', 'TW'));
  Object.assign(us, await shop('Brooklyn Beans', 'brooklyn', 'US'));
  Object.assign(jp, await shop('Kyoto Kissa', 'kyoto', 'JP'));
  Object.assign(bravo, await shop('Bravo Tea', 'bravo', 'TW'));
  bravo.tax = await taxOf(bravo, { name: 'Bravo tax', country: 'TW', type: 'dine-in', rate: '5' });
});
afterAll(() => t.close());

describe('Taiwan: business tax included in prices, whole dollars', () => {
  it('stores the tax as configured and allocates it to a product type for its order type', async () => {
    tw.dineInTax = await taxOf(tw, {
      name: 'Business tax',
      country: 'tw',
      type: 'dine-in',
      taxType: 'business',
      rate: '5',
      remarks: 'Included in shelf prices',
    });
    const tax = await ok('GET', `/api/coffee/tax/${tw.dineInTax}`, undefined, tw.token);
    expect(tax).toMatchObject({
      country: 'TW',
      rate: '5',
      base: '100',
      taxType: 'business',
      merchantId: tw.id,
    });
    const allocation = await allocate(tw, { taxId: tw.dineInTax, productTypeId: tw.coffeeType });
    expect(allocation).toMatchObject({ orderType: 'dine-in', country: 'TW', merchantId: tw.id });
  });

  it('takes a country only as a code a country holds: a name or XX is refused, for a tax and a merchant', async () => {
    for (const country of ['XX', 'Taiwan']) {
      const tax = await t.call('POST', '/api/coffee/tax', {
        token: tw.token,
        body: { name: 'Nowhere tax', country, type: 'packaging', rate: '5' },
        lang: 'en',
      });
      expect(tax.statusCode, country).toBe(400);
      expect(tax.json().msg).toContain('two-letter ISO code');
    }
    const merchant = await t.call('PUT', '/api/coffee/merchant', {
      token: admin,
      body: { id: tw.id, country: 'Taiwan' },
      lang: 'tw',
    });
    expect(merchant.statusCode).toBe(400);
    expect(merchant.json().msg).toContain('兩碼 ISO 代碼');
    expect((await t.sql(`select country from merchant where id = $1`, [tw.id]))[0].country).toBe('TW');
  });

  it('rounds each line to whole dollars and totals the lines', async () => {
    const res = await preview(tw, {
      orderType: 'dine-in',
      lines: [
        { productId: tw.latte, quantity: 1, unitPrice: '55' },
        { productId: tw.latte, quantity: 3, unitPrice: '12.50' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data;
    expect(answer).toMatchObject({ country: 'TW', rule: { pricesIncludeTax: true, decimals: 0 } });
    // 55 × 5/105 = 2.62 → 3; 37.50 × 5/105 = 1.79 → 2: the tax is part of the price.
    expect(answer.lines[0]).toMatchObject({
      name: 'Latte',
      amount: '55.00',
      taxName: 'Business tax',
      taxRate: '5',
      tax: '3.00',
      net: '52.00',
      gross: '55.00',
    });
    expect(answer.lines[1]).toMatchObject({
      unitPrice: '12.50',
      amount: '37.50',
      tax: '2.00',
      gross: '37.50',
    });
    expect(answer).toMatchObject({ net: '87.50', tax: '5.00', gross: '92.50' });
    expectTotalsAreSums(answer);
  });

  it('a packaging bag carries its own tax on packed orders, none on dine-in', async () => {
    tw.bag = (
      await ok(
        'POST',
        '/api/coffee/extra-product',
        { name: 'Paper bag', price: '10.00', kind: 'packaging' },
        tw.token,
      )
    ).id;
    tw.bagTax = await taxOf(tw, { name: 'Bag tax', country: 'TW', type: 'packaging', rate: '5' });
    expect(await allocate(tw, { taxId: tw.bagTax, extraProductId: tw.bag })).toMatchObject({
      orderType: 'pack',
    });
    const lines = [
      { productId: tw.latte, quantity: 1, unitPrice: '55' },
      { extraProductId: tw.bag, quantity: 3, unitPrice: '10.00' },
    ];
    const packed = (await preview(tw, { orderType: 'pack', lines })).json().data;
    // The latte's type has no packed-order tax; the bag's 30.00 × 5/105 = 1.43 → 1.
    expect(packed.lines[0]).toMatchObject({ taxName: null, taxRate: '0', tax: '0.00' });
    expect(packed.lines[1]).toMatchObject({ name: 'Paper bag', taxName: 'Bag tax', tax: '1.00' });
    expect(packed.tax).toBe('1.00');
    expectTotalsAreSums(packed);
    const dineIn = (await preview(tw, { orderType: 'dine-in', lines })).json().data;
    expect(dineIn.lines[1]).toMatchObject({ taxName: null, tax: '0.00' });
    expect(dineIn.tax).toBe('3.00');
    // The Packaging bag list: extra products of the packaging kind.
    const bags = await ok('POST', '/api/coffee/extra-product/list', { kind: 'packaging' }, tw.token);
    expect(bags.list.map((b: any) => b.name)).toEqual(['Paper bag']);
  });

  it('a product type has one tax per order type: a second is refused with a clear message', async () => {
    const other = await taxOf(tw, { name: 'Second tax', country: 'TW', type: 'dine-in', rate: '10' });
    const before = await t.sql(`select count(*)::int as n from tax_allocation`);
    const en = await call(
      'POST',
      '/api/coffee/tax-allocation',
      { taxId: other, productTypeId: tw.coffeeType },
      tw.token,
    );
    expect(en.statusCode).toBe(409);
    expect(en.json().msg).toBe(
      'Coffee already has a tax for dine-in orders in TW (Business tax): change or delete that allocation first',
    );
    const zh = await call(
      'POST',
      '/api/coffee/tax-allocation',
      { taxId: other, productTypeId: tw.coffeeType },
      tw.token,
      'tw',
    );
    expect(zh.json().msg).toContain('內用');
    expect(await t.sql(`select count(*)::int as n from tax_allocation`)).toEqual(before);
    // Neither a product type nor an extra product, or both: refused.
    const neither = await call('POST', '/api/coffee/tax-allocation', { taxId: other }, tw.token);
    expect(neither.statusCode).toBe(400);
    expect(neither.json().msg).toContain('either a product type or an extra product');
    // A tax still allocated cannot go.
    const gone = await call('DELETE', '/api/coffee/tax', { ids: [tw.dineInTax] }, tw.token);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().msg).toContain('allocated to 1');
  });
});

describe('a sub-merchant', () => {
  it('sells its parent’s products under its parent’s taxes, and reads (never changes) them', async () => {
    const north = await ok(
      'POST',
      '/api/coffee/merchant',
      {
        name: 'Formosa North',
        loginAccount: 'formosa-north',
        password: t.encrypt(PASSWORD),
        parentId: tw.id,
      },
      admin,
    );
    const token = await t.login('formosa-north', PASSWORD);
    const store = await ok('POST', '/api/coffee/store', { name: 'Hsinchu kiosk', type: 'pick-up' }, token);
    const res = await call(
      'POST',
      '/api/coffee/tax/preview',
      {
        storeId: store.id,
        orderType: 'dine-in',
        lines: [{ productId: tw.latte, quantity: 1, unitPrice: '55' }],
      },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.lines[0]).toMatchObject({ taxName: 'Business tax', tax: '3.00' });
    const taxes = await ok('POST', '/api/coffee/tax/list', { limit: 500 }, token);
    expect(taxes.list.find((x: any) => x.id === tw.dineInTax)).toMatchObject({ inherited: true });
    const edit = await call('PUT', '/api/coffee/tax', { id: tw.dineInTax, rate: '1' }, token);
    expect(edit.statusCode).toBe(403);
    expect(north.id).toBeTruthy();
  });
});

describe('United States: sales tax added to the price', () => {
  it('adds 8.875 % per line, rounded half up to the cent', async () => {
    const tax = await taxOf(us, {
      name: 'NYC sales tax',
      country: 'US',
      type: 'dine-in',
      taxType: 'sales',
      rate: '8.875',
    });
    await allocate(us, { taxId: tax, productTypeId: us.coffeeType });
    const answer = (
      await preview(us, {
        orderType: 'dine-in',
        lines: [
          { productId: us.latte, quantity: 1, unitPrice: '4.50' },
          { productId: us.latte, quantity: 3, unitPrice: '2.25' },
        ],
      })
    ).json().data;
    expect(answer.rule).toMatchObject({ pricesIncludeTax: false, decimals: 2 });
    // 4.50 × 8.875 % = 0.399 → 0.40; 6.75 × 8.875 % = 0.599 → 0.60.
    expect(answer.lines[0]).toMatchObject({ net: '4.50', tax: '0.40', gross: '4.90' });
    expect(answer.lines[1]).toMatchObject({ net: '6.75', tax: '0.60', gross: '7.35' });
    expect(answer).toMatchObject({ net: '11.25', tax: '1.00', gross: '12.25' });
    expectTotalsAreSums(answer);
  });
});

describe('Japan: consumption tax included, fractions of a yen dropped', () => {
  it('floors each line to whole yen', async () => {
    const tax = await taxOf(jp, {
      name: '消費税',
      country: 'JP',
      type: 'dine-in',
      taxType: 'consumption',
      rate: '10',
    });
    await allocate(jp, { taxId: tax, productTypeId: jp.coffeeType });
    const answer = (
      await preview(jp, {
        orderType: 'dine-in',
        lines: [
          { productId: jp.latte, quantity: 1, unitPrice: '298' },
          { productId: jp.latte, quantity: 2, unitPrice: '330' },
        ],
      })
    ).json().data;
    // 298 × 10/110 = 27.09 → 27; 660 × 10/110 = 60.
    expect(answer.lines.map((l: any) => l.tax)).toEqual(['27.00', '60.00']);
    expect(answer.tax).toBe('87.00');
    expectTotalsAreSums(answer);
  });
});

describe('tenant isolation', () => {
  it('a merchant neither sees nor uses another merchant’s tax, whatever id it sends', async () => {
    expect((await call('GET', `/api/coffee/tax/${bravo.tax}`, undefined, tw.token)).statusCode).toBe(404);
    const taxes = await ok('POST', '/api/coffee/tax/list', { limit: 500 }, tw.token);
    expect(taxes.list.map((x: any) => x.id)).not.toContain(bravo.tax);
    const before = await t.sql(`select count(*)::int as n from tax_allocation`);
    const borrowed = await call(
      'POST',
      '/api/coffee/tax-allocation',
      { taxId: bravo.tax, productTypeId: tw.coffeeType },
      tw.token,
    );
    expect(borrowed.statusCode).toBe(400);
    const ontoTheirs = await call(
      'POST',
      '/api/coffee/tax-allocation',
      { taxId: tw.bagTax, productTypeId: bravo.coffeeType },
      tw.token,
    );
    expect(ontoTheirs.statusCode).toBe(400);
    expect(await t.sql(`select count(*)::int as n from tax_allocation`)).toEqual(before);
    const edit = await call('PUT', '/api/coffee/tax', { id: bravo.tax, rate: '50' }, tw.token);
    expect(edit.statusCode).toBe(404);
    const [row] = await t.sql(`select rate from tax where id = $1`, [bravo.tax]);
    expect(row.rate).toBe('5');
  });

  it('the calculator refuses another merchant’s store, product or extra product', async () => {
    const theirStore = await preview(tw, {
      storeId: bravo.store,
      orderType: 'dine-in',
      lines: [{ productId: tw.latte, quantity: 1, unitPrice: '55' }],
    });
    expect(theirStore.statusCode).toBe(400);
    const theirProduct = await preview(tw, {
      orderType: 'dine-in',
      lines: [
        { productId: tw.latte, quantity: 1, unitPrice: '55' },
        { productId: bravo.latte, quantity: 1, unitPrice: '55' },
      ],
    });
    expect(theirProduct.statusCode).toBe(400);
    expect(theirProduct.json().msg).toBe('Line 2: no such product of this merchant');
    // The platform may preview any merchant's store; the products must still be that merchant's.
    const mixed = await call(
      'POST',
      '/api/coffee/tax/preview',
      {
        storeId: tw.store,
        orderType: 'dine-in',
        lines: [{ productId: bravo.latte, quantity: 1, unitPrice: '1' }],
      },
      admin,
    );
    expect(mixed.statusCode).toBe(400);
    const platform = await call(
      'POST',
      '/api/coffee/tax/preview',
      {
        storeId: tw.store,
        orderType: 'dine-in',
        lines: [{ productId: tw.latte, quantity: 1, unitPrice: '55' }],
      },
      admin,
    );
    expect(platform.json().data.tax).toBe('3.00');
  });
});

describe('bad input', () => {
  it('is refused with a message that says what is expected', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'x', country: 'TW', type: 'dine-in', rate: '5.12345' }, 'at most four decimals'],
      [{ name: 'x', country: 'TW', type: 'dine-in', rate: '101' }, 'from 0 to 100'],
      [{ name: 'x', country: 'Taiwan', type: 'dine-in', rate: '5' }, 'two-letter ISO code'],
    ];
    for (const [body, text] of cases) {
      const res = await call('POST', '/api/coffee/tax', body, tw.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(text);
    }
    const both = await preview(tw, {
      orderType: 'dine-in',
      lines: [{ productId: tw.latte, extraProductId: tw.bag, quantity: 1, unitPrice: '1' }],
    });
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain('a product or an extra product');
    const price = await preview(tw, {
      orderType: 'dine-in',
      lines: [{ productId: tw.latte, quantity: 1, unitPrice: '12.345' }],
    });
    expect(price.statusCode).toBe(400);
    expect(price.body).toContain('Only numbers can be filled');
    const noStore = await call(
      'POST',
      '/api/coffee/tax/preview',
      { orderType: 'dine-in', lines: [{ productId: tw.latte, quantity: 1, unitPrice: '1' }] },
      tw.token,
    );
    expect(noStore.statusCode).toBe(400);
    expect(noStore.body).toContain('Choose a store');
  });

  it('the calculator needs its own permission code', async () => {
    const res = await t.call('POST', '/api/coffee/tax/preview', {
      body: { storeId: tw.store, orderType: 'dine-in', lines: [] },
    });
    expect(res.statusCode).toBe(401);
  });
});
