/**
 * The data center (issue 17 points 1, 2, 9) through HTTP on real PostgreSQL: every figure checked
 * against counts made here from the rows the test wrote (local days by Intl, not by the server's SQL),
 * in UTC, Asia/Kolkata (+05:30) and Asia/Kathmandu (+05:45), with cups around each zone's midnight;
 * the rollups, the raw count and a rebuild agree; cups a machine reports over MQTT reach the rollups by
 * the merge (a repeated event once); sales count completed orders less refunds; another tenant's
 * store is a 404 with no figures, a store's staff see their store; bad input gets a clear message.
 */
import crypto from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENU_SEED,
  MERCHANT_ADMIN_CODES,
  PROTOCOL_VERSION,
  STAT_MEASURES,
  topicFor,
  type StatMeasure,
} from '@brewfleet/contracts';
import { startFleetTest, waitFor, type FleetTest } from './helpers/fleet.ts';
import { rebuildRollups, runRollups } from '../src/modules/datacenter/index.ts';

const PASSWORD = 'Stats-Strong-Pass-4';
const ZONES = ['UTC', 'Asia/Kolkata', 'Asia/Kathmandu'] as const;
const DAY = 86_400_000;
const MIN = 60_000;
let f: FleetTest;
let alpha: string;
let beta: string;
let pier: string;
let alphaId: string;
let stationId: string;
let pierId: string;
let betaStoreId: string;
type Machine = { id: string; serialNumber: string; secret: string };
let a1: Machine;
let a2: Machine;
let b1: Machine;

/** The local date of an instant in a zone (Intl: independent of the server's SQL). */
const localDate = (zone: string, at: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at));
const iso = (ms: number) => new Date(ms).toISOString();

// The test's days: D-1, D, D+1 with D three days ago (UTC); instants around every zone's midnights.
const D = Math.floor(Date.now() / DAY) * DAY - 3 * DAY;
const FROM = iso(D - DAY).slice(0, 10);
const TO = iso(D + DAY).slice(0, 10);
const AROUND = [
  D - 5.75 * 3_600_000 - MIN, // 18:14Z the day before: Kathmandu's D-1 still
  D - 5.75 * 3_600_000 + MIN, // 18:16Z: Kathmandu's D
  D - 5.5 * 3_600_000 - MIN, // 18:29Z: Kolkata's D-1
  D - 5.5 * 3_600_000 + MIN, // 18:31Z: Kolkata's D
  D - MIN, // 23:59Z: UTC's D-1
  D + MIN, // 00:01Z: UTC's D
  D + 12 * 3_600_000,
  D + DAY + 18.5 * 3_600_000 + MIN, // 18:31Z on D+1: Kolkata's D+2, outside the range there
];

interface Cup {
  m: Machine;
  at: number;
  result: 'completed' | 'failed';
  bad: boolean;
  product: string;
  cupOut: number;
  grams: number;
}
const cups: Cup[] = [];
interface Order {
  m: Machine;
  at: number;
  status: string;
  pay: number;
  refunded: number;
  currency: string;
  quantity: number;
}
const orders: Order[] = [];

async function insertCup(c: Cup) {
  cups.push(c);
  await f.t.sql(
    `insert into production_record (merchant_id, store_id, device_id, serial_number, event_id, produced_at,
        product_code, method, result, bad_cup, cup_out_seconds, extraction_seconds, coffee, materials)
     select merchant_id, store_id, id, serial_number, $2, $3, $4, 'scan-code', $5, $6, $7, 25,
            '{"soakFlowMlPerS":2,"soakTimeS":3,"extractionFlowMlPerS":1.5,"pressureBar":9,"temperatureC":92,"powderG":18,
              "tampingForceN":150,"cakeThicknessMm":10,"chamberPosition":1,"grindDegree1":5,"grindDegree2":5}'::jsonb,
            jsonb_build_array(jsonb_build_object('channel', 1, 'grams', $8::float8))
     from device where id = $1`,
    [c.m.id, crypto.randomUUID(), iso(c.at), c.product, c.result, c.bad, c.cupOut, c.grams],
  );
}
async function insertOrder(o: Order) {
  orders.push(o);
  const [row] = await f.t.sql(
    `insert into sales_order (merchant_id, store_id, device_id, order_no, pickup_code, order_type, status,
        payment_method, currency, amount, actual_payment, refunded, ordered_at, status_at, tax)
     select merchant_id, store_id, id, $2, '1000', 'pack', $3, 'card-machine', $4, $5, $5, $6, $7, $7, 1
     from device where id = $1 returning id, merchant_id, store_id`,
    [
      o.m.id,
      `S-${crypto.randomBytes(4).toString('hex')}`,
      o.status,
      o.currency,
      o.pay,
      o.refunded,
      iso(o.at),
    ],
  );
  await f.t.sql(
    `insert into sales_order_line (order_id, merchant_id, store_id, seq, line, kind, product_code, name, unit_price,
        quantity, amount, net, gross, refunded)
     values ($1, $2, $3, 1, 1, 'product', 'LAT', 'Latte', $4, $5, $4, $4, $4, $6)`,
    [row.id, row.merchant_id, row.store_id, o.pay, o.quantity, o.refunded],
  );
}

async function call(token: string, url: string, body: unknown) {
  return f.t.call('POST', url, { token, body, lang: 'en' });
}
async function query(token: string, body: Record<string, unknown>) {
  const res = await call(token, '/api/coffee/data-center/query', { from: FROM, to: TO, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    source: string;
    asOf: string | null;
    measures: string[];
    rows: Array<{ key: string; label: string; values: Record<string, any> }>;
    offset: number;
    rowCount: number;
    totals: Record<string, any>;
  };
}
const byKey = (rows: Array<{ key: string; values: Record<string, any> }>, measure: string) =>
  Object.fromEntries(rows.map((r) => [r.key, r.values[measure]]));
/** What the test wrote, counted per local day in `zone` (days of the range only). */
function perDay<T extends { at: number }>(list: T[], zone: string, value: (x: T) => number) {
  const out: Record<string, number> = {};
  for (let t = D - DAY; t <= D + DAY; t += DAY) out[iso(t).slice(0, 10)] = 0;
  for (const x of list) {
    const d = localDate(zone, x.at);
    if (d in out) out[d] += value(x);
  }
  return out;
}
const build = () => runRollups(f.t.database.db);

beforeAll(async () => {
  f = await startFleetTest();
  const ok = async (url: string, token: string, body: unknown) => {
    const res = await call(token, url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const merchant = async (name: string, login: string) => {
    const m = await ok('/api/coffee/merchant', f.admin, {
      name,
      loginAccount: login,
      password: f.t.encrypt(PASSWORD),
      country: 'TW',
    });
    return { id: m.id as string, token: await f.t.login(login, PASSWORD) };
  };
  ({ id: alphaId, token: alpha } = await merchant('Alpha Stats', 'alpha-stats'));
  const b = await merchant('Beta Stats', 'beta-stats');
  beta = b.token;
  stationId = (await ok('/api/coffee/store', alpha, { name: 'Alpha Station', type: 'pick-up' })).id;
  pierId = (await ok('/api/coffee/store', alpha, { name: 'Alpha Pier', type: 'pick-up' })).id;
  betaStoreId = (await ok('/api/coffee/store', beta, { name: 'Beta Corner', type: 'pick-up' })).id;
  a1 = await f.register({ merchantId: alphaId, storeId: stationId });
  a2 = await f.register({ merchantId: alphaId, storeId: pierId });
  b1 = await f.register({ merchantId: b.id, storeId: betaStoreId });
  await f.t.sql(`update merchant set kind = 'chain-brand' where id = $1`, [alphaId]);

  const adminMenus = MENU_SEED.filter((m) => MERCHANT_ADMIN_CODES.includes(m.perms));
  const role = await ok('/api/coffee/role', alpha, {
    roleName: 'pier-stats',
    roleTitle: 'pier-stats',
    menuIdList: adminMenus.map((m) => m.id),
  });
  await ok('/api/coffee/account', alpha, {
    account: 'pier-stats',
    name: 'pier-stats',
    password: f.t.encrypt(PASSWORD),
    storeId: pierId,
    roleIds: [role.id],
  });
  pier = await f.t.login('pier-stats', PASSWORD);

  for (const [i, at] of AROUND.entries()) {
    await insertCup({
      m: a1,
      at,
      result: 'completed',
      bad: i % 3 === 0,
      product: 'LAT',
      cupOut: 20 + i,
      grams: 10 + i,
    });
    await insertCup({
      m: a2,
      at,
      result: i % 2 ? 'failed' : 'completed',
      bad: false,
      product: 'ESP',
      cupOut: 30,
      grams: 5,
    });
    await insertCup({ m: b1, at, result: 'completed', bad: false, product: 'LAT', cupOut: 10, grams: 100 });
    await insertOrder({
      m: a1,
      at,
      status: 'completed',
      pay: 10 + i,
      refunded: i === 1 ? 2.5 : 0,
      currency: 'TWD',
      quantity: 2,
    });
    await insertOrder({ m: a2, at, status: 'cancelled', pay: 99, refunded: 0, currency: 'TWD', quantity: 1 });
    await insertOrder({ m: a2, at, status: 'completed', pay: 7, refunded: 0, currency: 'USD', quantity: 1 });
  }
  const fault = (m: Machine, code: string, at: number, severity: string, cleared: number | null) =>
    f.t.sql(
      `insert into fault_log (merchant_id, store_id, device_id, serial_number, event_id, code, severity, active, raised_at, cleared_at)
       select merchant_id, store_id, id, serial_number, $2, $3, $4, $5, $6, $7 from device where id = $1`,
      [
        m.id,
        crypto.randomUUID(),
        code,
        severity,
        cleared == null,
        iso(at),
        cleared == null ? null : iso(cleared),
      ],
    );
  await fault(a1, 'E-HEAT', AROUND[1], 'critical', AROUND[1] + 10 * MIN);
  await fault(a1, 'E-HEAT', AROUND[5], 'warning', AROUND[5] + 20 * MIN);
  await fault(a2, 'E-WATER', AROUND[6], 'warning', AROUND[6] + 30 * MIN);
  const cleaning = (m: Machine, kind: string, at: number, result: string) =>
    f.t.sql(
      `insert into cleaning_record (merchant_id, store_id, device_id, serial_number, event_id, kind, result, duration_seconds, cleaned_at)
       select merchant_id, store_id, id, serial_number, $2, $3, $4, 60, $5 from device where id = $1`,
      [m.id, crypto.randomUUID(), kind, result, iso(at)],
    );
  await cleaning(a1, 'rinse', AROUND[2], 'completed');
  await cleaning(a1, 'deep', AROUND[6], 'failed');
  await cleaning(a2, 'rinse', AROUND[6], 'completed');
  // The rows above were written by hand (no events): a rebuild counts them from the raw rows.
  await build();
  await rebuildRollups(f.t.database.db);
}, 180_000);

afterAll(async () => {
  await f?.close();
});

const alphaCups = () => cups.filter((c) => c.m !== b1);

describe('figures against the raw rows, in three zones', () => {
  it('counts cups per local day (production page), from the rollups and from raw rows alike', async () => {
    for (const zone of ZONES) {
      await query(alpha, { page: 'production', by: 'day', timeZone: zone }); // registers the zone
      await build();
      const expected = perDay(alphaCups(), zone, () => 1);
      const completed = perDay(alphaCups(), zone, (c) => +(c.result === 'completed'));
      const rollup = await query(alpha, { page: 'production', by: 'day', timeZone: zone });
      expect(rollup.source, zone).toBe('rollup');
      expect(rollup.asOf).toBeTruthy();
      expect(byKey(rollup.rows, 'cups'), zone).toEqual(expected);
      expect(byKey(rollup.rows, 'completed'), zone).toEqual(completed);
      const raw = await query(alpha, { page: 'production', by: 'day', timeZone: zone, source: 'raw' });
      expect(raw.source).toBe('raw');
      expect(raw.rows, zone).toEqual(rollup.rows);
      expect(raw.totals, zone).toEqual(rollup.totals);
      expect(rollup.totals.cups).toBe(Object.values(expected).reduce((a, b) => a + b, 0));
    }
  });

  it('splits the days differently in Kolkata and Kathmandu (cups between 18:15Z and 18:30Z)', async () => {
    const ktm = await query(alpha, { page: 'production', by: 'day', timeZone: 'Asia/Kathmandu' });
    const kol = await query(alpha, { page: 'production', by: 'day', timeZone: 'Asia/Kolkata' });
    const day = iso(D).slice(0, 10);
    expect(byKey(ktm.rows, 'cups')[day]).not.toBe(byKey(kol.rows, 'cups')[day]);
  });

  it('answers the device page per machine: cups, failures, bad cups, cup-out time and revenue', async () => {
    for (const zone of ZONES) {
      const data = await query(alpha, { page: 'device', by: 'device', timeZone: zone });
      const inRange = (c: { at: number }) => localDate(zone, c.at) >= FROM && localDate(zone, c.at) <= TO;
      for (const m of [a1, a2]) {
        const mine = alphaCups().filter((c) => c.m === m && inRange(c));
        const row = data.rows.find((r) => r.key === m.id)!;
        expect(row.label).toBe(m.serialNumber);
        expect(row.values.cups, zone).toBe(mine.length);
        expect(row.values.failed).toBe(mine.filter((c) => c.result === 'failed').length);
        expect(row.values.badCups).toBe(mine.filter((c) => c.bad).length);
        const completed = mine.filter((c) => c.result === 'completed').length;
        expect(row.values.badCupRate).toBeCloseTo(mine.filter((c) => c.bad).length / completed, 10);
        expect(row.values.avgCupOutSeconds).toBeCloseTo(
          mine.reduce((a, c) => a + c.cupOut, 0) / mine.length,
          10,
        );
      }
      // Revenue: completed orders' payment less refunds, per currency; the cancelled ones nowhere.
      const a1Orders = orders.filter((o) => o.m === a1 && o.status === 'completed' && inRange(o));
      const twd = a1Orders.reduce((a, o) => a + o.pay - o.refunded, 0);
      expect(data.rows.find((r) => r.key === a1.id)!.values.revenue, zone).toEqual({ TWD: twd.toFixed(2) });
      const usd = orders.filter((o) => o.m === a2 && o.status === 'completed' && inRange(o)).length * 7;
      expect(data.rows.find((r) => r.key === a2.id)!.values.revenue).toEqual({ USD: usd.toFixed(2) });
    }
  });

  it('answers the business page per day: orders, revenue less refunds, refunds, average ticket', async () => {
    for (const zone of ZONES) {
      const data = await query(alpha, { page: 'business', by: 'day', timeZone: zone });
      const done = orders.filter((o) => o.m !== b1 && o.status === 'completed');
      const count = perDay(done, zone, () => 1);
      expect(byKey(data.rows, 'orders'), zone).toEqual(count);
      const twd = perDay(
        done.filter((o) => o.currency === 'TWD'),
        zone,
        (o) => o.pay - o.refunded,
      );
      for (const [d, amount] of Object.entries(twd))
        expect(byKey(data.rows, 'revenue')[d].TWD ?? '0.00', `${zone} ${d}`).toBe(amount.toFixed(2));
      const refunded = done.reduce((a, o) => a + (localDate(zone, o.at) <= TO ? o.refunded : 0), 0);
      expect(data.totals.refunded.TWD).toBe(refunded.toFixed(2));
      expect(data.totals.cupsSold).toBe(
        done
          .filter((o) => localDate(zone, o.at) >= FROM && localDate(zone, o.at) <= TO)
          .reduce((a, o) => a + o.quantity, 0),
      );
      const raw = await query(alpha, { page: 'business', by: 'day', timeZone: zone, source: 'raw' });
      expect(raw.rows).toEqual(data.rows);
    }
  });

  it('answers materials, faults and cleanings', async () => {
    const zone = 'Asia/Kathmandu';
    const inRange = (c: { at: number }) => localDate(zone, c.at) >= FROM && localDate(zone, c.at) <= TO;
    const matter = await query(alpha, { page: 'matter', by: 'material', timeZone: zone });
    expect(matter.rows.map((r) => r.key)).toEqual(['channel 1']);
    expect(matter.totals.materialG).toBeCloseTo(
      alphaCups()
        .filter(inRange)
        .reduce((a, c) => a + c.grams, 0),
      6,
    );
    const care = await query(alpha, { page: 'after-sales', by: 'faultCode', timeZone: 'UTC' });
    expect(byKey(care.rows, 'faults')).toEqual({ 'E-HEAT': 2, 'E-WATER': 1 });
    expect(byKey(care.rows, 'criticalFaults')).toEqual({ 'E-HEAT': 1, 'E-WATER': 0 });
    expect(byKey(care.rows, 'faultMinutes')).toEqual({ 'E-HEAT': 30, 'E-WATER': 30 });
    expect(care.totals.cleanings).toBe(3);
    const wash = await query(alpha, { page: 'wash', by: 'cleaningKind', timeZone: 'UTC' });
    expect(byKey(wash.rows, 'cleanings')).toEqual({ rinse: 2, deep: 1 });
    expect(byKey(wash.rows, 'failedCleanings')).toEqual({ rinse: 0, deep: 1 });
  });

  it('labels cups by extraction quality alike in the rollups and the raw count', async () => {
    for (const zone of ZONES) {
      for (const by of ['quality', 'device', 'day'] as const) {
        const rollup = await query(alpha, { page: 'quality', by, timeZone: zone });
        expect(rollup.source).toBe('rollup');
        const raw = await query(alpha, { page: 'quality', by, timeZone: zone, source: 'raw' });
        expect(raw.rows, `${zone} ${by}`).toEqual(rollup.rows);
        expect(raw.totals).toEqual(rollup.totals);
        // Every label column sums to the labelled cups.
        const mix = rollup.measures.filter((m) => m.startsWith('quality:'));
        expect(mix.reduce((a, m) => a + (rollup.totals[m] as number), 0)).toBe(rollup.totals.labelled);
      }
    }
  });

  it('groups by merchant kind, hour of day and product', async () => {
    const kinds = await query(f.admin, { page: 'merchant', by: 'merchantKind', timeZone: 'UTC' });
    const inUtc = cups.filter((c) => localDate('UTC', c.at) >= FROM && localDate('UTC', c.at) <= TO);
    expect(byKey(kinds.rows, 'cups')['chain-brand']).toBe(inUtc.filter((c) => c.m !== b1).length);
    const hours = await query(alpha, { page: 'usage', by: 'hourOfDay', timeZone: 'Asia/Kolkata' });
    expect(hours.rows).toHaveLength(24);
    const product = await query(alpha, { page: 'product', by: 'product', timeZone: 'UTC' });
    expect(byKey(product.rows, 'cups')).toEqual({
      LAT: inUtc.filter((c) => c.m === a1).length,
      ESP: inUtc.filter((c) => c.m === a2).length,
    });
    expect(byKey(product.rows, 'cupsSold').LAT).toBe(
      orders
        .filter(
          (o) =>
            o.m !== b1 &&
            o.status === 'completed' &&
            localDate('UTC', o.at) >= FROM &&
            localDate('UTC', o.at) <= TO,
        )
        .reduce((a, o) => a + o.quantity, 0),
    );
  });
});

describe('keeping up and rebuilding', () => {
  it('adds cups a machine reports after a merge, a repeated event once', async () => {
    const before = await query(alpha, { page: 'production', by: 'day', timeZone: 'Asia/Kathmandu' });
    const client = await mqtt.connectAsync(f.url, {
      clientId: a1.serialNumber,
      username: a1.serialNumber,
      password: a1.secret,
      reconnectPeriod: 0,
    });
    const at = iso(D + 6 * 3_600_000);
    const event = {
      eventId: crypto.randomUUID(),
      type: 'production',
      ts: at,
      productCode: 'LAT',
      method: 'manual',
      result: 'completed',
      startedAt: at,
      cupOutSeconds: 20,
    };
    try {
      for (let i = 0; i < 2; i++)
        await client.publishAsync(
          topicFor(a1.serialNumber, 'events'),
          JSON.stringify({ v: PROTOCOL_VERSION, events: [event] }),
          { qos: 1 },
        );
      await waitFor(
        async () => {
          await f.fleet.gateway.flush();
          const [r] = await f.t.sql(`select count(*)::int as n from production_record where event_id = $1`, [
            event.eventId,
          ]);
          return r.n === 1;
        },
        10_000,
        'the cup stored',
      );
      await f.fleet.gateway.flush();
    } finally {
      await client.endAsync(true);
    }
    cups.push({
      m: a1,
      at: Date.parse(at),
      result: 'completed',
      bad: false,
      product: 'LAT',
      cupOut: 20,
      grams: 0,
    });
    await build();
    const after = await query(alpha, { page: 'production', by: 'day', timeZone: 'Asia/Kathmandu' });
    const day = localDate('Asia/Kathmandu', Date.parse(at));
    expect(byKey(after.rows, 'cups')[day]).toBe(byKey(before.rows, 'cups')[day] + 1);
    expect(byKey(after.rows, 'manual')[day]).toBe(byKey(before.rows, 'manual')[day] + 1);
    expect(after.asOf! >= before.asOf!).toBe(true);
    const raw = await query(alpha, {
      page: 'production',
      by: 'day',
      timeZone: 'Asia/Kathmandu',
      source: 'raw',
    });
    expect(raw.rows).toEqual(after.rows);
  });

  it('counts a fault and a cleaning reported over MQTT again in their cells', async () => {
    const before = await query(alpha, { page: 'after-sales', by: 'faultCode', timeZone: 'Asia/Kolkata' });
    const client = await mqtt.connectAsync(f.url, {
      clientId: a2.serialNumber,
      username: a2.serialNumber,
      password: a2.secret,
      reconnectPeriod: 0,
    });
    const at = (ms: number) => iso(D + ms);
    try {
      await client.publishAsync(
        topicFor(a2.serialNumber, 'events'),
        JSON.stringify({
          v: PROTOCOL_VERSION,
          events: [
            {
              eventId: crypto.randomUUID(),
              type: 'fault',
              ts: at(3_600_000),
              code: 'E-MQTT',
              severity: 'critical',
            },
            {
              eventId: crypto.randomUUID(),
              type: 'cleaning',
              ts: at(3_600_000),
              kind: 'basic',
              durationSeconds: 90,
              result: 'failed',
            },
          ],
        }),
        { qos: 1 },
      );
      await waitFor(
        async () => {
          await f.fleet.gateway.flush();
          const [r] = await f.t.sql(`select count(*)::int as n from fault_log where code = 'E-MQTT'`);
          return r.n === 1;
        },
        10_000,
        'the fault stored',
      );
      await build();
      const raised = await query(alpha, { page: 'after-sales', by: 'faultCode', timeZone: 'Asia/Kolkata' });
      expect(byKey(raised.rows, 'faults')['E-MQTT']).toBe(1);
      expect(byKey(raised.rows, 'criticalFaults')['E-MQTT']).toBe(1);
      expect(raised.totals.failedCleanings).toBe(before.totals.failedCleanings + 1);
      // Cleared ten minutes later: its cell (the day it was raised) is counted again.
      await client.publishAsync(
        topicFor(a2.serialNumber, 'events'),
        JSON.stringify({
          v: PROTOCOL_VERSION,
          events: [
            {
              eventId: crypto.randomUUID(),
              type: 'fault-cleared',
              ts: at(3_600_000 + 10 * MIN),
              code: 'E-MQTT',
            },
          ],
        }),
        { qos: 1 },
      );
      await waitFor(
        async () => {
          await f.fleet.gateway.flush();
          const [r] = await f.t.sql(
            `select count(*)::int as n from fault_log where code = 'E-MQTT' and cleared_at is not null`,
          );
          return r.n === 1;
        },
        10_000,
        'the fault cleared',
      );
    } finally {
      await client.endAsync(true);
    }
    await build();
    const cleared = await query(alpha, { page: 'after-sales', by: 'faultCode', timeZone: 'Asia/Kolkata' });
    expect(byKey(cleared.rows, 'faultMinutes')['E-MQTT']).toBeCloseTo(10, 6);
    const raw = await query(alpha, {
      page: 'after-sales',
      by: 'faultCode',
      timeZone: 'Asia/Kolkata',
      source: 'raw',
    });
    expect(raw.rows).toEqual(cleared.rows);
  });

  it('counts an order again when it changes (its cell marked as the orders events do)', async () => {
    const body = { page: 'business', by: 'device', timeZone: 'Asia/Kathmandu' };
    const before = await query(alpha, body);
    const [order] = await f.t.sql(
      `select id, actual_payment::text as pay from sales_order where device_id = $1 and status = 'completed'
       order by ordered_at limit 1 offset 2`,
      [a1.id],
    );
    await f.t.sql(`update sales_order set status = 'cancelled' where id = $1`, [order.id]);
    await f.t.sql(`insert into stat_pending_cell (kind, ref_id) values ('order', $1)`, [order.id]);
    await build();
    const after = await query(alpha, body);
    const revenue = (d: typeof before) => Number(d.rows.find((r) => r.key === a1.id)!.values.revenue.TWD);
    expect(revenue(after)).toBeCloseTo(revenue(before) - Number(order.pay), 6);
    expect(after.rows).toEqual((await query(alpha, { ...body, source: 'raw' })).rows);
    await f.t.sql(`update sales_order set status = 'completed' where id = $1`, [order.id]);
    await f.t.sql(`insert into stat_pending_cell (kind, ref_id) values ('order', $1)`, [order.id]);
    await build();
    expect((await query(alpha, body)).rows).toEqual(before.rows);
  });

  it('rebuilds from raw rows with the same figures (platform only)', async () => {
    const pages = [
      { page: 'device', by: 'device' },
      { page: 'business', by: 'day' },
      { page: 'after-sales', by: 'device' },
    ];
    const before = await Promise.all(pages.map((p) => query(alpha, { ...p, timeZone: 'Asia/Kolkata' })));
    const res = await call(f.admin, '/api/coffee/data-center/rebuild', { from: FROM, to: TO });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.zones).toEqual(expect.arrayContaining([...ZONES]));
    const after = await Promise.all(pages.map((p) => query(alpha, { ...p, timeZone: 'Asia/Kolkata' })));
    expect(after.map((a) => a.rows)).toEqual(before.map((b) => b.rows));
    const refused = await call(alpha, '/api/coffee/data-center/rebuild', { from: FROM, to: TO });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the coarser rollups (migration 0045)', () => {
  /** Each coarse grain and the fine one whose sums it holds: `keys` are the coarse grain's. */
  const PAIRS = [
    {
      coarse: 'stat_cup_device_day',
      fine: 'stat_cup_day',
      bucket: 'day',
      keys: 'device_id, merchant_id, store_id, family',
      sums: ['cups', 'completed', 'failed', 'bad', 'cup_out_sum', 'water_ml'],
    },
    {
      coarse: 'stat_cup_product_day',
      fine: 'stat_cup_day',
      bucket: 'day',
      keys: 'merchant_id, product_code, family',
      sums: ['cups', 'manual', 'scan_code', 'extraction_n', 'powder_g'],
    },
    {
      coarse: 'stat_cup_store_hour',
      fine: 'stat_cup_hour',
      bucket: 'hour',
      keys: 'merchant_id, store_id, family',
      sums: ['cups', 'completed', 'cup_out_sum'],
    },
    {
      coarse: 'stat_cup_merchant_hour',
      fine: 'stat_cup_hour',
      bucket: 'hour',
      keys: 'merchant_id, family',
      sums: ['cups', 'bad', 'cup_out_n'],
    },
    {
      coarse: 'stat_quality_product_day',
      fine: 'stat_quality_day',
      bucket: 'day',
      keys: 'merchant_id, product_code, family, label',
      sums: ['cups'],
    },
    {
      coarse: 'stat_material_merchant_day',
      fine: 'stat_material_day',
      bucket: 'day',
      keys: 'merchant_id, family, material',
      sums: ['grams', 'cups'],
    },
    {
      coarse: 'stat_sales_product_day',
      fine: 'stat_sales_day',
      bucket: 'day',
      keys: 'merchant_id, product_code, family, currency',
      sums: ['orders', 'cups_sold', 'revenue', 'refunded', 'tax'],
    },
  ];
  /** Rows of the fine grain summed to the coarse one's keys that the coarse one does not hold (or holds otherwise). */
  async function mismatches() {
    const out: Record<string, unknown[]> = {};
    for (const p of PAIRS) {
      const cols = `zone, ${p.bucket}, ${p.keys}, ${p.sums.join(', ')}`;
      const fromFine = `select zone, ${p.bucket}, ${p.keys}, ${p.sums.map((x) => `sum(${x}) as ${x}`).join(', ')}
                        from ${p.fine} group by zone, ${p.bucket}, ${p.keys}`;
      const found = await f.t.sql(
        `(${fromFine} except all select ${cols} from ${p.coarse})
         union all (select ${cols} from ${p.coarse} except all ${fromFine})`,
      );
      if (found.length) out[p.coarse] = found;
    }
    return out;
  }

  it('hold the sums of the fine rollups after merges, recounts and rebuilds, in every zone', async () => {
    const [{ n }] = await f.t.sql(`select count(*)::int as n from stat_cup_product_day`);
    expect(n).toBeGreaterThan(0);
    expect(await mismatches()).toEqual({});
    // A cup queued and merged (added to every grain), then the range rebuilt, then an order counted
    // again (its merchant × product rows made again from the fine ones): the coarse grains follow.
    await insertCup({
      m: a2,
      at: D + 7 * 3_600_000,
      result: 'completed',
      bad: true,
      product: 'ESP',
      cupOut: 31,
      grams: 6,
    });
    await f.t.sql(
      `insert into stat_pending_cup (device_id, event_id)
       select device_id, event_id from production_record where device_id = $1 order by id desc limit 1`,
      [a2.id],
    );
    await build();
    expect(await mismatches()).toEqual({});
    await rebuildRollups(f.t.database.db, { from: FROM, to: TO });
    expect(await mismatches()).toEqual({});
    const [order] = await f.t.sql(
      `select id from sales_order where device_id = $1 and status = 'completed' order by ordered_at limit 1`,
      [a1.id],
    );
    await f.t.sql(`update sales_order set refunded = refunded + 1 where id = $1`, [order.id]);
    await f.t.sql(`insert into stat_pending_cell (kind, ref_id) values ('order', $1)`, [order.id]);
    await build();
    expect(await mismatches()).toEqual({});
    await f.t.sql(`update sales_order set refunded = refunded - 1 where id = $1`, [order.id]);
    await f.t.sql(`insert into stat_pending_cell (kind, ref_id) values ('order', $1)`, [order.id]);
    await build();
    expect(await mismatches()).toEqual({});
  });

  it('answer every page alike from the coarse grains and from the raw rows', async () => {
    for (const zone of ZONES)
      for (const body of [
        { page: 'production', by: 'day' },
        { page: 'merchant', by: 'merchant' },
        { page: 'usage', by: 'hourOfDay' },
        { page: 'matter', by: 'material' },
        { page: 'business', by: 'day' },
        { page: 'product', by: 'product' },
        { page: 'quality', by: 'quality' },
        { page: 'device', by: 'store' },
        { page: 'usage', by: 'hourOfDay', storeId: pierId },
        { page: 'machine-data', by: 'day', deviceId: a1.id },
      ]) {
        const rollup = await query(alpha, { ...body, timeZone: zone });
        expect(rollup.source).toBe('rollup');
        const raw = await query(alpha, { ...body, timeZone: zone, source: 'raw' });
        expect(rollup.rows, `${zone} ${JSON.stringify(body)}`).toEqual(raw.rows);
        expect(rollup.totals).toEqual(raw.totals);
      }
  });

  it("keep a merchant to its own rows and a store's staff to its store", async () => {
    const inRange = (c: Cup) => localDate('UTC', c.at) >= FROM && localDate('UTC', c.at) <= TO;
    // Beta: the merchant × product grain holds Alpha's rows too; Beta sees its own only.
    const beta1 = await query(beta, { page: 'production', by: 'day', timeZone: 'UTC' });
    expect(beta1.totals.cups).toBe(cups.filter((c) => c.m === b1 && inRange(c)).length);
    const betaHours = await query(beta, { page: 'usage', by: 'hourOfDay', timeZone: 'UTC' });
    expect(betaHours.totals.cups).toBe(beta1.totals.cups);
    // The pier's staff: grains without a store hold nothing for a store's scope; the answers come
    // from the grains with one, and hold the pier's machine only.
    const pierCups = cups.filter((c) => c.m === a2 && inRange(c)).length;
    for (const body of [
      { page: 'production', by: 'day' },
      { page: 'usage', by: 'hourOfDay' },
      { page: 'product', by: 'product' },
      { page: 'merchant', by: 'merchantKind' },
    ]) {
      const data = await query(pier, { ...body, timeZone: 'UTC' });
      expect(data.source).toBe('rollup');
      expect(data.totals.cups, JSON.stringify(body)).toBe(pierCups);
    }
    const matter = await query(pier, { page: 'matter', by: 'material', timeZone: 'UTC' });
    expect(matter.totals.materialCups).toBe(pierCups);
  });
});

describe('tenants and bad input', () => {
  it("answers another tenant's store or machine with 404 and no figures", async () => {
    for (const filter of [{ storeId: stationId }, { deviceId: a1.id }, { merchantId: alphaId }]) {
      const res = await call(beta, '/api/coffee/data-center/query', {
        page: 'device',
        by: 'device',
        from: FROM,
        to: TO,
        ...filter,
      });
      expect(res.statusCode, JSON.stringify(filter)).toBe(404);
      expect(res.json().data).toBeUndefined();
    }
    const own = await query(beta, { page: 'device', by: 'device' });
    expect(own.rows.map((r) => r.key)).toEqual([b1.id]);
  });

  it('answers a page of rows at a time, with the whole range in its totals and row count', async () => {
    const body = { page: 'device', by: 'device', timeZone: 'UTC' };
    const whole = await query(alpha, body);
    expect(whole.rows.length).toBe(2);
    expect(whole).toMatchObject({ offset: 0, rowCount: 2 });
    const second = await query(alpha, { ...body, offset: 1, limit: 1 });
    expect(second.rows).toEqual([whole.rows[1]]);
    expect(second).toMatchObject({ offset: 1, rowCount: 2, totals: whole.totals });
    const past = await query(alpha, { ...body, offset: 5, limit: 1 });
    expect(past).toMatchObject({ rows: [], rowCount: 2, totals: whole.totals });
    for (const bad of [{ limit: 0 }, { limit: 501 }, { offset: -1 }, { offset: 1.5 }]) {
      const res = await call(alpha, '/api/coffee/data-center/query', { from: FROM, to: TO, ...body, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('sends an answer again as it was to the same scope only, and counts again once the rollups move', async () => {
    const body = { page: 'device', by: 'device', timeZone: 'UTC' };
    const text = async (token: string) => {
      const res = await call(token, '/api/coffee/data-center/query', { from: FROM, to: TO, ...body });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    const first = await text(alpha);
    expect(await text(alpha)).toBe(first);
    // The same query from another merchant and from a store's staff: their own rows, not Alpha's.
    expect(JSON.parse(await text(beta)).data.rows.map((r: { key: string }) => r.key)).toEqual([b1.id]);
    expect(JSON.parse(await text(pier)).data.rows.map((r: { key: string }) => r.key)).toEqual([a2.id]);
    // A cup merged: the rollups' version moves, and the next answer counts it.
    const before = JSON.parse(first).data;
    const at = Date.parse(`${FROM}T12:00:00Z`);
    await insertCup({ m: a1, at, result: 'completed', bad: false, product: 'LAT', cupOut: 20, grams: 10 });
    cups.push({ m: a1, at, result: 'completed', bad: false, product: 'LAT', cupOut: 20, grams: 10 });
    await rebuildRollups(f.t.database.db, { from: FROM, to: FROM });
    const after = JSON.parse(await text(alpha)).data;
    expect(after.totals.cups).toBe(before.totals.cups + 1);
    expect(after.rows.find((r: { key: string }) => r.key === a1.id).values.cups).toBe(
      before.rows.find((r: { key: string }) => r.key === a1.id).values.cups + 1,
    );
  });

  it("shows a store's staff their store only", async () => {
    const data = await query(pier, { page: 'device', by: 'store', timeZone: 'UTC' });
    expect(data.rows.map((r) => r.key)).toEqual([pierId]);
    expect(data.rows[0].label).toBe('Alpha Pier');
    const res = await call(pier, '/api/coffee/data-center/query', {
      page: 'device',
      by: 'device',
      from: FROM,
      to: TO,
      storeId: stationId,
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses bad ranges, dimensions, missing filters and zones with a clear message', async () => {
    const bad = async (body: Record<string, unknown>, status: number, text: RegExp) => {
      const res = await call(alpha, '/api/coffee/data-center/query', {
        page: 'production',
        by: 'day',
        from: FROM,
        to: TO,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().msg).toMatch(text);
    };
    await bad({ from: TO, to: FROM }, 400, /after its end/);
    await bad({ from: '2024-01-01', to: '2025-12-31' }, 400, /at most 366 days/);
    await bad({ by: 'hour', from: '2025-01-01', to: '2025-01-09' }, 400, /By hour/);
    await bad({ by: 'material' }, 400, /cannot be grouped by material/);
    await bad({ page: 'single-product' }, 400, /needs the filter productCode/);
    await bad({ from: '2025-02-30', to: '2025-03-01' }, 400, /not a date/);
    await bad({ timeZone: 'Mars/Olympus' }, 400, /.+/);
    const res = await call(alpha, '/api/coffee/data-center/query', {
      page: 'nope',
      by: 'day',
      from: FROM,
      to: TO,
    });
    expect(res.statusCode).toBe(400);
  });

  it('exports exactly the rows shown', async () => {
    const data = await query(alpha, { page: 'device', by: 'device', timeZone: 'UTC' });
    const res = await call(alpha, '/api/coffee/data-center/export', {
      page: 'device',
      by: 'device',
      from: FROM,
      to: TO,
      timeZone: 'UTC',
      format: 'csv',
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const rate = data.measures.indexOf('badCupRate');
    expect(rate).toBeGreaterThan(-1);
    expect(lines[0]).toBe(
      [
        'device',
        'label',
        ...data.measures.map((m: string) =>
          STAT_MEASURES[m as StatMeasure].kind === 'rate' ? `${m} (%)` : m,
        ),
      ].join(','),
    );
    expect(lines).toHaveLength(data.rows.length + 2);
    const first = lines[1].split(',');
    expect(first[2]).toBe(String(data.rows[0].values.cups));
    // As the page shows them: a rate in percent to one place, an average without float noise.
    expect(first[2 + rate]).toBe(
      data.rows[0].values.badCupRate === null
        ? ''
        : String(Number((data.rows[0].values.badCupRate * 100).toFixed(1))),
    );
    for (const cell of lines.slice(1).flatMap((l: string) => l.split(',')))
      expect(cell, 'no float noise').not.toMatch(/\.\d{3,}$/);
  });
});
