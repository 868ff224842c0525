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
  // The tenant the row carries (the machine's when it was written): a platform or chain user narrows
  // records to one merchant or store.
  merchantId: f.ref('merchant', { readOnly: true, search: 'eq', list: false }),
  storeId: f.ref('store', { readOnly: true, search: 'eq', list: false }),
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
    /** The English text: what older lines carry alone, and what the search matches. */
    message: f.text({ readOnly: true, search: 'like' }),
    /** What the line says, worded by the console in the reader's language (DeviceLogMessages). */
    messageKey: f.text({ readOnly: true, list: false }),
    params: f.json({ readOnly: true }),
    at: f.datetime({ readOnly: true, search: 'range', sortable: true }),
  },
});

/**
 * What a machine-log line says, as a message key and its parameters, so the console words it in the
 * reader's language; the server also stores the English text as `message`. The console translates the
 * enumerated parameters in turn: command `type` and `state`, cleaning `kind` and `result`, machine
 * `state`. Fault codes and messages, rejection reasons and names are the machine's or the tenant's
 * own words and pass through as they are.
 */
export interface DeviceLogMessages {
  /** Bound to a merchant (and one of its stores): their names, never ids. */
  bound: { merchant: string };
  boundToStore: { merchant: string; store: string };
  unbound: Record<string, never>;
  secretIssued: Record<string, never>;
  commandQueued: { type: string; account: string };
  menuQueued: { version: string; account: string };
  commandFinished: { type: string; state: string };
  /** The reason is the machine's own words. */
  commandFinishedReason: { type: string; state: string; reason: string };
  /** Failed: larger (bytes) than the machine's MQTT Maximum Packet Size (limit), so never sent. */
  commandTooLarge: { type: string; bytes: number; limit: number };
  online: Record<string, never>;
  offline: Record<string, never>;
  /** Offline because its heartbeats stopped without a last will. */
  noHeartbeat: Record<string, never>;
  locked: Record<string, never>;
  unlocked: Record<string, never>;
  machineState: { state: string };
  clockSkew: { seconds: number };
  fault: { code: string; message: string };
  faultCode: { code: string };
  faultCleared: { code: string };
  cleaning: { kind: string; result: string };
  channelRefill: { channel: number };
}
export type DeviceLogMessageKey = keyof DeviceLogMessages;

/** Every message key, for checks that each has its text in every language. */
export const DEVICE_LOG_MESSAGE_KEYS = Object.keys({
  bound: 1,
  boundToStore: 1,
  unbound: 1,
  secretIssued: 1,
  commandQueued: 1,
  menuQueued: 1,
  commandFinished: 1,
  commandFinishedReason: 1,
  commandTooLarge: 1,
  online: 1,
  offline: 1,
  noHeartbeat: 1,
  locked: 1,
  unlocked: 1,
  machineState: 1,
  clockSkew: 1,
  fault: 1,
  faultCode: 1,
  faultCleared: 1,
  cleaning: 1,
  channelRefill: 1,
} satisfies Record<DeviceLogMessageKey, 1>) as DeviceLogMessageKey[];

/**
 * Why the server ended a command, as a key and its parameters stored beside the English `reason`,
 * so the console words it in the reader's language. A reason a machine wrote (why it rejected a
 * menu) has no key: it stays the machine's own words.
 */
export interface CommandReasons {
  /** Not finished before its expiry. */
  expired: Record<string, never>;
  /** Larger (bytes) than the machine's MQTT Maximum Packet Size (limit), so never sent. */
  tooLarge: { bytes: number; limit: number };
  /** Replaced by a newer menu for the same machine before it took this one. */
  supersededByMenu: Record<string, never>;
  /** Replaced by a newer channel configuration for the same machine. */
  supersededByChannels: Record<string, never>;
  /** The machine went to another merchant (or back to the platform) before it finished this. */
  machineMoved: Record<string, never>;
  /** The machine went to another store of its merchant: a menu or order meant for the old store. */
  machineMovedStore: Record<string, never>;
  /** The machine was deleted before it finished this. */
  machineRemoved: Record<string, never>;
}
export type CommandReasonKey = keyof CommandReasons;

/** Every reason key, for checks that each has its text in every language. */
export const COMMAND_REASON_KEYS = Object.keys({
  expired: 1,
  tooLarge: 1,
  supersededByMenu: 1,
  supersededByChannels: 1,
  machineMoved: 1,
  machineMovedStore: 1,
  machineRemoved: 1,
} satisfies Record<CommandReasonKey, 1>) as CommandReasonKey[];

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
    /** The server's reasons as a key and parameters (CommandReasons), worded by the console. */
    reasonKey: f.text({ readOnly: true, list: false }),
    reasonParams: f.json({ readOnly: true }),
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
