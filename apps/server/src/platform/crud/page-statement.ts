/**
 * The statement of a list page, compiled once per resource instead of built by Drizzle's select
 * builder at every request (issue 14 §9). A profile of `bench:api`'s list showed Drizzle spending 40%
 * of the server's CPU on a page of 20 rows: walking the 23 selected columns with its `is()` type
 * checks to write the same SELECT again, and mapping every value of every row through the same
 * checks. Here the column list, the table and each sort's ORDER BY are SQL text made once; only the
 * filters (a few chunks) go through Drizzle's SQL writer, once a request (list-page.ts writes the
 * statement around their text).
 *
 * The rows become the answer's items at once (what toItem makes: the id, tenant, readable fields
 * with secrets masked, audit times), each value decoded by its own column, picked once. On
 * PostgreSQL they are read as arrays (no object per row to build and throw away); elsewhere (PGlite)
 * through Drizzle's `execute`. Only what an item shows is read: a password hash or a write-only field
 * never leaves the database for a list.
 *
 * Times are answered as ISO 8601 text (CONTRACT §3) straight from PostgreSQL's text: the answer's
 * serializer writes a string as it is, where a Date would be made only to be formatted again.
 */
import pg from 'pg';
import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import { rows, type Db } from '../db/client.ts';
import { mask } from './secrets.ts';
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

/**
 * Types node-postgres would parse that Drizzle's columns decode from text (its own driver session
 * keeps the same ones as text): times, dates, intervals and arrays of them, numeric arrays.
 */
const KEPT_AS_TEXT = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const asText = (value: string) => value;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    KEPT_AS_TEXT.has(oid)
      ? asText
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export interface PageRows {
  items: Row[];
  /** The values of the extra columns asked for, per row, in their order. */
  extras: unknown[][];
}

export interface PageStatement {
  /** `"table"`, SQL text. */
  table: string;
  /** The item's columns, each named by its key: `"merchant_id" as "merchantId", …` (SQL text). */
  columns: string;
  /** A column of the table, qualified: `"table"."column"` (SQL text). */
  qualified(column: Column): string;
  /** `order by` of a sort column, id breaking ties (SQL text). */
  orderBy(sortColumn: Column, descending: boolean): string;
  /**
   * Runs the statement `text` with its parameters `values` ($1…: the text holds `$` followed by digits
   * only as placeholders), selecting the columns, then the extra columns named, and makes each row
   * an item.
   */
  read(tx: Db, text: string, values: unknown[], extraNames: readonly string[]): Promise<PageRows>;
}

/** A statement's text and parameters as Drizzle SQL (for a driver other than node-postgres). */
function sqlOfText(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => chunks.push(i % 2 ? sql`${values[Number(part) - 1]}` : sql.raw(part)));
  return sql.join(chunks);
}

export function compilePageStatement(reg: Registered): PageStatement {
  const shown = new Set(['id', 'merchantId', 'storeId', 'createdAt', 'updatedAt']);
  const secret = new Set<string>();
  for (const [key, isSecret] of shownFields(reg.def)) {
    shown.add(key);
    if (isSecret) secret.add(key);
  }
  const read = Object.entries(reg.columns).filter(([key]) => shown.has(key));
  const columns = read.map(([key, c]) => `${quote(c.name)} as ${quote(key)}`).join(', ');
  const keys = read.map(([key]) => key);
  const decoders = read.map(([key, column]): ((v: unknown) => unknown) => {
    if (column instanceof PgTimestamp) return isoOfTimestamp;
    if (secret.has(key))
      return (v) => (typeof v === 'string' ? mask(reg.secrets.open(v)) : v == null ? null : v);
    return (v) => (v == null ? null : column.mapFromDriverValue(v));
  });
  const width = keys.length;
  const itemOfArray = (values: unknown[]): Row => {
    const out: Row = {};
    for (let i = 0; i < width; i++) out[keys[i]] = decoders[i](values[i]);
    return out;
  };
  const itemOfObject = (values: Row): Row => {
    const out: Row = {};
    for (let i = 0; i < width; i++) out[keys[i]] = decoders[i](values[keys[i]]);
    return out;
  };

  const orders = new Map<string, string>();
  const tableName = quote(getTableName(reg.table));
  // Qualified: a bare name in ORDER BY would mean an output column first, and the keys are aliases.
  const qualified = (column: Column) => `${tableName}.${quote(column.name)}`;
  return {
    table: tableName,
    qualified,
    columns,
    orderBy(sortColumn, descending) {
      const key = `${sortColumn.name} ${descending}`;
      let order = orders.get(key);
      if (!order) {
        const direction = descending ? 'desc' : 'asc';
        order = `order by ${qualified(sortColumn)} ${direction}, ${qualified(reg.columns.id)} desc`;
        orders.set(key, order);
      }
      return order;
    },
    async read(tx, text, values, extraNames) {
      const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
      if (client instanceof pg.Client) {
        const result = await client.query<unknown[]>({ text, values, rowMode: 'array', types });
        return {
          items: result.rows.map(itemOfArray),
          extras: result.rows.map((r) => r.slice(width)),
        };
      }
      const found = await rows<Row>(tx, sqlOfText(text, values));
      return {
        items: found.map(itemOfObject),
        extras: found.map((r) => extraNames.map((name) => r[name])),
      };
    },
  };
}
