/**
 * What staff do to an order from the console: refund it (whole or per line, with a reason, at most
 * what was paid; `Idempotency-Key`), or cancel one not yet made. Both follow the same rules as the
 * machines' reports (contracts order-status.ts), are in the operation log, and write nothing when
 * refused.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  formatCents,
  idSchema,
  orderDetailAnswer,
  orderRefundBody,
  orderRefundResult,
  orderStatusOutcome,
  P,
  shareCents,
  toCents,
  type Localized,
  type OrderRefundBody,
  type OrderRefundResult,
  type OrderStatus,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inRequestScope } from '../../platform/crud/scope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import { idempotent, idempotentWhenKeyed } from '../../platform/http/idempotency.ts';
import type { Publisher } from '../../platform/events/domain-events.ts';
import { readOrderDetail, type DetailReaders } from './detail.ts';
import { paidAmount, walletCompensated } from './paid.ts';

/** Statuses in the reader's words, for the messages that name one. */
const STATUS_NAMES: Record<OrderStatus, Localized> = {
  'waiting-payment': { en: 'waiting for payment', zh: '待支付', tw: '待付款' },
  paid: { en: 'paid', zh: '已支付', tw: '已付款' },
  processing: { en: 'being made', zh: '制作中', tw: '製作中' },
  completed: { en: 'completed', zh: '已完成', tw: '已完成' },
  cancelled: { en: 'cancelled', zh: '已取消', tw: '已取消' },
  rejected: { en: 'rejected', zh: '已拒绝', tw: '已拒絕' },
};

interface LockedOrder {
  id: string;
  device_id: string | null;
  merchant_id: string | null;
  store_id: string | null;
  status: OrderStatus;
  paid: string;
  refunded: string;
  /** Given back in the wallet for bad cups (members' compensation): refunded already, in effect. */
  compensated: string;
}

/** The order, locked for this transaction, as the caller's scope sees it (else a 404). */
async function lockOrder(tx: Db, id: string): Promise<LockedOrder> {
  const [order] = await rows<LockedOrder>(
    tx,
    sql`select o.id::text, o.device_id::text, o.merchant_id::text, o.store_id::text, o.status,
               (${paidAmount('o')})::text as paid, o.refunded::text, (${walletCompensated('o')})::text as compensated
        from sales_order o where o.id = ${id} for update of o`,
  );
  if (!order) throw new AppError('msg.notFound');
  return order;
}

const cancelBody = z.object({
  orderId: idSchema,
  reason: z.string().trim().min(1, { error: 'msg.required' }).max(200),
});

export function registerOrderActions(
  app: FastifyInstance,
  deps: DetailReaders & { db: Db; events: Publisher },
) {
  const { db, events } = deps;

  app.post(
    '/api/coffee/order/refund',
    {
      schema: {
        body: orderRefundBody,
        response: answer(orderRefundResult),
        tags: ['order'],
        description:
          'Needs an `Idempotency-Key` header (1–255 characters): the same key and body answer the first ' +
          'refund again without a second one; the same key with another body is a 422; a key whose first ' +
          'call is still running is a 409. At most what was paid less what was refunded.',
      },
      config: { permission: P.order.refund, action: 'order.refund' },
    },
    async (request): Promise<OrderRefundResult> => {
      const body = request.body as OrderRefundBody;
      const user = request.user!;
      request.auditTarget = body.orderId;
      return idempotent(db, request, (remember) =>
        inRequestScope(db, request, async (tx) => {
          const order = await lockOrder(tx, body.orderId);
          const paid = toCents(order.paid);
          // A line whose bad cup was paid back in the wallet is not paid back a second time.
          const given = toCents(order.refunded) + toCents(order.compensated);
          const refundable = paid - given;
          if (refundable <= 0n)
            throw new AppError('msg.refundNothingPaid', { paid: order.paid, refunded: formatCents(given) });
          const lines = await rows<{ seq: number; gross: string; refunded: string; compensated: string }>(
            tx,
            sql`select l.seq, l.gross::text, l.refunded::text,
                       coalesce((select sum(c.amount) from sales_order_compensation c
                                  where c.order_id = l.order_id and c.seq = l.seq and c.kind = 'wallet'), 0)::text as compensated
                from sales_order_line l where l.order_id = ${order.id} order by l.seq`,
          );
          const left = new Map(
            lines.map((l) => [l.seq, toCents(l.gross) - toCents(l.refunded) - toCents(l.compensated)]),
          );
          let perLine: Array<{ seq: number; amount: bigint }>;
          let total: bigint;
          if (body.lines) {
            perLine = body.lines.map((l) => {
              const rest = left.get(l.seq);
              if (rest === undefined)
                throw new AppError('msg.refundLineUnknown', { seq: l.seq }, [
                  { field: 'lines', message: 'msg.refundLineUnknown', params: { seq: l.seq } },
                ]);
              const amount = toCents(l.amount);
              if (amount > rest)
                throw new AppError('msg.refundLineTooMuch', {
                  seq: l.seq,
                  amount: formatCents(amount),
                  left: formatCents(rest),
                });
              return { seq: l.seq, amount };
            });
            total = perLine.reduce((sum, l) => sum + l.amount, 0n);
          } else {
            // The whole remaining amount, shared over the lines by what is left on each.
            total = refundable;
            const weights = lines.map((l) => left.get(l.seq)!);
            const onLines = weights.reduce((a, b) => a + b, 0n);
            const shares = shareCents(total < onLines ? total : onLines, weights);
            perLine = lines.map((l, i) => ({ seq: l.seq, amount: shares[i] })).filter((l) => l.amount > 0n);
          }
          if (total > refundable)
            throw new AppError('msg.refundTooMuch', {
              amount: formatCents(total),
              refundable: formatCents(refundable),
            });
          const linesJson = perLine.map((l) => ({ seq: l.seq, amount: formatCents(l.amount) }));
          if (linesJson.length)
            await tx.execute(sql`
              update sales_order_line l set refunded = l.refunded + x.amount
              from jsonb_to_recordset(${JSON.stringify(linesJson)}::jsonb) as x(seq int, amount numeric)
              where l.order_id = ${order.id} and l.seq = x.seq`);
          await tx.execute(sql`
            update sales_order set refunded = refunded + ${formatCents(total)}::numeric, updated_at = now()
            where id = ${order.id}`);
          const [refund] = await rows<{ id: string; at: string }>(
            tx,
            sql`insert into sales_order_refund (merchant_id, store_id, order_id, amount, reason, lines, account_id, by_name)
                values (${order.merchant_id}, ${order.store_id}, ${order.id}, ${formatCents(total)}::numeric,
                        ${body.reason}, ${JSON.stringify(linesJson)}::jsonb, ${user.userId}, ${user.name || user.account})
                returning id::text, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`,
          );
          await events.publish(tx, 'orders.orderRefunded', [
            {
              orderId: order.id,
              refundId: refund.id,
              deviceId: order.device_id,
              merchantId: order.merchant_id,
              storeId: order.store_id,
              amount: formatCents(total),
              lines: linesJson,
              at: refund.at,
            },
          ]);
          const result: OrderRefundResult = {
            orderId: order.id,
            refund: {
              id: refund.id,
              amount: formatCents(total),
              cause: 'staff',
              reason: body.reason,
              lines: linesJson,
              by: user.name || user.account,
              at: refund.at,
            },
            refunded: formatCents(toCents(order.refunded) + total),
            refundable: formatCents(refundable - total),
          };
          await remember(tx, result);
          return result;
        }),
      );
    },
  );

  app.post(
    '/api/coffee/order/cancel',
    {
      schema: {
        body: cancelBody,
        response: answer(orderDetailAnswer),
        tags: ['order'],
        description:
          'A paid order cancelled pays the wallet back: an `Idempotency-Key` header (1–255 characters) makes ' +
          'a retry answer the first cancellation again; the same key with another body is a 422, a key ' +
          'whose first call is still running a 409.',
      },
      config: { permission: P.order.cancel, action: 'order.cancel' },
    },
    async (request) => {
      const body = request.body as z.infer<typeof cancelBody>;
      const user = request.user!;
      request.auditTarget = body.orderId;
      return idempotentWhenKeyed(db, request, (remember) =>
        inRequestScope(db, request, async (tx) => {
          const order = await lockOrder(tx, body.orderId);
          if (orderStatusOutcome(order.status, 'cancelled') !== 'move')
            throw new AppError('msg.orderMoveRefused', {
              from: STATUS_NAMES[order.status],
              to: STATUS_NAMES.cancelled,
            });
          const [step] = await rows<{ at: string }>(
            tx,
            sql`insert into sales_order_step (merchant_id, store_id, device_id, order_id, order_no, event_id, status,
                outcome, cause, reason, account_id, by_name, at)
              select merchant_id, store_id, device_id, id, order_no, ${`console-${crypto.randomUUID()}`}, 'cancelled',
                     'moved', 'console', ${body.reason}, ${user.userId}, ${user.name || user.account}, now()
              from sales_order where id = ${order.id}
              returning to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`,
          );
          await tx.execute(sql`
          update sales_order set status = 'cancelled', status_at = now(), updated_at = now() where id = ${order.id}`);
          await events.publish(tx, 'orders.orderStatusChanged', [
            {
              orderId: order.id,
              deviceId: order.device_id,
              merchantId: order.merchant_id,
              storeId: order.store_id,
              from: order.status,
              to: 'cancelled',
              cause: 'console',
              at: step.at,
            },
          ]);
          const detail = (await readOrderDetail(tx, deps, order.id, request.lang))!;
          await remember(tx, detail);
          return detail;
        }),
      );
    },
  );
}
