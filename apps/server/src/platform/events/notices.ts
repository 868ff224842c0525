/**
 * The after-commit half of domain events: one NOTIFY per published list, carrying the event's name
 * and the ids it is about — never the payload, which a listener reads from the tables it needs
 * (NOTIFY payloads are limited to 8000 bytes; a batch of 5,000 cups names its ~100 machines once).
 */
import { sql } from 'drizzle-orm';
import { eventKeys, type DomainEventMap, type DomainEventName } from '@brewfleet/contracts';
import type { Database, Db } from '../db/client.ts';
import { sendWithCommit } from '../db/fast-path.ts';

/** The one PostgreSQL notification channel of domain events. */
export const EVENTS_CHANNEL = 'brewfleet_events';

/** What every process hears of a committed publication. */
export interface Notice {
  event: DomainEventName;
  /** The machines the events are about. */
  devices: string[];
  /** The commands, for command events. */
  commands: string[];
}

/** Ids per notification: 250 × (19 digits + 3) stays well below the 8000-byte payload limit. */
const IDS_PER_NOTICE = 250;

/**
 * Send the after-commit notification of `events` (no events: nothing). `publish` does this after its
 * subscribers; called alone it is a change only live views care about (a command queued or sent).
 */
export async function notify<K extends DomainEventName>(
  tx: Db,
  name: K,
  events: readonly DomainEventMap[K][],
): Promise<void> {
  if (!events.length) return;
  const devices = new Set<string>();
  const commands = new Set<string>();
  for (const e of events) {
    const keys = eventKeys(e);
    if (keys.device) devices.add(keys.device);
    if (keys.command) commands.add(keys.command);
  }
  const d = [...devices];
  const c = [...commands];
  const payloads: string[] = [];
  for (let i = 0; i < Math.max(d.length, c.length); i += IDS_PER_NOTICE)
    payloads.push(
      JSON.stringify({ e: name, d: d.slice(i, i + IDS_PER_NOTICE), c: c.slice(i, i + IDS_PER_NOTICE) }),
    );
  // With the COMMIT when the transaction allows it (one round trip fewer): NOTIFY is delivered at
  // commit either way. The payloads (JSON of names and ids) are dollar-quoted: no escaping to get wrong.
  const literal = (text: string) => `$bf$${text}$bf$`;
  if (
    !payloads.some((p) => p.includes('$bf$')) &&
    sendWithCommit(
      tx,
      `select pg_notify('${EVENTS_CHANNEL}', p) from unnest(array[${payloads.map(literal).join(',')}]::text[]) p`,
    )
  )
    return;
  await tx.execute(
    sql`select pg_notify(${EVENTS_CHANNEL}, p) from unnest(${`{${payloads.map(quote).join(',')}}`}::text[]) p`,
  );
}

/** An element of a PostgreSQL array literal. */
const quote = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

export function parseNotice(payload: string): Notice | null {
  try {
    const n = JSON.parse(payload) as { e?: unknown; d?: unknown; c?: unknown };
    if (typeof n.e !== 'string' || !Array.isArray(n.d)) return null;
    return {
      event: n.e as DomainEventName,
      devices: n.d.map(String),
      commands: Array.isArray(n.c) ? n.c.map(String) : [],
    };
  } catch {
    return null;
  }
}

export function listenForNotices(
  database: Pick<Database, 'listen'>,
  onNotice: (notice: Notice) => void,
): Promise<() => Promise<void>> {
  return database.listen(EVENTS_CHANNEL, (payload) => {
    const notice = parseNotice(payload);
    if (notice) onNotice(notice);
  });
}
