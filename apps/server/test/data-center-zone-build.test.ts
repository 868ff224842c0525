/**
 * A zone's rollups built in short transactions (migration 0046, rollups.ts), on real PostgreSQL:
 * built step by step they hold exactly the raw rows' counts in every grain; cups the ingest queues
 * while a zone is part-built (before, at and after its watermark, merged between steps or not) count
 * once, in it and in the zones already ready; a backfill stopped half-way is answered from raw rows
 * and goes on from its watermark. The steps are driven through the module's own functions.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  backfillZone,
  buildZoneStep,
  mergeRollups,
  rebuildRollups,
} from '../src/modules/datacenter/rollups.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PASSWORD = 'Zone-Build-Pass-7';
// Seven days of cups up to today, one from a machine whose clock was two months behind (a gap the
// build skips at once) and one from a clock an hour ahead.
const TODAY = Math.floor(Date.now() / DAY) * DAY;
const iso = (ms: number) => new Date(ms).toISOString();
const FROM = iso(TODAY - 70 * DAY).slice(0, 10);
const TO = iso(TODAY + DAY).slice(0, 10);

let t: TestApp;
let admin: string;
let machines: string[];

const db = () => t.database.db;

/** A cup stored by hand (no queue key: what the backfill reads) or as the ingest stores it (queued). */
async function cup(device: string, at: number, opts: { queued?: boolean; bad?: boolean } = {}) {
  const insert = `insert into production_record (merchant_id, store_id, device_id, serial_number, event_id,
      produced_at, product_code, method, result, bad_cup, cup_out_seconds, materials)
    select merchant_id, store_id, id, serial_number, $2, $3, 'LAT', 'scan-code', 'completed', $4, 20,
           '[{"channel": 1, "grams": 12}]'::jsonb
    from device where id = $1 returning device_id, event_id`;
  const params = [device, crypto.randomUUID(), iso(at), opts.bad ?? false];
  // The ingest writes the cup and its queue key in one transaction (one statement here).
  if (opts.queued)
    await t.sql(
      `with c as (${insert}) insert into stat_pending_cup (device_id, event_id) select device_id, event_id from c`,
      params,
    );
  else await t.sql(insert, params);
}

async function order(device: string, at: number, status: string, pay: number) {
  const [row] = await t.sql(
    `insert into sales_order (merchant_id, store_id, device_id, order_no, pickup_code, order_type, status,
        payment_method, currency, amount, actual_payment, refunded, ordered_at, status_at, tax)
     select merchant_id, store_id, id, $2, '1000', 'pack', $3, 'card-machine', 'TWD', $4, $4, 0, $5, $5, 1
     from device where id = $1 returning id, merchant_id, store_id`,
    [device, `Z-${crypto.randomBytes(4).toString('hex')}`, status, pay, iso(at)],
  );
  await t.sql(
    `insert into sales_order_line (order_id, merchant_id, store_id, seq, line, kind, product_code, name, unit_price,
        quantity, amount, net, gross, refunded)
     values ($1, $2, $3, 1, 1, 'product', 'LAT', 'Latte', $4, 1, $4, $4, $4, 0)`,
    [row.id, row.merchant_id, row.store_id, pay],
  );
  return row.id as string;
}

/** Per table and local day: the cups (and orders, faults, cleanings) a zone's rollups hold. */
const CUP_TABLES = [
  ['stat_cup_day', 'day'],
  ['stat_cup_hour', 'hour'],
  ['stat_cup_device_day', 'day'],
  ['stat_cup_product_day', 'day'],
  ['stat_cup_store_hour', 'hour'],
  ['stat_cup_merchant_hour', 'hour'],
  ['stat_material_day', 'day'],
  ['stat_material_merchant_day', 'day'],
] as const;
const perDay = (list: Array<{ day: string; n: number }>) => Object.fromEntries(list.map((r) => [r.day, r.n]));

async function held(zone: string) {
  const out: Record<string, Record<string, number>> = {};
  for (const [table, bucket] of CUP_TABLES)
    out[table] = perDay(
      await t.sql(
        `select to_char(${bucket}::date, 'YYYY-MM-DD') as day, sum(cups)::int as n from ${table}
         where zone = $1 group by 1`,
        [zone],
      ),
    );
  for (const table of ['stat_sales_day', 'stat_sales_product_day'])
    out[table] = perDay(
      await t.sql(
        `select to_char(day, 'YYYY-MM-DD') as day, sum(orders)::int as n from ${table}
         where zone = $1 and product_code = '' group by 1`,
        [zone],
      ),
    );
  out.care = perDay(
    await t.sql(
      `select to_char(day, 'YYYY-MM-DD') || ' ' || kind as day, sum(n)::int as n from stat_care_day
       where zone = $1 group by 1`,
      [zone],
    ),
  );
  return out;
}

/** The same, counted here from the raw rows. */
async function raw(zone: string) {
  const cups = perDay(
    await t.sql(
      `select to_char((produced_at at time zone $1)::date, 'YYYY-MM-DD') as day, count(*)::int as n
       from production_record group by 1`,
      [zone],
    ),
  );
  const orders = perDay(
    await t.sql(
      `select to_char((ordered_at at time zone $1)::date, 'YYYY-MM-DD') as day, count(*)::int as n
       from sales_order where status = 'completed' group by 1`,
      [zone],
    ),
  );
  const care = perDay(
    await t.sql(
      `select day || ' ' || kind as day, count(*)::int as n from (
         select to_char((raised_at at time zone $1)::date, 'YYYY-MM-DD') as day, 'fault' as kind from fault_log
         union all
         select to_char((cleaned_at at time zone $1)::date, 'YYYY-MM-DD'), 'cleaning' from cleaning_record) x
       group by 1`,
      [zone],
    ),
  );
  return {
    ...Object.fromEntries(CUP_TABLES.map(([table]) => [table, cups])),
    stat_sales_day: orders,
    stat_sales_product_day: orders,
    care,
  };
}

async function expectExact(zone: string) {
  const [state] = await t.sql(`select ready, built_until from stat_zone where zone = $1`, [zone]);
  expect(state, zone).toEqual({ ready: true, built_until: null });
  expect(await held(zone), zone).toEqual(await raw(zone));
}

async function query(body: Record<string, unknown>) {
  const res = await t.call('POST', '/api/coffee/data-center/query', {
    token: admin,
    lang: 'en',
    body: { from: FROM, to: TO, by: 'day', ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { source: string; rows: unknown[]; totals: Record<string, unknown> };
}

/** Every page of the zone answered alike from its rollups and from the raw rows. */
async function expectPagesAlike(timeZone: string) {
  for (const page of ['production', 'business', 'after-sales', 'wash', 'matter']) {
    const kept = await query({ page, timeZone });
    expect(kept.source, page).toBe('rollup');
    const counted = await query({ page, timeZone, source: 'raw' });
    expect(kept.rows, `${timeZone} ${page}`).toEqual(counted.rows);
    expect(kept.totals, `${timeZone} ${page}`).toEqual(counted.totals);
  }
}

const watermark = async (zone: string) =>
  (await t.sql(`select built_until from stat_zone where zone = $1`, [zone]))[0].built_until as Date | null;
const register = (zone: string) => t.sql(`insert into stat_zone (zone) values ($1)`, [zone]);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.adminToken();
  const post = async (url: string, token: string, body: unknown) => {
    const res = await t.call('POST', url, { token, body });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data;
  };
  const merchant = await post('/api/coffee/merchant', admin, {
    name: 'Zone Build',
    loginAccount: 'zone-build',
    password: t.encrypt(PASSWORD),
    country: 'TW',
  });
  const owner = await t.login('zone-build', PASSWORD);
  const stores = [
    await post('/api/coffee/store', owner, { name: 'Zone North', type: 'pick-up' }),
    await post('/api/coffee/store', owner, { name: 'Zone South', type: 'pick-up' }),
  ];
  const type = await post('/api/coffee/device-type', admin, {
    name: `Type ${crypto.randomUUID()}`,
    family: 'coffee',
    automation: 'automatic',
  });
  const model = await post('/api/coffee/device-model', admin, {
    name: 'Zone model',
    code: `M-${crypto.randomUUID()}`,
    deviceTypeId: type.id,
    basicMaintenanceCups: 3,
    deepMaintenanceCups: 5,
  });
  machines = [];
  for (const store of stores) {
    const serialNumber = `ZB-${crypto.randomBytes(4).toString('hex')}`;
    const device = await post('/api/coffee/device', admin, {
      name: serialNumber,
      serialNumber,
      modelId: model.id,
      merchantId: merchant.id,
      storeId: store.id,
    });
    machines.push(device.id);
  }
  // Cups every five hours for a week on both machines (around every zone's midnights).
  for (let at = TODAY - 7 * DAY + 17 * 60_000; at < Date.now() - HOUR; at += 5 * HOUR)
    for (const [i, m] of machines.entries()) await cup(m, at + i * 37 * 60_000, { bad: at % 3 === 0 });
  await cup(machines[0], TODAY - 60 * DAY);
  await cup(machines[1], Date.now() + HOUR);
  for (let d = 1; d <= 6; d++) {
    await order(machines[d % 2], TODAY - d * DAY + 19 * HOUR, 'completed', 10 + d);
    await order(machines[0], TODAY - d * DAY + 3 * HOUR, d === 3 ? 'cancelled' : 'completed', 7);
  }
  for (const [i, m] of machines.entries()) {
    await t.sql(
      `insert into fault_log (merchant_id, store_id, device_id, serial_number, event_id, code, severity, active,
         raised_at, cleared_at)
       select merchant_id, store_id, id, serial_number, $2, 'E-HEAT', 'warning', false, $3, $4 from device where id = $1`,
      [
        m,
        crypto.randomUUID(),
        iso(TODAY - (2 + i) * DAY + 20 * HOUR),
        iso(TODAY - (2 + i) * DAY + 21 * HOUR),
      ],
    );
    await t.sql(
      `insert into cleaning_record (merchant_id, store_id, device_id, serial_number, event_id, kind, result,
         duration_seconds, cleaned_at)
       select merchant_id, store_id, id, serial_number, $2, 'rinse', 'completed', 60, $3 from device where id = $1`,
      [m, crypto.randomUUID(), iso(TODAY - (4 + i) * DAY + 23.5 * HOUR)],
    );
  }
  // UTC (kept from the start) built: a ready zone the merges below add into as well.
  await backfillZone(db(), 'UTC');
  await mergeRollups(db());
}, 120_000);

afterAll(async () => {
  await t?.close();
});

it('builds a zone in many short transactions to exactly the raw rows, a gap of weeks skipped at once', async () => {
  const zone = 'Asia/Kathmandu';
  await register(zone);
  const [{ n }] = await t.sql(`select count(*)::int as n from production_record`);
  const built = await backfillZone(db(), zone, { spanMs: 6 * HOUR });
  expect(built.cups).toBe(n);
  expect(built.orders).toBe(11);
  expect(built.faults).toBe(2);
  expect(built.cleanings).toBe(2);
  // A week in six-hour steps (each from the first cup past the watermark) and one for the cup two
  // months earlier: not the 200 six-hour spans between them.
  expect(built.steps).toBeGreaterThan(10);
  expect(built.steps).toBeLessThan(40);
  await expectExact(zone);
  await mergeRollups(db());
  await expectPagesAlike(zone);
});

it('counts once the cups queued while a zone is part-built, in it and in the ready zones', async () => {
  const zone = 'Asia/Kolkata';
  await register(zone);
  // A fault still open five days ago, counted open by the steps, cleared while the zone is built.
  const [fault] = await t.sql(
    `insert into fault_log (merchant_id, store_id, device_id, serial_number, event_id, code, severity, active, raised_at)
     select merchant_id, store_id, id, serial_number, $2, 'E-WATER', 'critical', true, $3 from device where id = $1
     returning id`,
    [machines[1], crypto.randomUUID(), iso(TODAY - 5 * DAY + 4 * HOUR)],
  );
  // Built up to some instant four to three days ago.
  while ((await watermark(zone)) == null || (await watermark(zone))!.getTime() < TODAY - 4 * DAY)
    expect((await buildZoneStep(db(), zone)).more).toBe(true);
  const w = (await watermark(zone))!.getTime();
  expect(w).toBeLessThan(TODAY - 2 * DAY);

  // Cups the machines report late (days already built), right at the watermark and a microsecond
  // before it, in days not built yet, and now.
  const queue = async () => {
    await cup(machines[0], TODAY - 5 * DAY + 2 * HOUR, { queued: true });
    await cup(machines[1], w - 1, { queued: true });
    await cup(machines[0], w, { queued: true });
    await cup(machines[1], TODAY - DAY + 5 * HOUR, { queued: true });
    await cup(machines[0], Date.now(), { queued: true });
  };
  await queue();
  // An order placed and one cancelled while the zone is built: their cells marked as the orders
  // events do, and merged before the zone counts its sales.
  const placed = await order(machines[1], w - 2 * HOUR, 'completed', 20);
  await t.sql(`insert into stat_pending_cell (kind, ref_id) values ('order', $1)`, [placed]);
  const [first] = await t.sql(
    `select id from sales_order where status = 'completed' order by ordered_at limit 1`,
  );
  await t.sql(`update sales_order set status = 'cancelled' where id = $1`, [first.id]);
  await t.sql(`insert into stat_pending_cell (kind, ref_id) values ('order', $1)`, [first.id]);
  // Two orders of one machine on the watermark's local day, just before it and at it: the cell
  // counted again holds the first only (the next step reads the second).
  for (const at of [w - 1, w]) {
    const id = await order(machines[0], at, 'completed', 30);
    await t.sql(`insert into stat_pending_cell (kind, ref_id) values ('order', $1)`, [id]);
  }
  const cleared = iso(TODAY - 5 * DAY + 6 * HOUR);
  await t.sql(`update fault_log set active = false, cleared_at = $2 where id = $1`, [fault.id, cleared]);
  await t.sql(`insert into stat_pending_cell (kind, device_id, at) values ('fault', $1, $2)`, [
    machines[1],
    cleared,
  ]);
  expect((await mergeRollups(db())).cups).toBe(5);

  // Queued again, and a step reads a day of them before the merge takes them from the queue.
  await queue();
  expect((await buildZoneStep(db(), zone)).more).toBe(true);
  await mergeRollups(db());
  // Queued once more, still queued when the build ends: the merge after adds them.
  await queue();
  await backfillZone(db(), zone);
  await mergeRollups(db());

  await expectExact(zone);
  await expectExact('UTC');
  await expectPagesAlike(zone);
  await expectPagesAlike('UTC');
});

it('answers a zone stopped half-way from raw rows, and goes on from its watermark', async () => {
  const zone = 'America/St_Johns';
  await register(zone);
  // The process stops working the job after a few steps (a shutdown): the build ends between two
  // transactions. The zone is not ready: its pages count the raw rows.
  const stopping = new AbortController();
  let steps = 0;
  const first = await backfillZone(db(), zone, {
    stopping: stopping.signal,
    afterStep: () => void (++steps === 4 && stopping.abort()),
  });
  expect(first.stopped).toBe(true);
  const page = await query({ page: 'production', timeZone: zone });
  expect(page.source).toBe('raw');
  const [{ n: all }] = await t.sql(`select count(*)::int as n from production_record`);
  expect(page.totals.cups).toBe(all);

  // Meanwhile the ingest goes on and the job merges.
  const w = (await watermark(zone))!.getTime();
  await cup(machines[0], w - HOUR, { queued: true });
  await cup(machines[1], w + HOUR, { queued: true });
  await mergeRollups(db());

  const [{ n: left }] = await t.sql(
    `select count(*)::int as n from production_record where produced_at >= $1`,
    [iso(w)],
  );
  const resumed = await backfillZone(db(), zone);
  // Only what was past the watermark was read again.
  expect(resumed.cups).toBe(left);
  expect(left).toBeLessThan(all);
  await expectExact(zone);
  await mergeRollups(db());
  await expectPagesAlike(zone);
});

it('rebuilds a ready zone whole in one transaction, and refuses a range of a zone not built', async () => {
  const zone = 'Asia/Kathmandu';
  const [{ n }] = await t.sql(`select count(*)::int as n from production_record`);
  const rebuilt = await rebuildRollups(db(), {}, { zone });
  expect(rebuilt).toMatchObject({ zones: [zone], cups: n });
  await expectExact(zone);
  await register('Pacific/Chatham');
  await expect(rebuildRollups(db(), { from: FROM, to: TO }, { zone: 'Pacific/Chatham' })).rejects.toThrow(
    /not built/,
  );
});
