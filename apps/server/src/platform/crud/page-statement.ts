/**
 * The statement of a list page, compiled once per resource instead of built by Drizzle's select
 * builder at every request (issue 14 §9). A profile of `bench:api`'s list showed Drizzle spending 40%
 * of the server's CPU on a page of 20 rows: walking the 23 selected columns with its `is()` type
 * checks to write the same SELECT again, and mapping every value of every row through the same
 * checks. Here the column list, the table and each sort's ORDER BY are SQL text made once; only the
 * filters (a few chunks) go through Drizzle's SQL writer; the rows come back from `execute` as the
 * driver gives them, and each value is decoded by its own column, picked once.
 *
 * Only what an item shows is read (toItem: the id, tenant, readable fields, audit times): a password
 * hash or a write-only field never leaves the database for a list.
 *
 * Times are answered as ISO 8601 text (CONTRACT §3) straight from PostgreSQL's text: the answer's
 * serializer writes a string as it is, where a Date would be made only to be formatted again.
 */
import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import { shownFields } from './table.ts';
import type { Registered, Row } from './types.ts';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A timestamptz as ISO 8601 in UTC with milliseconds, as Date#toISOString writes it. PostgreSQL's
 * text in a UTC session ("2026-11-22 05:20:39.123456+00") is rewritten without a Date; another
 * session time zone, or a Date from a driver that parses them, takes the Date path.
 */
export function isoOfTimestamp(value: unknown): string | null {
  if (value == null) return null;
  if (value instanceof Date) return value.toISOString();
  const s = String(value);
  if (s.length >= 22 && s[10] === ' ' && s.endsWith('+00') && (s[19] === '.' || s[19] === '+')) {
    const fraction = s[19] === '.' ? `${s.slice(20, s.length - 3)}000`.slice(0, 3) : '000';
    return `${s.slice(0, 10)}T${s.slice(11, 19)}.${fraction}Z`;
  }
  return new Date(s).toISOString();
}

export interface PageStatement {
  /** `"table"` as SQL. */
  table: SQL;
  /** The item's columns, each named by its key: `"merchant_id" as "merchantId", …`. */
  columns: SQL;
  /** `order by` of a sort key (unknown keys: the creation time, newest first), id breaking ties. */
  orderBy(sortColumn: Column, descending: boolean): SQL;
  /** Each row as toItem reads it: every value decoded by its column. Changes the rows in place. */
  decode(rows: Row[]): Row[];
}

export function compilePageStatement(reg: Registered): PageStatement {
  const shown = new Set(['id', 'merchantId', 'storeId', 'createdAt', 'updatedAt']);
  for (const [key] of shownFields(reg.def)) shown.add(key);
  const read = Object.entries(reg.columns).filter(([key]) => shown.has(key));
  const columns = sql.raw(read.map(([key, c]) => `${quote(c.name)} as ${quote(key)}`).join(', '));
  const decoders = read.map(([key, column]): [string, (v: unknown) => unknown] =>
    column instanceof PgTimestamp
      ? [key, isoOfTimestamp]
      : [key, (v) => (v == null ? null : column.mapFromDriverValue(v))],
  );
  const orders = new Map<string, SQL>();
  const tableName = quote(getTableName(reg.table));
  // Qualified: a bare name in ORDER BY would mean an output column first, and the keys are aliases.
  const qualified = (column: Column) => `${tableName}.${quote(column.name)}`;
  return {
    table: sql.raw(tableName),
    columns,
    orderBy(sortColumn, descending) {
      const key = `${sortColumn.name} ${descending}`;
      let order = orders.get(key);
      if (!order) {
        const direction = descending ? 'desc' : 'asc';
        order = sql.raw(`order by ${qualified(sortColumn)} ${direction}, ${qualified(reg.columns.id)} desc`);
        orders.set(key, order);
      }
      return order;
    },
    decode(rows) {
      for (const row of rows) for (const [key, decode] of decoders) row[key] = decode(row[key]);
      return rows;
    },
  };
}
