/**
 * The demo data a newcomer sees with DEMO=1, on the embedded database (PGlite) as `npm start` uses it:
 * the chain brand's administrators see their subtree, a store account its store; each brand has its
 * own catalog, whose products the API accepts as they are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHANNELS, type Family } from '@brewfleet/simulator';
import { rows, type Database } from '../src/platform/db/client.ts';
import { inScope, SYSTEM } from '../src/platform/db/scope.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/modules/iam/demo.ts';
import { seedDemoTenants } from '../src/modules/tenancy/demo.ts';
import { seedDemoLogos } from '../src/modules/tenancy/demo-logos.ts';
import { seedDemoFleet } from '../src/modules/fleet/demo.ts';
import { seedDemoMenus } from '../src/modules/menus/demo.ts';
import { seedDemoTaxes } from '../src/modules/taxes/demo.ts';
import { openEmbeddedApp, type EmbeddedApp } from './helpers/embedded-app.ts';

let database: Database;
let app: FastifyInstance;
let embedded: EmbeddedApp;
beforeAll(async () => {
  embedded = await openEmbeddedApp();
  ({ database, app } = embedded);
  // The demo without its weeks of history (demo-first-start.test.ts reads those).
  await seedDemo(database.db);
  await seedDemoTenants(database.db, app.services.iam!);
  await seedDemoLogos(database.db, app.services.files!);
  await seedDemoFleet(database.db);
  await seedDemoMenus(database.db, {
    fleet: app.services.fleet!,
    catalog: app.services.catalog!,
    resources: app.resources,
  });
  await seedDemoTaxes(database.db, app.resources);
}, 60_000);
afterAll(async () => {
  await embedded?.close();
});

const login = (account: string) => embedded.signIn(account, DEMO_PASSWORD);
const list = async (token: string, resource: string) =>
  (
    await app.inject({
      method: 'POST',
      url: `/api/coffee/${resource}/list`,
      headers: { token },
      payload: { limit: 100 },
    })
  ).json().data;

it('gives the chain brand two regional sub-merchants and stores in several cities', async () => {
  const chain = await login('formosa');
  const merchants = await list(chain, 'merchant');
  expect(merchants.list.map((m: any) => m.name).sort()).toEqual([
    'Formosa Brew Co.',
    'Formosa Brew North',
    'Formosa Brew South',
  ]);
  const stores = await list(chain, 'store');
  expect(new Set(stores.list.map((s: any) => s.city))).toEqual(
    new Set(['Taipei', 'Keelung', 'Kaohsiung', 'Tainan']),
  );
});

it('limits a regional administrator to its region and a store account to its store', async () => {
  const north = await list(await login('formosa-north'), 'store');
  expect(north.list.map((s: any) => s.city).sort()).toEqual(['Keelung', 'Taipei']);
  const staff = await login('main-station-staff');
  const own = await list(staff, 'store');
  expect(own.list.map((s: any) => s.name)).toEqual(['Taipei Main Station Kiosk']);
});

it('shows each demo merchant’s logo in the navbar of its users and of its stores’ users', async () => {
  for (const account of ['formosa', 'main-station-staff']) {
    const token = await login(account);
    const info = (
      await app.inject({ method: 'GET', url: '/api/auth/getUserInfo', headers: { token } })
    ).json().data;
    expect(info.partnerIcon, account).toMatch(/^\/api\/auth\/partner-icon\?v=\d+$/);
    const image = await app.inject({ method: 'GET', url: info.partnerIcon, headers: { token } });
    expect(image.statusCode, account).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  }
});

it('keeps the independent merchant apart', async () => {
  const tea = await list(await login('harbour-tea'), 'merchant');
  expect(tea.list.map((m: any) => m.name)).toEqual(['Harbour Tea House']);
});

it('charges the Taiwanese brand’s business tax, included in prices, on its drinks and its packaging', async () => {
  const token = await login('formosa');
  const [store] = (await list(token, 'store')).list;
  const [product] = (await list(token, 'product')).list;
  const bag = (await list(token, 'extra-product')).list.find((e: any) => e.name === 'Paper bag');
  const preview = await app.inject({
    method: 'POST',
    url: '/api/coffee/tax/preview',
    headers: { token },
    payload: {
      storeId: store.id,
      orderType: 'pack',
      lines: [
        { productId: product.id, quantity: 1, unitPrice: '105' },
        { extraProductId: bag.id, quantity: 1, unitPrice: '21' },
      ],
    },
  });
  expect(preview.statusCode, preview.body).toBe(200);
  // 105 × 5/105 = 5 and 21 × 5/105 = 1: the 5 % business tax is part of the price.
  expect(preview.json().data).toMatchObject({ country: 'TW', tax: '6.00', gross: '126.00' });
  // Hong Kong has no sales tax: the independent tea house has none.
  expect((await list(await login('harbour-tea'), 'tax')).total).toBe(0);
});

describe('the demo catalog', () => {
  const BRANDS = [
    {
      account: 'formosa',
      name: 'Formosa Brew Co.',
      prefix: 'FB-',
      families: ['blender', 'coffee', 'ice-sand', 'milk-frother', 'tea'],
    },
    { account: 'harbour-tea', name: 'Harbour Tea House', prefix: 'HT-', families: ['ice-sand', 'tea'] },
  ];

  it.each(BRANDS)(
    'gives $name its own materials, toppings, snacks, extras and code rule',
    async ({ account, name, prefix }) => {
      const token = await login(account);
      const [brand] = (await list(token, 'merchant')).list.filter((m: any) => m.name === name);
      const own = (rows: any[]) => rows.every((r) => r.merchantId === brand.id);

      const materials = (await list(token, 'material')).list;
      const materialTypes = (await list(token, 'material-type')).list;
      expect(materials.length).toBeGreaterThan(8);
      expect(own(materials) && own(materialTypes)).toBe(true);
      const typeIds = new Set(materialTypes.map((t: any) => t.id));
      for (const m of materials) {
        expect(typeIds.has(m.materialTypeId), m.name).toBe(true);
        expect(['g', 'ml', 'piece']).toContain(m.unit);
        expect(m.min, m.name).not.toBeNull();
        expect(m.min <= m.max, m.name).toBe(true);
      }
      expect(materials.map((m: any) => m.name)).toEqual(
        expect.arrayContaining(['Oolong leaves', 'Jasmine green leaves', 'Tapioca pearls', 'Ice', 'Water']),
      );

      const toppings = (await list(token, 'small-material')).list;
      expect(own(toppings)).toBe(true);
      expect(toppings.some((t: any) => t.charged && Number(t.price) > 0)).toBe(true);
      expect(toppings.map((t: any) => t.name)).toEqual(
        expect.arrayContaining(['Tapioca pearls', 'Egg pudding', 'Cream cheese foam']),
      );
      const materialIds = new Set(materials.map((m: any) => m.id));
      for (const t of toppings) if (t.materialId) expect(materialIds.has(t.materialId), t.name).toBe(true);
      expect((await list(token, 'small-material-type')).total).toBeGreaterThan(0);

      const snacks = (await list(token, 'snack')).list;
      expect(own(snacks)).toBe(true);
      expect(snacks.map((s: any) => s.name)).toEqual(
        expect.arrayContaining(['Butter croissant', 'Chocolate chip cookie', 'Egg tart']),
      );
      expect(snacks.every((s: any) => s.snackTypeId)).toBe(true);

      const extras = (await list(token, 'extra-product')).list;
      expect(own(extras)).toBe(true);
      const bag = extras.find((e: any) => e.name === 'Paper bag');
      // A packaging bag; its tax is an allocation (the taxes module's demo).
      expect(bag).toMatchObject({ kind: 'packaging' });
      expect(bag.extraProductTypeId).toBeTruthy();

      const rules = (await list(token, 'code-rule')).list;
      expect(rules).toHaveLength(1);
      expect(rules[0]).toMatchObject({ merchantId: brand.id, prefix, digits: 4 });
      const next = await app.inject({
        method: 'POST',
        url: '/api/coffee/code-rule/next',
        headers: { token },
        payload: { id: rules[0].id },
      });
      expect(next.json().data.code).toBe(`${prefix}0001`);
    },
  );

  it.each(BRANDS)(
    'gives $name products with material lines on its machines’ channels, which the API accepts as they are',
    async ({ account, name, families }) => {
      const token = await login(account);
      const [brand] = (await list(token, 'merchant')).list.filter((m: any) => m.name === name);
      const materials = new Map<string, string>(
        (await list(token, 'material')).list.map((m: any) => [m.id, m.name.toLowerCase()]),
      );
      const products = (await list(token, 'product')).list;
      expect(products.every((p: any) => p.merchantId === brand.id)).toBe(true);
      expect([...new Set(products.map((p: any) => p.family))].sort()).toEqual(families);
      for (const listed of products) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/coffee/product/${listed.id}`,
          headers: { token },
        });
        const p = res.json().data;
        expect(p.kind === 'snack' || p.materials.length > 0, `${p.code} has material lines`).toBe(true);
        for (const line of p.materials) expect(materials.has(String(line.materialId)), p.code).toBe(true);
        const lines = new Set(p.materials.map((l: any) => materials.get(String(l.materialId))));
        // Each step that doses from a channel doses from one the family's machines have, and the
        // product's material lines name what that channel holds.
        for (const step of p.recipe.steps.filter((s: any) => s.channel != null)) {
          const channel = CHANNELS[p.family as Family].find((c) => c.channel === step.channel);
          expect(channel, `${p.code} channel ${step.channel}`).toBeTruthy();
          expect(lines.has(channel!.material), `${p.code}: a line for ${channel!.material}`).toBe(true);
        }
        expect(p.recipeCombos.length, p.code).toBeGreaterThan(0);
        // What the product wizard sends when a demo product is opened and saved unchanged.
        const saved = await app.inject({
          method: 'PUT',
          url: '/api/coffee/product',
          headers: { token },
          payload: {
            id: p.id,
            name: p.name,
            code: p.code,
            family: p.family,
            price: p.price,
            productTypeId: p.productTypeId,
            materials: p.materials,
            recipe: p.recipe,
            recipeCombos: p.recipeCombos,
            optionTypeIds: p.optionTypeIds,
            freeSmallMaterialIds: p.freeSmallMaterialIds,
            chargedSmallMaterialIds: p.chargedSmallMaterialIds,
            snackIds: p.snackIds,
          },
        });
        expect(saved.statusCode, `${p.code}: ${saved.body}`).toBe(200);
        expect(saved.json().data.recipeVersion).toBe(p.recipeVersion);
      }
    },
  );

  it('names its catalog in English, simplified and traditional Chinese, menus included', async () => {
    const materials = (await list(await login('formosa'), 'material')).list;
    const beans = materials.find((m: any) => m.name === 'Coffee beans');
    expect(beans.names).toEqual({ en: 'Coffee beans', zh: '咖啡豆', tw: '咖啡豆' });
    const milk = materials.find((m: any) => m.name === 'Fresh milk');
    expect([milk.names.zh, milk.names.tw]).toEqual(['鲜奶', '鮮奶']);
    const [release] = await inScope(database.db, SYSTEM, (db) =>
      rows<{ content: { products: Array<{ name: string; names?: Record<string, string> }> } }>(
        db,
        sql`select content from menu_release r join merchant m on m.id = r.merchant_id
            where m.name like 'Formosa%' limit 1`,
      ),
    );
    for (const p of release.content.products) expect(p.names?.tw, p.name).toMatch(/\p{Script=Han}/u);
  });

  it('names its machine types in the three languages', async () => {
    const types = (await list(await login('operator'), 'device-type')).list;
    const tea = types.find((t: any) => t.name === 'Tea extractor');
    expect(tea.names).toEqual({ en: 'Tea extractor', zh: '萃茶机', tw: '萃茶機' });
    for (const t of types) expect(t.names?.tw, t.name).toMatch(/\p{Script=Han}/u);
  });

  it('shows a sub-merchant (formosa-north) its parent’s products and materials, marked as inherited', async () => {
    const north = await login('formosa-north');
    for (const resource of ['product', 'material']) {
      const rows = (await list(north, resource)).list;
      expect(rows.length, resource).toBeGreaterThan(5);
      const inherited = rows.filter((r: any) => r.inherited);
      expect(inherited.length, resource).toBeGreaterThan(5);
      expect(new Set(inherited.map((r: any) => r.ownerName)), resource).toEqual(
        new Set(['Formosa Brew Co.']),
      );
    }
  });

  it('pushes each store a menu of its brand’s products, once however often it is seeded', async () => {
    const count = () =>
      inScope(database.db, SYSTEM, async (db) => {
        const [n] = await rows<Record<string, number>>(
          db,
          sql`select (select count(*)::int from product) as products, (select count(*)::int from material) as materials,
                     (select count(*)::int from menu_release) as releases`,
        );
        return n;
      });
    const before = await count();
    await seedDemoMenus(database.db, {
      fleet: app.services.fleet!,
      catalog: app.services.catalog!,
      resources: app.resources,
    });
    expect(await count()).toEqual(before);
    expect(before.releases).toBeGreaterThan(5);
  });
});

describe('the demo store staff (main-station-staff) run their store’s machines', () => {
  const call = async (token: string, method: string, url: string, payload?: unknown) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: { token },
      payload: payload as any,
    });
    return { status: res.statusCode, data: res.json().data, body: res.body };
  };
  let staff: string;
  let own: any[];
  let other: any;
  beforeAll(async () => {
    staff = await login('main-station-staff');
    const all = (await list(await login('formosa'), 'device')).list;
    own = all.filter((d: any) => d.name.startsWith('Taipei Main Station Kiosk'));
    other = all.find((d: any) => d.name.startsWith('Keelung Harbour Corner'));
    expect(own.length).toBeGreaterThan(0);
    expect(other).toBeTruthy();
    // What the gateway writes from a cup, for one machine of each store.
    await inScope(database.db, SYSTEM, async (tx) => {
      for (const d of [own[0], other])
        await tx.execute(sql`insert into production_record (merchant_id, store_id, device_id, serial_number, event_id,
                                                              produced_at, product_code, method, result)
                             values (${d.merchantId}, ${d.storeId}, ${d.id}, ${d.serialNumber}, gen_random_uuid()::text,
                                     now(), 'ESP', 'manual', 'completed')`);
    });
  });

  it('lists only the machines, channels and records of its store', async () => {
    const devices = (await list(staff, 'device')).list;
    expect(devices.map((d: any) => d.id).sort()).toEqual(own.map((d) => d.id).sort());
    for (const resource of ['device-channel', 'production-record', 'device-log']) {
      const rows = (await list(staff, resource)).list;
      expect(rows.length, resource).toBeGreaterThan(0);
      expect(new Set(rows.map((r: any) => r.storeId)), resource).toEqual(new Set([own[0].storeId]));
    }
    const counters = await call(staff, 'POST', '/api/coffee/device/counters', {});
    expect(counters.data.all).toBe(own.length);
  });

  it('opens its own machine’s detail, named with its merchant, and gets 404 for another store’s', async () => {
    const detail = await call(staff, 'GET', `/api/coffee/device/detail?id=${own[0].id}`);
    expect(detail.status, detail.body).toBe(200);
    expect(detail.data).toMatchObject({
      merchantName: 'Formosa Brew North',
      storeName: 'Taipei Main Station Kiosk',
    });
    expect(detail.data.channels.length).toBeGreaterThan(0);
    expect((await call(staff, 'GET', `/api/coffee/device/detail?id=${other.id}`)).status).toBe(404);
    expect((await call(staff, 'GET', `/api/coffee/device/${other.id}`)).status).toBe(404);
  });

  it('refills and locks its own machines, never another store’s', async () => {
    const channel = (await list(staff, 'device-channel')).list[0];
    expect(
      (await call(staff, 'POST', '/api/coffee/device-channel/refill', { ids: [channel.id] })).status,
    ).toBe(200);
    const [foreign] = await inScope(database.db, SYSTEM, (tx) =>
      rows<{ id: string }>(
        tx,
        sql`select id::text from device_channel where device_id = ${other.id} limit 1`,
      ),
    );
    expect(
      (await call(staff, 'POST', '/api/coffee/device-channel/refill', { ids: [foreign.id] })).status,
    ).toBe(404);
    expect((await call(staff, 'POST', '/api/coffee/device/lock', { ids: [own[0].id] })).status).toBe(200);
    expect((await call(staff, 'POST', '/api/coffee/device/unlock', { ids: [own[0].id] })).status).toBe(200);
    expect((await call(staff, 'POST', '/api/coffee/device/lock', { ids: [other.id] })).status).toBe(404);
  });

  it('may not debug, bind, re-key, edit or delete machines, edit channels or distribute menus', async () => {
    const id = own[0].id;
    const refused = [
      ['POST', '/api/coffee/device/debug', { ids: [id], presetId: '1' }],
      [
        'POST',
        '/api/coffee/device/bind',
        { ids: [id], merchantId: own[0].merchantId, storeId: own[0].storeId },
      ],
      ['POST', '/api/coffee/device/credentials', { id }],
      ['PUT', '/api/coffee/device', { id, name: 'Renamed' }],
      ['DELETE', '/api/coffee/device', { ids: [id] }],
      [
        'PUT',
        '/api/coffee/device-channel',
        { id: (await list(staff, 'device-channel')).list[0].id, name: 'X' },
      ],
    ] as const;
    for (const [method, url, body] of refused)
      expect((await call(staff, method, url, body)).status, `${method} ${url}`).toBe(403);
    // Reading the store's menus is allowed; pushing them is not.
    expect((await call(staff, 'POST', '/api/coffee/menu-release/list', { page: 1, limit: 1 })).status).toBe(
      200,
    );
    expect((await call(staff, 'POST', '/api/coffee/menu-release/push', { id: '1' })).status).toBe(403);
  });

  it('finds its own sign-ins in its store’s log', async () => {
    const log = await call(staff, 'POST', '/api/coffee/operation-log/list', {
      action: 'auth.login',
      limit: 50,
    });
    expect(log.data.total).toBeGreaterThan(0);
    for (const row of log.data.list)
      expect(row).toMatchObject({ account: 'main-station-staff', storeId: own[0].storeId });
  });

  it('reads its merchant and the merchants above it as names that cannot be chosen', async () => {
    const options = (await call(staff, 'GET', '/api/coffee/merchant/select')).data;
    expect(options).toEqual([
      { value: own[0].merchantId, label: 'Formosa Brew North', disabled: true },
      { value: expect.any(String), label: 'Formosa Brew Co.', disabled: true },
    ]);
  });
});
