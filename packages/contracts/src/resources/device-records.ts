/**
 * What machines report, as read-only resources: each is listed, filtered and exported through the
 * generic routes, tenant-scoped like the machine it came from. The gateway writes them.
 */
import {
  CLEANING_KINDS,
  COMMAND_STATES,
  DEVICE_LOG_KINDS,
  FAULT_SEVERITIES,
  PRODUCTION_METHODS,
  PRODUCTION_RESULTS,
} from '../enums.ts';
import { COMMAND_TYPES } from '../device-protocol.ts';
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

const READ_ONLY = ['create', 'update', 'delete', 'select'] as const;
const machine = {
  deviceId: f.ref('device', { readOnly: true, search: 'eq' }),
  serialNumber: f.text({ readOnly: true, search: 'like' }),
};

/** One cup (spec §3 data rows and coffee data; tea segments). */
export const productionRecordResource = defineResource({
  name: 'production-record',
  table: 'production_record',
  tenant: 'merchant',
  permissions: P.productionRecord,
  labelField: 'productCode',
  defaultSort: '-producedAt',
  disable: READ_ONLY,
  fields: {
    ...machine,
    producedAt: f.datetime({ readOnly: true, search: 'range', sortable: true }),
    productCode: f.text({ readOnly: true, search: 'like' }),
    recipeVersion: f.text({ readOnly: true, list: false }),
    method: f.enum(PRODUCTION_METHODS, { readOnly: true, search: 'eq' }),
    result: f.enum(PRODUCTION_RESULTS, { readOnly: true, search: 'eq' }),
    badCup: f.bool({ readOnly: true, search: 'eq' }),
    startedAt: f.datetime({ readOnly: true, list: false }),
    cupOutSeconds: f.number({ readOnly: true }),
    extractionSeconds: f.number({ readOnly: true }),
    coffee: f.json({ readOnly: true }),
    tea: f.json({ readOnly: true }),
    materials: f.json({ readOnly: true }),
    eventId: f.text({ readOnly: true, list: false }),
    receivedAt: f.datetime({ readOnly: true, list: false }),
  },
});

/** Faults raised, and when they cleared ("Fault Log"). */
export const faultLogResource = defineResource({
  name: 'fault-log',
  table: 'fault_log',
  tenant: 'merchant',
  permissions: P.faultLog,
  labelField: 'code',
  defaultSort: '-raisedAt',
  disable: READ_ONLY,
  fields: {
    ...machine,
    code: f.text({ readOnly: true, search: 'like' }),
    message: f.text({ readOnly: true }),
    severity: f.enum(FAULT_SEVERITIES, { readOnly: true, search: 'eq' }),
    active: f.bool({ readOnly: true, search: 'eq' }),
    raisedAt: f.datetime({ readOnly: true, search: 'range', sortable: true }),
    clearedAt: f.datetime({ readOnly: true }),
    eventId: f.text({ readOnly: true, list: false }),
  },
});

/** Cleaning runs ("Cleaning Record"): rinse, basic and deep; basic and deep reset the maintenance counters. */
export const cleaningRecordResource = defineResource({
  name: 'cleaning-record',
  table: 'cleaning_record',
  tenant: 'merchant',
  permissions: P.cleaningRecord,
  labelField: 'kind',
  defaultSort: '-cleanedAt',
  disable: READ_ONLY,
  fields: {
    ...machine,
    kind: f.enum(CLEANING_KINDS, { readOnly: true, search: 'eq' }),
    result: f.enum(PRODUCTION_RESULTS, { readOnly: true, search: 'eq' }),
    durationSeconds: f.number({ readOnly: true }),
    cleanedAt: f.datetime({ readOnly: true, search: 'range', sortable: true }),
    eventId: f.text({ readOnly: true, list: false }),
  },
});

/** The machine log (`/device-journal`): online and offline, faults, cleanings, commands, binding. */
export const deviceLogResource = defineResource({
  name: 'device-log',
  table: 'device_log',
  tenant: 'merchant',
  permissions: P.deviceLog,
  labelField: 'kind',
  defaultSort: '-at',
  disable: READ_ONLY,
  fields: {
    ...machine,
    kind: f.enum(DEVICE_LOG_KINDS, { readOnly: true, search: 'eq' }),
    message: f.text({ readOnly: true, search: 'like' }),
    at: f.datetime({ readOnly: true, search: 'range', sortable: true }),
  },
});

/** Remote commands, each a row with its state (issue 5 §4). Issued through the device routes. */
export const deviceCommandResource = defineResource({
  name: 'device-command',
  table: 'device_command',
  tenant: 'merchant',
  permissions: P.deviceCommand,
  labelField: 'type',
  defaultSort: '-createdAt',
  disable: READ_ONLY,
  fields: {
    ...machine,
    type: f.enum(COMMAND_TYPES, { readOnly: true, search: 'eq' }),
    state: f.enum(COMMAND_STATES, { readOnly: true, search: 'eq' }),
    commandId: f.text({ readOnly: true, search: 'eq', list: false }),
    params: f.json({ readOnly: true }),
    issuedBy: f.text({ readOnly: true }),
    attempts: f.int({ readOnly: true }),
    reason: f.text({ readOnly: true }),
    /** A rejected menu's reasons, product by product. */
    details: f.json({ readOnly: true }),
    menuReleaseId: f.ref('menu-release', { readOnly: true, search: 'eq', list: false }),
    expiresAt: f.datetime({ readOnly: true }),
    sentAt: f.datetime({ readOnly: true, list: false }),
    acknowledgedAt: f.datetime({ readOnly: true, list: false }),
    finishedAt: f.datetime({ readOnly: true }),
    createdAt: f.datetime({ readOnly: true, search: 'range', sortable: true }),
  },
});
