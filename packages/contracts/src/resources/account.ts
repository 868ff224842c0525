import { ACCOUNT_STATUSES, PARTNER_TYPES } from '../enums.ts';
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

/** Administrator accounts (spec §3 Account). Passwords travel long-text encrypted (CONTRACT §4). */
export const accountResource = defineResource({
  name: 'account',
  table: 'account',
  tenant: 'merchant',
  permissions: P.account,
  labelField: 'name',
  defaultSort: '-createdAt',
  fields: {
    account: f.text({ required: true, min: 3, max: 64, search: 'like', sortable: true, createOnly: true }),
    name: f.text({ required: true, max: 64, search: 'like', sortable: true }),
    password: f.password({ required: true, createOnly: true, virtual: true }),
    confirmPassword: f.password({ createOnly: true, virtual: true }),
    enterpriseName: f.text({ max: 128 }),
    roleIds: f.refs('role', { search: 'in', default: [] }),
    organizationId: f.ref('organization', { search: 'eq' }),
    // The tenant of the account: none (platform), a merchant, or a store (staff bound to one store).
    merchantId: f.ref('merchant', { createOnly: true, search: 'eq' }),
    storeId: f.ref('store', { createOnly: true, search: 'eq' }),
    phone: f.phone({ search: 'like' }),
    email: f.email({ search: 'like' }),
    idNumber: f.secret(),
    workAddress: f.text({ max: 255, list: false }),
    status: f.enum(ACCOUNT_STATUSES, { default: 'normal', search: 'eq', sortable: true }),
    avatar: f.image({ list: false, max: 500 }),
    notes: f.textarea({ max: 1000 }),
    partnerType: f.enum(PARTNER_TYPES, { readOnly: true, search: 'eq' }),
    lastLoginAt: f.datetime({ readOnly: true, sortable: true }),
  },
});
