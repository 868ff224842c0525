/**
 * The device protocol (docs/device-protocol.md): MQTT topics and payloads between machines and the
 * BrewFleet server. One zod schema per message; the server's gateway and the simulator both use
 * these, so the document, the server and the simulator cannot disagree.
 */
import { z } from 'zod';
import { ORDER_NO_PATTERN, ORDER_TYPES, cupOrderRef, moneyString } from './order-protocol.ts';

export const PROTOCOL_VERSION = 1;
/** Topic prefix: every topic of a machine is `bf/v1/d/<serialNumber>/<channel>`. */
export const TOPIC_ROOT = `bf/v${PROTOCOL_VERSION}/d`;

/**
 * Channels a machine publishes to, and those it subscribes to: `cmd` (commands) and `rejected` (the
 * server's answer naming what it refused of a message, added in version 1 without breaking it: a
 * machine that does not subscribe to it misses only the answer).
 */
export const MACHINE_PUBLISHES = ['status', 'heartbeat', 'events', 'ack'] as const;
export const MACHINE_SUBSCRIBES = ['cmd', 'rejected'] as const;
export type Channel = (typeof MACHINE_PUBLISHES)[number] | (typeof MACHINE_SUBSCRIBES)[number];

export const topicFor = (serialNumber: string, channel: Channel) =>
  `${TOPIC_ROOT}/${serialNumber}/${channel}`;

/** Serial numbers double as MQTT user names and topic levels: no wildcards, slashes or spaces. */
export const SERIAL_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{2,63}$/;

/** `bf/v1/d/<sn>/<channel>` → its parts, or null for any other topic. */
export function parseTopic(topic: string): { serialNumber: string; channel: Channel } | null {
  const parts = topic.split('/');
  if (parts.length !== 5 || `${parts[0]}/${parts[1]}/${parts[2]}` !== TOPIC_ROOT) return null;
  const [, , , serialNumber, channel] = parts;
  if (!SERIAL_NUMBER_PATTERN.test(serialNumber)) return null;
  if (![...MACHINE_PUBLISHES, ...MACHINE_SUBSCRIBES].includes(channel as Channel)) return null;
  return { serialNumber, channel: channel as Channel };
}

export const MACHINE_FAMILIES = ['coffee', 'tea', 'ice-sand', 'milk-frother', 'blender'] as const;
export const MACHINE_STATES = ['idle', 'making', 'cleaning', 'fault', 'off'] as const;

/** ISO 8601 with an offset. A clock reset to 1970 is only skewed; a year before that is no real time. */
const timestamp = z.iso
  .datetime({ offset: true })
  .refine((s) => Number(s.slice(0, 4)) >= 1970, 'a time before 1970');
const uuid = z.uuid();

/** Retained on `status`; the last will publishes `{ v, online: false }` there when the link drops. */
export const statusMessage = z.object({
  v: z.literal(PROTOCOL_VERSION),
  online: z.boolean(),
  ts: timestamp.optional(),
  state: z.enum(MACHINE_STATES).optional(),
  locked: z.boolean().optional(),
  faultCodes: z.array(z.string().max(32)).max(32).optional(),
  firmware: z.string().max(64).optional(),
  menuVersion: z.string().max(64).optional(),
});

/** QoS 0 on `heartbeat`, every 30 s: proof of life and link quality. */
export const heartbeatMessage = z.object({
  v: z.literal(PROTOCOL_VERSION),
  ts: timestamp,
  uptimeSeconds: z.number().int().min(0),
  rssi: z.number().int().min(-150).max(0).optional(),
});

/** Quality data of one coffee cup (spec §3 "Coffee data"). */
export const coffeeQuality = z.object({
  soakFlowMlPerS: z.number().min(0).max(100),
  soakTimeS: z.number().min(0).max(120),
  extractionFlowMlPerS: z.number().min(0).max(100),
  pressureBar: z.number().min(0).max(20),
  temperatureC: z.number().min(0).max(110),
  powderG: z.number().min(0).max(40),
  tampingForceN: z.number().min(0).max(500),
  cakeThicknessMm: z.number().min(0).max(50),
  chamberPosition: z.number().int().min(0).max(10),
  grindDegree1: z.number().min(0).max(100),
  grindDegree2: z.number().min(0).max(100),
});

/** One tea-extraction segment (first, second, third): out or not, range and amount of tea. */
export const teaSegment = z.object({
  out: z.boolean(),
  rangeS: z.number().min(0).max(600),
  amountG: z.number().min(0).max(100),
});

const eventBase = { eventId: uuid, ts: timestamp };

export const productionEvent = z.object({
  ...eventBase,
  type: z.literal('production'),
  productCode: z.string().max(64),
  recipeVersion: z.string().max(64).optional(),
  method: z.enum(['scan-code', 'manual']),
  result: z.enum(['completed', 'failed']),
  startedAt: timestamp,
  cupOutSeconds: z.number().min(0).max(3600),
  extractionSeconds: z.number().min(0).max(3600).optional(),
  badCup: z.boolean().default(false),
  coffee: coffeeQuality.optional(),
  tea: z.array(teaSegment).max(3).optional(),
  materials: z
    .array(z.object({ channel: z.number().int().min(0).max(99), grams: z.number().min(0).max(5000) }))
    .max(32)
    .default([]),
  /** The order line the cup was made for (a machine that takes orders on its screen, or an app order). */
  order: cupOrderRef.optional(),
});

export const faultEvent = z.object({
  ...eventBase,
  type: z.enum(['fault', 'fault-cleared']),
  code: z.string().max(32),
  message: z.string().max(500).optional(),
  severity: z.enum(['info', 'warning', 'critical']).default('warning'),
});

export const cleaningEvent = z.object({
  ...eventBase,
  type: z.literal('cleaning'),
  kind: z.enum(['rinse', 'basic', 'deep']),
  durationSeconds: z.number().min(0).max(7200),
  result: z.enum(['completed', 'failed']),
});

export const materialEvent = z.object({
  ...eventBase,
  type: z.literal('material'),
  levels: z
    .array(
      z.object({
        channel: z.number().int().min(0).max(99),
        grams: z.number().min(0).max(100_000),
        capacityG: z.number().min(0).max(100_000),
      }),
    )
    .min(1)
    .max(32),
});

export const machineEvent = z.discriminatedUnion('type', [
  productionEvent,
  faultEvent,
  cleaningEvent,
  materialEvent,
]);
export type MachineEvent = z.infer<typeof machineEvent>;

/** Events in one `events` message: the server keeps the first this many and refuses the rest. */
export const MAX_EVENTS_PER_MESSAGE = 500;

/** QoS 1 on `events`: up to 500 events, each with its own id; resending a batch is harmless. */
export const eventsMessage = z.object({
  v: z.literal(PROTOCOL_VERSION),
  events: z.array(machineEvent).min(1).max(MAX_EVENTS_PER_MESSAGE),
});

/**
 * Why the server refused a message or an event (`rejected`). Only `too-many-events` is worth sending
 * again (in a later message); the others would be refused again as they are.
 */
export const REJECTION_CODES = [
  'not-json',
  'nul-character',
  'invalid',
  'too-many-events',
  'refused-by-database',
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

/**
 * QoS 1 on `rejected`, from the server, after a machine's message it could not keep whole: either
 * the whole message (`code` and `reason`; the events of an events message are listed too, when
 * they could be read), or some of its events (`events`, each by its place in the message and its
 * eventId; the others were kept). Nothing is sent for a message kept whole.
 */
export const rejectedMessage = z.object({
  v: z.literal(PROTOCOL_VERSION),
  /** The topic the refused message came on. */
  channel: z.enum(MACHINE_PUBLISHES),
  ts: timestamp,
  /** Set when the whole message was refused. */
  code: z.enum(REJECTION_CODES).optional(),
  reason: z.string().max(500).optional(),
  /** The command a refused `ack` was about, when it could be read. */
  commandId: z.string().max(64).optional(),
  events: z
    .array(
      z.object({
        index: z.number().int().min(0),
        eventId: z.string().max(64).optional(),
        code: z.enum(REJECTION_CODES),
        reason: z.string().max(500),
      }),
    )
    .optional(),
});
export type RejectedMessage = z.infer<typeof rejectedMessage>;

/**
 * The five remote operations of spec §4, `debug` (a preset debugging action, issue 5), `menu` (a
 * menu version to check and adopt, issue 6; menu-protocol.ts) and `channels` (a channel
 * configuration distributed from the console; `channelsCommandParams`) and `app-order` (an order
 * placed and paid in the ordering app, for the machine to make; `appOrderCommandParams`).
 */
export const COMMAND_TYPES = [
  'lock',
  'unlock',
  'startup',
  'shutdown',
  'restart',
  'debug',
  'menu',
  'channels',
  'app-order',
] as const;
export const REMOTE_OPERATIONS = ['lock', 'unlock', 'startup', 'shutdown', 'restart'] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

/** QoS 1 on `cmd`, from the server. A machine runs a commandId once, whatever the redeliveries. */
export const commandMessage = z.object({
  v: z.literal(PROTOCOL_VERSION),
  commandId: uuid,
  type: z.enum(COMMAND_TYPES),
  issuedAt: timestamp,
  expiresAt: timestamp,
  params: z.record(z.string(), z.unknown()).default({}),
});

/** QoS 1 on `ack`: `received` at once, then `succeeded` or `failed` (with a reason). */
export const ackMessage = z.object({
  v: z.literal(PROTOCOL_VERSION),
  commandId: uuid,
  stage: z.enum(['received', 'succeeded', 'failed']),
  ts: timestamp,
  reason: z.string().max(500).optional(),
  /** Why a menu was rejected, product by product. */
  details: z
    .array(z.object({ productCode: z.string().max(64).optional(), message: z.string().max(500) }))
    .max(100)
    .optional(),
});

/**
 * Params of the `channels` command: the machine's whole channel layout as the console configured it
 * (what is not listed is no longer configured). Limits are the channel resource's, so whatever the
 * console accepts a machine can be told.
 */
export const channelsCommandParams = z.object({
  configName: z.string().max(64),
  channels: z
    .array(
      z.object({
        channel: z.number().int().min(1).max(99),
        name: z.string().max(64),
        material: z.string().max(128).optional(),
        preDischargeSeconds: z.number().min(0).max(600),
        shelfLifeHours: z.number().int().min(0).max(8760).optional(),
        capacityG: z.number().int().min(0).max(100_000).optional(),
        lowLevelG: z.number().int().min(0).max(100_000).optional(),
      }),
    )
    .min(1)
    .max(99),
});
export type ChannelsCommandParams = z.infer<typeof channelsCommandParams>;

/**
 * Params of the `app-order` command (docs/device-protocol.md §4.9): an order the ordering app placed
 * and the member paid, for the machine to make. The machine reports it as its own orders afterwards
 * (`order-status` events for `orderNo`, cups naming `{orderNo, line}`), never as an `order` event:
 * the server has it already. Prices are the server's, from the menu the machine runs.
 */
export const appOrderCommandParams = z.object({
  orderNo: z.string().regex(ORDER_NO_PATTERN),
  /** What the customer reads out or types at the machine to collect the cups (4 digits). */
  pickupCode: z.string().regex(/^\d{4}$/),
  orderType: z.enum(ORDER_TYPES),
  /** The member's number (what the machine's screen shows); absent for a guest. */
  memberNo: z.string().max(32).optional(),
  /** The menu version the order was priced from. */
  menuVersion: z.string().max(64).optional(),
  lines: z
    .array(
      z.object({
        line: z.number().int().min(1).max(99),
        productCode: z.string().min(1).max(64),
        combination: z.string().max(64).optional(),
        options: z.array(z.string().min(1).max(64)).max(16),
        toppings: z
          .array(z.object({ code: z.string().min(1).max(64), quantity: z.number().int().min(1).max(20) }))
          .max(16),
        quantity: z.number().int().min(1).max(99),
        unitPrice: moneyString,
      }),
    )
    .min(1)
    .max(50),
});
export type AppOrderCommandParams = z.infer<typeof appOrderCommandParams>;

/** Machine clocks further off than this are not trusted: the server's receive time is used instead. */
export const MAX_CLOCK_SKEW_SECONDS = 300;
