/**
 * Bodies and answers of the machine routes beyond the generic resource ones (issue 5): counters,
 * binding, credentials, remote operation, detail, live state, map. Server and console share them.
 */
import { z } from 'zod';
import { idSchema } from './resource.ts';
import { MAX_LIST_LIMIT } from './envelope.ts';
import type { CommandState } from './enums.ts';
import type { CommandType } from './device-protocol.ts';
// The answers are declared as schemas (answers/fleet.ts); these names are their types.
import type {
  deviceCountersAnswer,
  deviceCredentialsAnswer,
  deviceCredentialsBulkAnswer,
  deviceDetailAnswer,
  deviceMapAnswer,
  issuedCommandAnswer,
  mapPointAnswer,
  merchantMachinesAnswer,
} from './answers/fleet.ts';

/** `POST /api/coffee/device/{lock,unlock,startup,shutdown,restart}`: one machine or many. */
export const deviceIdsBody = z.object({ ids: z.array(idSchema).min(1).max(MAX_LIST_LIMIT) });

/** `POST /api/coffee/device/debug`: send a preset command to machines. */
export const debugBody = deviceIdsBody.extend({ presetId: idSchema });

/** `POST /api/coffee/device/bind`: give machines a merchant and a store; null merchant unbinds. */
export const bindBody = deviceIdsBody.extend({
  merchantId: idSchema.nullable(),
  storeId: idSchema.nullish(),
});

/** `POST /api/coffee/device/credentials`: issue a new secret for one machine. */
export const credentialsBody = z.object({ id: idSchema });
export type DeviceCredentials = z.infer<typeof deviceCredentialsAnswer>;

/**
 * The most machines one bulk re-key takes: above a list page (MAX_LIST_LIMIT), so that a whole
 * imported batch is one request and one file of secrets.
 */
export const CREDENTIALS_BULK_MAX = 1000;
/**
 * `POST /api/coffee/device/credentials/bulk`: new secrets for many machines at once, all or none
 * (imported machines have a secret nobody saw, so this is how they get one).
 */
export const credentialsBulkBody = z.object({ ids: z.array(idSchema).min(1).max(CREDENTIALS_BULK_MAX) });
export type DeviceCredentialsBulk = z.infer<typeof deviceCredentialsBulkAnswer>;

/** `POST /api/coffee/channel-config/distribute`: copy a named configuration onto machines. */
export const distributeBody = z.object({
  configName: z.string().trim().min(1).max(64),
  deviceIds: z.array(idSchema).min(1).max(MAX_LIST_LIMIT),
});

/** `POST /api/coffee/device-channel/refill`: mark channels filled now (shelf life restarts). */
export const refillBody = deviceIdsBody;

export type DeviceCounters = z.infer<typeof deviceCountersAnswer>;

export type IssuedCommand = z.infer<typeof issuedCommandAnswer>;

/** What `GET /api/coffee/device/live` streams (server-sent events), one JSON object per event. */
export interface LiveDevice {
  kind: 'device';
  id: string;
  online: boolean;
  state: string | null;
  locked: boolean;
  alarm: boolean;
  materialShortage: boolean;
  maintenanceDue: boolean;
  menuStatus: string;
  /** The menu version the machine runs, and the one last pushed to it. */
  menuVersion: string | null;
  assignedMenuVersion: string | null;
  lastSeenAt: string | null;
  totalCups: number;
}
export interface LiveCommand {
  kind: 'command';
  id: string;
  deviceId: string;
  type: CommandType;
  state: CommandState;
  attempts: number;
  reason: string | null;
  /** The server's reason as a key and its parameters (CommandReasons); null for a machine's own words. */
  reasonKey?: string | null;
  reasonParams?: Record<string, unknown> | null;
  /** A rejected menu's reasons, product by product; the release a menu command belongs to. */
  details: Array<{ productCode?: string; message: string }> | null;
  menuReleaseId: string | null;
  updatedAt: string;
}
export type LiveEvent = LiveDevice | LiveCommand;

/** `GET /api/coffee/device/detail?id=`: the machine with what its detail page shows around it. */
export type DeviceDetail = z.infer<typeof deviceDetailAnswer>;

/**
 * Colour class of a machine on the map and in the list. A machine has one: the most urgent of its
 * conditions, in the order offline, alarm, locked, shortage, maintenance (due), online.
 */
export const MAP_STATUSES = ['online', 'offline', 'alarm', 'locked', 'shortage', 'maintenance'] as const;
export type MapStatus = (typeof MAP_STATUSES)[number];
export type MapPoint = z.infer<typeof mapPointAnswer>;

/** The most points `POST /api/coffee/device/map` answers; beyond it the browser's map gets slow. */
export const MAP_POINT_LIMIT = 5000;
/** How many of the machines without a place the map answer names. */
export const UNPLACED_NAMED = 10;

/**
 * `POST /api/coffee/device/map` (body: merchantId?, storeId?): the machines with a place (their own
 * or their store's), and what the map cannot show, so the page can say so instead of hiding it.
 */
export type DeviceMap = z.infer<typeof deviceMapAnswer>;

/** `POST /api/coffee/device/merchant-summary`: machines per merchant (`/merchant-machine`). */
export type MerchantMachines = z.infer<typeof merchantMachinesAnswer>;
