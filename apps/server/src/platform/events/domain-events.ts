/**
 * Domain events (docs/architecture.md, "Events"). The module that writes a fact publishes what
 * happened inside its transaction: `events.publish(tx, 'fleet.cupRecorded', cups)`. Subscribers of
 * any module run at once, in the same transaction and in list order, with the whole list of that
 * publication (set-based: one statement for 5,000 cups, not 5,000). Then a notification with the
 * events' name and ids goes out on the same transaction, so PostgreSQL delivers it to every server
 * process when (and only when) the transaction commits: their live views read what changed.
 */
import type { DomainEventMap, DomainEventName } from '@brewfleet/contracts';
import type { Database, Db } from '../db/client.ts';
import { listenForNotices, notify, type Notice } from './notices.ts';

export interface Publisher {
  /** Run the subscribers of `name` in `tx` and notify every process after commit. No events: nothing. */
  publish<K extends DomainEventName>(tx: Db, name: K, events: readonly DomainEventMap[K][]): Promise<void>;
}

export interface Subscriber<K extends DomainEventName = DomainEventName> {
  event: K;
  /** Module and purpose ("menus: release progress"), for errors and docs. */
  name: string;
  /** Runs inside the publishing transaction; throwing rolls the fact back with it. */
  handle(tx: Db, events: readonly DomainEventMap[K][], publisher: Publisher): Promise<void>;
}

/** A subscriber of any event, as a module's list holds it. */
export type AnySubscriber = { [K in DomainEventName]: Subscriber<K> }[DomainEventName];

/** Declare a subscriber with its event's payload type inferred. */
export const subscribe = <K extends DomainEventName>(
  event: K,
  name: string,
  handle: Subscriber<K>['handle'],
): Subscriber<K> => ({ event, name, handle });

export interface DomainEvents extends Publisher {
  /**
   * Add subscribers, in order (the app adds the modules' once their services exist, before any
   * request or runtime part can publish).
   */
  use(subscribers: readonly AnySubscriber[]): void;
  /**
   * Hear every process's committed events (their names and ids): the first call starts listening
   * on this process's database. Returns the way to stop hearing.
   */
  afterCommit(handler: (notice: Notice) => void): Promise<() => void>;
  close(): Promise<void>;
}

export function createDomainEvents(opts: {
  /** Where notifications are heard (null: publish only, e.g. a bench or a job without a live view). */
  database: Pick<Database, 'listen'> | null;
  subscribers: readonly AnySubscriber[];
}): DomainEvents {
  const byEvent = new Map<DomainEventName, Array<Subscriber<DomainEventName>>>();
  const use = (subscribers: readonly AnySubscriber[]) => {
    for (const s of subscribers) {
      const list = byEvent.get(s.event) ?? [];
      list.push(s as unknown as Subscriber<DomainEventName>);
      byEvent.set(s.event, list);
    }
  };
  use(opts.subscribers);
  const handlers = new Set<(notice: Notice) => void>();
  let listening: Promise<() => Promise<void>> | null = null;

  const publisher: Publisher = {
    async publish(tx, name, events) {
      if (!events.length) return;
      for (const s of byEvent.get(name) ?? []) await s.handle(tx, events, publisher);
      await notify(tx, name, events);
    },
  };
  return {
    ...publisher,
    use,
    async afterCommit(handler) {
      handlers.add(handler);
      if (!listening && opts.database)
        listening = listenForNotices(opts.database, (notice) => {
          for (const h of handlers) h(notice);
        });
      await listening;
      return () => void handlers.delete(handler);
    },
    async close() {
      handlers.clear();
      const stop = await listening?.catch(() => null);
      listening = null;
      await stop?.();
    },
  };
}
