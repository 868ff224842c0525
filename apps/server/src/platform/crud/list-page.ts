/**
 * One page of a resource list and its total, kept cheap on tables of a million rows (issue 11 §7:
 * the order list at 50 concurrent, p99 ≤ 50 ms; page 10,000 as fast as the first).
 *
 * The total. A count over a large tenant reads every matching row (800,000 orders: ~0.4 s, mostly the
 * row-level security check on each row), so:
 *   - a page that is not full tells the total itself (offset + its rows);
 *   - otherwise at most COUNT_CAP + 1 rows are counted: up to COUNT_CAP the total is exact;
 *   - above it, the total is a count made for the same caller scope and filters in the background
 *     (one at a time per process) for the requests of the next MEMO_MS (older, up to STALE_MS, while
 *     it is made again), or, while none is at hand, the planner's estimate. Such a total is answered
 *     with `totalExact: false` (contracts' resourcePageSchema); the page's rows are exact regardless.
 *
 * Deep pages. OFFSET walks every row before the page (page 10,000 of 20: 200,000 rows, ~0.15 s).
 * For a descending sort, the row at which a page begins and the one at which it ends are remembered
 * (a bookmark: position, sort value, id) for MEMO_MS per caller scope and filters; a later request at
 * or past a bookmark seeks to it through the sort index and walks only the rest. So the next pages,
 * pages seen before and the same deep page asked again cost what the first page costs; the first
 * request of a deep page with new filters, or of a page before any bookmark, still walks. A position
 * found from a bookmark is as old as the walk that measured it; after MEMO_MS one request walks again
 * while the others still seek (up to STALE_MS). Rows added or removed before a bookmark since it was
 * measured shift that page as if it had been read that long ago, as paging by OFFSET does anyway
 * while rows arrive. Ascending sorts walk (their NULLs come last, which a seek by value would skip).
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import { compilePageStatement } from './page-statement.ts';
import type { ListFilter } from './list-filter.ts';
import { listSort } from './query.ts';
import type { Registered, Row } from './types.ts';

/** Counted exactly up to this many rows on every request. */
export const COUNT_CAP = 1000;
/** How long a count and a bookmark are used. */
export const MEMO_MS = 15_000;
/** A count older than MEMO_MS is still answered, up to this age, while a new one is made. */
const STALE_MS = 4 * MEMO_MS;
/** Offsets below this walk from the start: cheap, and they keep small lists free of memos. */
const BOOKMARK_FROM = 1000;
const MAX_MEMOS = 500;
const MAX_BOOKMARKS = 200;
/** Background counts running at once in this process. */
const MAX_COUNTING = 1;

/** The key of the sort value as text in page queries; no field is called that. */
const SORT_TEXT = '__sortText';
/** The key of the capped count in page queries. */
const CAPPED = '__capped';

interface Bookmark {
  offset: number;
  /** The sort column's value as PostgreSQL writes it (exact: a timestamp keeps its microseconds). */
  value: string;
  id: string;
  at: number;
}
interface Memo {
  total?: number;
  totalAt: number;
  counting: boolean;
  /** A request is walking from the start to measure bookmarks afresh. */
  walking: boolean;
  bookmarks: Bookmark[];
}

export interface ListPageRequest {
  /** The rows listed: what the caller may read, filtered (list-filter.ts). */
  filter: ListFilter;
  page: number;
  limit: number;
  sort: string | undefined;
  /** What the caller may see, as text: memos are per scope (row-level security reads differently). */
  scopeKey: string;
  /** Counts the rows of `where` in a transaction of its own, in the caller's scope (the background count). */
  countApart: (where: SQL | undefined) => Promise<number>;
}
export interface ListPageAnswer {
  /** The page's items, as toItem makes them (page-statement.ts). */
  list: Row[];
  total: number;
  /** Present (false) when `total` is not a count made for this answer. */
  totalExact?: false;
}

let counting = 0;

/** The pager of one registered resource: its memos live as long as the app that registered it. */
export function createListPager(reg: Registered) {
  const memos = new Map<string, Memo>();
  const columns = reg.columns;
  const statement = compilePageStatement(reg);
  const from = sql.raw(`from ${statement.table}`);

  function memoOf(key: string): Memo {
    let memo = memos.get(key);
    if (!memo) {
      if (memos.size >= MAX_MEMOS) memos.delete(memos.keys().next().value!);
      memo = { totalAt: 0, counting: false, walking: false, bookmarks: [] };
      memos.set(key, memo);
    }
    return memo;
  }

  /** The nearest fresh bookmark at or before `offset`. */
  function bookmarkFor(memo: Memo | undefined, offset: number, now: number): Bookmark | undefined {
    let best: Bookmark | undefined;
    for (const b of memo?.bookmarks ?? [])
      if (b.offset <= offset && now - b.at < STALE_MS && (!best || b.offset > best.offset)) best = b;
    return best;
  }

  function remember(memo: Memo, bookmark: Bookmark) {
    // A newer measure of the same position stays.
    if (memo.bookmarks.some((b) => b.offset === bookmark.offset && b.at > bookmark.at)) return;
    const list = memo.bookmarks.filter((b) => b.offset !== bookmark.offset && Date.now() - b.at < STALE_MS);
    list.push(bookmark);
    // The oldest go first when there are too many.
    if (list.length > MAX_BOOKMARKS) list.sort((a, b) => b.at - a.at).length = MAX_BOOKMARKS;
    memo.bookmarks = list;
  }

  return async function listPage(tx: Db, req: ListPageRequest): Promise<ListPageAnswer> {
    const { filter, limit } = req;
    const offset = (req.page - 1) * limit;
    const sort = listSort(columns, req.sort);
    const order = statement.orderBy(sort.column, sort.descending);
    const now = Date.now();
    // The memo key: the caller's scope and the filters as SQL with their values, and the sort.
    const { text: whereText, params } = filter;
    const whereSql = filter.sql ?? sql`true`;
    const key = `${req.scopeKey}\n${whereText}\n${JSON.stringify(params)}\n${req.sort ?? ''}`;
    const bookmarking = sort.descending && offset + limit > BOOKMARK_FROM;
    let mark = bookmarking ? bookmarkFor(memos.get(key), offset, now) : undefined;
    // A bookmark older than MEMO_MS is used (up to STALE_MS) while one request walks from the start to
    // measure it again: never a crowd of walks at once, and no bookmark older than STALE_MS.
    let walker: Memo | undefined;
    if (mark && now - mark.at >= MEMO_MS) {
      const memo = memos.get(key)!;
      if (!memo.walking) {
        memo.walking = true;
        walker = memo;
        mark = undefined;
      }
    }

    const cappedCountSql = sql<number>`(select count(*)::int from (select 1 ${from} where ${whereSql} limit ${COUNT_CAP + 1}) capped)`;
    // Asked with the page while no recent count is at hand and the page lies within the cap.
    const held = memos.get(key);
    const cappedCount =
      offset + limit <= COUNT_CAP && !(held?.total !== undefined && now - held.totalAt < STALE_MS);
    // The page's statement as text around the filters' text (list-filter.ts writes it): Drizzle's
    // writer went over the filters three times a request (the memo key, the page, the capped count
    // inside it); written as text, a page of 20 orders cost the server 13–22% less CPU. The capped
    // count reads the filters' own parameters ($1…$n); what follows them is numbered after.
    const sortColumn = statement.qualified(sort.column);
    const cappedText = `(select count(*)::int from (select 1 from ${statement.table} where (${whereText}) limit ${COUNT_CAP + 1}) capped)`;
    const pageQuery = async (mark: Bookmark | undefined) => {
      const values: unknown[] = [...params];
      const param = (value: unknown) => `$${values.push(value)}`;
      // At or after the bookmark in descending order; the first condition lets the index seek.
      let after = '';
      if (mark) {
        const at = `${param(mark.value)}::${sort.column.getSQLType()}`;
        after =
          ` and ${sortColumn} <= ${at} and (${sortColumn} < ${at}` +
          ` or (${sortColumn} = ${at} and ${statement.qualified(columns.id)} <= ${param(mark.id)}))`;
      }
      const sortText = bookmarking ? `, ${sortColumn}::text as "${SORT_TEXT}"` : '';
      // The capped count rides along with the page (one round trip, not two): an uncorrelated
      // subquery, computed once per statement.
      const capped = cappedCount ? `, ${cappedText} as "${CAPPED}"` : '';
      const skip = mark ? offset - mark.offset : offset;
      const text =
        `select ${statement.columns}${sortText}${capped} from ${statement.table} where (${whereText})${after} ` +
        `${order} limit ${param(limit)} offset ${param(skip)}`;
      const { items, extras } = await statement.read(tx, text, values, [
        ...(bookmarking ? [SORT_TEXT] : []),
        ...(cappedCount ? [CAPPED] : []),
      ]);
      return items.map((item, i) => ({
        item,
        sortText: bookmarking ? extras[i][0] : undefined,
        capped: cappedCount ? extras[i][bookmarking ? 1 : 0] : undefined,
      }));
    };
    let list: Array<{ item: Row; sortText: unknown; capped: unknown }>;
    try {
      list = await pageQuery(mark);
      // A bookmarked row gone since (deleted, its sort value changed): walk as if there were none.
      if (mark && !list.length) {
        mark = undefined;
        list = await pageQuery(undefined);
      }
    } finally {
      if (walker) walker.walking = false;
    }

    if (bookmarking && list.length) {
      const memo = memoOf(key);
      const first = list[0];
      const last = list[list.length - 1];
      for (const [row, position] of [
        [first, offset],
        [last, offset + list.length - 1],
      ] as const)
        if (row.sortText != null && position >= BOOKMARK_FROM)
          // Positions found from a bookmark are as old as it is.
          remember(memo, {
            offset: position,
            value: String(row.sortText),
            id: String(row.item.id),
            at: mark ? mark.at : now,
          });
    }
    const capped = cappedCount && list.length ? Number(list[0].capped) : undefined;
    const items = list.map((row) => row.item);

    // The total.
    // Rows known to exist: none when a page past the end is empty (its offset proves nothing, and
    // page 1,000,000 must not claim half a billion rows).
    const seen = list.length ? offset + list.length : 0;
    if ((list.length > 0 && list.length < limit) || (list.length === 0 && offset === 0))
      return { list: items, total: seen };
    /** Count in the background (one count at a time in this process), for the next requests. */
    const countLater = (entry: Memo) => {
      if (entry.counting || counting >= MAX_COUNTING) return;
      entry.counting = true;
      counting++;
      req
        .countApart(filter.sql)
        .then(
          (n) => {
            entry.total = n;
            entry.totalAt = Date.now();
          },
          () => {}, // the next request asks again
        )
        .finally(() => {
          entry.counting = false;
          counting--;
        });
    };
    const memo = memos.get(key);
    if (memo?.total !== undefined && now - memo.totalAt < STALE_MS) {
      // A count older than MEMO_MS is still answered (a total that jumps to an estimate and back
      // would be worse) while a new one is made.
      if (now - memo.totalAt >= MEMO_MS) countLater(memo);
      return { list: items, total: Math.max(memo.total, seen), totalExact: false };
    }
    if (seen <= COUNT_CAP) {
      const n = capped ?? (await rows<{ n: number }>(tx, sql`select ${cappedCountSql} as n`))[0].n;
      if (n <= COUNT_CAP) return { list: items, total: n };
    }
    type Plan = { 'Plan Rows': number; 'Parent Relationship'?: string; Plans?: Plan[] };
    const [
      {
        'QUERY PLAN': [plan],
      },
    ] = await rows<{ 'QUERY PLAN': Array<{ Plan: Plan }> }>(
      tx,
      sql`explain (format json) select count(*) ${from} where ${whereSql}`,
    );
    // The count's plan is an aggregate over the scan: the scan's rows are the estimate. Beside the
    // scan, the aggregate carries the InitPlans that read the caller's scope once (migration 0043).
    const scan = plan.Plan.Plans?.find((p) => p['Parent Relationship'] === 'Outer');
    const estimate = Math.round(scan?.['Plan Rows'] ?? plan.Plan['Plan Rows']);
    const total = Math.max(estimate, seen, COUNT_CAP + 1);
    countLater(memoOf(key));
    return { list: items, total, totalExact: false };
  };
}
