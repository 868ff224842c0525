/**
 * Turning a list request into SQL conditions and order, from the resource definition: each
 * searchable field filters as its `search` mode says, sorting is limited to sortable keys.
 */
import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, sql, type Column, type SQL } from 'drizzle-orm';
import { DATE_PATTERN, type ResourceDef } from '@brewfleet/contracts';

/** Escape LIKE wildcards so a search for '50%' finds '50%', not everything starting with 50. */
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A LIKE pattern matching `v` anywhere. */
export const likeValue = (v: string) => `%${escapeLike(v)}%`;
/** A LIKE pattern matching what starts with `v` (a btree's `text_pattern_ops` index serves it). */
export const likePrefix = (v: string) => `${escapeLike(v)}%`;

/** Start of a day, or of the day after, in the request's time zone. */
const dayStart = (day: string, timeZone: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;

export function listConditions(
  def: ResourceDef,
  columns: Record<string, Column>,
  filters: Record<string, unknown>,
  timeZone: string,
): SQL[] {
  const out: SQL[] = [];
  for (const [key, fd] of Object.entries(def.fields)) {
    if (!fd.search) continue;
    const column = columns[key];
    if (!column) continue;
    if (fd.search === 'range') {
      const from = filters[`${key}From`];
      const to = filters[`${key}To`];
      const isDay = (v: unknown): v is string => typeof v === 'string' && DATE_PATTERN.test(v);
      if (from != null && from !== '') {
        out.push(
          fd.kind === 'datetime' && isDay(from)
            ? sql`${column} >= ${dayStart(from, timeZone)}`
            : fd.kind === 'datetime'
              ? // An exact instant as text: a timestamp column's own mapping would want a Date.
                sql`${column} >= ${String(from)}::timestamptz`
              : gte(column, from),
        );
      }
      if (to != null && to !== '') {
        // A day as upper bound includes that whole day.
        out.push(
          fd.kind === 'datetime' && isDay(to)
            ? sql`${column} < ${dayStart(to, timeZone, 1)}`
            : fd.kind === 'datetime'
              ? sql`${column} <= ${String(to)}::timestamptz`
              : lte(column, to),
        );
      }
      continue;
    }
    const value = filters[key];
    if (value == null || value === '') continue;
    if (fd.kind === 'refs') {
      const ids = (Array.isArray(value) ? value : [value]).map(String);
      if (ids.length)
        out.push(
          sql`${column} && ${sql.raw(`array[${ids.map((i) => `${BigInt(i)}`).join(',')}]::bigint[]`)}`,
        );
    } else if (fd.search === 'like') {
      out.push(ilike(column, likeValue(String(value))));
    } else if (fd.search === 'in' && Array.isArray(value)) {
      if (value.length) out.push(inArray(column, value));
    } else {
      out.push(eq(column, value));
    }
  }
  return out;
}

/** The column a list sorts by and its direction (unknown keys: the creation time). */
export function listSort(
  columns: Record<string, Column>,
  sort: string | undefined,
  fallback?: string,
): { column: Column; descending: boolean } {
  const key = sort ?? fallback ?? '-createdAt';
  return { column: columns[key.replace(/^-/, '')] ?? columns.createdAt, descending: key.startsWith('-') };
}

export function listOrder(
  columns: Record<string, Column>,
  sort: string | undefined,
  fallback?: string,
): SQL[] {
  const { column, descending } = listSort(columns, sort, fallback);
  // id breaks ties, so pages never repeat or skip rows.
  return [descending ? desc(column) : asc(column), desc(columns.id)];
}

export const all = (conditions: Array<SQL | undefined>) => and(...conditions.filter((c): c is SQL => !!c));
export { lt };
