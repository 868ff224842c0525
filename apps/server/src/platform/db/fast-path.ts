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
  /**
   * `fn`'s reads without a transaction, on a connection of a pool of its own that keeps `setup`
   * (session-level settings: role, scope, read-only) until another caller needs another: a read in
   * a scope met before costs its query alone, not BEGIN and COMMIT around it.
   * PostgreSQL only: PGlite is one connection, where a read is a transaction like any other.
   */
  read?<T>(setup: string, fn: (db: Db) => Promise<T>): Promise<T>;
}

const registered = new WeakMap<object, FastPath>();

/**
 * Per root transaction of the fast path, parameter-free SQL to send in the COMMIT's own message
 * (`sendWithCommit`): one round trip fewer for each such statement.
 */
const withCommit = new WeakMap<object, string[]>();

/**
 * Have `text` (SQL without parameters, its values quoted in) run just before `tx` commits, in the
 * same message as COMMIT; if it fails, nothing commits. False when `tx` is not a root transaction of
 * the fast path (a savepoint, PGlite, a plain handle): the caller runs the statement itself.
 */
export function sendWithCommit(tx: Db, text: string): boolean {
  const pending = withCommit.get(tx);
  if (!pending) return false;
  pending.push(text);
  return true;
}

/** The fast path of a database handle; null for a transaction or a handle of unknown origin. */
export const fastPathOf = (db: Db): FastPath | null => registered.get(db) ?? null;

/**
 * The scope each connection of the read pool holds. Those connections are used by `read` only, which
 * sets the caller's scope on one before lending it whenever it holds another: nothing else ever runs
 * on them, so no one inherits a scope they did not ask for.
 */
const heldScope = new WeakMap<pg.PoolClient, string>();

export function registerPostgresFastPath(db: Db, pool: pg.Pool, readPool: pg.Pool) {
  const dialect = (db as unknown as { dialect: PgDialect }).dialect;
  registered.set(db, {
    async read(setup, fn) {
      const client = await readPool.connect();
      let broken: Error | undefined;
      try {
        if (heldScope.get(client) !== setup) {
          heldScope.delete(client);
          await client.query(setup);
          heldScope.set(client, setup);
        }
        // A transaction object, so that a nested transaction fails (SAVEPOINT outside one) instead
        // of running half-applied; writes fail too (the setup makes every statement read-only).
        const handle = new NodePgTransaction(
          dialect,
          new NodePgSession(client, dialect, undefined),
          undefined,
        );
        return await fn(handle as unknown as Db);
      } catch (error) {
        // A connection whose setup failed half-way holds no known scope: closed, not lent again.
        if (!heldScope.has(client)) broken = error as Error;
        throw error;
      } finally {
        client.release(broken);
      }
    },
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
        const pending: string[] = [];
        withCommit.set(tx, pending);
        const result = await fn(tx as unknown as Db);
        // Taken out first: a late call (an un-awaited promise of fn) runs its statement itself.
        withCommit.delete(tx);
        await client.query(pending.length ? `${pending.join('; ')}; commit` : 'commit');
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
