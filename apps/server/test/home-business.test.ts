/**
 * The home page's business figures (issue 17 point 6) through HTTP on real PostgreSQL and the
 * embedded broker: machines by state, today's cups and revenue against the same weekday last week
 * (up to this time of day) in the user's time zone, the bad-cup rate, open faults and channels below
 * their low level. Every figure is checked against a count of the raw rows with day boundaries
 * computed here (Intl), not by the server's SQL; Asia/Kathmandu (+05:45) against UTC shows an order
 * that is today in one zone and yesterday in the other. Another merchant's rows are never counted,
 * a store's staff see their store, and a user without the order permission gets no revenue.
 */
import crypto from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_SEED, MERCHANT_ADMIN_CODES, P, PROTOCOL_VERSION, topicFor } from '@brewfleet/contracts';
import { startFleetTest, waitFor, type FleetTest } from './helpers/fleet.ts';

const PASSWORD = 'Home-Strong-Pass-4';
const KTM = 'Asia/Kathmandu';
const DAY = 86_400_000;
let f: FleetTest;
let alpha: string;
let beta: string;
let pier: string;
let noOrders: string;
let alphaId: string;
let betaId: string;
let stationId: string;
let pierId: string;
let a1: { id: string; serialNumber: string; secret: string };
let a2: { id: string; serialNumber: string; secret: string };
let b1: { id: string; serialNumber: string; secret: string };

async function ok(url: string, token: string, body?: unknown, method: 'GET' | 'POST' = 'POST') {
  const res = await f.t.call(method, url, { token, body, lang: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const business = (token: string, timeZone = 'UTC') =>
  ok(`/api/coffee/home/business?timeZone=${encodeURIComponent(timeZone)}`, token, undefined, 'GET');

/** The offset of `zone` at `at`, in ms (local wall time minus UTC). */
function offsetOf(zone: string, at: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return wall - Math.floor(at / 1000) * 1000;
}
/** The instant today began in `zone`, and today's date there. */
function midnightOf(zone: string, at = Date.now()) {
  const local = at + offsetOf(zone, at);
  const day = Math.floor(local / DAY) * DAY;
  return { start: day - offsetOf(zone, day), date: new Date(day).toISOString().slice(0, 10) };
}
/** Today's window and last week's (its midnight up to this time of day), as instants. */
function windows(zone: string, now = Date.now()) {
  const { start } = midnightOf(zone, now);
  return { today: [start, start + DAY], lastWeek: [start - 7 * DAY, now - 7 * DAY] } as const;
}
const iso = (ms: number) => new Date(ms).toISOString();

async function insertCup(m: typeof a1, at: number, over: { result?: string; bad?: boolean } = {}) {
  await f.t.sql(
    `insert into production_record (merchant_id, store_id, device_id, serial_number, event_id, produced_at,
                                    product_code, method, result, bad_cup)
     select merchant_id, store_id, id, serial_number, $2, $3, 'LAT', 'scan-code', $4, $5 from device where id = $1`,
    [m.id, crypto.randomUUID(), iso(at), over.result ?? 'completed', over.bad ?? false],
  );
}
async function insertOrder(
  m: typeof a1,
  at: number,
  over: { pay?: string; refunded?: string; status?: string; currency?: string } = {},
) {
  await f.t.sql(
    `insert into sales_order (merchant_id, store_id, device_id, order_no, pickup_code, order_type, status,
                              payment_method, currency, amount, actual_payment, refunded, ordered_at, status_at)
     select merchant_id, store_id, id, $2, '1000', 'pack', $3, 'card-machine', $4, $5, $5, $6, $7, $7
     from device where id = $1`,
    [
      m.id,
      `H-${crypto.randomBytes(4).toString('hex')}`,
      over.status ?? 'completed',
      over.currency ?? 'TWD',
      over.pay ?? '10.00',
      over.refunded ?? '0',
      iso(at),
    ],
  );
}

/** Cups made (completed) by these machines in [from, to): a raw-row count. */
async function rawCups(ids: string[], [from, to]: readonly [number, number]) {
  const [r] = await f.t.sql(
    `select count(*)::int as n from production_record
     where device_id = any($1::bigint[]) and result = 'completed' and produced_at >= $2 and produced_at < $3`,
    [ids, iso(from), iso(to)],
  );
  return r.n as number;
}
/** Revenue per currency of these machines' earning orders in [from, to): a raw-row sum. */
async function rawRevenue(ids: string[], [from, to]: readonly [number, number]) {
  const found = await f.t.sql(
    `select currency, sum(actual_payment - refunded)::numeric(14, 2)::text as amount from sales_order
     where device_id = any($1::bigint[]) and status in ('paid', 'processing', 'completed')
       and ordered_at >= $2 and ordered_at < $3 group by currency`,
    [ids, iso(from), iso(to)],
  );
  return Object.fromEntries(found.map((r) => [r.currency, r.amount])) as Record<string, string>;
}
const revenueOf = (data: { revenue: Array<{ currency: string; today: string; lastWeek: string }> }) =>
  Object.fromEntries(data.revenue.map((r) => [r.currency, r]));

beforeAll(async () => {
  f = await startFleetTest();
  const merchant = async (name: string, login: string) => {
    const m = await ok('/api/coffee/merchant', f.admin, {
      name,
      loginAccount: login,
      password: f.t.encrypt(PASSWORD),
      country: 'TW',
    });
    return { id: m.id as string, token: await f.t.login(login, PASSWORD) };
  };
  ({ id: alphaId, token: alpha } = await merchant('Alpha Home', 'alpha-home'));
  ({ id: betaId, token: beta } = await merchant('Beta Home', 'beta-home'));
  stationId = (await ok('/api/coffee/store', alpha, { name: 'Alpha Station', type: 'pick-up' })).id;
  pierId = (await ok('/api/coffee/store', alpha, { name: 'Alpha Pier', type: 'pick-up' })).id;
  const betaStore = (await ok('/api/coffee/store', beta, { name: 'Beta Corner', type: 'pick-up' })).id;
  a1 = await f.register({ merchantId: alphaId, storeId: stationId });
  a2 = await f.register({ merchantId: alphaId, storeId: pierId });
  b1 = await f.register({ merchantId: betaId, storeId: betaStore });

  // Staff of the pier with the administrator's pages; an Alpha user with all of them but orders.
  const adminMenus = MENU_SEED.filter((m) => MERCHANT_ADMIN_CODES.includes(m.perms));
  const orderCodes = Object.values(P.order) as string[];
  const account = async (login: string, menus: typeof adminMenus, storeId?: string) => {
    const role = await ok('/api/coffee/role', alpha, {
      roleName: login,
      roleTitle: login,
      menuIdList: menus.map((m) => m.id),
    });
    await ok('/api/coffee/account', alpha, {
      account: login,
      name: login,
      password: f.t.encrypt(PASSWORD),
      ...(storeId ? { storeId } : {}),
      roleIds: [role.id],
    });
    return f.t.login(login, PASSWORD);
  };
  pier = await account('alpha-pier-home', adminMenus, pierId);
  noOrders = await account(
    'alpha-no-orders',
    adminMenus.filter((m) => !orderCodes.includes(m.perms)),
  );

  // Machine states: a1 alarmed and short of material, a2 locked and due for maintenance, b1 all of it.
  await f.t.sql(`update device set alarm = true, material_shortage = true where id = $1`, [a1.id]);
  await f.t.sql(`update device set locked = true, maintenance_due = true where id = $1`, [a2.id]);
  await f.t.sql(
    `update device set online = true, alarm = true, locked = true, material_shortage = true, maintenance_due = true
     where id = $1`,
    [b1.id],
  );

  // Cups and orders around both zones' day boundaries and last week's time of day.
  const now = Date.now();
  const k = midnightOf(KTM, now).start;
  const u = midnightOf('UTC', now).start;
  const split = Math.max(k, u) - 60_000; // today in the zone whose day began first, yesterday in the other
  const times = [
    now - 60_000,
    split,
    Math.max(k, u) + 60_000,
    now - 7 * DAY - 60_000,
    now - 7 * DAY + 3_600_000, // last week but later in the day than now: not compared
    split - 7 * DAY,
    now - 3 * DAY,
  ].filter((t) => t <= now);
  for (const [i, t] of times.entries()) {
    await insertCup(a1, t, { bad: i === 0 });
    await insertCup(a2, t);
    await insertCup(a2, t, { result: 'failed' });
    await insertCup(b1, t);
    await insertOrder(a1, t, { pay: `${10 + i}.50`, refunded: i === 2 ? '1.25' : '0' });
    await insertOrder(a2, t, { pay: '7.00', currency: 'USD' });
    await insertOrder(a2, t, { pay: '99.00', status: 'cancelled' });
    await insertOrder(a2, t, { pay: '88.00', status: 'waiting-payment' });
    await insertOrder(b1, t, { pay: '1000.00' });
  }
  // The one order only one of the zones counts today, and its amount tells which.
  await insertOrder(a1, split, { pay: '0.37', currency: 'EUR' });

  // Faults: two open at Alpha (one cleared), one at Beta.
  const fault = (m: typeof a1, code: string, active: boolean, at: number) =>
    f.t.sql(
      `insert into fault_log (merchant_id, store_id, device_id, serial_number, event_id, code, message, severity, active, raised_at)
       select merchant_id, store_id, id, serial_number, $2, $3, 'jammed', 'error', $4, $5 from device where id = $1`,
      [m.id, crypto.randomUUID(), code, active, iso(at)],
    );
  await fault(a1, 'E-OLD', true, now - 3_600_000);
  await fault(a2, 'E-NEW', true, now - 60_000);
  await fault(a2, 'E-GONE', false, now - 30_000);
  await fault(b1, 'E-BETA', true, now);

  // Channels: a2's channel 1 below its low level, a1's channel 2 above, b1's channel below.
  const channel = (m: typeof a1, n: number, level: number, low: number) =>
    f.t.sql(
      `insert into device_channel (merchant_id, store_id, device_id, name, channel_number, capacity_g, low_level_g, level_g)
       select merchant_id, store_id, id, 'Channel ' || $2::int, $2::int, 1000, $4::int, $3::float8 from device where id = $1`,
      [m.id, n, level, low],
    );
  await channel(a2, 1, 80, 100);
  await channel(a1, 2, 500, 100);
  await channel(b1, 1, 10, 100);
}, 180_000);

afterAll(async () => {
  await f?.close();
});

describe('GET /api/coffee/home/business', () => {
  it('counts a cup a machine reports over the broker, as today', async () => {
    const before = (await business(alpha)).cups.today;
    const client = await mqtt.connectAsync(f.url, {
      clientId: a1.serialNumber,
      username: a1.serialNumber,
      password: a1.secret,
      reconnectPeriod: 0,
    });
    try {
      const at = new Date().toISOString();
      await client.publishAsync(
        topicFor(a1.serialNumber, 'events'),
        JSON.stringify({
          v: PROTOCOL_VERSION,
          events: [
            {
              eventId: crypto.randomUUID(),
              type: 'production',
              ts: at,
              productCode: 'ESP',
              method: 'scan-code',
              result: 'completed',
              startedAt: at,
              cupOutSeconds: 20,
            },
          ],
        }),
        { qos: 1 },
      );
      await waitFor(
        async () => {
          await f.fleet.gateway.flush();
          return (await business(alpha)).cups.today === before + 1;
        },
        10_000,
        'the reported cup counted',
      );
      // The machine says it is online (its status topic): the online count follows the gateway.
      await client.publishAsync(
        topicFor(a1.serialNumber, 'status'),
        JSON.stringify({ v: PROTOCOL_VERSION, online: true, ts: new Date().toISOString(), state: 'idle' }),
        { qos: 1, retain: true },
      );
      await waitFor(
        async () => {
          await f.fleet.gateway.flush();
          return (await business(alpha)).machines.online === 1;
        },
        10_000,
        'the machine online',
      );
    } finally {
      await client.endAsync(true);
    }
  });

  it("answers a merchant's machines, cups and revenue from raw rows, never another merchant's", async () => {
    const mine = [a1.id, a2.id];
    const data = await business(alpha);
    const w = windows('UTC');
    expect(data.timeZone).toBe('UTC');
    expect(data.today).toBe(midnightOf('UTC').date);
    expect(data.machines).toMatchObject({ all: 2, alarm: 1, locked: 1, shortage: 1, maintenance: 1 });
    expect(data.machines.online + data.machines.offline).toBe(2);
    expect(data.cups.today).toBe(await rawCups(mine, w.today));
    expect(data.cups.lastWeek).toBe(await rawCups(mine, w.lastWeek));
    expect(data.cups.today).toBeGreaterThan(0);
    // Failed cups are reported but not made; the bad cup is a1's latest.
    const [reported] = await f.t.sql(
      `select count(*)::int as n, count(*) filter (where bad_cup)::int as bad from production_record
       where device_id = any($1::bigint[]) and produced_at >= $2 and produced_at < $3`,
      [mine, iso(w.today[0]), iso(w.today[1])],
    );
    expect(data.cups.reportedToday).toBe(reported.n);
    expect(data.cups.badToday).toBe(reported.bad);
    expect(data.cups.badCupRate).toBeCloseTo(reported.bad / reported.n, 10);

    const today = await rawRevenue(mine, w.today);
    const lastWeek = await rawRevenue(mine, w.lastWeek);
    const revenue = revenueOf(data);
    expect(Object.keys(revenue).sort()).toEqual(
      [...new Set([...Object.keys(today), ...Object.keys(lastWeek)])].sort(),
    );
    for (const [currency, r] of Object.entries(revenue)) {
      expect(r.today, currency).toBe(today[currency] ?? '0.00');
      expect(r.lastWeek, currency).toBe(lastWeek[currency] ?? '0.00');
    }
    // Beta's 1000.00 orders and cancelled or unpaid orders are nowhere.
    expect(Number(revenue.TWD.today)).toBeLessThan(1000);

    expect(data.faults.open).toBe(2);
    expect(data.faults.latest.map((x: { code: string }) => x.code)).toEqual(['E-NEW', 'E-OLD']);
    expect(data.faults.latest[0]).toMatchObject({ deviceId: a2.id, deviceName: a2.serialNumber });
    expect(data.channels.low).toBe(1);
    expect(data.channels.latest).toEqual([
      expect.objectContaining({ deviceId: a2.id, channelNumber: 1, levelG: 80, lowLevelG: 100 }),
    ]);
  });

  it("takes the day in the user's time zone: Asia/Kathmandu against UTC", async () => {
    const mine = [a1.id, a2.id];
    const utc = await business(alpha, 'UTC');
    const ktm = await business(alpha, KTM);
    expect(ktm.timeZone).toBe(KTM);
    expect(ktm.today).toBe(midnightOf(KTM).date);
    const w = windows(KTM);
    expect(ktm.cups.today).toBe(await rawCups(mine, w.today));
    expect(ktm.cups.lastWeek).toBe(await rawCups(mine, w.lastWeek));
    const today = await rawRevenue(mine, w.today);
    for (const [currency, r] of Object.entries(revenueOf(ktm)))
      expect(r.today, currency).toBe(today[currency] ?? '0.00');
    // The EUR order one minute before the later of the two midnights: today only where the day began first.
    const kathmanduFirst = midnightOf(KTM).start < midnightOf('UTC').start;
    const eur = (data: typeof utc) => revenueOf(data).EUR?.today ?? '0.00';
    expect(eur(kathmanduFirst ? ktm : utc)).toBe('0.37');
    expect(eur(kathmanduFirst ? utc : ktm)).toBe('0.00');
  });

  it("shows store staff their store's figures only", async () => {
    const data = await business(pier);
    const w = windows('UTC');
    expect(data.machines.all).toBe(1);
    expect(data.machines.locked).toBe(1);
    expect(data.cups.today).toBe(await rawCups([a2.id], w.today));
    expect(revenueOf(data).TWD).toBeUndefined();
    expect(revenueOf(data).USD.today).toBe((await rawRevenue([a2.id], w.today)).USD ?? '0.00');
    expect(data.faults.latest.map((x: { code: string }) => x.code)).toEqual(['E-NEW']);
    expect(data.channels.low).toBe(1);
  });

  it('gives a user without the order permission no revenue, the rest as before', async () => {
    const data = await business(noOrders);
    expect(data.revenue).toBeNull();
    expect(data.machines.all).toBe(2);
    expect(data.cups).not.toBeNull();
  });

  it("gives Beta its own figures and the platform everyone's", async () => {
    const data = await business(beta);
    expect(data.machines).toMatchObject({ all: 1, alarm: 1 });
    expect(data.faults.latest.map((x: { code: string }) => x.code)).toEqual(['E-BETA']);
    expect(data.channels.latest.map((c: { deviceId: string }) => c.deviceId)).toEqual([b1.id]);
    const platform = await business(f.admin);
    expect(platform.machines.all).toBeGreaterThanOrEqual(3);
    expect(platform.faults.open).toBeGreaterThanOrEqual(3);
  });

  it('refuses an unknown zone and answers nobody signed out', async () => {
    const bad = await f.t.call('GET', '/api/coffee/home/business?timeZone=Mars%2FOlympus', {
      token: alpha,
      lang: 'en',
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await f.t.call('GET', '/api/coffee/home/business', { lang: 'en' });
    expect(anonymous.statusCode).toBe(401);
  });
});
