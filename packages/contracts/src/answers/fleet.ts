/**
 * Answers of the machine routes beyond the generic resource ones (fleet-api.ts has their bodies):
 * counters, map, merchant summary, detail, binding, credentials, commands and channels.
 */
import { z } from 'zod';
import { COMMAND_STATES, DEVICE_CONDITIONS } from '../enums.ts';
import { COMMAND_TYPES } from '../device-protocol.ts';
import { MAP_STATUSES } from '../fleet-api.ts';
import { deviceResource } from '../resources/device.ts';
import { idAnswer, instantAnswer } from './envelope.ts';
import { resourceItemSchema } from './resource-answers.ts';

/** `POST /api/coffee/device/counters`: machines per condition, for the list's other filters. */
export const deviceCountersAnswer = z.object(
  Object.fromEntries(DEVICE_CONDITIONS.map((c) => [c, z.number().int()])) as Record<
    (typeof DEVICE_CONDITIONS)[number],
    z.ZodNumber
  >,
);

export const mapPointAnswer = z.object({
  id: idAnswer,
  name: z.string(),
  serialNumber: z.string(),
  automation: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  status: z.enum(MAP_STATUSES),
  storeId: idAnswer.nullable(),
  storeName: z.string().nullable(),
  /** `device`: the machine has coordinates of its own; `store`: it stands where its store is. */
  placedBy: z.enum(['device', 'store']),
});

/** `POST /api/coffee/device/map`: the machines with a place, and what the map cannot show. */
export const deviceMapAnswer = z.object({
  /** The server's MAP_TILE_URL; null when none is configured. */
  tileUrl: z.string().nullable(),
  /** At most `limit`, by name. */
  points: z.array(mapPointAnswer),
  /** Machines matching the filters that have a place; more than `points.length` when `truncated`. */
  placed: z.number().int(),
  /** Machines matching the filters with no place of their own nor of their store: not on the map. */
  unplaced: z.number().int(),
  /** The first `UNPLACED_NAMED` of them by name, for the page to link to. */
  unplacedMachines: z.array(
    mapPointAnswer.pick({ id: true, name: true, serialNumber: true, automation: true }),
  ),
  limit: z.number().int(),
  truncated: z.boolean(),
});

/** `POST /api/coffee/device/merchant-summary`: machines per merchant (`/merchant-machine`). */
export const merchantMachinesAnswer = z.object({
  merchantId: idAnswer.nullable(),
  merchantName: z.string().nullable(),
  total: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  alarm: z.number().int(),
  locked: z.number().int(),
  shortage: z.number().int(),
  maintenance: z.number().int(),
});

const maintenanceAnswer = z.object({
  cupsSince: z.number(),
  every: z.number(),
  due: z.boolean(),
  lastAt: instantAnswer.nullable(),
});
/** A history row of the detail page (a cup, a fault, a cleaning, a command), in camelCase. */
const historyRow = z.record(z.string(), z.unknown());

/** `GET /api/coffee/device/detail?id=`: the machine with what its detail page shows around it. */
export const deviceDetailAnswer = z.object({
  device: resourceItemSchema(deviceResource),
  modelName: z.string().nullable(),
  typeName: z.string().nullable(),
  merchantName: z.string().nullable(),
  storeName: z.string().nullable(),
  maintenance: z.object({ basic: maintenanceAnswer, deep: maintenanceAnswer }),
  today: z.object({ cups: z.number(), badCups: z.number(), failed: z.number() }),
  faultStats: z.array(z.object({ code: z.string(), count: z.number() })),
  channels: z.array(historyRow),
  production: z.array(historyRow),
  faults: z.array(historyRow),
  cleanings: z.array(historyRow),
  commands: z.array(historyRow),
});

/** `POST /api/coffee/device/bind`: how many machines, and the merchant and store they now have. */
export const bindAnswer = z.object({
  updated: z.number().int(),
  merchantId: idAnswer.nullable(),
  storeId: idAnswer.nullable(),
});

/** `POST /api/coffee/device/credentials`: a machine's new secret, shown once (only its hash is kept). */
export const deviceCredentialsAnswer = z.object({
  id: idAnswer,
  serialNumber: z.string(),
  secret: z.string(),
});
/** `POST /api/coffee/device/credentials/bulk`: in the order asked for, each machine once. */
export const deviceCredentialsBulkAnswer = z.object({ machines: z.array(deviceCredentialsAnswer) });

export const issuedCommandAnswer = z.object({
  id: idAnswer,
  deviceId: idAnswer,
  commandId: z.string(),
  type: z.enum(COMMAND_TYPES),
  state: z.enum(COMMAND_STATES),
  /** The same command was still pending for this machine: this is that one, nothing new was queued. */
  joined: z.boolean().optional(),
});
/** `POST /api/coffee/device/{lock,…,debug}`: one command per machine. */
export const commandsAnswer = z.object({ commands: z.array(issuedCommandAnswer) });

/** `POST /api/coffee/channel-config/distribute`. */
export const distributeAnswer = z.object({
  devices: z.number().int(),
  channels: z.number().int(),
  commands: z.array(issuedCommandAnswer),
});
