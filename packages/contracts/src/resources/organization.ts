import { AVAILABILITY, ORGANIZATION_TYPES } from '../enums.ts';
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

/** User organizations: a tree of companies, branches, departments and teams. */
export const organizationResource = defineResource({
  name: 'organization',
  table: 'organization',
  tenant: 'merchant',
  permissions: P.organization,
  labelField: 'name',
  defaultSort: 'orderNum',
  fields: {
    name: f.text({ required: true, max: 64, search: 'like', sortable: true }),
    type: f.enum(ORGANIZATION_TYPES, { required: true, search: 'eq' }),
    parentId: f.ref('organization', { search: 'eq', topLevelZero: true }),
    contact: f.text({ max: 64 }),
    phone: f.phone(),
    description: f.textarea({ max: 500 }),
    status: f.enum(AVAILABILITY, { default: 'available', search: 'eq' }),
    orderNum: f.int({ min: 0, max: 9999, default: 0, sortable: true }),
  },
});
