/**
 * A list request's filters as SQL (what the caller may read, filtered: inherited.ts
 * `listReadCondition`) and as the text and parameters PostgreSQL receives, remembered per user and
 * filters. Writing them costs Drizzle's builder and writer ~8% of the server's CPU on a page of 20
 * orders (`npm run bench:orders`), the same work again for every page a user turns and every refresh.
 *
 * What the text depends on is the user (scope and the resource's own rule, `hooks.visible`), the
 * filters and the time zone, never the clock or the database: it is kept per user object, which the
 * session check replaces whenever anything the user stands for may have changed (sessions.ts: the
 * auth epoch moved, or 30 s passed), so a changed role or scope is never served an old condition.
 * A resource that inherits rows reads its owners from the database: not remembered.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/client.ts';
import { listReadCondition } from './inherited.ts';
import type { Registered, Row } from './types.ts';

export interface ListFilter {
  /** The condition as Drizzle SQL (undefined: every row the caller may read). */
  sql: SQL | undefined;
  /** The same as text, its parameters `$1`…`$n` in `params`. */
  text: string;
  params: unknown[];
}

/** Remembered filters per user object: a user paging, sorting or refreshing a few lists. */
const PER_USER = 32;
const NO_OWNERS: ReadonlyMap<string, string> = new Map();

export function createListFilters(reg: Registered) {
  const memo = new WeakMap<AuthUser, Map<string, ListFilter>>();
  return async function listFilter(
    db: Db,
    user: AuthUser | null,
    body: Row,
    timeZone: string,
  ): Promise<{ filter: ListFilter; owners: ReadonlyMap<string, string> }> {
    const remembered = user && !reg.hooks.inherited ? user : null;
    let key = '';
    if (remembered) {
      // Paging and sort are not filters: every page of a list shares its condition.
      const { page: _page, limit: _limit, sort: _sort, ...filters } = body;
      key = `${timeZone}\n${JSON.stringify(filters)}`;
      const hit = memo.get(remembered)?.get(key);
      if (hit) return { filter: hit, owners: NO_OWNERS };
    }
    const { where, owners } = await listReadCondition(reg, db, user, body, timeZone);
    const dialect = (db as unknown as { dialect: PgDialect }).dialect;
    const { sql: text, params } = dialect.sqlToQuery(where ?? sql`true`);
    const filter: ListFilter = { sql: where, text, params };
    if (remembered) {
      let mine = memo.get(remembered);
      if (!mine) memo.set(remembered, (mine = new Map()));
      if (mine.size >= PER_USER) mine.delete(mine.keys().next().value!);
      mine.set(key, filter);
    }
    return { filter, owners };
  };
}
