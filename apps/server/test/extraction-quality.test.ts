/**
 * Extraction quality (issue 17 §3, docs/extraction-quality.md) on real PostgreSQL: the simulator's
 * cups (apps/simulator makeCup, seeded) labelled by the SQL the rollups call (migration 0036
 * `cup_quality`, `cup_quality_profile`) — good espresso golden, each defect in its own region, tea
 * by its segments —; the TypeScript estimate (contracts extraction-estimate.ts) agreeing cup by cup;
 * which profile applies; a refractometer reading (HTTP) storing its estimate and moving a borderline
 * cup's label through the model's factor; the calculator of a described cup (flow, water in or cup
 * volume; the machine's profile and calibration); tenant isolation of profiles and readings; bad input.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cupQuality,
  estimateCoffee,
  estimateTea,
  qualityCode,
  qualityLabelOf,
  seededRandom,
  type CoffeeQuality,
  type QualityProfile,
  type TeaSegment,
} from '@brewfleet/contracts';
import { makeCup, type Cup } from '@brewfleet/simulator';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { openPglite, rows } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { inScope, SYSTEM } from '../src/platform/db/scope.ts';
import { seedPlatformProfiles } from '../src/modules/quality/seed.ts';

const PASSWORD = 'Quality-Strong-Pass-5';
let t: TestApp;
let admin: string;
let alpha: string;
let bravo: string;
const ids: Record<string, string> = {};

/** The simulator's defect, read back from its readings (production.ts: each defect's ranges). */
function coffeeDefect(cup: Cup): string {
  const q = cup.coffee!;
  if (!cup.badCup) return 'good';
  if (q.extractionFlowMlPerS >= 3) return 'channeling';
  if (q.extractionFlowMlPerS <= 0.8) return 'choked';
  if (q.temperatureC <= 86) return 'cold';
  if (q.powderG <= 13) return 'under-dosed';
  if (q.tampingForceN < 100) return 'weak-tamp';
  return 'chamber';
}
function teaDefect(cup: Cup): string {
  const s = cup.tea!;
  if (!cup.badCup) return 'good';
  if (s.some((x) => x.rangeS >= 150)) return 'over-steeped';
  if (s.some((x) => x.out && x.rangeS <= 15)) return 'under-steeped';
  if (s.some((x) => !x.out && x.rangeS > 0)) return 'segment-missing';
  return 'short-dose or missing';
}

async function ok(method: string, url: string, token: string, body?: unknown) {
  const res = await t.call(method, url, { token, body, lang: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Labels (and the coffee estimate) of cups made by a machine, as the SQL gives them. */
async function sqlLabels(deviceId: string, family: string, cups: Cup[]) {
  const payload = JSON.stringify(
    cups.map((c) => ({
      p: c.productCode,
      c: c.coffee ?? null,
      t: c.tea ?? null,
      x: c.extractionSeconds ?? null,
    })),
  );
  return t.sql<{ code: number | null; tds: number | null; ey: number | null; profile: QualityProfile }>(
    `with pr as materialized (
       select k.p as product, cup_quality_profile($1::bigint, k.p) as p
       from (select distinct v->>'p' as p from jsonb_array_elements($3::jsonb) v) k)
     select cup_quality($2, x.c, x.t, x.x, pr.p) as code,
            (cup_quality_estimate(x.c, x.x, pr.p))[1] as tds,
            (cup_quality_estimate(x.c, x.x, pr.p))[2] as ey,
            pr.p as profile
     from jsonb_array_elements($3::jsonb) with ordinality as e(v, n)
     cross join lateral (select e.v->>'p' as p, nullif(e.v->'c', 'null') as c, nullif(e.v->'t', 'null') as t,
                                (e.v->>'x')::float8 as x) x
     join pr on pr.product = x.p
     order by e.n`,
    [deviceId, family, payload],
  );
}

/** label → share of the cups, per defect. */
function mix(defects: string[], codes: Array<number | null>) {
  const out: Record<string, Record<string, number>> = {};
  defects.forEach((d, i) => {
    const label = codes[i] === null ? 'none' : qualityLabelOf(codes[i]!)!;
    (out[d] ??= {})[label] = (out[d][label] ?? 0) + 1;
  });
  for (const m of Object.values(out)) {
    const n = Object.values(m).reduce((a, b) => a + b, 0);
    for (const k of Object.keys(m)) m[k] = m[k] / n;
  }
  return out;
}

async function insertCup(deviceId: string, cup: Partial<Cup> & { productCode: string }) {
  const eventId = crypto.randomUUID();
  const [row] = await t.sql<{ id: string }>(
    `insert into production_record (merchant_id, store_id, device_id, serial_number, event_id, produced_at,
                                    product_code, method, result, extraction_seconds, coffee, tea)
     select merchant_id, store_id, id, serial_number, $2, now(), $3, 'manual', 'completed', $4, $5, $6
     from device where id = $1 returning id::text`,
    [
      deviceId,
      eventId,
      cup.productCode,
      cup.extractionSeconds ?? null,
      cup.coffee ?? null,
      cup.tea ? JSON.stringify(cup.tea) : null,
    ],
  );
  return { id: row.id, eventId };
}

const profileOf = async (deviceId: string, product: string) =>
  (await t.sql<{ p: QualityProfile }>(`select cup_quality_profile($1, $2) as p`, [deviceId, product]))[0].p;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.adminToken();
  const merchant = async (name: string, login: string) => {
    const m = await ok('POST', '/api/coffee/merchant', admin, {
      name,
      loginAccount: login,
      password: t.encrypt(PASSWORD),
    });
    return { id: m.id as string, token: await t.login(login, PASSWORD) };
  };
  ({ id: ids.alpha, token: alpha } = await merchant('Alpha Quality', 'alpha-quality'));
  ({ id: ids.bravo, token: bravo } = await merchant('Bravo Quality', 'bravo-quality'));
  const type = async (name: string, family: string) =>
    (await ok('POST', '/api/coffee/device-type', admin, { name, family, automation: 'automatic' })).id;
  const coffeeType = await type('Espresso Q', 'coffee');
  const teaType = await type('Tea Q', 'tea');
  const model = async (code: string, deviceTypeId: string) =>
    (await ok('POST', '/api/coffee/device-model', admin, { name: code, code, deviceTypeId })).id;
  ids.e1 = await model('QE1', coffeeType);
  ids.e2 = await model('QE2', coffeeType);
  ids.t1 = await model('QT1', teaType);
  const device = async (name: string, modelId: string, merchantId: string) =>
    (
      await ok('POST', '/api/coffee/device', admin, {
        name,
        serialNumber: `Q-${crypto.randomBytes(4).toString('hex')}`,
        modelId,
        merchantId,
      })
    ).id;
  ids.aE1 = await device('Alpha E1', ids.e1, ids.alpha);
  ids.aE2 = await device('Alpha E2', ids.e2, ids.alpha);
  ids.aTea = await device('Alpha Tea', ids.t1, ids.alpha);
  ids.bE1 = await device('Bravo E1', ids.e1, ids.bravo);
  ids.bE2 = await device('Bravo E2', ids.e2, ids.bravo);
});
afterAll(() => t?.close());

/** An espresso profile's body: the references every case here shares, with `extra` over them. */
const espressoProfile = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  kind: 'espresso',
  tdsLow: 8,
  tdsHigh: 12,
  yieldLow: 18,
  yieldHigh: 22,
  refTimeS: 27,
  refTemperatureC: 92.5,
  refFlowMlPerS: 1.6,
  refYield: 20,
  refRatio: 2.68,
  retainedWaterGPerG: 0.7,
  ...extra,
});

describe('the simulator’s cups, labelled by the SQL the rollups call', () => {
  const random = seededRandom(17);
  const coffee = Array.from({ length: 12_000 }, () => makeCup('coffee', random));
  const tea = Array.from({ length: 6_000 }, () => makeCup('tea', random));

  it('puts good espresso in the golden cup and each defect in its own region', async () => {
    const found = await sqlLabels(ids.bE2, 'coffee', coffee);
    const m = mix(
      coffee.map(coffeeDefect),
      found.map((r) => r.code),
    );
    expect(m.good['golden-cup']).toBeGreaterThan(0.95);
    expect(m.channeling['weak-acid']).toBeGreaterThan(0.95);
    expect(m.choked['strong-bitter']).toBeGreaterThan(0.95);
    expect(m.cold['medium-acid']).toBeGreaterThan(0.6);
    expect((m.cold['medium-acid'] ?? 0) + (m.cold['weak-acid'] ?? 0)).toBeGreaterThan(0.95);
    expect(m['under-dosed']['weak-bitter']).toBeGreaterThan(0.6);
    // A short soak leaves less water: stronger, never weaker.
    expect((m.chamber['golden-cup'] ?? 0) + (m.chamber['strong-balance'] ?? 0)).toBeGreaterThan(0.95);
    for (const d of ['channeling', 'choked', 'cold', 'under-dosed'])
      expect(m[d]['golden-cup'] ?? 0).toBeLessThan(0.1);
    expect(found.every((r) => r.code !== null)).toBe(true);
  });

  it('labels tea by its segments: good balanced, over, under and short doses as such', async () => {
    const found = await sqlLabels(ids.aTea, 'tea', tea);
    const m = mix(
      tea.map(teaDefect),
      found.map((r) => r.code),
    );
    expect(m.good['tea-balanced']).toBeGreaterThan(0.99);
    expect(m['over-steeped']['tea-over']).toBe(1);
    expect(m['under-steeped']['tea-under']).toBe(1);
    expect(m['segment-missing']['tea-under']).toBe(1);
    // A short dose, or a recipe's last segment missing altogether: too few leaves.
    expect(m['short-dose or missing']['tea-low']).toBeGreaterThan(0.95);
  });

  it('agrees with the TypeScript estimate cup by cup (good cups and every defect)', async () => {
    const picked = [...coffee.filter((c) => c.badCup), ...coffee.filter((c) => !c.badCup).slice(0, 300)];
    expect(new Set(picked.map(coffeeDefect)).size).toBe(7);
    const found = await sqlLabels(ids.bE2, 'coffee', picked);
    picked.forEach((cup, i) => {
      const profile = found[i].profile;
      const ts = estimateCoffee(cup.coffee!, cup.extractionSeconds, profile)!;
      expect(cupQuality('coffee', cup.coffee, null, cup.extractionSeconds, profile)).toBe(found[i].code);
      expect(Math.abs(ts.tds - found[i].tds!)).toBeLessThan(1e-9 * ts.tds);
      expect(Math.abs(ts.yield - found[i].ey!)).toBeLessThan(1e-9 * ts.yield);
    });
    const teaPicked = [...tea.filter((c) => c.badCup), ...tea.filter((c) => !c.badCup).slice(0, 200)];
    const teaFound = await sqlLabels(ids.aTea, 'tea', teaPicked);
    teaPicked.forEach((cup, i) =>
      expect(cupQuality('tea', null, cup.tea, cup.extractionSeconds, teaFound[i].profile)).toBe(
        teaFound[i].code,
      ),
    );
  });

  it('labels nothing without data, for other families, or for a profile of another kind', async () => {
    const [r] = await t.sql(
      `select cup_quality('coffee', null, null, 27, cup_quality_profile($1, 'X')) as no_data,
              cup_quality('coffee', '{"soakFlowMlPerS":1,"soakTimeS":4,"extractionFlowMlPerS":1.6,"temperatureC":92,"powderG":18}', null, null, cup_quality_profile($1, 'X')) as no_time,
              cup_quality('blender', null, null, 27, cup_quality_profile($1, 'X')) as blender,
              cup_quality('tea', null, '[{"out":true,"rangeS":40,"amountG":6}]', null, cup_quality_profile($1, 'X')) as tea_on_coffee,
              cup_quality('tea', null, '[]', null, cup_quality_profile($2, 'X')) as no_segment`,
      [ids.bE2, ids.aTea],
    );
    expect(r).toEqual({ no_data: null, no_time: null, blender: null, tea_on_coffee: null, no_segment: null });
  });

  it('is one call per cup once the profiles are read per machine and product', async () => {
    // As a rollup reads it: each (machine, product)'s profile once, then the label of each cup.
    const plan = await t.sql<{ 'QUERY PLAN': string }>(
      `explain verbose
       with profiles as materialized (
         select device_id, product_code, cup_quality_profile(device_id, product_code) as p
         from (select distinct device_id, product_code from production_record) k)
       select cup_quality(d.family, r.coffee, r.tea, r.extraction_seconds, pr.p)
       from production_record r join device d on d.id = r.device_id
       join profiles pr on pr.device_id = r.device_id and pr.product_code = r.product_code`,
    );
    const text = plan.map((l) => l['QUERY PLAN']).join('\n');
    const output = text.split('\n').find((l) => l.includes('cup_quality_estimate'))!;
    // The wrapper is inlined: what is left per cup is the estimate (coffee) or the tea rule.
    expect(output).toBeTruthy();
    expect(output).not.toMatch(/cup_quality\(/);
    expect(output).toMatch(/cup_quality_tea/);
  });
});

describe('which profile applies', () => {
  it('the most specific: merchant+model+product, merchant+model, merchant, platform model, platform default', async () => {
    const made = {
      product: await ok(
        'POST',
        '/api/coffee/extraction-profile',
        alpha,
        espressoProfile('A E1 espresso', { deviceModelId: ids.e1, productCode: 'ESPRESSO' }),
      ),
      model: await ok(
        'POST',
        '/api/coffee/extraction-profile',
        alpha,
        espressoProfile('A E1', { deviceModelId: ids.e1 }),
      ),
      merchant: await ok('POST', '/api/coffee/extraction-profile', alpha, espressoProfile('A all')),
      platformModel: await ok(
        'POST',
        '/api/coffee/extraction-profile',
        admin,
        espressoProfile('Platform E1', { deviceModelId: ids.e1 }),
      ),
      // A filter profile of the same scope: espresso goes first for a coffee machine.
      filter: await ok(
        'POST',
        '/api/coffee/extraction-profile',
        alpha,
        espressoProfile('A filter', { kind: 'filter', tdsLow: 1.15, tdsHigh: 1.35 }),
      ),
    };
    expect(made.merchant.merchantId).toBe(ids.alpha);
    expect(made.platformModel.merchantId).toBeNull();
    const [platformDefault] = await t.sql(
      `select id::text from extraction_profile where merchant_id is null and device_model_id is null and kind = 'espresso'`,
    );
    expect((await profileOf(ids.aE1, 'ESPRESSO')).id).toBe(made.product.id);
    expect((await profileOf(ids.aE1, 'LATTE-L')).id).toBe(made.model.id);
    expect((await profileOf(ids.aE2, 'ESPRESSO')).id).toBe(made.merchant.id);
    expect((await profileOf(ids.bE1, 'ESPRESSO')).id).toBe(made.platformModel.id);
    expect((await profileOf(ids.bE2, 'ESPRESSO')).id).toBe(platformDefault.id);
    expect((await profileOf(ids.aTea, 'OOLONG-M')).kind).toBe('tea');
    // The same scope twice is a conflict.
    const again = await t.call('POST', '/api/coffee/extraction-profile', {
      token: alpha,
      body: espressoProfile('A all again'),
    });
    expect(again.statusCode).toBe(409);
  });

  it('the platform defaults are seeded once: a second start adds nothing and keeps an edit', async () => {
    const count = async () =>
      (
        await t.sql(
          `select count(*)::int as n from extraction_profile where merchant_id is null and device_model_id is null`,
        )
      )[0].n;
    const before = await count();
    expect(before).toBe(3);
    await t.sql(
      `update extraction_profile set tds_high = 12.4 where merchant_id is null and device_model_id is null and kind = 'espresso'`,
    );
    await seedPlatformProfiles(t.database.db);
    expect(await count()).toBe(before);
    const [row] = await t.sql(
      `select tds_high from extraction_profile where merchant_id is null and device_model_id is null and kind = 'espresso'`,
    );
    expect(row.tds_high).toBe(12.4);
    await t.sql(
      `update extraction_profile set tds_high = 12.5 where merchant_id is null and device_model_id is null and kind = 'espresso'`,
    );
  });
});

describe('refractometer calibration', () => {
  /** A good espresso whose estimate is near the strong edge (TDS ≈ 12 with the default 7.5–12.5). */
  const borderline: CoffeeQuality = {
    soakFlowMlPerS: 1.2,
    soakTimeS: 3,
    extractionFlowMlPerS: 1.5,
    pressureBar: 9,
    temperatureC: 92.5,
    powderG: 18.5,
    tampingForceN: 150,
    cakeThicknessMm: 11.5,
    chamberPosition: 2,
    grindDegree1: 14,
    grindDegree2: 15,
  };

  it('stores the estimate of the cup at that moment, and the model’s factor moves a borderline cup', async () => {
    const cup = await insertCup(ids.bE2, {
      productCode: 'LATTE-L',
      coffee: borderline,
      extractionSeconds: 26,
    });
    const profile = await profileOf(ids.bE2, 'LATTE-L');
    expect(profile.factor).toBe(1);
    const estimate = estimateCoffee(borderline, 26, profile)!;
    expect(estimate.label).toBe('golden-cup');
    expect(estimate.tds).toBeGreaterThan(11);
    const label = async () =>
      (
        await t.sql(
          `select cup_quality('coffee', coffee, null, extraction_seconds, cup_quality_profile(device_id, product_code)) as code
           from production_record where id = $1`,
          [cup.id],
        )
      )[0].code;
    expect(await label()).toBe(qualityCode('golden-cup'));

    // The refractometer says 10 % stronger than the estimate.
    const measured = Math.round(estimate.tds * 1.1 * 100) / 100;
    const reading = await ok('POST', '/api/coffee/calibration-reading', bravo, {
      deviceId: ids.bE2,
      productionRecordId: cup.id,
      measuredTds: measured,
      beverageG: 36,
    });
    expect(reading.estimatedTds).toBeCloseTo(estimate.tds, 3);
    expect(reading.merchantId).toBe(ids.bravo);
    expect(reading.deviceModelId).toBe(ids.e2);
    expect(reading.modelFactor).toBeCloseTo(measured / reading.estimatedTds, 6);
    expect(reading.measuredYield).toBeCloseTo((measured * 36) / borderline.powderG, 2);
    const calibrated = await profileOf(ids.bE2, 'LATTE-L');
    expect(calibrated.factor).toBeCloseTo(reading.modelFactor, 9);
    expect(calibrated.readings).toBe(1);
    const after = qualityLabelOf(await label());
    expect(after).not.toBe('golden-cup');
    expect(after!.startsWith('strong')).toBe(true);
    expect(cupQuality('coffee', borderline, null, 26, calibrated)).toBe(qualityCode(after!));
    // The console's view of the cup: the same label, the estimate behind it, the factor.
    const shown = await ok('GET', `/api/coffee/extraction-profile/estimate?recordId=${cup.id}`, bravo);
    expect(shown).toMatchObject({
      recordId: cup.id,
      profileId: calibrated.id,
      kind: 'espresso',
      label: after,
    });
    expect(shown.factor).toBeCloseTo(reading.modelFactor, 9);
    expect(shown.tds).toBeGreaterThan(12.5);
    expect(
      (await t.call('GET', `/api/coffee/extraction-profile/estimate?recordId=${cup.id}`, { token: alpha }))
        .statusCode,
    ).toBe(404);

    // By the machine's event id, the same cup: the stored estimate stays uncalibrated.
    const second = await ok('POST', '/api/coffee/calibration-reading', bravo, {
      deviceId: ids.bE2,
      eventId: cup.eventId,
      measuredTds: measured,
    });
    expect(second.productionRecordId).toBe(cup.id);
    expect(second.estimatedTds).toBeCloseTo(estimate.tds, 3);
    // The other model and the other merchant are not calibrated by these readings.
    expect((await profileOf(ids.bE1, 'LATTE-L')).factor).toBe(1);
    expect((await profileOf(ids.aE2, 'LATTE-L')).factor).toBe(1);

    // Deleting the readings brings the label back.
    await ok('POST', '/api/coffee/calibration-reading/delete', bravo, { ids: [reading.id, second.id] });
    expect(await label()).toBe(qualityCode('golden-cup'));
  });

  it('takes a cup the machine did not report from its dose and extraction time; keeps one without a cup uncounted', async () => {
    const free = await ok('POST', '/api/coffee/calibration-reading', alpha, {
      deviceId: ids.aE2,
      powderG: 18,
      extractionS: 30,
      measuredTds: 9.5,
    });
    expect(free.productionRecordId).toBeNull();
    expect(free.estimatedTds).toBeGreaterThan(5);
    const bare = await ok('POST', '/api/coffee/calibration-reading', alpha, {
      deviceId: ids.aE2,
      measuredTds: 9,
    });
    expect(bare.estimatedTds).toBeNull();
    expect(bare.modelFactor).toBeCloseTo(9.5 / free.estimatedTds, 6);
    await ok('POST', '/api/coffee/calibration-reading/delete', alpha, { ids: [free.id, bare.id] });
  });

  it('is robust to one mistyped reading: the factor is the median of the latest readings', async () => {
    const post = async (measuredTds: number) =>
      ok('POST', '/api/coffee/calibration-reading', alpha, {
        deviceId: ids.aE2,
        powderG: 18,
        extractionS: 30,
        measuredTds,
      });
    const first = await post(10);
    const estimated = first.estimatedTds as number;
    const second = await post(Math.round(estimated * 102) / 100);
    // A decimal slip: 1.06 typed for 10.6. The mean of the three ratios (≈ 0.69) would weaken
    // every cup of the model by a third (golden cups read weak-acid); the median ignores it.
    const slip = await post(Math.round(estimated * 10) / 100);
    const ratios = [10 / estimated, Math.round(estimated * 102) / 100 / estimated];
    expect(slip.modelFactor).toBeCloseTo(Math.min(...ratios), 6);
    expect((await profileOf(ids.aE2, 'LATTE-L')).factor).toBeCloseTo(Math.min(...ratios), 6);
    await ok('POST', '/api/coffee/calibration-reading/delete', alpha, {
      ids: [first.id, second.id, slip.id],
    });
    expect((await profileOf(ids.aE2, 'LATTE-L')).factor).toBe(1);
  });

  it('refuses a tea machine with a clear message', async () => {
    const res = await t.call('POST', '/api/coffee/calibration-reading', {
      token: alpha,
      lang: 'en',
      body: { deviceId: ids.aTea, measuredTds: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/for coffee machines only.*Alpha Tea/i);
  });
});

describe('a described cup (the data center’s calculator)', () => {
  /** The espresso reference cup (docs: W 48.2 g, B 35.6 g, EY 20 %, TDS 10.1 % on the default). */
  const reference = {
    powderG: 18,
    soakFlowMlPerS: 1.25,
    soakTimeS: 4,
    extractionS: 27,
    temperatureC: 92.5,
  };
  const coffee = (flow: number): CoffeeQuality => ({
    soakFlowMlPerS: 1.25,
    soakTimeS: 4,
    extractionFlowMlPerS: flow,
    pressureBar: 0,
    temperatureC: 92.5,
    powderG: 18,
    tampingForceN: 0,
    cakeThicknessMm: 0,
    chamberPosition: 0,
    grindDegree1: 0,
    grindDegree2: 0,
  });
  const estimate = (token: string, body: Record<string, unknown>) =>
    t.call('POST', '/api/coffee/extraction-profile/estimate', { token, body, lang: 'en' });

  it('estimates TDS, yield and label with the machine’s profile and calibration, from the flow, the water in or the cup volume', async () => {
    const profile = await profileOf(ids.bE2, 'LATTE-L');
    expect(profile.factor).toBe(1);
    const expected = estimateCoffee(coffee(1.6), 27, profile)!;
    const byFlow = await ok('POST', '/api/coffee/extraction-profile/estimate', bravo, {
      deviceId: ids.bE2,
      productCode: 'LATTE-L',
      ...reference,
      extractionFlowMlPerS: 1.6,
    });
    expect(byFlow).toMatchObject({
      modelName: 'QE2',
      profileId: profile.id,
      profileName: 'Espresso (platform default)',
      kind: 'espresso',
      label: 'golden-cup',
      extractionFlowMlPerS: 1.6,
      factor: 1,
      readings: 0,
      tdsLow: 7.5,
      tdsHigh: 12.5,
      yieldLow: 18,
      yieldHigh: 22,
    });
    expect(byFlow.tds).toBeCloseTo(expected.tds, 9);
    expect(byFlow.yield).toBeCloseTo(expected.yield, 9);
    // The documented reference cup.
    expect(byFlow.waterG).toBeCloseTo(48.2, 6);
    expect(byFlow.beverageG).toBeCloseTo(35.6, 6);
    expect(byFlow.yield).toBeCloseTo(20, 2);
    expect(byFlow.tds).toBeCloseTo(10.11, 2);

    // The same cup told by its water in, or by its cup volume: the flow follows, and the estimate.
    for (const given of [{ waterG: 48.2 }, { cupG: 35.6 }]) {
      const other = await ok('POST', '/api/coffee/extraction-profile/estimate', bravo, {
        deviceId: ids.bE2,
        productCode: 'LATTE-L',
        ...reference,
        ...given,
      });
      expect(other.extractionFlowMlPerS, JSON.stringify(given)).toBeCloseTo(1.6, 9);
      expect(other.tds, JSON.stringify(given)).toBeCloseTo(byFlow.tds, 9);
      expect(other.label).toBe('golden-cup');
    }

    // A short, fast cup: weak and under-extracted, as the rollups would label it.
    const channeling = await ok('POST', '/api/coffee/extraction-profile/estimate', bravo, {
      deviceId: ids.bE2,
      ...reference,
      extractionS: 15,
      extractionFlowMlPerS: 3.75,
    });
    expect(channeling.label).toBe('weak-acid');
    const code = cupQuality('coffee', coffee(3.75), null, 15, await profileOf(ids.bE2, ''));
    expect(channeling.label).toBe(qualityLabelOf(code!));
  });

  it('judges the recipe by its own profile, and a model’s calibration moves the estimate', async () => {
    const recipe = await ok(
      'POST',
      '/api/coffee/extraction-profile',
      bravo,
      espressoProfile('Bravo ristretto', {
        deviceModelId: ids.e2,
        productCode: 'RISTRETTO',
        tdsLow: 7,
        tdsHigh: 9.5,
      }),
    );
    const body = { deviceId: ids.bE2, ...reference, extractionFlowMlPerS: 1.6 };
    const ristretto = await ok('POST', '/api/coffee/extraction-profile/estimate', bravo, {
      ...body,
      productCode: 'RISTRETTO',
    });
    expect(ristretto).toMatchObject({
      profileId: recipe.id,
      profileName: 'Bravo ristretto',
      label: 'strong-balance',
      tdsHigh: 9.5,
    });
    // Another merchant's machine of the same model keeps the platform's profile.
    const alphaCup = await ok('POST', '/api/coffee/extraction-profile/estimate', alpha, {
      ...body,
      deviceId: ids.aE2,
      productCode: 'RISTRETTO',
    });
    expect(alphaCup.profileId).not.toBe(recipe.id);

    // A refractometer reading 10 % above the estimate calibrates the model: the estimate follows.
    const before = await ok('POST', '/api/coffee/extraction-profile/estimate', bravo, body);
    const reading = await ok('POST', '/api/coffee/calibration-reading', bravo, {
      deviceId: ids.bE2,
      powderG: 18,
      extractionS: 27,
      measuredTds: 11,
    });
    const after = await ok('POST', '/api/coffee/extraction-profile/estimate', bravo, body);
    expect(after.readings).toBe(1);
    expect(after.factor).toBeCloseTo(reading.modelFactor, 9);
    expect(after.tds).toBeCloseTo(before.tds * reading.modelFactor, 9);
    await ok('POST', '/api/coffee/calibration-reading/delete', bravo, { ids: [reading.id] });
    await ok('POST', '/api/coffee/extraction-profile/delete', bravo, { ids: [recipe.id] });
  });

  it('gives no estimate when nothing is left after the soak, and stores nothing', async () => {
    const readings = await t.sql(`select count(*)::int as n from calibration_reading`);
    const none = await ok('POST', '/api/coffee/extraction-profile/estimate', bravo, {
      deviceId: ids.bE2,
      ...reference,
      waterG: 4,
    });
    expect(none).toMatchObject({ label: null, tds: null, yield: null, extractionFlowMlPerS: null });
    expect(none.profileId).not.toBeNull();
    expect(await t.sql(`select count(*)::int as n from calibration_reading`)).toEqual(readings);
  });

  it('refuses a cup without one of flow, water or volume, a tea machine, and another tenant’s machine', async () => {
    for (const given of [{}, { extractionFlowMlPerS: 1.6, waterG: 48 }]) {
      const res = await estimate(bravo, { deviceId: ids.bE2, ...reference, ...given });
      expect(res.statusCode, JSON.stringify(given)).toBe(400);
      expect(res.json().msg).toMatch(/one of the extraction flow, the water in or the cup volume/);
    }
    const zh = await t.call('POST', '/api/coffee/extraction-profile/estimate', {
      token: bravo,
      lang: 'tw',
      body: { deviceId: ids.bE2, ...reference },
    });
    expect(zh.json().msg).toMatch(/萃取流速、進水量或杯量/);
    const tea = await estimate(alpha, { deviceId: ids.aTea, ...reference, extractionFlowMlPerS: 1.6 });
    expect(tea.statusCode).toBe(400);
    expect(tea.json().msg).toMatch(/Extraction estimate.*coffee machines only.*Alpha Tea/i);
    const other = await estimate(alpha, { deviceId: ids.bE2, ...reference, extractionFlowMlPerS: 1.6 });
    expect(other.statusCode).toBe(404);
    const bad = await estimate(bravo, {
      deviceId: ids.bE2,
      ...reference,
      powderG: 0,
      extractionFlowMlPerS: 1,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('tenants', () => {
  it('a merchant reads its profiles and the platform’s, changes only its own; another’s are 404', async () => {
    const mine = await ok('POST', '/api/coffee/extraction-profile', bravo, {
      name: 'Bravo tea',
      kind: 'tea',
      teaTarget1S: 45,
    });
    const list = await ok('POST', '/api/coffee/extraction-profile/list', alpha, { limit: 100 });
    const owners = new Set(list.list.map((r: { merchantId: string | null }) => r.merchantId));
    expect(owners).toEqual(new Set([null, ids.alpha]));
    expect(list.list.map((r: { id: string }) => r.id)).not.toContain(mine.id);
    expect(
      (await t.call('GET', `/api/coffee/extraction-profile/${mine.id}`, { token: alpha })).statusCode,
    ).toBe(404);
    const put = await t.call('PUT', '/api/coffee/extraction-profile', {
      token: alpha,
      body: { id: mine.id, name: 'mine' },
    });
    expect(put.statusCode).toBe(404);
    const del = await t.call('DELETE', '/api/coffee/extraction-profile', {
      token: alpha,
      body: { ids: [mine.id] },
    });
    expect(del.statusCode).toBe(404);

    const platform = list.list.find(
      (r: { merchantId: string | null; kind: string }) => r.merchantId === null && r.kind === 'tea',
    );
    const edit = await t.call('PUT', '/api/coffee/extraction-profile', {
      token: alpha,
      lang: 'en',
      body: { id: platform.id, leafLowG: 1 },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().msg).toMatch(/belongs to the platform/);
    const remove = await t.call('DELETE', '/api/coffee/extraction-profile', {
      token: alpha,
      body: { ids: [platform.id] },
    });
    expect(remove.statusCode).toBe(403);
    const [after] = await t.sql(`select leaf_low_g from extraction_profile where id = $1`, [platform.id]);
    expect(after.leaf_low_g).toBe(4.5);
    // The platform edits its own.
    await ok('PUT', '/api/coffee/extraction-profile', admin, { id: platform.id, leafLowG: 4.5 });
  });

  it('a reading of another tenant’s machine or cup is a 404, and readings stay their merchant’s', async () => {
    const bCup = await insertCup(ids.bE1, {
      productCode: 'ESPRESSO',
      coffee: { ...makeCup('coffee', seededRandom(3)).coffee! },
      extractionSeconds: 27,
    });
    const calls = [
      { deviceId: ids.bE1, productionRecordId: bCup.id, measuredTds: 10 },
      { deviceId: ids.bE1, measuredTds: 10 },
      { deviceId: ids.aE1, productionRecordId: bCup.id, measuredTds: 10 },
      { deviceId: ids.aE1, eventId: bCup.eventId, measuredTds: 10 },
    ];
    for (const body of calls) {
      const res = await t.call('POST', '/api/coffee/calibration-reading', { token: alpha, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
    }
    const bReading = await ok('POST', '/api/coffee/calibration-reading', bravo, {
      deviceId: ids.bE1,
      productionRecordId: bCup.id,
      measuredTds: 10,
    });
    expect(
      (await t.call('GET', `/api/coffee/calibration-reading/${bReading.id}`, { token: alpha })).statusCode,
    ).toBe(404);
    const del = await t.call('DELETE', '/api/coffee/calibration-reading', {
      token: alpha,
      body: { ids: [bReading.id] },
    });
    expect(del.statusCode).toBe(404);
    const list = await ok('POST', '/api/coffee/calibration-reading/list', alpha, { limit: 100 });
    expect(list.list.map((r: { id: string }) => r.id)).not.toContain(bReading.id);
    // A's machines of the same model are not calibrated by B's reading.
    expect((await profileOf(ids.aE1, 'ESPRESSO')).factor).toBe(1);
    expect((await profileOf(ids.bE1, 'ESPRESSO')).factor).not.toBe(1);
  });
});

describe('bad input', () => {
  it('refuses a low above its high, naming the field, on create and on update', async () => {
    const res = await t.call('POST', '/api/coffee/extraction-profile', {
      token: alpha,
      lang: 'en',
      body: {
        name: 'Upside down',
        kind: 'filter',
        tdsLow: 1.35,
        tdsHigh: 1.15,
        yieldLow: 18,
        yieldHigh: 22,
        refTimeS: 180,
        refTemperatureC: 93,
        refFlowMlPerS: 1.33,
        refYield: 20,
        refRatio: 18,
        retainedWaterGPerG: 2,
        deviceModelId: ids.e2,
      },
    });
    expect(res.statusCode).toBe(400);
    const answer = res.json();
    expect(answer.msg).toBe('The minimum (1.35) cannot be above the maximum (1.15)');
    expect(JSON.stringify(answer)).toMatch(/tdsLow/);

    const [own] = (
      await ok('POST', '/api/coffee/extraction-profile/list', alpha, { limit: 100, name: 'A all' })
    ).list;
    const update = await t.call('PUT', '/api/coffee/extraction-profile', {
      token: alpha,
      lang: 'en',
      body: { id: own.id, yieldHigh: 10 },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().msg).toBe('The minimum (18) cannot be above the maximum (10)');
  });

  it('refuses a coffee profile without its references, and a zero reference', async () => {
    const missing = await t.call('POST', '/api/coffee/extraction-profile', {
      token: alpha,
      body: { name: 'Bare', kind: 'espresso', tdsLow: 8, tdsHigh: 12, deviceModelId: ids.e2 },
    });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toMatch(/yieldLow/);
    const zero = await t.call('POST', '/api/coffee/extraction-profile', {
      token: alpha,
      body: {
        name: 'Zero',
        kind: 'espresso',
        deviceModelId: ids.e2,
        tdsLow: 8,
        tdsHigh: 12,
        yieldLow: 18,
        yieldHigh: 22,
        refTimeS: 0,
        refTemperatureC: 92,
        refFlowMlPerS: 1.6,
        refYield: 20,
        refRatio: 2.7,
        retainedWaterGPerG: 0.7,
      },
    });
    expect(zero.statusCode).toBe(400);
    expect(JSON.stringify(zero.json())).toMatch(/refTimeS/);
  });
});

describe('the brewing control chart’s bounds', () => {
  /**
   * Cups built so that every term of the estimate is exactly 1 (t = tRef, ratio = ratioRef, flow =
   * flowRef, T = TRef): EY = refYield, TDS = EY × dose / beverage, exactly. Filter bounds, SCA Golden
   * Cup Standard: TDS 1.15–1.35 %, EY 18–22 %, both ends included.
   */
  const chartCup = (beverageG: number, refYield: number, temperatureC = 93) => {
    const dose = 27;
    const water = beverageG + 2 * dose;
    const coffee: CoffeeQuality = {
      soakFlowMlPerS: 0,
      soakTimeS: 0,
      extractionFlowMlPerS: 2,
      pressureBar: 1,
      temperatureC,
      powderG: dose,
      tampingForceN: 0,
      cakeThicknessMm: 0,
      chamberPosition: 0,
      grindDegree1: 0,
      grindDegree2: 0,
    };
    const profile: QualityProfile = {
      id: '0',
      kind: 'filter',
      tdsLow: 1.15,
      tdsHigh: 1.35,
      yieldLow: 18,
      yieldHigh: 22,
      refTimeS: water / 2,
      refTemperatureC: 93,
      refFlowMlPerS: 2,
      refYield,
      refRatio: water / dose,
      retainedWaterGPerG: 2,
      teaTargetsS: [null, null, null],
      teaSegments: null,
      teaUnderShare: null,
      teaOverShare: null,
      leafLowG: null,
      leafHighG: null,
      factor: 1,
      readings: 0,
    };
    return { coffee, extractionS: water / 2, profile };
  };
  const bothLabels = async (c: ReturnType<typeof chartCup>) => {
    const ts = estimateCoffee(c.coffee, c.extractionS, c.profile);
    const [row] = await t.sql<{ e: number[] | null }>(`select cup_quality_estimate($1, $2, $3) as e`, [
      c.coffee,
      c.extractionS,
      c.profile,
    ]);
    const sqlLabel = row.e ? qualityLabelOf(row.e[2]) : null;
    expect(sqlLabel).toBe(ts?.label ?? null);
    if (ts) expect(row.e![0]).toBeCloseTo(ts.tds, 12);
    return ts;
  };

  it('puts TDS 1.35 % and EY 22 % (the standard’s upper ends) in the golden cup, just above out of it', async () => {
    // 20 % × 27 g / 400 g = 1.35 % exactly.
    expect(await bothLabels(chartCup(400, 20))).toMatchObject({ tds: 1.35, yield: 20, label: 'golden-cup' });
    // 22 % × 27 g / 500 g = 1.188 %.
    expect(await bothLabels(chartCup(500, 22))).toMatchObject({ yield: 22, label: 'golden-cup' });
    expect(await bothLabels(chartCup(400, 18))).toMatchObject({ yield: 18, label: 'golden-cup' });
    expect((await bothLabels(chartCup(400, 20.01)))!.label).toBe('strong-balance');
    expect((await bothLabels(chartCup(500, 22.01)))!.label).toBe('bitter');
    expect((await bothLabels(chartCup(400, 17.99)))!.label).toBe('medium-acid');
    expect((await bothLabels(chartCup(600, 18.5)))!.label).toBe('weak-balance');
    expect((await bothLabels(chartCup(300, 17)))!.label).toBe('strong-acid');
    expect((await bothLabels(chartCup(700, 24)))!.label).toBe('weak-bitter');
  });

  it('labels nothing when the water is too cold for the model (a sensor reporting 0 °C), rather than weak-acid', async () => {
    expect(await bothLabels(chartCup(400, 20, 0))).toBeNull();
    expect(await bothLabels(chartCup(400, 20, 40))).toBeNull();
    expect((await bothLabels(chartCup(400, 20, 80)))!.label).toBe('weak-acid');
  });
});

describe('a tea profile that times only its first segment', () => {
  it('times the first segment, does not call the untimed second over-steeped, still wants it out', async () => {
    const profile: QualityProfile = {
      id: '0',
      kind: 'tea',
      tdsLow: null,
      tdsHigh: null,
      yieldLow: null,
      yieldHigh: null,
      refTimeS: null,
      refTemperatureC: null,
      refFlowMlPerS: null,
      refYield: null,
      refRatio: null,
      retainedWaterGPerG: null,
      // A profile needs only its first target (docs: "a tea profile at least its first segment's target").
      teaTargetsS: [40, null, null],
      teaSegments: null,
      teaUnderShare: 0.8,
      teaOverShare: 1.25,
      leafLowG: 4.5,
      leafHighG: 14,
      factor: 1,
      readings: 0,
    };
    const cases: Array<[TeaSegment[], string]> = [
      [
        [
          { out: true, rangeS: 40, amountG: 4 },
          { out: true, rangeS: 55, amountG: 2.4 },
        ],
        'tea-balanced',
      ],
      [
        [
          { out: true, rangeS: 100, amountG: 4 },
          { out: true, rangeS: 55, amountG: 2.4 },
        ],
        'tea-over',
      ],
      [
        [
          { out: true, rangeS: 15, amountG: 4 },
          { out: true, rangeS: 55, amountG: 2.4 },
        ],
        'tea-under',
      ],
      [
        [
          { out: true, rangeS: 40, amountG: 4 },
          { out: false, rangeS: 3, amountG: 0 },
        ],
        'tea-under',
      ],
    ];
    for (const [tea, expected] of cases) {
      expect(estimateTea(tea, profile), JSON.stringify(tea)).toBe(expected);
      const [row] = await t.sql<{ code: number }>(`select cup_quality_tea($1::jsonb, $2) as code`, [
        JSON.stringify(tea),
        profile,
      ]);
      expect(qualityLabelOf(row.code), JSON.stringify(tea)).toBe(expected);
    }
  });
});

describe('the embedded database', () => {
  it('labels cups with the same functions on PGlite', async () => {
    const database = await openPglite(null);
    try {
      await migrate(database);
      await seedPlatformProfiles(database.db);
      const random = seededRandom(5);
      const cups = Array.from({ length: 400 }, () => makeCup('coffee', random));
      const [profile] = await inScope(database.db, SYSTEM, (db) =>
        rows<{ p: QualityProfile }>(
          db,
          sql`select jsonb_build_object('id', id::text, 'kind', kind, 'tdsLow', tds_low, 'tdsHigh', tds_high,
                'yieldLow', yield_low, 'yieldHigh', yield_high, 'refTimeS', ref_time_s,
                'refTemperatureC', ref_temperature_c, 'refFlowMlPerS', ref_flow_ml_per_s, 'refYield', ref_yield,
                'refRatio', ref_ratio, 'retainedWaterGPerG', retained_water_g_per_g, 'factor', 1) as p
              from extraction_profile where merchant_id is null and kind = 'espresso'`,
        ),
      );
      const payload = JSON.stringify(cups.map((c) => ({ c: c.coffee, x: c.extractionSeconds })));
      const found = await rows<{ code: number }>(
        database.db,
        sql`select cup_quality('coffee', e.v->'c', null, (e.v->>'x')::float8, ${JSON.stringify(profile.p)}::jsonb) as code
            from jsonb_array_elements(${payload}::jsonb) with ordinality as e(v, n) order by e.n`,
      );
      expect(found.filter((r) => r.code === qualityCode('golden-cup')).length).toBeGreaterThan(300);
      expect(found.map((r) => r.code)).toEqual(
        cups.map((c) => cupQuality('coffee', c.coffee, null, c.extractionSeconds, profile.p)),
      );
    } finally {
      await database.close();
    }
  });
});
