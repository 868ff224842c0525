/**
 * The gateway's answer to a machine whose message it could not keep whole (docs/device-protocol.md
 * §4.7): on `bf/v1/d/<sn>/rejected`, what was refused and why — the whole message, or some of its
 * events (the others were kept). Without it a machine never learns that its data is being lost. The
 * answer goes out at QoS 1 and is never retained; a machine that does not subscribe misses nothing
 * else.
 */
import type { MqttClient } from 'mqtt';
import type { z } from 'zod';
import {
  PROTOCOL_VERSION,
  topicFor,
  type MACHINE_PUBLISHES,
  type RejectedMessage,
  type RejectionCode,
} from '@brewfleet/contracts';

type Channel = (typeof MACHINE_PUBLISHES)[number];
type RefusedEvent = NonNullable<RejectedMessage['events']>[number];

/** Whether a parsed JSON value holds a NUL character in any string (PostgreSQL stores none). */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, v]) => key.includes('\u0000') || containsNul(v));
  return false;
}

/** The first problem zod found, with where: `events.0.ts: Invalid ISO datetime`. */
export function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const where = issue.path.map(String).join('.');
  return (where ? `${where}: ${issue.message}` : issue.message).slice(0, 500);
}

const eventIdOf = (item: unknown): string | undefined => {
  const id = (item as { eventId?: unknown } | null)?.eventId;
  return typeof id === 'string' && id.length <= 64 ? id : undefined;
};

const commandIdOf = (body: unknown): string | undefined => {
  const id = (body as { commandId?: unknown } | null)?.commandId;
  return typeof id === 'string' && id.length <= 64 ? id : undefined;
};

/** What one message's answer collects while the gateway looks at it. */
export interface Answer {
  /** The whole message is refused; an events message's readable events are named too. */
  refuse(code: RejectionCode, reason: string, body: unknown): void;
  /** One event (by its place in the message) is refused; the others are kept. */
  refuseEvent(index: number, item: unknown, code: RejectionCode, reason: string): void;
  /** Sends the answer, if anything was refused. */
  send(): void;
}

export class Rejections {
  constructor(private readonly client: MqttClient) {}

  private publish(serialNumber: string, answer: RejectedMessage) {
    // Fire and forget: a machine that is gone by now simply misses it (it keeps no session for it).
    this.client.publish(topicFor(serialNumber, 'rejected'), JSON.stringify(answer), { qos: 1 }, () => {});
  }

  /** The whole message refused, answered at once. */
  message(serialNumber: string, channel: Channel, code: RejectionCode, reason: string, body?: unknown) {
    const answer = this.start(serialNumber, channel);
    answer.refuse(code, reason, body);
    answer.send();
  }

  start(serialNumber: string, channel: Channel): Answer {
    let whole: { code: RejectionCode; reason: string; body: unknown } | null = null;
    let events: RefusedEvent[] | null = null;
    return {
      refuse: (code, reason, body) => void (whole = { code, reason, body }),
      refuseEvent: (index, item, code, reason) => {
        const eventId = eventIdOf(item);
        (events ??= []).push({ index, ...(eventId && { eventId }), code, reason });
      },
      send: () => {
        if (!whole && !events) return;
        const base = { v: PROTOCOL_VERSION, channel, ts: new Date().toISOString() } as const;
        if (!whole) return this.publish(serialNumber, { ...base, events: events! });
        const { code, reason, body } = whole;
        const items = (body as { events?: unknown } | null)?.events;
        const commandId = channel === 'ack' ? commandIdOf(body) : undefined;
        this.publish(serialNumber, {
          ...base,
          code,
          reason,
          ...(commandId && { commandId }),
          ...(channel === 'events' &&
            Array.isArray(items) && {
              events: items.map((item, index) => {
                const eventId = eventIdOf(item);
                return { index, ...(eventId && { eventId }), code, reason };
              }),
            }),
        });
      },
    };
  }
}
