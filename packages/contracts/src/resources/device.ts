import { DEVICE_AUTOMATION, MENU_STATUSES } from '../enums.ts';
import { MACHINE_FAMILIES, MACHINE_STATES, SERIAL_NUMBER_PATTERN } from '../device-protocol.ts';
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

/**
 * Machines (spec §3 Device). The registry part is written by people; the live part (read-only here)
 * by the MQTT gateway from what the machine reports. A machine registered by the platform without a
 * merchant is unbound; binding gives it a merchant and a store (`POST /api/coffee/device/bind`).
 * Its MQTT secret is issued at creation and on rotation, answered once, stored only as a hash.
 */
export const deviceResource = defineResource({
  name: 'device',
  table: 'device',
  tenant: 'merchant',
  permissions: P.device,
  labelField: 'name',
  defaultSort: '-createdAt',
  fields: {
    name: f.text({ required: true, max: 128, search: 'like', sortable: true }),
    serialNumber: f.text({
      required: true,
      createOnly: true,
      max: 64,
      pattern: SERIAL_NUMBER_PATTERN,
      message: 'msg.invalidSerialNumber',
      search: 'like',
      sortable: true,
    }),
    modelId: f.ref('device-model', { required: true, search: 'eq' }),
    family: f.enum(MACHINE_FAMILIES, { selectFilter: 'or-empty', readOnly: true, search: 'eq' }),
    automation: f.enum(DEVICE_AUTOMATION, { readOnly: true, search: 'eq' }),
    code: f.text({ max: 64, search: 'like' }),
    retailer: f.text({ max: 128, search: 'like', list: false }),
    cardMachineSerial: f.text({ max: 64, list: false }),
    merchantId: f.ref('merchant', { createOnly: true, search: 'eq' }),
    storeId: f.ref('store', { createOnly: true, search: 'eq' }),
    location: f.text({ max: 255, search: 'like' }),
    latitude: f.number({ min: -90, max: 90, list: false }),
    longitude: f.number({ min: -180, max: 180, list: false }),
    brand: f.text({ max: 64, list: false }),
    phone: f.phone({ list: false }),
    manufactureDate: f.date({ list: false }),
    usageDate: f.date({ list: false }),
    availableMerchantIds: f.refs('merchant'),
    // Live state, written by the gateway.
    online: f.bool({ readOnly: true, default: false, search: 'eq' }),
    lastSeenAt: f.datetime({ readOnly: true, sortable: true }),
    state: f.enum(MACHINE_STATES, { readOnly: true, search: 'eq' }),
    locked: f.bool({ readOnly: true, default: false, search: 'eq' }),
    alarm: f.bool({ readOnly: true, default: false, search: 'eq' }),
    faultCodes: f.json({ readOnly: true }),
    materialShortage: f.bool({ readOnly: true, default: false, search: 'eq' }),
    maintenanceDue: f.bool({ readOnly: true, default: false, search: 'eq' }),
    menuStatus: f.enum(MENU_STATUSES, { readOnly: true, default: 'not-updated', search: 'eq' }),
    menuVersion: f.text({ readOnly: true, list: false }),
    /** The menu version last pushed to the machine; "updated" when it runs it. */
    assignedMenuVersion: f.text({ readOnly: true, list: false }),
    firmware: f.text({ readOnly: true, list: false }),
    totalCups: f.int({ readOnly: true, default: 0, sortable: true }),
    cupsSinceBasic: f.int({ readOnly: true, default: 0, list: false }),
    cupsSinceDeep: f.int({ readOnly: true, default: 0, list: false }),
    lastBasicMaintenanceAt: f.datetime({ readOnly: true, list: false }),
    lastDeepMaintenanceAt: f.datetime({ readOnly: true, list: false }),
    clockSkewed: f.bool({ readOnly: true, default: false, list: false }),
  },
});
