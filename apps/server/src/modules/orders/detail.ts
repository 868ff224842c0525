/**
 * `GET /api/coffee/order/:id/detail` (the console's `/order-detail`): an order with its lines and
 * their taxes, its payment and refunds, its status timeline, and the cups the machine made for it
 * with their quality data. Read in the caller's scope: another tenant's order is a 404.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { idSchema, nameIn, orderDetailAnswer, P, type OrderDetail } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inRequestScope } from '../../platform/crud/scope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import type { FleetService } from '../fleet/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import { paidAmount, walletCompensated } from './paid.ts';

/** What the detail reads through other modules: the machine and its cups, the options' names. */
export interface DetailReaders {
  fleet: FleetService;
  catalog: Pick<CatalogService, 'optionNames'>;
}

const ISO = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The order as the detail shows it, read in `tx` (the caller's scope), or undefined. */
export async function readOrderDetail(
  tx: Db,
  readers: DetailReaders,
  id: string,
  lang: string,
): Promise<OrderDetail | undefined> {
  const { fleet, catalog } = readers;
  const [o] = await rows<Record<string, unknown>>(
    tx,
    sql`select o.id::text, o.order_no, o.pickup_code, o.source, o.merchant_id::text, m.name as merchant_name, o.store_id::text, s.name as store_name, o.device_id::text,
               o.serial_number, o.status, o.order_type, o.payment_method, o.payment_reference, o.currency,
               o.prices_include_tax, o.amount::text, o.discount::text, o.actual_payment::text,
               o.actual_received::text, o.tax::text, o.refunded::text,
               greatest(${paidAmount('o')} - o.refunded - ${walletCompensated('o')}, 0)::text as refundable,
               o.reported_payment::text, o.reported_tax::text, o.menu_version, o.member_no, o.price_check, o.check_notes,
               ${ISO('o.ordered_at')} as ordered_at
        from sales_order o
        left join merchant m on m.id = o.merchant_id
        left join store s on s.id = o.store_id
        where o.id = ${id}`,
  );
  if (!o) return undefined;
  const lines = await rows<Record<string, unknown>>(
    tx,
    sql`select seq, line, kind, product_id::text, extra_product_id::text, product_code, name, names, combination,
               options, toppings, unit_price::text, reported_unit_price::text, quantity, amount::text, tax_name,
               tax_rate, tax::text, net::text, gross::text, refunded::text, flag
        from sales_order_line where order_id = ${id} order by seq`,
  );
  const steps = await rows<Record<string, unknown>>(
    tx,
    sql`select status, outcome, cause, reason, by_name, ${ISO('at')} as at
        from sales_order_step where order_id = ${id} and outcome <> 'pending' order by at, id`,
  );
  const refunds = await rows<Record<string, unknown>>(
    tx,
    sql`select id::text, amount::text, cause, reason, lines, by_name, ${ISO('created_at')} as at
        from sales_order_refund where order_id = ${id} order by created_at, id`,
  );
  const compensations = await rows<Record<string, unknown>>(
    tx,
    sql`select seq, kind, amount::text, coupon_name, ${ISO('created_at')} as at
        from sales_order_compensation where order_id = ${id} order by seq`,
  );
  const deviceId = o.device_id as string | null;
  const cups = deviceId ? await fleet.reports.cupsOfOrders(tx, deviceId, [String(o.order_no)]) : [];
  const machine = deviceId ? (await fleet.reports.machineNames(tx, [deviceId])).get(deviceId) : undefined;
  const optionNames = await catalog.optionNames(
    tx,
    lines.flatMap((l) => l.options as string[]),
    lang,
  );
  const cupsOf = (line: number) => cups.filter((c) => c.line === line && c.result === 'completed');
  return {
    id: String(o.id),
    orderNo: String(o.order_no),
    pickupCode: String(o.pickup_code),
    source: o.source as OrderDetail['source'],
    merchantId: (o.merchant_id as string | null) ?? null,
    merchantName: (o.merchant_name as string | null) ?? null,
    storeId: (o.store_id as string | null) ?? null,
    storeName: (o.store_name as string | null) ?? null,
    deviceId,
    deviceName: machine?.name ?? null,
    serialNumber: (o.serial_number as string | null) ?? null,
    status: o.status as OrderDetail['status'],
    orderType: o.order_type as OrderDetail['orderType'],
    paymentMethod: o.payment_method as OrderDetail['paymentMethod'],
    paymentReference: (o.payment_reference as string | null) ?? null,
    currency: String(o.currency),
    pricesIncludeTax: Boolean(o.prices_include_tax),
    amount: String(o.amount),
    discount: String(o.discount),
    actualPayment: String(o.actual_payment),
    actualReceived: (o.actual_received as string | null) ?? null,
    tax: String(o.tax),
    refunded: String(o.refunded),
    refundable: String(o.refundable),
    reportedPayment: (o.reported_payment as string | null) ?? null,
    reportedTax: (o.reported_tax as string | null) ?? null,
    menuVersion: (o.menu_version as string | null) ?? null,
    memberNo: (o.member_no as string | null) ?? null,
    priceCheck: o.price_check as OrderDetail['priceCheck'],
    checkNotes: o.check_notes as OrderDetail['checkNotes'],
    orderedAt: String(o.ordered_at),
    lines: lines.map((l) => ({
      seq: Number(l.seq),
      line: Number(l.line),
      kind: l.kind as 'product' | 'extra',
      productId: (l.product_id as string | null) ?? null,
      extraProductId: (l.extra_product_id as string | null) ?? null,
      productCode: String(l.product_code),
      name: nameIn({ name: l.name, names: l.names }, lang),
      combination: (l.combination as string | null) ?? null,
      options: l.options as string[],
      optionNames: (l.options as string[]).map((id) => optionNames.get(id) ?? id),
      toppings: l.toppings as Array<{ code: string; quantity: number }>,
      unitPrice: String(l.unit_price),
      reportedUnitPrice: (l.reported_unit_price as string | null) ?? null,
      quantity: Number(l.quantity),
      amount: String(l.amount),
      taxName: (l.tax_name as string | null) ?? null,
      taxRate: String(l.tax_rate),
      tax: String(l.tax),
      net: String(l.net),
      gross: String(l.gross),
      refunded: String(l.refunded),
      flag: (l.flag as OrderDetail['lines'][number]['flag']) ?? null,
      cups: l.kind === 'product' ? cupsOf(Number(l.line)).filter((c) => !c.badCup).length : 0,
      badCups: l.kind === 'product' ? cupsOf(Number(l.line)).filter((c) => c.badCup).length : 0,
    })),
    timeline: steps.map((s) => ({
      status: s.status as OrderDetail['status'],
      outcome: s.outcome as 'moved' | 'stale' | 'refused',
      cause: s.cause as OrderDetail['timeline'][number]['cause'],
      reason: (s.reason as string | null) ?? null,
      by: (s.by_name as string | null) ?? null,
      at: String(s.at),
    })),
    refunds: refunds.map((r) => ({
      id: String(r.id),
      amount: String(r.amount),
      cause: r.cause as OrderDetail['refunds'][number]['cause'],
      reason: String(r.reason),
      lines: r.lines as Array<{ seq: number; amount: string }>,
      by: (r.by_name as string | null) ?? null,
      at: String(r.at),
    })),
    cups: cups.map((c) => ({
      id: c.id,
      line: c.line,
      productCode: c.productCode,
      result: c.result,
      badCup: c.badCup,
      producedAt: c.producedAt,
      cupOutSeconds: c.cupOutSeconds,
      extractionSeconds: c.extractionSeconds,
      coffee: c.coffee,
      tea: c.tea,
    })),
    compensations: compensations.map((c) => ({
      seq: Number(c.seq),
      kind: c.kind as 'coupon' | 'wallet',
      amount: (c.amount as string | null) ?? null,
      couponName: (c.coupon_name as string | null) ?? null,
      at: String(c.at),
    })),
  };
}

export function registerOrderDetail(app: FastifyInstance, deps: DetailReaders & { db: Db }) {
  app.get(
    '/api/coffee/order/:id/detail',
    {
      schema: { params: z.object({ id: idSchema }), response: answer(orderDetailAnswer), tags: ['order'] },
      config: { permission: P.order.list },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const detail = await inRequestScope(deps.db, request, (tx) =>
        readOrderDetail(tx, deps, id, request.lang),
      );
      if (!detail) throw new AppError('msg.notFound');
      return detail;
    },
  );
}
