/**
 * Lists of more than a thousand rows (platform/crud/list-page.ts): the total above 1,000 rows comes
 * marked `totalExact: false` and settles on the real count; deep pages — walked, then sought from
 * what earlier pages remembered — hold exactly the rows that OFFSET gives, in either direction of
 * sort, and another merchant's orders never appear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoOfTimestamp } from '../src/platform/crud/page-statement.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const PASSWORD = 'Pages-Strong-Pass-7';
const ORDERS = 2500;
let t: TestApp;
let token = '';
let merchantId = '';

async function list(body: Record<string, unknown>) {
  const res = await t.call('POST', '/api/coffee/order/list', { token, body: { limit: 20, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    list: Array<{ id: string; orderNo: string; orderedAt: string; amount: string; createdAt: string }>;
    total: number;
    totalExact?: boolean;
  };
}

/** The ids OFFSET gives for a page, straight from the database. */
async function expected(page: number, order: 'desc' | 'asc' = 'desc') {
  const found = await t.sql<{ id: string }>(
    `select id::text as id from sales_order where merchant_id = $1
      order by ordered_at ${order}, id desc limit 20 offset $2`,
    [merchantId, (page - 1) * 20],
  );
  return found.map((r) => r.id);
}

async function makeOrders(merchant: string, n: number, prefix: string) {
  // Two orders share each minute, so that the id decides between them.
  await t.sql(
    `insert into sales_order (merchant_id, order_no, pickup_code, order_type, status, payment_method,
                              currency, amount, actual_payment, ordered_at, status_at)
     select $1, $2 || g, lpad(g::text, 4, '0'), 'pack', 'completed', 'cash', 'TWD', 60, 60,
            timestamptz '2026-01-01 08:00:00.123456+08' + (g / 2) * interval '1 minute',
            timestamptz '2026-01-01 08:00:00+08' + (g / 2) * interval '1 minute'
       from generate_series(1, $3::int) g`,
    [merchant, prefix, n],
  );
}

beforeAll(async () => {
  t = await startTestApp();
  const admin = await t.adminToken();
  const create = async (name: string, login: string) => {
    const res = await t.call('POST', '/api/coffee/merchant', {
      token: admin,
      body: { name, loginAccount: login, password: t.encrypt(PASSWORD) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  merchantId = await create('Pages Coffee', 'pages');
  const other = await create('Other Coffee', 'pages-other');
  await makeOrders(merchantId, ORDERS, 'P');
  await makeOrders(other, 300, 'O');
  await t.sql('analyze sales_order');
  token = await t.login('pages', PASSWORD);
});

afterAll(async () => {
  await t?.close();
});

describe('a list of thousands of rows', () => {
  it('answers an estimate marked totalExact: false, then the count', async () => {
    const first = await list({ page: 1 });
    expect(first.list.map((o) => o.id)).toEqual(await expected(1));
    expect(first.totalExact).toBe(false);
    expect(first.total).toBeGreaterThan(1000);
    // The count is made in the background: the next answers carry it.
    let total = first.total;
    for (let i = 0; i < 50 && total !== ORDERS; i++) {
      await new Promise((r) => setTimeout(r, 100));
      total = (await list({ page: 2 })).total;
    }
    expect(total).toBe(ORDERS);
  });

  it('gives deep pages exactly, walking or seeking from a remembered page, in both directions', async () => {
    for (const page of [60, 61, 62, 90, 91, 61, 75, 124, 125]) {
      const got = await list({ page });
      expect(
        got.list.map((o) => o.id),
        `page ${page}`,
      ).toEqual(await expected(page));
    }
    for (const page of [70, 71, 70])
      expect((await list({ page, sort: 'orderedAt' })).list.map((o) => o.id)).toEqual(
        await expected(page, 'asc'),
      );
    expect(await expected(126)).toEqual([]);
    const past = await list({ page: 126 });
    expect(past.list).toEqual([]);
    expect(past.total).toBe(ORDERS);
    // Never another merchant's orders.
    expect((await list({ page: 62 })).list.every((o) => o.orderNo.startsWith('P'))).toBe(true);
  });

  it('counts a short list exactly, with no mark', async () => {
    const few = await list({ orderNo: 'P24', page: 1, limit: 100 });
    expect(few.list).toHaveLength(100);
    expect(few.total).toBe(1 + 10 + 100); // P24, P240–P249, P2400–P2499
    expect(few.totalExact).toBeUndefined();
  });

  it('answers each value as the item answers it: times in UTC with milliseconds, money with two places', async () => {
    const [row] = (await list({ orderNo: 'P1', page: 1, sort: 'orderedAt' })).list;
    // P1 was ordered at 08:00:00.123456 in Taipei (UTC+8).
    expect(row.orderedAt).toBe('2026-01-01T00:00:00.123Z');
    expect(row.amount).toBe('60.00');
    const item = await t.call('GET', `/api/coffee/order/${row.id}`, { token });
    expect(item.statusCode, item.body).toBe(200);
    const one = item.json().data;
    expect(row.orderedAt).toBe(one.orderedAt);
    expect(row.createdAt).toBe(one.createdAt);
    expect(row.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe('a time as PostgreSQL writes it, in ISO 8601', () => {
  it('is the same instant whatever the session time zone and precision', async () => {
    for (const zone of ['UTC', 'Asia/Kathmandu', 'America/St_Johns'])
      for (const time of [
        '2026-01-01 00:00:00+00',
        '2026-06-30 23:59:59.999999+00',
        '2026-03-08 07:05:04.1+00',
      ]) {
        const [{ text }] = await t.sql<{ text: string }>(
          // The zone for this statement only; the subquery reads the time after it is set.
          `with z as materialized (select set_config('timezone', $1, true))
           select (select ($2::timestamptz)::text from z) as text`,
          [zone, time],
        );
        expect(isoOfTimestamp(text), `${time} in ${zone} (${text})`).toBe(
          new Date(time.replace(' ', 'T').replace('+00', 'Z')).toISOString(),
        );
      }
    expect(isoOfTimestamp(new Date('2026-01-01T00:00:00.5Z'))).toBe('2026-01-01T00:00:00.500Z');
    expect(isoOfTimestamp(null)).toBeNull();
  });
});
