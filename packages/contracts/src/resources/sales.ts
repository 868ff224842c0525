/**
 * What a store or a machine sells (issue 6 §3): a product, at the catalog price or its own, available
 * or not. The menus pushed to machines are built from these.
 */
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

const selling = {
  productId: f.ref('product', { required: true, createOnly: true, search: 'eq' }),
  /** Empty: the product's own price. */
  price: f.money({ min: 0 }),
  available: f.bool({ default: true, search: 'eq' }),
  sortOrder: f.int({ min: 0, max: 9999, default: 0, sortable: true }),
};

export const storeProductResource = defineResource({
  name: 'store-product',
  table: 'store_product',
  tenant: 'merchant',
  permissions: P.storeProduct,
  labelField: 'productId',
  labelContext: 'storeId',
  defaultSort: 'sortOrder',
  fields: {
    storeId: f.ref('store', { required: true, createOnly: true, search: 'eq' }),
    ...selling,
  },
});

export const machineProductResource = defineResource({
  name: 'machine-product',
  table: 'machine_product',
  tenant: 'merchant',
  permissions: P.machineProduct,
  labelField: 'productId',
  labelContext: 'deviceId',
  defaultSort: 'sortOrder',
  fields: {
    deviceId: f.ref('device', { required: true, createOnly: true, search: 'eq' }),
    ...selling,
  },
});
