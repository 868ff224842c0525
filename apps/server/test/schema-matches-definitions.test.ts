/**
 * Declare once: the resource definitions drive the Drizzle tables; the SQL migrations must create the
 * same columns with compatible types. This fails when a definition and the migrations drift apart.
 */
import os from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { RESOURCES } from '@brewfleet/contracts';
import { buildApp } from '../src/app.ts';
import { openPglite, rows, type Database } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import type { Registered } from '../src/platform/crud/types.ts';
import { TEST_DATA_KEY, testKeys } from './helpers/test-app.ts';

let database: Database;
/** The resources the app registered (its registry: modules/index.ts drives what is in it). */
let registered: Registered[] = [];
const registeredResources = () => registered;
beforeAll(async () => {
  database = await openPglite(null);
  await migrate(database);
  const app = await buildApp({
    database,
    keys: testKeys(),
    dataKey: TEST_DATA_KEY,
    dataDir: os.tmpdir(),
    logLevel: 'silent',
    webDist: null,
  });
  await app.ready();
  registered = app.resources.all();
  await app.close();
});
afterAll(() => database.close());

// information_schema's udt_name for each Drizzle SQL type we use.
const udt = (sqlType: string) =>
  ({
    bigint: 'int8',
    'bigint[]': '_int8',
    'text[]': '_text',
    'double precision': 'float8',
    text: 'text',
    integer: 'int4',
    boolean: 'bool',
    'numeric(12, 2)': 'numeric',
    date: 'date',
    jsonb: 'jsonb',
    'timestamp with time zone': 'timestamptz',
  })[sqlType] ?? sqlType;

it('registers every declared resource', () => {
  expect(
    registeredResources()
      .map((r) => r.def.name)
      .sort(),
  ).toEqual(Object.keys(RESOURCES).sort());
});

it('each resource table has every column its definition implies, with the same type', async () => {
  for (const { def, table } of registeredResources()) {
    const config = getTableConfig(table);
    const dbColumns = await rows<{ column_name: string; udt_name: string }>(
      database.db,
      sql`select column_name, udt_name from information_schema.columns where table_name = ${def.table}`,
    );
    const actual = new Map(dbColumns.map((c) => [c.column_name, c.udt_name]));
    expect(actual.size, `table ${def.table} exists`).toBeGreaterThan(0);
    for (const column of config.columns) {
      expect(actual.has(column.name), `${def.table}.${column.name} is in the migrations`).toBe(true);
      expect(actual.get(column.name), `${def.table}.${column.name} type`).toBe(udt(column.getSQLType()));
    }
  }
});
