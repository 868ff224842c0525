import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

/**
 * Device models ("Device Name/Model"): a type made by a manufacturer, with the cup counts after which
 * a machine needs basic and deep maintenance.
 */
export const deviceModelResource = defineResource({
  name: 'device-model',
  table: 'device_model',
  tenant: 'none',
  permissions: P.deviceModel,
  labelField: 'name',
  defaultSort: 'name',
  fields: {
    name: f.text({ required: true, max: 128, search: 'like', sortable: true }),
    code: f.text({ required: true, max: 64, search: 'like', sortable: true }),
    deviceTypeId: f.ref('device-type', { required: true, search: 'eq' }),
    manufacturer: f.text({ max: 128, search: 'like' }),
    channelCount: f.int({ min: 0, max: 99, default: 6 }),
    basicMaintenanceCups: f.int({ min: 1, max: 1_000_000, default: 500 }),
    deepMaintenanceCups: f.int({ min: 1, max: 10_000_000, default: 5000 }),
    description: f.textarea({ max: 1000 }),
  },
});
