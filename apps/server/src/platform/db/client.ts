/**
 * The database: PostgreSQL from DATABASE_URL, or PGlite (the same SQL dialect, embedded) under
 * DATA_DIR. Both are used through one Drizzle handle; PGlite is a single serialized connection.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { registerPgliteFastPath, registerPostgresFastPath } from './fast-path.ts';
import { withStatementName, type PreparedNames } from './auto-prepare.ts';

export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  kind: 'postgres' | 'pglite';
  db: Db;
  /**
   * Run `fn` with a connection holding a transaction: several statements of raw SQL (migrations).
   * Rolled back whole when `fn` throws.
   */
  transactionRaw<T>(
    fn: (exec: (text: string, params?: unknown[]) => Promise<{ rows: any[] }>) => Promise<T>,
  ): Promise<T>;
  ping(): Promise<boolean>;
  /**
   * Hear NOTIFY on `channel` (delivered when the notifying transaction commits, also from other
   * processes). PostgreSQL: one dedicated connection, reconnected when it drops; PGlite: its own.
   * Returns the way to stop listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PostgreSQL: the server's address, for a part that keeps connections of its own (the job runner). */
  connectionString?: string;
  /** PGlite: the embedded instance, for a part that speaks to it directly (the job runner). */
  pglite?: PGlite;
}

// bigint (int8) as string, numeric as string: ids and money never lose precision.
pg.types.setTypeParser(20, (v) => v);

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => serialiseQueries(client, new Set()));
  // Connections that keep a tenant scope between reads (fast-path.ts `read`), apart from the others.
  const readPool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  readPool.on('error', () => {});
  readPool.on('connect', (client) => serialiseQueries(client, new Set()));
  const db = drizzlePg(pool) as unknown as Db;
  registerPostgresFastPath(db, pool, readPool);
  await pool.query('select 1');
  return {
    kind: 'postgres',
    db,
    connectionString: url,
    async transactionRaw(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn((text, params) => client.query(text, params as unknown[]));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    ping: () => pingWith(db),
    listen: (channel, onPayload) => listenPostgres(url, channel, onPayload),
    close: () => Promise.all([pool.end(), readPool.end()]).then(() => {}),
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to others). When it drops (server
 * restart), it connects again after a second; notifications sent meanwhile are lost, which a live
 * view survives (its next change shows the whole row).
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    c.on('error', () => {
      c.end().catch(() => {});
      if (!stopped && client === c) retry = setTimeout(() => void connect().catch(again), 1000);
    });
    client = c;
    await c.connect();
    await c.query(`listen ${pg.escapeIdentifier(channel)}`);
  };
  const again = () => {
    if (!stopped) retry = setTimeout(() => void connect().catch(again), 1000);
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/**
 * One connection answers one query at a time. Code inside a transaction may still issue several
 * together (Promise.all over a transaction's queries reads well and costs nothing more): this queue
 * sends each when the one before has settled, instead of leaving them to node-postgres's own queue,
 * which it deprecates ("Calling client.query() when the client is already executing a query") and
 * pg 9 removes. Calls with a callback (the pool's own) and streams (cursors) keep pg's path.
 */
function serialiseQueries(client: pg.PoolClient, prepared: PreparedNames) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let tail: Promise<unknown> = Promise.resolve();
  (client as { query: unknown }).query = (...given: unknown[]) => {
    // Named by their text, parsed and planned once on this connection (auto-prepare.ts).
    const args = withStatementName(given, prepared);
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args.at(-1) === 'function' || typeof first?.submit === 'function') return query(...args);
    const run = tail.then(() => query(...args));
    tail = run.catch(() => {});
    return run;
  };
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  let dir: string | undefined;
  // No other process may have this directory open, nor open it while this one does (data-dir-lock.ts).
  let unlock = () => {};
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dir ? { dataDir: dir } : {});
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client) as unknown as Db;
  registerPgliteFastPath(db, client);
  return {
    kind: 'pglite',
    db,
    pglite: client,
    transactionRaw: (fn) =>
      client.transaction(async (tx) =>
        fn(async (text, params) => {
          // exec handles several statements; query handles parameters.
          if (params?.length) return tx.query(text, params);
          const results = await tx.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }),
      ),
    ping: () => pingWith(db),
    async listen(channel, onPayload) {
      const stop = await client.listen(channel, onPayload);
      return () => stop();
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

async function pingWith(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw SQL query, for the few statements Drizzle's builder does not express well. */
export async function rows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The PostgreSQL error behind an error (Drizzle wraps driver errors in `cause`). */
export function pgErrorOf(error: unknown): { code?: string; constraint?: string; column?: string } {
  const e = error as { code?: unknown; constraint?: string; column?: string; cause?: unknown };
  if (typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
    return { code: e.code, constraint: e.constraint, column: e.column };
  return e?.cause ? pgErrorOf(e.cause) : {};
}

/**
 * A timestamptz as ISO 8601 in UTC, for raw queries: drivers differ (node-postgres answers a Date,
 * PGlite through Drizzle a text like "2026-11-22 05:20:39+00"), the API answers ISO 8601 (CONTRACT §3).
 */
export const isoTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
