/**
 * auth_epoch (migration 0044): a number that every change a sign-in check depends on moves inside
 * the writing transaction — a console session or a member's app session ended, an account, role,
 * menu, member or merchant changed. A process that remembers what a check found trusts it only while
 * the number is the one read with it.
 *
 * One reader per database handle, shared by the console's sessions and the app's members: a read
 * that starts after the caller asked, shared by the callers asking meanwhile (freshRead), so a burst
 * of requests of either kind costs two reads, and a change committed before a request is always seen
 * by it.
 */
import type { Db } from '../db/client.ts';
import { fastPathOf } from '../db/fast-path.ts';
import { freshRead } from './fresh-read.ts';

/** The epoch alone, as a column of a statement that reads what it guards: read it first (see below). */
export const EPOCH_SQL = '(select n::text from auth_epoch)';
const EPOCH_STATEMENT = `select ${EPOCH_SQL} as n`;

const readers = new WeakMap<Db, () => Promise<string>>();

/**
 * The current epoch of `database`. What is remembered against it must have been read in the same
 * statement as the epoch, or after it: a change committed in between then only costs a look-up
 * more, never a stale answer kept.
 */
export function authEpoch(database: Db): () => Promise<string> {
  let reader = readers.get(database);
  if (!reader) {
    const fast = fastPathOf(database);
    if (!fast) throw new Error('the auth epoch needs a database handle opened by db/client.ts');
    reader = freshRead(async () => {
      const [row] = await fast.prepared<{ n: string }>('bf_auth_epoch', EPOCH_STATEMENT, []);
      return row?.n ?? '';
    });
    readers.set(database, reader);
  }
  return reader;
}

/** How long a remembered check is used before it is looked up again whatever the epoch says. */
const REMEMBER_MS = 30_000;
const MAX_REMEMBERED = 10_000;

/**
 * What a sign-in check found, per token hash (the console's sessions, the app's members): used again
 * while `database`'s epoch is the one read with it, and until its own limits (the session's expiry,
 * idle limit, next write of its last use) and REMEMBER_MS at most.
 */
export function rememberedChecks<T>(database: Db) {
  const currentEpoch = authEpoch(database);
  const entries = new Map<string, { value: T; epoch: string; until: number }>();
  return {
    async get(tokenHash: string): Promise<T | undefined> {
      const known = entries.get(tokenHash);
      if (!known) return undefined;
      if (Date.now() < known.until && (await currentEpoch()) === known.epoch) return known.value;
      entries.delete(tokenHash);
      return undefined;
    },
    /** Keep `value`, read with `epoch`, until the earliest of `limits` (ms since 1970) and REMEMBER_MS. */
    set(tokenHash: string, value: T, epoch: string, ...limits: number[]) {
      // A Map iterates in insertion order: the first key is the oldest.
      if (entries.size >= MAX_REMEMBERED) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { value, epoch, until: Math.min(Date.now() + REMEMBER_MS, ...limits) });
    },
  };
}
