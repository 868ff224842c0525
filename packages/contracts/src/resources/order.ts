/**
 * Orders (issue 11, spec §3 Order): every sale a machine reports, with the server's own prices and
 * taxes beside what the machine said. Rows are written by the orders module only (machine reports,
 * refunds); the console lists, filters, exports and opens them (`/order-detail`).
 */
import { ORDER_STATUSES } from '../order-status.ts';
import { ORDER_TYPES, PAYMENT_METHODS } from '../order-protocol.ts';
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

/**
 * What the server's check of a machine's figures found: `ok`; `differs` — a price, the total or the
 * tax the machine reported is not the server's; `unknown-product` — a line names a product the
 * menu and the catalog do not know (kept, never dropped); `menu-unknown` — the menu version is not
 * one the server sent, so the prices were checked against the catalog's current ones; `unpaid` — the
 * machine took it as paid from a member's wallet, but no wallet could pay it (an unknown or disabled
 * member, or not enough money): the money is owed, not taken.
 */
export const ORDER_CHECKS = ['ok', 'differs', 'unknown-product', 'menu-unknown', 'unpaid'] as const;
export type OrderCheck = (typeof ORDER_CHECKS)[number];

/** Where an order was taken: a machine's own screen, the ordering app, a delivery platform. */
export const ORDER_SOURCES = ['machine', 'app', 'delivery'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

const READ_ONLY = ['create', 'update', 'delete'] as const;

export const orderResource = defineResource({
  name: 'order',
  table: 'sales_order',
  tenant: 'merchant',
  permissions: P.order,
  labelField: 'orderNo',
  defaultSort: '-orderedAt',
  disable: READ_ONLY,
  // Found by typing the start of its number: a merchant has too many to list.
  picker: 'search',
  fields: {
    orderNo: f.text({ readOnly: true, search: 'like', width: 200 }),
    pickupCode: f.text({ readOnly: true, search: 'eq', width: 100 }),
    merchantId: f.ref('merchant', { readOnly: true, search: 'eq' }),
    storeId: f.ref('store', { readOnly: true, search: 'eq' }),
    deviceId: f.ref('device', { readOnly: true, search: 'eq' }),
    status: f.enum(ORDER_STATUSES, { readOnly: true, search: 'in' }),
    paymentMethod: f.enum(PAYMENT_METHODS, { readOnly: true, search: 'eq' }),
    orderType: f.enum(ORDER_TYPES, { readOnly: true, search: 'eq' }),
    /** The lines at the server's prices, before the discount (with the tax when prices include it). */
    amount: f.money({ readOnly: true, sortable: true }),
    discount: f.money({ readOnly: true }),
    /** What the customer is to pay: amount − discount (+ tax where it is added on top). */
    actualPayment: f.money({ readOnly: true, sortable: true }),
    /** What the machine's card terminal or cash box took. */
    actualReceived: f.money({ readOnly: true }),
    /** The order's total tax: the sum of its lines' taxes. */
    tax: f.money({ readOnly: true }),
    refunded: f.money({ readOnly: true }),
    currency: f.text({ readOnly: true, list: false }),
    priceCheck: f.enum(ORDER_CHECKS, { readOnly: true, search: 'eq' }),
    source: f.enum(ORDER_SOURCES, { readOnly: true, search: 'eq', list: false }),
    orderedAt: f.datetime({ readOnly: true, search: 'range', sortable: true }),
  },
});
