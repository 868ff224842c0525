/**
 * What the hot request path needs beside Drizzle, to spend fewer round trips and less planning:
 *
 * - named statements: PostgreSQL parses and plans a named statement once per connection and then
 *   reuses the plan; Drizzle's queries are unnamed, so each is planned again at every call (the
 *   session check costs ~5× more planned afresh than prepared);
 * - a transaction whose first message carries BEGIN and its parameter-free setup SQL (the tenant
 *   scope) together: one round trip where Drizzle's transaction takes two.
 *
 * openPostgres and openPglite register one per database handle (client.ts); a handle that has none
 * (a transaction passed where a database is expected) takes the plain Drizzle path.
 */
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

export interface FastPath {
  /**
   * The rows of one statement, prepared under `name` on each connection. A name stands for one text
   * for the life of the process: use constant SQL only.
   */
  prepared<T>(name: string, text: string, values: unknown[]): Promise<T[]>;
  /** `fn` in a transaction opened by one message: BEGIN and `setup` (SQL without parameters). */
  transaction<T>(setup: string, fn: (tx: Db) => Promise<T>): Promise<T>;
}

const registered = new WeakMap<object, FastPath>();

/** The fast path of a database handle; null for a transaction or a handle of unknown origin. */
export const fastPathOf = (db: Db): FastPath | null => registered.get(db) ?? null;

export function registerPostgresFastPath(db: Db, pool: pg.Pool) {
  const dialect = (db as unknown as { dialect: PgDialect }).dialect;
  registered.set(db, {
    async prepared<T>(name: string, text: string, values: unknown[]) {
      return (await pool.query({ name, text, values })).rows as T[];
    },
    async transaction(setup, fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query(`begin; ${setup}`);
        // Drizzle's own transaction object on this connection: savepoints for nested transactions.
        const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined), undefined);
        const result = await fn(tx as unknown as Db);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((e: Error) => (broken = e));
        throw error;
      } finally {
        // A connection that could not roll back is closed, not handed to the next request.
        client.release(broken);
      }
    },
  });
}

export function registerPgliteFastPath(db: Db, client: PGlite) {
  registered.set(db, {
    // PGlite is one connection in this process: nothing to gain from naming statements.
    async prepared<T>(_name: string, text: string, values: unknown[]) {
      return (await client.query<T>(text, values)).rows;
    },
    transaction: (setup, fn) =>
      db.transaction(async (trx) => {
        await trx.execute(sql.raw(setup));
        return fn(trx as unknown as Db);
      }),
  });
}
