import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

/** Roles grant menus, and with them the permission codes of those menus (CONTRACT §4). */
export const roleResource = defineResource({
  name: 'role',
  table: 'role',
  tenant: 'merchant',
  permissions: P.role,
  labelField: 'roleTitle',
  // Every merchant has its "Merchant administrator": a platform user's pickers tell them apart.
  labelContext: 'merchantId',
  defaultSort: '-createdAt',
  fields: {
    roleName: f.text({ required: true, max: 64, search: 'like', sortable: true }),
    roleTitle: f.text({ required: true, max: 64, search: 'like', sortable: true }),
    remark: f.textarea({ max: 500 }),
    /** Whose role it is: the merchant of the user who made it (none: a platform role). */
    merchantId: f.ref('merchant', { readOnly: true, search: 'eq' }),
    menuIdList: f.refs('menu', { max: 2000, form: false, default: [] }),
  },
});
