import { DEVICE_AUTOMATION } from '../enums.ts';
import { MACHINE_FAMILIES } from '../device-protocol.ts';
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

/** Device types (spec §3 "machine type"): a family and fully automatic or semi-automatic. Platform catalog. */
export const deviceTypeResource = defineResource({
  name: 'device-type',
  table: 'device_type',
  tenant: 'none',
  permissions: P.deviceType,
  labelField: 'name',
  defaultSort: 'name',
  fields: {
    name: f.text({ required: true, max: 128, search: 'like', sortable: true }),
    names: f.localized('name'),
    family: f.enum(MACHINE_FAMILIES, { selectFilter: 'or-empty', required: true, search: 'eq' }),
    automation: f.enum(DEVICE_AUTOMATION, { required: true, search: 'eq' }),
    description: f.textarea({ max: 1000 }),
  },
});
