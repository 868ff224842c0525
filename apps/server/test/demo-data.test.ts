/**
 * The demo data a newcomer sees with DEMO=1, on the embedded database (PGlite) as `npm start` uses it:
 * the chain brand's administrators see their subtree, a store account its store; each brand has its
 * own catalog, whose products the API accepts as they are.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { encryptLongText } from '@brewfleet/contracts';
import { CHANNELS, type Family } from '@brewfleet/simulator';
import { buildApp } from '../src/app.ts';
import { openPglite, rows, type Database } from '../src/platform/db/client.ts';
import { inScope, SYSTEM } from '../src/platform/db/scope.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { ensureAdmin, seedMenus } from '../src/modules/iam/seed.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/modules/iam/demo.ts';
import { seedDemoTenants } from '../src/modules/tenancy/demo.ts';
import { seedDemoFleet } from '../src/modules/fleet/demo.ts';
import { seedDemoMenus } from '../src/modules/menus/demo.ts';
import { seedProductParameters } from '../src/modules/catalog/index.ts';
import { getRegistered } from '../src/platform/crud/register-resource.ts';
import { TEST_DATA_KEY, testKeys } from './helpers/test-app.ts';

let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  database = await openPglite(null);
  await migrate(database);
  await seedMenus(database.db);
  await seedProductParameters(database.db);
  await ensureAdmin(database.db, 'Brew-Admin-2026');
  await seedDemo(database.db);
  await seedDemoTenants(database.db);
  await seedDemoFleet(database.db);
  app = await buildApp({
    database,
    keys: testKeys(),
    dataKey: TEST_DATA_KEY,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bf-demo-')),
    logLevel: 'silent',
    webDist: null,
  });
  await seedDemoMenus(database.db, { devices: getRegistered('device'), bus: app.fleetBus });
}, 60_000);
afterAll(async () => {
  await app.close();
  await database.close();
});

async function login(account: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/doLogin',
    payload: { account, password: encryptLongText(testKeys().publicKeyPem, DEMO_PASSWORD), agreement: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.tokenValue as string;
}
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

it('keeps the independent merchant apart', async () => {
  const tea = await list(await login('harbour-tea'), 'merchant');
  expect(tea.list.map((m: any) => m.name)).toEqual(['Harbour Tea House']);
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
      expect(bag).toMatchObject({ taxType: 'packaging' });
      expect(bag.extraProductTypeId).toBeTruthy();
      expect(typeof bag.taxRate).toBe('number');

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
    await seedDemoMenus(database.db, { devices: getRegistered('device'), bus: app.fleetBus });
    expect(await count()).toEqual(before);
    expect(before.releases).toBeGreaterThan(5);
  });
});
