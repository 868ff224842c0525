/**
 * Orders taken on a machine's own screen, as the machine reports them (device protocol v1, §4.3
 * `order` and `order-status` events; docs/device-protocol.md). Additive to v1: a machine that takes
 * no orders sends none, and an older server drops these types as unknown events.
 *
 * Money travels as a decimal string with two places ("12.50"), never a binary float: the server
 * recomputes every amount from the menu the machine ran and its tax configuration, and flags the
 * order where the machine's figures differ.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from './order-status.ts';

/** "12.50": at most 10 digits before the point, exactly two after. */
export const REPORTED_MONEY_PATTERN = /^\d{1,10}\.\d{2}$/;
export const moneyString = z.string().regex(REPORTED_MONEY_PATTERN, 'an amount such as 12.50');

export const PAYMENT_METHODS = ['wallet', 'cash', 'card-machine', 'third-party', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Dine-in, or packed to take away (spec §3 order type). */
export const ORDER_TYPES = ['dine-in', 'pack'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** The machine's order number: unique per machine, the key of its events. */
export const ORDER_NO_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;
const orderNo = z.string().regex(ORDER_NO_PATTERN, 'letters, digits, "_", "." or "-", at most 40');

const timestamp = z.iso
  .datetime({ offset: true })
  .refine((s) => Number(s.slice(0, 4)) >= 1970, 'a time before 1970');

/** One line of an order: a product in a size or combination, with options and toppings. */
export const orderLine = z.object({
  /** 1, 2, …: a cup names its line by this number. */
  line: z.number().int().min(1).max(99),
  productCode: z.string().min(1).max(64),
  /** The size or recipe combination chosen ("L", "iced"), as the menu names it. */
  combination: z.string().max(64).optional(),
  options: z.array(z.string().min(1).max(64)).max(16).default([]),
  toppings: z
    .array(z.object({ code: z.string().min(1).max(64), quantity: z.number().int().min(1).max(20) }))
    .max(16)
    .default([]),
  /** Extra products sold with the line (a packaging bag), by code. */
  extras: z
    .array(z.object({ code: z.string().min(1).max(64), quantity: z.number().int().min(1).max(20) }))
    .max(8)
    .default([]),
  /** The price of one, options and toppings included, as the machine showed it. */
  unitPrice: moneyString,
  quantity: z.number().int().min(1).max(99),
});
export type OrderLineReport = z.infer<typeof orderLine>;

/** A new order (sent once, when the customer confirms on the screen). */
export const orderEvent = z.object({
  eventId: z.uuid(),
  ts: timestamp,
  type: z.literal('order'),
  orderNo,
  pickupCode: z.string().min(1).max(16),
  orderType: z.enum(ORDER_TYPES),
  /** The menu version the screen showed (the one the server sent): prices are checked against it. */
  menuVersion: z.string().max(64).optional(),
  /** ISO 4217, the machine's currency; the store's country decides when absent. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  lines: z.array(orderLine).min(1).max(50),
  payment: z.object({
    method: z.enum(PAYMENT_METHODS),
    /** What the customer is asked to pay after discounts, as the machine computed it. */
    amount: moneyString,
    /** A discount the machine applied (a coupon scanned at the machine). */
    discount: moneyString.default('0.00'),
    /** The card terminal's or third party's reference. */
    reference: z.string().max(64).optional(),
  }),
  /** The tax the machine printed, if it prints one: compared with the server's. */
  tax: moneyString.optional(),
  status: z.enum(ORDER_STATUSES).default('waiting-payment'),
  /** A member identified at the machine (app code scanned), by the member's number. */
  memberNo: z.string().max(40).optional(),
});
export type OrderReport = z.infer<typeof orderEvent>;

/** An order moved on at the machine: paid, making, handed out, cancelled, refused. */
export const orderStatusEvent = z.object({
  eventId: z.uuid(),
  ts: timestamp,
  type: z.literal('order-status'),
  orderNo,
  status: z.enum(ORDER_STATUSES),
  /** Money received, with the payment (`paid`): what the card terminal or cash box took. */
  received: moneyString.optional(),
  reason: z.string().max(200).optional(),
});
export type OrderStatusReport = z.infer<typeof orderStatusEvent>;

/** On a `production` event: the order line the cup was made for. */
export const cupOrderRef = z.object({ orderNo, line: z.number().int().min(1).max(99) });
