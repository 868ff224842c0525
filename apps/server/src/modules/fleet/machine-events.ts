/**
 * Machine events another module owns (orders: `order`, `order-status`). The device protocol is
 * fleet's — the gateway hears every `events` message, checks it and writes it in one transaction per
 * batch — but what an event of another domain means is that domain's: it hands fleet a writer for
 * its event type (fleet's service, `machineEvents.accept`), and the gateway checks those events with
 * the writer's schema and calls the writer inside the batch's transaction. Fleet names no other
 * domain; the other domain never reads the broker.
 */
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Publisher } from '../../platform/events/domain-events.ts';
import type { KnownDevice } from './ingest.ts';

/** One event of another domain as the gateway read it. */
export interface ReportedEvent<T> {
  device: KnownDevice;
  e: T;
  /** The event's time (its own while the machine's clock is right, else when it was received). */
  at: string;
  receivedAt: string;
}

export interface MachineEventWriter<
  T extends { eventId: string; ts: string } = { eventId: string; ts: string },
> {
  /** The event's `type` in the protocol. */
  type: string;
  /** Checks one event; what it refuses is dropped, counted and told to the machine, like fleet's own. */
  schema: z.ZodType<T>;
  /**
   * Writes a batch's events of this type (several machines, each machine's in the order sent),
   * in the batch's transaction, after the machines' presence and before their cups; writers run in
   * the order they were accepted. Idempotent by event: a resent batch adds nothing.
   */
  write(
    tx: Db,
    events: ReportedEvent<T>[],
    publisher: Publisher,
  ): Promise<{ inserted: number; duplicates: number }>;
}

export type AnyMachineEventWriter = MachineEventWriter<{ eventId: string; ts: string }>;

/** The writers other modules handed fleet, by event type, in the order accepted. */
export class MachineEventWriters {
  private readonly byType = new Map<string, AnyMachineEventWriter>();

  accept<T extends { eventId: string; ts: string }>(writer: MachineEventWriter<T>): void {
    if (this.byType.has(writer.type) || FLEET_TYPES.has(writer.type))
      throw new Error(`machine event type ${writer.type} is taken`);
    this.byType.set(writer.type, writer as unknown as AnyMachineEventWriter);
  }

  get(type: unknown): AnyMachineEventWriter | undefined {
    return typeof type === 'string' ? this.byType.get(type) : undefined;
  }

  list(): AnyMachineEventWriter[] {
    return [...this.byType.values()];
  }
}

/** Fleet's own event types (contracts `machineEvent`). */
const FLEET_TYPES = new Set(['production', 'fault', 'fault-cleared', 'cleaning', 'material']);
