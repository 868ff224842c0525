/**
 * Menu versions (issue 6 §4): the products, recipes, prices and options a store's machines or a set
 * of machines should offer, frozen into `content` when built, pushed to each machine as a `menu`
 * command (docs/device-protocol.md), acknowledged or rejected with reasons, pushed again or rolled
 * back to.
 */
import { MENU_RELEASE_STATES } from '../enums.ts';
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

export const menuReleaseResource = defineResource({
  name: 'menu-release',
  table: 'menu_release',
  tenant: 'merchant',
  permissions: P.menuRelease,
  labelField: 'version',
  defaultSort: '-createdAt',
  disable: ['update'],
  fields: {
    name: f.text({ required: true, max: 128, search: 'like' }),
    merchantId: f.ref('merchant', { createOnly: true, search: 'eq' }),
    /** A store's machines, or the machines listed, or both. */
    storeId: f.ref('store', { createOnly: true, search: 'eq' }),
    deviceIds: f.refs('device', { createOnly: true }),
    /** Empty: what the store and machines sell (store and machine products). */
    productIds: f.refs('product', { createOnly: true }),
    version: f.text({ readOnly: true, search: 'like', sortable: true }),
    state: f.enum(MENU_RELEASE_STATES, { readOnly: true, search: 'eq' }),
    content: f.json({ readOnly: true }),
    rolledBackFrom: f.ref('menu-release', { readOnly: true }),
    targets: f.int({ readOnly: true }),
    succeeded: f.int({ readOnly: true }),
    failed: f.int({ readOnly: true }),
    pushedAt: f.datetime({ readOnly: true, sortable: true }),
    createdAt: f.datetime({ readOnly: true, search: 'range', sortable: true }),
  },
});
