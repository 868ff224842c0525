/**
 * The delivery platform (issue 13, spec §3/§4): a merchant's Uber Eats binding (client id and secret,
 * the secret sealed as the merchant's other keys), its stores bound to Uber store ids with their sync
 * state, the takeout products that make the Uber menu, and the log of what the listing did on Uber.
 */
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

export const DELIVERY_BINDINGS = ['bound', 'unbound'] as const;
export const DELIVERY_SYNC_STATES = ['never', 'pending', 'synced', 'failed'] as const;
export const DELIVERY_LISTING_ACTIONS = [
  'suspend-item',
  'restore-item',
  'pause-store',
  'resume-store',
  'sync-menu',
] as const;

/** Why the listing changed, as its log keeps it (the console names each in the viewer's language). */
export const DELIVERY_LISTING_CAUSES = [
  'no-machine-makes-it',
  'a-machine-makes-it',
  'no-machine-takes-orders',
  'a-machine-takes-orders',
  'store-closed',
  'machines-changed',
  'menu-changed',
  'sync-action',
  'demo-start',
] as const;
export type DeliveryListingCause = (typeof DELIVERY_LISTING_CAUSES)[number];

/** The same causes as Uber is told them (a suspension's or a pause's `reason`: English text). */
export const DELIVERY_CAUSE_TEXT: Readonly<Record<DeliveryListingCause, string>> = {
  'no-machine-makes-it': 'no machine can make it',
  'a-machine-makes-it': 'a machine can make it again',
  'no-machine-takes-orders': 'no machine takes orders',
  'a-machine-takes-orders': 'a machine takes orders again',
  'store-closed': 'store closed',
  'machines-changed': 'machines changed',
  'menu-changed': 'menu changed',
  'sync-action': 'sync action',
  'demo-start': 'demo start',
};

/** A merchant's Uber Eats application: one per merchant. */
export const uberAccountResource = defineResource({
  name: 'uber-account',
  table: 'delivery_account',
  tenant: 'merchant',
  permissions: P.uberAccount,
  labelField: 'clientId',
  defaultSort: '-createdAt',
  fields: {
    merchantId: f.ref('merchant', { createOnly: true, search: 'eq', ownerPicker: 'platform' }),
    clientId: f.text({ required: true, max: 128, search: 'like' }),
    clientSecret: f.secret({ required: true }),
    createdAt: f.datetime({ readOnly: true, sortable: true }),
  },
});

/** A store bound to its Uber Eats store id (or unbound), with its menu's sync state. */
export const deliveryStoreResource = defineResource({
  name: 'delivery-store',
  table: 'delivery_store',
  tenant: 'merchant',
  permissions: P.deliveryStore,
  labelField: 'uberStoreId',
  defaultSort: '-createdAt',
  fields: {
    storeId: f.ref('store', { required: true, createOnly: true, search: 'eq' }),
    merchantId: f.ref('merchant', { readOnly: true, search: 'eq' }),
    uberStoreId: f.text({ max: 128, search: 'like' }),
    binding: f.enum(DELIVERY_BINDINGS, { readOnly: true, search: 'eq' }),
    syncState: f.enum(DELIVERY_SYNC_STATES, { readOnly: true, search: 'eq' }),
    lastSyncAt: f.datetime({ readOnly: true, sortable: true }),
    lastError: f.text({ readOnly: true, max: 2000 }),
    paused: f.bool({ readOnly: true }),
    createdAt: f.datetime({ readOnly: true, sortable: true }),
  },
});

/** A product sold on the delivery platform (the takeout add and edit routes), importable from a sheet. */
export const takeoutProductResource = defineResource({
  name: 'takeout-product',
  table: 'delivery_product',
  tenant: 'merchant',
  permissions: P.takeoutProduct,
  labelField: 'productId',
  defaultSort: 'sortOrder',
  fields: {
    merchantId: f.ref('merchant', { createOnly: true, search: 'eq', ownerPicker: 'platform' }),
    productId: f.ref('product', { required: true, search: 'eq' }),
    deliveryPrice: f.money(),
    description: f.textarea({ max: 1000 }),
    enabled: f.bool({ default: true, search: 'eq' }),
    sortOrder: f.int({ min: 0, max: 9999, default: 0, sortable: true }),
  },
});

/** What the listing did on Uber (items suspended and restored, the store paused), and why. */
export const deliveryListingChangeResource = defineResource({
  name: 'delivery-listing-change',
  table: 'delivery_listing_change',
  tenant: 'merchant',
  permissions: P.deliveryListingChange,
  labelField: 'action',
  defaultSort: '-createdAt',
  disable: ['create', 'update', 'delete', 'select'],
  fields: {
    merchantId: f.ref('merchant', { readOnly: true, search: 'eq' }),
    storeId: f.ref('store', { readOnly: true, search: 'eq' }),
    action: f.enum(DELIVERY_LISTING_ACTIONS, { readOnly: true, search: 'in' }),
    itemId: f.text({ readOnly: true }),
    cause: f.enum(DELIVERY_LISTING_CAUSES, { readOnly: true, search: 'eq' }),
    outcome: f.enum(['done', 'failed'] as const, { readOnly: true, search: 'eq' }),
    error: f.text({ readOnly: true }),
    createdAt: f.datetime({ readOnly: true, search: 'range', sortable: true }),
  },
});
