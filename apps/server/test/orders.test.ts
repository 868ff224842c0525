/**
 * Orders end to end on the embedded broker: a machine that was sent a menu reports orders, their
 * statuses and the cups made for them; the server prices and taxes them again (Taiwan: 5 % included,
 * whole dollars), flags what differs, keeps what it cannot price, never moves an order backwards,
 * and the console reads, refunds (Idempotency-Key) and cancels them within its tenant.
 */
import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, topicFor } from '@brewfleet/contracts';
import { quietMachine, startFleetTest, waitFor, type FleetTest } from './helpers/fleet.ts';
import { orderCupEvent, orderStatusEvent } from './helpers/machine-events.ts';

const PASSWORD = 'Orders-Strong-Pass-4';
let f: FleetTest;
let alpha: string;
let beta: string;
let machine: { id: string; serialNumber: string; secret: string };
let client: MqttClient;
let version: string;
let bagId: string;
const rejected: Array<Record<string, unknown>> = [];

async function call(method: 'GET' | 'POST', url: string, body?: unknown, token = alpha, headers = {}) {
  return f.t.call(method, url, { token, body, lang: 'en', headers });
}
async function ok(method: 'GET' | 'POST', url: string, body?: unknown, token = alpha) {
  const res = await call(method, url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const now = (offsetS = 0) => new Date(Date.now() + offsetS * 1000).toISOString();
const send = (events: unknown[]) =>
  client.publishAsync(
    topicFor(machine.serialNumber, 'events'),
    JSON.stringify({ v: PROTOCOL_VERSION, events }),
    {
      qos: 1,
    },
  );
/** Until the gateway has written what `check` looks for (the broker hands messages on asynchronously). */
const written = <T>(check: () => Promise<T>, what: string) =>
  waitFor(
    async () => {
      await f.fleet.gateway.flush();
      return check();
    },
    10_000,
    what,
  );
/** Until this many status reports of an order are stored (whatever became of them). */
const steps = (orderNo: string, n: number) =>
  written(
    async () =>
      (await f.t.sql(`select count(*)::int as n from sales_order_step where order_no = $1`, [orderNo]))[0]
        .n >= n,
    `${n} steps of ${orderNo}`,
  );

let seq = 0;
function order(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    eventId: crypto.randomUUID(),
    ts: now(),
    type: 'order',
    orderNo: `T-${seq}-${crypto.randomBytes(2).toString('hex')}`,
    pickupCode: String(1000 + seq),
    orderType: 'pack',
    menuVersion: version,
    lines: [
      {
        line: 1,
        productCode: 'LAT',
        unitPrice: '60.00',
        quantity: 2,
        extras: [{ code: bagId, quantity: 1 }],
      },
      { line: 2, productCode: 'ESP', unitPrice: '45.00', quantity: 1 },
    ],
    payment: { method: 'card-machine', amount: '167.00' },
    ...over,
  };
}
const status = orderStatusEvent;
const cup = (orderNo: string, line: number, over: Record<string, unknown> = {}) =>
  orderCupEvent(orderNo, line, 'LAT', over);
const orderRow = async (orderNo: string) =>
  (
    await f.t.sql(`select * from sales_order where device_id = $1 and order_no = $2`, [machine.id, orderNo])
  )[0];
const detailOf = async (orderNo: string) =>
  ok('GET', `/api/coffee/order/${(await orderRow(orderNo)).id}/detail`);

beforeAll(async () => {
  f = await startFleetTest();
  const a = await ok(
    'POST',
    '/api/coffee/merchant',
    { name: 'Alpha Tea', loginAccount: 'alpha-orders', password: f.t.encrypt(PASSWORD), country: 'TW' },
    f.admin,
  );
  alpha = await f.t.login('alpha-orders', PASSWORD);
  await ok(
    'POST',
    '/api/coffee/merchant',
    { name: 'Beta Brew', loginAccount: 'beta-orders', password: f.t.encrypt(PASSWORD), country: 'TW' },
    f.admin,
  );
  beta = await f.t.login('beta-orders', PASSWORD);
  const storeId = (await ok('POST', '/api/coffee/store', { name: 'Alpha Station', type: 'pick-up' })).id;
  machine = await f.register({ merchantId: a.id, storeId });
  const drinks = await ok('POST', '/api/coffee/product-type', { name: 'Drinks' });
  const beans = await ok('POST', '/api/coffee/material', { name: 'Beans', unit: 'g' });
  const product = (name: string, code: string, price: string) =>
    ok('POST', '/api/coffee/product', {
      name,
      code,
      kind: 'drink',
      family: 'coffee',
      price,
      productTypeId: drinks.id,
      recipe: {
        steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40, temperatureC: 92 } }],
      },
      materials: [{ materialId: beans.id, amount: 18 }],
    });
  for (const p of [await product('Latte', 'LAT', '60.00'), await product('Espresso', 'ESP', '45.00')])
    await ok('POST', '/api/coffee/store-product', { storeId, productId: p.id });
  bagId = (
    await ok('POST', '/api/coffee/extra-product', { name: 'Paper bag', price: '2.00', kind: 'packaging' })
  ).id;
  const tax = await ok('POST', '/api/coffee/tax', {
    name: 'Business tax',
    country: 'TW',
    type: 'packaging',
    rate: '5',
  });
  await ok('POST', '/api/coffee/tax-allocation', { taxId: tax.id, productTypeId: drinks.id });
  await ok('POST', '/api/coffee/tax-allocation', { taxId: tax.id, extraProductId: bagId });
  // The machine takes the store's menu, then the test speaks for it.
  const sim = quietMachine(f.url, machine);
  await sim.start();
  const release = await ok('POST', '/api/coffee/menu-release', { name: 'Menu', storeId });
  await ok('POST', '/api/coffee/menu-release/push', { id: release.id });
  version = release.version;
  await waitFor(() => sim.menu?.version === version, 10_000, 'the machine took the menu');
  await sim.stop();
  client = await mqtt.connectAsync(f.url, {
    clientId: machine.serialNumber,
    username: machine.serialNumber,
    password: machine.secret,
    reconnectPeriod: 0,
  });
  await client.subscribeAsync(topicFor(machine.serialNumber, 'rejected'), { qos: 1 });
  client.on('message', (_topic, payload) => rejected.push(JSON.parse(payload.toString())));
}, 180_000);
afterAll(async () => {
  await client?.endAsync(true);
  await f.close();
});

describe('orders a machine reports', () => {
  it('are priced and taxed by the server, follow their statuses whatever the order of arrival, and know their cups', async () => {
    const o = order();
    await send([o]);
    const row = await written(() => orderRow(o.orderNo), 'the order');
    expect(row).toMatchObject({
      status: 'waiting-payment',
      price_check: 'ok',
      currency: 'TWD',
      merchant_id: expect.anything(),
    });
    // 2 × 60 + bag 2 + 45 = 167, 5 % included; each line rounded to whole dollars: 120 → 6, 2 → 0, 45 → 2.
    expect([row.amount, row.actual_payment, row.tax].map(String)).toEqual(['167.00', '167.00', '8.00']);
    // Completed arrives before paid and processing: it waits, then the order ends completed.
    await send([status(o.orderNo, 'completed', { ts: now(3) })]);
    await steps(o.orderNo, 2);
    expect((await orderRow(o.orderNo)).status).toBe('waiting-payment');
    await send([
      status(o.orderNo, 'paid', { received: '167.00', ts: now(1) }),
      status(o.orderNo, 'processing', { ts: now(2) }),
      cup(o.orderNo, 1),
      cup(o.orderNo, 1, { badCup: true }),
      cup(o.orderNo, 2, { productCode: 'ESP' }),
    ]);
    await steps(o.orderNo, 4);
    await written(async () => (await detailOf(o.orderNo)).cups.length === 3, 'the cups');
    const detail = await detailOf(o.orderNo);
    expect(detail).toMatchObject({ status: 'completed', actualReceived: '167.00', refundable: '167.00' });
    expect(detail.timeline.map((s: any) => [s.status, s.outcome])).toEqual([
      ['waiting-payment', 'moved'],
      ['paid', 'moved'],
      ['processing', 'moved'],
      ['completed', 'moved'],
    ]);
    expect(
      detail.lines.map((l: any) => [
        l.seq,
        l.kind,
        l.name,
        l.amount,
        l.taxName,
        l.taxRate,
        l.tax,
        l.cups,
        l.badCups,
      ]),
    ).toEqual([
      [1, 'product', 'Latte', '120.00', 'Business tax', '5', '6.00', 1, 1],
      [2, 'extra', 'Paper bag', '2.00', 'Business tax', '5', '0.00', 0, 0],
      [3, 'product', 'Espresso', '45.00', 'Business tax', '5', '2.00', 1, 0],
    ]);
    expect(detail.cups).toHaveLength(3);
    expect(detail.cups.filter((c: any) => c.badCup)).toHaveLength(1);
  });

  it('are stored once and never move backwards: a repeated order or a late status changes nothing', async () => {
    const o = order({ payment: { method: 'cash', amount: '167.00' } });
    const paid = status(o.orderNo, 'paid', { received: '200.00' });
    await send([o, paid, status(o.orderNo, 'completed', { ts: now(1) })]);
    await steps(o.orderNo, 3);
    await send([o, paid, { ...o, eventId: crypto.randomUUID() }, status(o.orderNo, 'paid', { ts: now(2) })]);
    await steps(o.orderNo, 4);
    const rows = await f.t.sql(`select count(*)::int as n from sales_order where order_no = $1`, [o.orderNo]);
    expect(rows[0].n).toBe(1);
    const detail = await detailOf(o.orderNo);
    expect(detail.status).toBe('completed');
    expect(detail.timeline.map((s: any) => [s.status, s.outcome])).toEqual([
      ['waiting-payment', 'moved'],
      ['paid', 'moved'],
      ['completed', 'moved'],
      ['paid', 'stale'],
    ]);
    // A cancellation after completion is refused, not applied.
    await send([status(o.orderNo, 'cancelled', { ts: now(3), reason: 'customer left' })]);
    await steps(o.orderNo, 5);
    expect((await detailOf(o.orderNo)).timeline.at(-1)).toMatchObject({
      status: 'cancelled',
      outcome: 'refused',
    });
    expect((await orderRow(o.orderNo)).status).toBe('completed');
  });

  it('flag a price that is not the menu’s, and keep a line of an unknown product', async () => {
    const cheap = order({
      lines: [{ line: 1, productCode: 'LAT', unitPrice: '50.00', quantity: 1 }],
      payment: { method: 'wallet', amount: '50.00' },
    });
    const unknown = order({
      lines: [{ line: 1, productCode: 'MYSTERY', unitPrice: '30.00', quantity: 1 }],
      payment: { method: 'other', amount: '30.00' },
    });
    await send([cheap, unknown]);
    await written(() => orderRow(unknown.orderNo), 'the orders');
    const c = await detailOf(cheap.orderNo);
    expect(c.priceCheck).toBe('differs');
    expect(c.actualPayment).toBe('60.00');
    expect(c.reportedPayment).toBe('50.00');
    expect(c.checkNotes.map((n: any) => n.key)).toEqual([
      'order.check.priceDiffers',
      'order.check.totalDiffers',
    ]);
    expect(c.lines[0]).toMatchObject({ unitPrice: '60.00', reportedUnitPrice: '50.00', flag: 'differs' });
    const u = await detailOf(unknown.orderNo);
    expect(u.priceCheck).toBe('unknown-product');
    expect(u.lines[0]).toMatchObject({
      name: 'MYSTERY',
      unitPrice: '30.00',
      flag: 'unknown-product',
      taxRate: '0',
    });
  });

  it('name a line’s options from the catalog in the reader’s language, one it no longer has by its id', async () => {
    const type = await ok('POST', '/api/coffee/option-type', {
      name: 'Milk',
      multiple: false,
      required: false,
    });
    const oat = await ok('POST', '/api/coffee/option', {
      name: 'Oat milk',
      names: { zh: '燕麦奶', tw: '燕麥奶' },
      optionTypeId: type.id,
      priceChange: '0.00',
    });
    const o = order({
      lines: [
        { line: 1, productCode: 'LAT', unitPrice: '60.00', quantity: 1, options: [oat.id, '987654321'] },
      ],
      payment: { method: 'cash', amount: '60.00' },
    });
    await send([o]);
    const row = await written(() => orderRow(o.orderNo), 'the order');
    const read = async (lang: 'en' | 'tw') => {
      const res = await f.t.call('GET', `/api/coffee/order/${row.id}/detail`, { token: alpha, lang });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.lines[0];
    };
    // The machine's ids stay as reported; the console reads the names (before, it showed the ids).
    expect(await read('tw')).toMatchObject({
      options: [oat.id, '987654321'],
      optionNames: ['燕麥奶', '987654321'],
    });
    expect((await read('en')).optionNames).toEqual(['Oat milk', '987654321']);
  });

  it('drop a malformed order event (counted and told to the machine) and keep the rest of its message', async () => {
    const before = f.fleet.gateway.stats().malformed;
    const good = order();
    await send([{ ...order(), lines: [] }, good]);
    await written(() => orderRow(good.orderNo), 'the good order');
    expect(f.fleet.gateway.stats().malformed).toBe(before + 1);
    await waitFor(() => rejected.length > 0, 5_000, 'the rejected answer');
    expect(rejected.at(-1)).toMatchObject({ events: [expect.objectContaining({ index: 0 })] });
    expect(client.connected).toBe(true);
  });
});

describe('the console', () => {
  it('finds an order for a picker by the start of its number, newest first; another merchant finds none', async () => {
    const mine = [order(), order()];
    await send(mine);
    await written(() => orderRow(mine[1].orderNo), 'the orders');
    const select = async (keyword?: string, token = alpha) => {
      const res = await call(
        'GET',
        `/api/coffee/order/select${keyword ? `?keyword=${encodeURIComponent(keyword)}` : ''}`,
        undefined,
        token,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Array<{ value: string; label: string }>;
    };
    // Typed as it is, or in small letters where the number is in capitals ("t-9-" finds "T-9-fe43").
    const [typed] = await select(mine[1].orderNo);
    expect(typed).toEqual({ value: (await orderRow(mine[1].orderNo)).id, label: mine[1].orderNo });
    const start = mine[1].orderNo.split('-').slice(0, 2).join('-').toLowerCase() + '-';
    expect((await select(start)).map((o) => o.label)).toEqual([mine[1].orderNo]);
    // Without a keyword: the newest, at most 20 (a merchant has too many orders to list).
    const newest = await select();
    expect(newest.length).toBeLessThanOrEqual(20);
    expect(newest.map((o) => o.label)).toContain(mine[1].orderNo);
    expect(await select('T-', beta)).toEqual([]);
    // A wildcard typed is a character, not a pattern.
    expect(await select('%')).toEqual([]);
    // A record with no picker (a cup) has no such endpoint: not a malformed id.
    const cups = await call('GET', '/api/coffee/production-record/select');
    expect(cups.statusCode).toBe(404);
    expect(cups.json().msg).toBe('No such endpoint');
  });

  it('lists orders with filters, and another merchant sees none of them', async () => {
    const list = await ok('POST', '/api/coffee/order/list', {
      status: ['completed'],
      limit: 50,
      timeZone: 'Asia/Taipei',
    });
    expect(list.total).toBeGreaterThanOrEqual(2);
    expect(list.list.every((o: any) => o.status === 'completed')).toBe(true);
    const other = await ok('POST', '/api/coffee/order/list', {}, beta);
    expect(other.total).toBe(0);
    const id = list.list[0].id;
    expect((await call('GET', `/api/coffee/order/${id}/detail`, undefined, beta)).statusCode).toBe(404);
  });

  it('refunds once per Idempotency-Key, at most what was paid, and refuses another tenant’s order', async () => {
    const o = order();
    await send([o, status(o.orderNo, 'paid', { received: '167.00' })]);
    await steps(o.orderNo, 2);
    const id = (await orderRow(o.orderNo)).id;
    const body = { orderId: id, reason: 'cold milk', lines: [{ seq: 1, amount: '60.00' }] };
    expect((await call('POST', '/api/coffee/order/refund', body)).statusCode).toBe(400);
    const key = { 'idempotency-key': crypto.randomUUID() };
    const first = await call('POST', '/api/coffee/order/refund', body, alpha, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ refunded: '60.00', refundable: '107.00' });
    const again = await call('POST', '/api/coffee/order/refund', body, alpha, key);
    expect(again.json().data).toEqual(first.json().data);
    expect(
      (await call('POST', '/api/coffee/order/refund', { ...body, reason: 'other' }, alpha, key)).statusCode,
    ).toBe(422);
    // More than is left on the line, or on the order: refused, nothing written.
    const tooMuchLine = await call(
      'POST',
      '/api/coffee/order/refund',
      { ...body, lines: [{ seq: 1, amount: '61.00' }] },
      alpha,
      {
        'idempotency-key': crypto.randomUUID(),
      },
    );
    expect(tooMuchLine.statusCode).toBe(400);
    expect(tooMuchLine.json().msg).toContain('Line 1');
    expect(
      (
        await call('POST', '/api/coffee/order/refund', { orderId: id, reason: 'x' }, beta, {
          'idempotency-key': 'k',
        })
      ).statusCode,
    ).toBe(404);
    const rest = await call('POST', '/api/coffee/order/refund', { orderId: id, reason: 'all of it' }, alpha, {
      'idempotency-key': crypto.randomUUID(),
    });
    expect(rest.json().data).toMatchObject({ refunded: '167.00', refundable: '0.00' });
    const none = await call('POST', '/api/coffee/order/refund', { orderId: id, reason: 'again' }, alpha, {
      'idempotency-key': crypto.randomUUID(),
    });
    expect(none.statusCode).toBe(409);
    const detail = await detailOf(o.orderNo);
    expect(detail.refunds.map((r: any) => r.amount)).toEqual(['60.00', '107.00']);
    expect(detail.lines.reduce((sum: number, l: any) => sum + Number(l.refunded), 0)).toBe(167);
    const log = await f.t.sql(
      `select count(*)::int as n from operation_log where action = 'order.refund' and target_id = $1 and outcome = 'success'`,
      [id],
    );
    expect(log[0].n).toBe(3);
  });

  it('makes one refund of two calls racing with the same key', async () => {
    const o = order();
    await send([o, status(o.orderNo, 'paid', { received: '167.00' })]);
    await steps(o.orderNo, 2);
    const id = (await orderRow(o.orderNo)).id;
    const key = { 'idempotency-key': crypto.randomUUID() };
    const body = { orderId: id, reason: 'spilled', lines: [{ seq: 3, amount: '45.00' }] };
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/api/coffee/order/refund', body, alpha, key)),
    );
    // Each is the refund (first, or answered again) or "still in progress"; never a second refund.
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const [{ n }] = await f.t.sql(`select count(*)::int as n from sales_order_refund where order_id = $1`, [
      id,
    ]);
    expect(n).toBe(1);
    expect((await orderRow(o.orderNo)).refunded).toBe('45.00');
  });

  it('cancels an order not yet made, and refuses to cancel a completed one', async () => {
    const o = order();
    await send([o]);
    const id = (await written(() => orderRow(o.orderNo), 'the order')).id;
    const cancelled = await ok('POST', '/api/coffee/order/cancel', {
      orderId: id,
      reason: 'machine out of cups',
    });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.timeline.at(-1)).toMatchObject({
      status: 'cancelled',
      cause: 'console',
      reason: 'machine out of cups',
    });
    const again = await call('POST', '/api/coffee/order/cancel', { orderId: id, reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('This order is cancelled: it cannot become cancelled'); // Cancelled before any money came: nothing to refund, and a refund is refused.
    expect((await detailOf(o.orderNo)).refundable).toBe('0.00');
    const refund = await call('POST', '/api/coffee/order/refund', { orderId: id, reason: 'x' }, alpha, {
      'idempotency-key': crypto.randomUUID(),
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().msg).toBe('Nothing is left to refund on this order (paid 0.00, refunded 0.00)');
    expect((await orderRow(o.orderNo)).refunded).toBe('0.00');
  });

  it('answers a keyed cancellation again, without a second one (CONTRACT §3 Idempotency-Key)', async () => {
    const o = order();
    await send([o]);
    const id = (await written(() => orderRow(o.orderNo), 'the order')).id;
    const key = { 'idempotency-key': crypto.randomUUID() };
    const body = { orderId: id, reason: 'customer left' };
    const first = await call('POST', '/api/coffee/order/cancel', body, alpha, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.status).toBe('cancelled');
    const again = await call('POST', '/api/coffee/order/cancel', body, alpha, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const [{ n }] = await f.t.sql(
      `select count(*)::int as n from sales_order_step where order_id = $1 and status = 'cancelled'`,
      [id],
    );
    expect(n).toBe(1);
    const other = await call('POST', '/api/coffee/order/cancel', { ...body, reason: 'other' }, alpha, key);
    expect(other.statusCode).toBe(422);
    const tooLong = await call('POST', '/api/coffee/order/cancel', body, alpha, {
      'idempotency-key': 'k'.repeat(256),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('keeps what was paid refundable when a paid order is rejected, and nothing when rejected before payment', async () => {
    const paid = order();
    await send([
      paid,
      status(paid.orderNo, 'paid', { received: '167.00' }),
      status(paid.orderNo, 'rejected', { reason: 'cup failed' }),
    ]);
    await steps(paid.orderNo, 3);
    expect(await detailOf(paid.orderNo)).toMatchObject({ status: 'rejected', refundable: '167.00' });
    const unpaid = order();
    await send([unpaid, status(unpaid.orderNo, 'rejected', { reason: 'out of cups' })]);
    await steps(unpaid.orderNo, 2);
    expect(await detailOf(unpaid.orderNo)).toMatchObject({ status: 'rejected', refundable: '0.00' });
  });
});
