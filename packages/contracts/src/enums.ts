/** Enumerations shared by columns, schemas and screens: one `as const` array each. */
export const PARTNER_TYPES = ['platform', 'merchant', 'store'] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];

/** Account status (spec §3): normal/on duty, resigned, vacation, disabled. */
export const ACCOUNT_STATUSES = ['normal', 'resigned', 'vacation', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
/** Statuses that may not sign in; moving an account into one revokes its sessions. */
export const BLOCKED_ACCOUNT_STATUSES: readonly AccountStatus[] = ['resigned', 'disabled'];

export const ORGANIZATION_TYPES = ['headquarters', 'branch', 'department', 'team'] as const;
export const AVAILABILITY = ['available', 'suspended'] as const;

/** Menu node types of CONTRACT §4. */
export const MENU_TYPE = { directory: 0, page: 1, button: 2 } as const;

export const OPERATION_OUTCOMES = ['success', 'failure'] as const;

/** Merchant status (spec §3): suspending signs the merchant's users out and keeps them out. */
export const MERCHANT_STATUSES = ['normal', 'suspended'] as const;
/** Store types (spec §3). */
export const STORE_TYPES = [
  'self-service',
  'pick-up',
  'self-service-takeaway',
  'self-service-takeaway-delivery',
] as const;
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export const LANGUAGES = ['en', 'zh', 'tw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'tw';

/** Password policy (issue 2): 8 to 64 characters, not one of the most common passwords. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/* ---------- machines (issue 5) ---------- */
/** Device types (spec §3): fully automatic or semi-automatic; the two have different detail pages. */
export const DEVICE_AUTOMATION = ['automatic', 'semi-automatic'] as const;
export type DeviceAutomation = (typeof DEVICE_AUTOMATION)[number];
/** Menu status (spec §4): whether the machine runs the latest menu pushed to it. */
export const MENU_STATUSES = ['updated', 'not-updated'] as const;
/**
 * The device-list counters (spec §3) and the filter of the same name: all, offline, material
 * shortage (a channel low or past its shelf life), alarm (an active fault), locked, needs maintenance.
 */
export const DEVICE_CONDITIONS = ['all', 'offline', 'shortage', 'alarm', 'locked', 'maintenance'] as const;
export type DeviceCondition = (typeof DEVICE_CONDITIONS)[number];
/** A remote command's life (issue 5): queued → sent → acknowledged → succeeded / failed / expired. */
export const COMMAND_STATES = ['queued', 'sent', 'acknowledged', 'succeeded', 'failed', 'expired'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
export const FINAL_COMMAND_STATES: readonly CommandState[] = ['succeeded', 'failed', 'expired'];
/** Lines of the machine log (`/device-journal`). */
export const DEVICE_LOG_KINDS = [
  'online',
  'offline',
  'fault',
  'fault-cleared',
  'cleaning',
  'command',
  'state',
  'bind',
  'credentials',
  'clock-skew',
  'channel-refill',
] as const;
export const FAULT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export const CLEANING_KINDS = ['rinse', 'basic', 'deep'] as const;
export const PRODUCTION_METHODS = ['scan-code', 'manual'] as const;
export const PRODUCTION_RESULTS = ['completed', 'failed'] as const;

/* ---------- catalog and menus (issue 6) ---------- */
/** Product types of spec §3. */
export const PRODUCT_KINDS = ['drink', 'snack', 'tea'] as const;
export const MATERIAL_UNITS = ['g', 'ml', 'piece'] as const;
/** Tax types of spec §3: the order type a tax is for (resources/tax.ts ORDER_TYPE_OF_TAX_TYPE). */
export const TAX_TYPES = ['dine-in', 'packaging', 'platform-takeaway'] as const;
/** Extra products: packaging (a bag, a cup carrier: the console's "Packaging bag" list) or another add-on. */
export const EXTRA_PRODUCT_KINDS = ['packaging', 'other'] as const;
/** A menu version's push, as a whole. */
export const MENU_RELEASE_STATES = ['draft', 'pushing', 'done', 'partial'] as const;
