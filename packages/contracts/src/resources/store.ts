import { STORE_TYPES, WEEKDAYS } from '../enums.ts';
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

/** Stores (spec §3): where machines stand; each belongs to one merchant. */
export const storeResource = defineResource({
  name: 'store',
  table: 'store',
  tenant: 'merchant',
  permissions: P.store,
  labelField: 'name',
  defaultSort: '-createdAt',
  fields: {
    name: f.text({ required: true, max: 128, search: 'like', sortable: true }),
    merchantId: f.ref('merchant', { createOnly: true, search: 'eq', ownerPicker: 'always' }),
    type: f.enum(STORE_TYPES, { required: true, search: 'eq' }),
    isOpen: f.bool({ default: true, search: 'eq' }),
    openingTime: f.time(),
    closingTime: f.time(),
    operatingDays: f.enums(WEEKDAYS, { default: [...WEEKDAYS] }),
    photo: f.image({ list: false, max: 500 }),
    city: f.text({ max: 64, search: 'like', sortable: true }),
    address: f.text({ max: 255 }),
    latitude: f.number({ min: -90, max: 90, list: false }),
    longitude: f.number({ min: -180, max: 180, list: false }),
    phone: f.phone({ list: false }),
  },
});
