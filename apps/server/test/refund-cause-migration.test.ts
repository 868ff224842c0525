/**
 * Migration 0051 records, on orders that ended unmade before it, the wallet payment the members
 * module had already given back (a ledger refund with ref `cancel:<order>`): the order's refunded
 * figure, each line's share and a refund row whose cause is `order-ended`. Orders whose wallet got
 * nothing back, and refunds staff made, are left as they were.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseBefore } from './helpers/migration-database.ts';

let db: Awaited<ReturnType<typeof databaseBefore>>;
const ids: Record<string, string> = {};

const query = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  db.query<T>(text, params);

/** An order of two lines (60.00 and 35.01), paid 95.01 from a wallet, that ended as `status`. */
async function order(no: string, status: string, merchantId: string): Promise<string> {
  const [o] = await query<{ id: string }>(
    `insert into sales_order (merchant_id, source, order_no, pickup_code, order_type, status, payment_method,
                              currency, amount, actual_payment, ordered_at, status_at)
     values ($1, 'app', $2, '1234', 'pack', $3, 'wallet', 'TWD', 95.01, 95.01, now(), now()) returning id::text`,
    [merchantId, no, status],
  );
  await query(
    `insert into sales_order_line (order_id, merchant_id, seq, line, kind, product_code, name, unit_price,
                                   quantity, amount, net, gross)
     values ($1, $2, 1, 1, 'product', 'LAT', 'Latte', 60, 1, 60, 60, 60),
            ($1, $2, 2, 2, 'product', 'TEA', 'Tea', 35.01, 1, 35.01, 35.01, 35.01)`,
    [o.id, merchantId],
  );
  return o.id;
}

beforeAll(async () => {
  db = await databaseBefore('0051');
  const [merchant] = await query<{ id: string }>(
    `insert into merchant (name, country) values ('Formosa Brew', 'TW') returning id::text`,
  );
  const [member] = await query<{ id: string }>(
    `insert into member (merchant_id, member_no, username, wallet_balance) values ($1, 'M0000001', 'ann', 100)
     returning id::text`,
    [merchant.id],
  );
  ids.rejected = await order('APP-1', 'rejected', merchant.id);
  ids.unpaid = await order('APP-2', 'cancelled', merchant.id);
  ids.staff = await order('APP-3', 'completed', merchant.id);
  const entry = (kind: string, amount: string, orderId: string, ref: string) =>
    query(
      `insert into member_wallet_entry (merchant_id, member_id, kind, amount, balance_after, order_id, ref)
       values ($1, $2, $3, $4, 100, $5, $6)`,
      [merchant.id, member.id, kind, amount, orderId, ref],
    );
  await entry('payment', '-95.01', ids.rejected, `pay:${ids.rejected}`);
  await entry('refund', '95.01', ids.rejected, `cancel:${ids.rejected}`);
  // Given back by a staff refund: recorded already, by the refund itself.
  await entry('refund', '10.00', ids.staff, 'refund:1');
  await query(`update sales_order set refunded = 10 where id = $1;`, [ids.staff]);
  await query(
    `insert into sales_order_refund (merchant_id, order_id, amount, reason, by_name) values ($1, $2, 10, 'cold', 'ann')`,
    [merchant.id, ids.staff],
  );
  await db.migrateRest();
});
afterAll(() => db.close());

it('records the wallet money given back on orders that ended unmade, and nothing else', async () => {
  const orders = await query<{ order_no: string; refunded: string; lines: string[] }>(
    `select o.order_no, o.refunded::text,
            array(select l.refunded::text from sales_order_line l where l.order_id = o.id order by l.seq) as lines
     from sales_order o order by o.order_no`,
  );
  expect(orders).toEqual([
    // Shared by what is left on each line: 60.00 / 95.01 of 95.01, the last line the rest.
    { order_no: 'APP-1', refunded: '95.01', lines: ['60.00', '35.01'] },
    { order_no: 'APP-2', refunded: '0.00', lines: ['0.00', '0.00'] },
    { order_no: 'APP-3', refunded: '10.00', lines: ['0.00', '0.00'] },
  ]);
  const refunds = await query(
    `select o.order_no, r.amount::text, r.cause, r.reason, r.by_name, r.lines
     from sales_order_refund r join sales_order o on o.id = r.order_id order by o.order_no`,
  );
  expect(refunds).toEqual([
    {
      order_no: 'APP-1',
      amount: '95.01',
      cause: 'order-ended',
      reason: 'rejected',
      by_name: null,
      lines: [
        { seq: 1, amount: '60.00' },
        { seq: 2, amount: '35.01' },
      ],
    },
    { order_no: 'APP-3', amount: '10.00', cause: 'staff', reason: 'cold', by_name: 'ann', lines: [] },
  ]);
});
