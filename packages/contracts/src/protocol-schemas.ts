/**
 * The device protocol's messages as JSON Schemas (draft 2020-12), generated from the zod schemas the
 * server and the simulator use, so that a machine maker can check their client's messages without
 * reading TypeScript. `npm run protocol:schemas` writes them to docs/protocol-schemas/; a test fails
 * when the committed files no longer match.
 */
import { z } from 'zod';
import {
  ackMessage,
  appOrderCommandParams,
  channelsCommandParams,
  commandMessage,
  eventsMessage,
  heartbeatMessage,
  MAX_EVENTS_PER_MESSAGE,
  machineEvent,
  rejectedMessage,
  statusMessage,
  topicFor,
} from './device-protocol.ts';
import { menuCommandParams } from './menu-protocol.ts';
import { orderEvent, orderStatusEvent } from './order-protocol.ts';

interface Entry {
  schema: z.ZodType;
  title: string;
}

const topic = (channel: Parameters<typeof topicFor>[1]) => topicFor('<sn>', channel);

/**
 * An `events` message as a machine may send it: its own events and, from a machine taking orders on
 * its screen, `order` and `order-status` events (§4.8). The gateway checks the latter with the orders
 * module's schemas (not `machineEvent`), but they travel in the same message: without them here a
 * maker validating a message with an order against events.json would see it refused, though the
 * server keeps it.
 */
const anyEventsMessage = eventsMessage.extend({
  events: z
    .array(z.discriminatedUnion('type', [...machineEvent.options, orderEvent, orderStatusEvent]))
    .min(1)
    .max(MAX_EVENTS_PER_MESSAGE),
});

/** File name (without .json) → the message it describes. */
export const PROTOCOL_SCHEMAS: Record<string, Entry> = {
  status: { schema: statusMessage, title: `status, on ${topic('status')} (retained)` },
  heartbeat: { schema: heartbeatMessage, title: `heartbeat, on ${topic('heartbeat')}` },
  events: { schema: anyEventsMessage, title: `events, on ${topic('events')}` },
  ack: { schema: ackMessage, title: `ack, on ${topic('ack')}` },
  command: { schema: commandMessage, title: `command, on ${topic('cmd')}` },
  'command-menu-params': {
    schema: menuCommandParams,
    title: 'params of the menu command',
  },
  'command-channels-params': {
    schema: channelsCommandParams,
    title: 'params of the channels command',
  },
  'command-app-order-params': {
    schema: appOrderCommandParams,
    title: 'params of the app-order command',
  },
  rejected: { schema: rejectedMessage, title: `rejected, on ${topic('rejected')}` },
  // Order events (§4.3, orders): each one item of an `events` message, described on its own so a
  // maker of an order-taking screen can check them.
  'event-order': { schema: orderEvent, title: `order event, in an events message on ${topic('events')}` },
  'event-order-status': {
    schema: orderStatusEvent,
    title: `order-status event, in an events message on ${topic('events')}`,
  },
};

/** Every schema, by file name. */
export function protocolJsonSchemas(): Record<string, object> {
  return Object.fromEntries(
    Object.entries(PROTOCOL_SCHEMAS).map(([name, { schema, title }]) => [
      name,
      {
        title: `BrewFleet device protocol v1: ${title}`,
        // As a sender may write it: fields with a default are optional, and unknown fields are
        // allowed (version 1 may gain optional fields; a reader ignores what it does not know).
        ...z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }),
      },
    ]),
  );
}
