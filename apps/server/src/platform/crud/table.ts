/**
 * The Drizzle table of a resource, derived from its definition: standard columns (id, tenant,
 * audit timestamps) plus one column per stored field. The SQL migrations create the same shape;
 * test/schema-matches-definitions.test.ts fails when the two drift apart.
 */
import { sql } from 'drizzle-orm';
import {
  customType,
  doublePrecision,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import type { FieldDef, ResourceDef } from '@brewfleet/contracts';

export const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const columnName = (key: string, field: FieldDef) => field.column ?? snake(key);

/** int8 ids as strings in JavaScript: 64-bit values never pass through a float (CONTRACT §3). */
const bigintString = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  fromDriver: (value) => String(value),
  toDriver: (value) => value,
});
const id = (name: string) => bigintString(name);

export function standardColumns(def: ResourceDef) {
  return {
    id: id('id')
      .primaryKey()
      .default(sql`next_id()`),
    ...(def.tenant === 'none' ? {} : { merchantId: id('merchant_id'), storeId: id('store_id') }),
    createdBy: id('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  };
}

function fieldColumn(key: string, field: FieldDef): PgColumnBuilderBase {
  const name = columnName(key, field);
  switch (field.kind) {
    case 'int':
      return integer(name);
    case 'money':
      return numeric(name, { precision: 12, scale: 2 });
    case 'bool':
      return boolean(name);
    case 'date':
      return date(name, { mode: 'string' });
    case 'datetime':
      return timestamp(name, { withTimezone: true, mode: 'date' });
    case 'ref':
      return id(name);
    case 'refs':
    case 'images':
      return id(name).array();
    case 'json':
    case 'localized':
      return jsonb(name);
    case 'number':
      return doublePrecision(name);
    case 'enums':
      return text(name).array();
    default:
      return text(name);
  }
}

const stored = new WeakMap<ResourceDef, Array<[string, FieldDef]>>();
/**
 * Stored fields: everything but virtual ones, and not the standard columns again. Once per
 * definition: toItem asks for every row it writes, and standardColumns builds Drizzle columns.
 */
export function storedFields(def: ResourceDef): Array<[string, FieldDef]> {
  let fields = stored.get(def);
  if (!fields) {
    const standard = new Set(Object.keys(standardColumns(def)));
    fields = Object.entries(def.fields).filter(([key, fd]) => !fd.virtual && !standard.has(key));
    stored.set(def, fields);
  }
  return fields;
}

const shown = new WeakMap<ResourceDef, Array<[string, boolean]>>();
/** The stored fields an item shows (not write-only), each with whether it is a secret (shown masked). */
export function shownFields(def: ResourceDef): Array<[string, boolean]> {
  let fields = shown.get(def);
  if (!fields) {
    fields = storedFields(def)
      .filter(([, fd]) => !fd.writeOnly)
      .map(([key, fd]) => [key, fd.kind === 'secret']);
    shown.set(def, fields);
  }
  return fields;
}

const cache = new Map<string, ReturnType<typeof build>>();
function build(def: ResourceDef, extra: Record<string, PgColumnBuilderBase>) {
  const columns: Record<string, PgColumnBuilderBase> = { ...standardColumns(def) };
  for (const [key, fd] of storedFields(def)) columns[key] = fieldColumn(key, fd);
  return pgTable(def.table, { ...columns, ...extra });
}

/**
 * The table for a definition; `extra` adds module-owned columns that are not resource fields
 * (an account's password hash). The first call for a table fixes its shape.
 */
export function tableFor(def: ResourceDef, extra: Record<string, PgColumnBuilderBase> = {}) {
  let table = cache.get(def.table);
  if (!table) {
    table = build(def, extra);
    cache.set(def.table, table);
  }
  return table;
}
export type ResourceTable = ReturnType<typeof tableFor>;
