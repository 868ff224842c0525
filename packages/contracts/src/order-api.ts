/**
 * The order detail (`GET /api/coffee/order/:id/detail`, the console's `/order-detail`) and refunds
 * (`POST /api/coffee/order/refund`, with an `Idempotency-Key` header). Money in and out is a decimal
 * string with two places (CONTRACT §3); the server computes in whole cents.
 */
import { z } from 'zod';
import { idSchema } from './resource.ts';
import { idAnswer, instantAnswer, moneyAnswer } from './answers/envelope.ts';
import { ORDER_CAUSES, ORDER_STATUSES } from './order-status.ts';
import { ORDER_TYPES, PAYMENT_METHODS } from './order-protocol.ts';
import { ORDER_CHECKS, ORDER_SOURCES } from './resources/order.ts';

/** What the price check found on one line, or on the order (`line` null): a message key with params. */
export const orderCheckNote = z.object({
  line: z.number().int().nullable(),
  /** A key of i18n/messages.ts (`order.check.*`), shown in the reader's language. */
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type OrderCheckNote = z.infer<typeof orderCheckNote>;

/** An order line: a product (its options and toppings) or an extra product sold with it (a bag). */
export const orderLineAnswer = z.object({
  /** 1, 2, … in the order shown; extras follow the product line they were sold with. */
  seq: z.number().int(),
  /** The machine's line number (an extra carries its product line's). */
  line: z.number().int(),
  kind: z.enum(['product', 'extra']),
  productId: idAnswer.nullable(),
  extraProductId: idAnswer.nullable(),
  productCode: z.string(),
  /** In the reader's language where the catalog has it; the machine's code when the product is unknown. */
  name: z.string(),
  combination: z.string().nullable(),
  /** The chosen options by the menu's option id, as the machine reported them. */
  options: z.array(z.string()),
  /** The same options by name, in the reader's language; an option the catalog no longer has, by id. */
  optionNames: z.array(z.string()),
  toppings: z.array(z.object({ code: z.string(), quantity: z.number().int() })),
  /** The server's price of one (from the menu the machine ran). */
  unitPrice: moneyAnswer,
  /** The price of one as the machine reported it. */
  reportedUnitPrice: moneyAnswer.nullable(),
  quantity: z.number().int(),
  amount: moneyAnswer,
  taxName: z.string().nullable(),
  taxRate: z.string(),
  tax: moneyAnswer,
  net: moneyAnswer,
  gross: moneyAnswer,
  refunded: moneyAnswer,
  /** A line the check flagged: 'unknown-product' or 'differs'. */
  flag: z.enum(ORDER_CHECKS).nullable(),
  /** Cups made for this line: good ones and bad ones. */
  cups: z.number().int(),
  badCups: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineAnswer>;

/** One step of an order's life: moved along an arrow, or a late/repeated (`stale`) or refused report. */
export const orderStepAnswer = z.object({
  status: z.enum(ORDER_STATUSES),
  outcome: z.enum(['moved', 'stale', 'refused']),
  cause: z.enum(ORDER_CAUSES),
  reason: z.string().nullable(),
  /** Who, for a console action. */
  by: z.string().nullable(),
  at: instantAnswer,
});

/**
 * Why a refund was made: `staff` refunded from the console (`reason` is theirs), or the order ended
 * unmade and the server gave the money back by itself (`order-ended`: a member's wallet paid back;
 * `reason` is the status it ended in, `by` null).
 */
export const REFUND_CAUSES = ['staff', 'order-ended'] as const;

export const orderRefundAnswer = z.object({
  id: idAnswer,
  amount: moneyAnswer,
  cause: z.enum(REFUND_CAUSES),
  reason: z.string(),
  lines: z.array(z.object({ seq: z.number().int(), amount: moneyAnswer })),
  by: z.string().nullable(),
  at: instantAnswer,
});

/** A cup made for the order, with its quality data (production record). */
export const orderCupAnswer = z.object({
  id: idAnswer,
  line: z.number().int().nullable(),
  productCode: z.string(),
  result: z.enum(['completed', 'failed']),
  badCup: z.boolean(),
  producedAt: instantAnswer,
  cupOutSeconds: z.number().nullable(),
  extractionSeconds: z.number().nullable(),
  coffee: z.record(z.string(), z.unknown()).nullable(),
  tea: z.array(z.record(z.string(), z.unknown())).nullable(),
});

/** A line's bad cup made good for the order's member (issue 12): money to the wallet, or a coupon. */
export const orderCompensationAnswer = z.object({
  seq: z.number().int(),
  kind: z.enum(['coupon', 'wallet']),
  amount: moneyAnswer.nullable(),
  couponName: z.string().nullable(),
  at: instantAnswer,
});

export const orderDetailAnswer = z.object({
  id: idAnswer,
  orderNo: z.string(),
  pickupCode: z.string(),
  source: z.enum(ORDER_SOURCES),
  merchantId: idAnswer.nullable(),
  merchantName: z.string().nullable(),
  storeId: idAnswer.nullable(),
  storeName: z.string().nullable(),
  deviceId: idAnswer.nullable(),
  deviceName: z.string().nullable(),
  serialNumber: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  orderType: z.enum(ORDER_TYPES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentReference: z.string().nullable(),
  currency: z.string(),
  /** Whether the country's prices include the tax (TW, JP, EU) or have it added (US). */
  pricesIncludeTax: z.boolean(),
  amount: moneyAnswer,
  discount: moneyAnswer,
  actualPayment: moneyAnswer,
  actualReceived: moneyAnswer.nullable(),
  tax: moneyAnswer,
  refunded: moneyAnswer,
  /** What may still be refunded: what was paid less what was refunded. */
  refundable: moneyAnswer,
  /** As the machine reported them, beside the server's. */
  reportedPayment: moneyAnswer.nullable(),
  reportedTax: moneyAnswer.nullable(),
  menuVersion: z.string().nullable(),
  /** The member the order was taken for (their number, as the machine or the app gave it). */
  memberNo: z.string().nullable(),
  priceCheck: z.enum(ORDER_CHECKS),
  checkNotes: z.array(orderCheckNote),
  orderedAt: instantAnswer,
  lines: z.array(orderLineAnswer),
  timeline: z.array(orderStepAnswer),
  refunds: z.array(orderRefundAnswer),
  cups: z.array(orderCupAnswer),
  compensations: z.array(orderCompensationAnswer),
});
export type OrderDetail = z.infer<typeof orderDetailAnswer>;

/** An amount to refund: positive, two places at most. */
const refundAmount = z
  .string()
  .trim()
  .regex(/^\d{1,10}(?:\.\d{1,2})?$/, { error: 'msg.invalidMoney' })
  .refine((v) => Number(v) > 0, { error: 'msg.refundPositive' });

/**
 * `POST /api/coffee/order/refund` (permission `coffee:order:refund`, header `Idempotency-Key`): the
 * whole remaining amount (no `lines`), or amounts of some lines, each at most what the line was sold
 * for less what was refunded on it; the total at most what was paid less what was refunded.
 */
export const orderRefundBody = z.object({
  orderId: idSchema,
  reason: z.string().trim().min(1, { error: 'msg.required' }).max(200),
  lines: z
    .array(z.object({ seq: z.number().int().min(1).max(999), amount: refundAmount }))
    .min(1)
    .max(100)
    .refine((list) => new Set(list.map((l) => l.seq)).size === list.length, {
      error: 'msg.refundLineTwice',
    })
    .optional(),
});
export type OrderRefundBody = z.infer<typeof orderRefundBody>;

export const orderRefundResult = z.object({
  orderId: idAnswer,
  refund: orderRefundAnswer,
  /** The order's totals after the refund. */
  refunded: moneyAnswer,
  refundable: moneyAnswer,
});
export type OrderRefundResult = z.infer<typeof orderRefundResult>;
