/**
 * The rollups' queues, filled in the transaction that writes the fact (one multi-row insert each, and
 * nothing else: the ingest's transaction stays short). The job `datacenter.rollups` empties them.
 * Cups are only ever added; orders, faults and cleanings change after they are written, so they mark
 * their cells to be counted again.
 */
import { sql } from 'drizzle-orm';
import { subscribe } from '../../platform/events/domain-events.ts';

/**
 * The orders each transaction (the handle its subscribers get: a savepoint has its own) has marked.
 * Weak: forgotten with the transaction.
 */
const ordersMarked = new WeakMap<object, Set<string>>();

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

const cells = (list: Array<{ kind: string; ref: string | null; device: string | null; at: string | null }>) =>
  sql`insert into stat_pending_cell (kind, ref_id, device_id, at)
      select x.kind, x.ref, x.device, x.at
      from jsonb_to_recordset(${json(list)}) as x(kind text, ref bigint, device bigint, at timestamptz)`;

export const rollupSubscribers = [
  subscribe('fleet.cupRecorded', 'datacenter: cups queued for the rollups', async (tx, cups) => {
    if (!cups.length) return;
    await tx.execute(sql`insert into stat_pending_cup (device_id, event_id)
      select x.d, x.e from jsonb_to_recordset(${json(cups.map((c) => ({ d: c.deviceId, e: c.eventId })))})
      as x(d bigint, e text)`);
  }),
  ...(['orders.orderPlaced', 'orders.orderStatusChanged', 'orders.orderRefunded'] as const).map((name) =>
    subscribe(name, `datacenter: ${name} marks its sales cells`, async (tx, orders) => {
      // An order marked once in a transaction is enough: the job counts it as it is after the
      // commit (an app order placed and paid in one transaction: one row, one statement, not two).
      let marked = ordersMarked.get(tx);
      if (!marked) ordersMarked.set(tx, (marked = new Set()));
      const fresh = orders.filter((o) => !marked.has(o.orderId));
      if (!fresh.length) return;
      for (const o of fresh) marked.add(o.orderId);
      await tx.execute(
        cells(fresh.map((o) => ({ kind: 'order', ref: o.orderId, device: o.deviceId, at: null }))),
      );
    }),
  ),
  ...(['fleet.faultRaised', 'fleet.faultCleared'] as const).map((name) =>
    subscribe(name, `datacenter: ${name} marks its fault cells`, async (tx, faults) => {
      if (!faults.length) return;
      await tx.execute(
        cells(faults.map((f) => ({ kind: 'fault', ref: null, device: f.deviceId, at: f.at }))),
      );
    }),
  ),
  subscribe('fleet.cleaningDone', 'datacenter: cleanings mark their cells', async (tx, done) => {
    if (!done.length) return;
    await tx.execute(cells(done.map((c) => ({ kind: 'cleaning', ref: null, device: c.deviceId, at: c.at }))));
  }),
];
