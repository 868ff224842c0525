/**
 * Members (issue 12, spec §3 Member and Coupon): a merchant's customers, known in every store of
 * the merchant (and of the merchants below it); their wallets and points as append-only ledgers;
 * the rules that earn points; coupon definitions and the coupons members hold. Balances are never
 * written through these resources: they follow from the ledgers (the members module's service).
 */
import { WEEKDAYS } from '../enums.ts';
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export const MEMBER_STATUSES = ['active', 'disabled'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** What moved a wallet: a top-up, an order paid, a refund, a staff adjustment, a bad cup made good. */
export const WALLET_ENTRY_KINDS = ['top-up', 'payment', 'refund', 'adjustment', 'compensation'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

/** What moved points: earned on a completed order, redeemed for a coupon, taken back on a refund, … */
export const POINTS_ENTRY_KINDS = ['earn', 'redeem', 'reverse', 'adjustment', 'expire'] as const;
export type PointsEntryKind = (typeof POINTS_ENTRY_KINDS)[number];

/** Points per amount spent (every `perAmount`), or per cup. */
export const POINTS_BASES = ['amount', 'cup'] as const;
export type PointsBasis = (typeof POINTS_BASES)[number];

export const COUPON_STATUSES = ['usable', 'unusable'] as const;
/** A held coupon: still to use, used on an order, or given back by a refund (usable again). */
export const MEMBER_COUPON_STATUSES = ['available', 'used'] as const;
/** How a member came to hold a coupon. */
export const MEMBER_COUPON_SOURCES = ['redeem', 'grant', 'compensation'] as const;

/** A member's number: what a machine's screen reads from the member's code (order `memberNo`). */
export const MEMBER_NO_PATTERN = /^M\d{6,18}$/;

export const memberResource = defineResource({
  name: 'member',
  table: 'member',
  tenant: 'merchant',
  permissions: P.member,
  labelField: 'username',
  defaultSort: '-createdAt',
  fields: {
    memberNo: f.text({ readOnly: true, search: 'eq', width: 140 }),
    username: f.text({ required: true, max: 64, search: 'like', sortable: true }),
    merchantId: f.ref('merchant', { createOnly: true, search: 'eq', ownerPicker: 'platform' }),
    phone: f.phone({ search: 'like' }),
    email: f.email({ search: 'like' }),
    gender: f.enum(GENDERS, { search: 'eq' }),
    birthday: f.date({}),
    walletBalance: f.money({ readOnly: true, sortable: true }),
    points: f.int({ readOnly: true, sortable: true }),
    status: f.enum(MEMBER_STATUSES, { default: 'active', search: 'eq' }),
    remarks: f.textarea({ max: 500 }),
    createdAt: f.datetime({ readOnly: true, search: 'range', sortable: true }),
  },
});

const READ_ONLY = ['create', 'update', 'delete', 'select'] as const;

/** One change of a wallet: signed amount and the balance after it, in the order they happened. */
export const walletEntryResource = defineResource({
  name: 'wallet-entry',
  table: 'member_wallet_entry',
  tenant: 'merchant',
  permissions: P.walletEntry,
  labelField: 'kind',
  defaultSort: '-createdAt',
  disable: READ_ONLY,
  fields: {
    memberId: f.ref('member', { readOnly: true, search: 'eq' }),
    merchantId: f.ref('merchant', { readOnly: true, search: 'eq' }),
    kind: f.enum(WALLET_ENTRY_KINDS, { readOnly: true, search: 'in' }),
    amount: f.money({ readOnly: true }),
    balanceAfter: f.money({ readOnly: true }),
    orderId: f.ref('order', { readOnly: true, search: 'eq' }),
    reason: f.text({ readOnly: true, max: 200 }),
    byName: f.text({ readOnly: true }),
    createdAt: f.datetime({ readOnly: true, search: 'range', sortable: true }),
  },
});

export const pointsEntryResource = defineResource({
  name: 'points-entry',
  table: 'member_points_entry',
  tenant: 'merchant',
  permissions: P.pointsEntry,
  labelField: 'kind',
  defaultSort: '-createdAt',
  disable: READ_ONLY,
  fields: {
    memberId: f.ref('member', { readOnly: true, search: 'eq' }),
    merchantId: f.ref('merchant', { readOnly: true, search: 'eq' }),
    kind: f.enum(POINTS_ENTRY_KINDS, { readOnly: true, search: 'in' }),
    points: f.int({ readOnly: true }),
    balanceAfter: f.int({ readOnly: true }),
    orderId: f.ref('order', { readOnly: true, search: 'eq' }),
    reason: f.text({ readOnly: true, max: 200 }),
    /** Earned points lapse then (the rule's expiry); none: they keep. */
    expiresAt: f.datetime({ readOnly: true }),
    byName: f.text({ readOnly: true }),
    createdAt: f.datetime({ readOnly: true, search: 'range', sortable: true }),
  },
});

/**
 * How members earn points: per amount spent or per cup, for a product type and a store or for
 * all, more on bonus weekdays; earned points lapse after `expiryDays` (0: never).
 */
export const pointsRuleResource = defineResource({
  name: 'points-rule',
  table: 'points_rule',
  tenant: 'merchant',
  permissions: P.pointsRule,
  labelField: 'name',
  defaultSort: 'name',
  fields: {
    name: f.text({ required: true, max: 64, search: 'like', sortable: true }),
    merchantId: f.ref('merchant', { createOnly: true, search: 'eq', ownerPicker: 'platform' }),
    storeId: f.ref('store', { search: 'eq' }),
    productTypeId: f.ref('product-type', { search: 'eq' }),
    basis: f.enum(POINTS_BASES, { required: true, default: 'amount' }),
    /** Points earned per unit (per `perAmount` spent, or per cup). */
    points: f.int({ required: true, min: 1, max: 10000 }),
    /** The amount that earns `points` (basis `amount`), e.g. "1.00". */
    perAmount: f.money({ min: 0.01 }),
    bonusWeekdays: f.enums(WEEKDAYS, {}),
    bonusMultiplier: f.int({ min: 1, max: 10, default: 2 }),
    expiryDays: f.int({ min: 0, max: 3650, default: 365 }),
    enabled: f.bool({ default: true, search: 'eq' }),
  },
});

export const couponResource = defineResource({
  name: 'coupon',
  table: 'coupon',
  tenant: 'merchant',
  permissions: P.coupon,
  labelField: 'name',
  defaultSort: 'name',
  fields: {
    name: f.text({ required: true, max: 64, search: 'like', sortable: true }),
    merchantId: f.ref('merchant', { createOnly: true, search: 'eq', ownerPicker: 'platform' }),
    discountAmount: f.money({ required: true, sortable: true, min: 0.01 }),
    /** Points a member spends to redeem it (0: not redeemable, only granted). */
    pointsCost: f.int({ required: true, min: 0, max: 1000000, sortable: true }),
    status: f.enum(COUPON_STATUSES, { default: 'usable', search: 'eq' }),
    /** Days a held coupon stays valid from the day it is received. */
    validityDays: f.int({ required: true, min: 1, max: 3650 }),
    remarks: f.textarea({ max: 500 }),
  },
});

/** A coupon a member holds: valid from/to, and the order it was used on. */
export const memberCouponResource = defineResource({
  name: 'member-coupon',
  table: 'member_coupon',
  tenant: 'merchant',
  permissions: P.memberCoupon,
  labelField: 'couponId',
  defaultSort: '-createdAt',
  disable: READ_ONLY,
  fields: {
    memberId: f.ref('member', { readOnly: true, search: 'eq' }),
    couponId: f.ref('coupon', { readOnly: true, search: 'eq' }),
    merchantId: f.ref('merchant', { readOnly: true, search: 'eq' }),
    status: f.enum(MEMBER_COUPON_STATUSES, { readOnly: true, search: 'eq' }),
    source: f.enum(MEMBER_COUPON_SOURCES, { readOnly: true, search: 'eq' }),
    discountAmount: f.money({ readOnly: true }),
    validFrom: f.datetime({ readOnly: true }),
    validTo: f.datetime({ readOnly: true, search: 'range', sortable: true }),
    orderId: f.ref('order', { readOnly: true, search: 'eq' }),
    usedAt: f.datetime({ readOnly: true }),
    createdAt: f.datetime({ readOnly: true, sortable: true }),
  },
});
