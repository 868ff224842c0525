/**
 * The SQL one request sends, as node-postgres sends it (text and parameters, in order): the bench
 * server records the statements of one list request so that pgbench can run the very same SQL.
 * Installed once, before the pool opens its first connection (client.ts binds `query` per
 * connection); off until `start()`, so it costs one branch per query.
 */
import { createRequire } from 'node:module';
import pg from 'pg';

export interface CapturedStatement {
  text: string;
  /** Parameters as the driver sends them: text, or null. */
  values: Array<string | null>;
  /** Set when the server sent it as a named (prepared) statement. */
  name?: string;
  /**
   * The session-level settings the connection held when it ran this statement, as the SQL that set
   * them (a read connection keeps the caller's role and tenant scope: db/fast-path.ts `read`). That
   * SQL runs once per connection, not per request, so it is not a statement of the request.
   */
  session?: string;
}

/** A statement that sets session-level settings (set_config(…, false)): a connection's scope. */
const isSessionSetup = (text: string) => /set_config\(\s*'role'\s*,\s*'[^']*'\s*,\s*false\s*\)/i.test(text);
const sessionOf = new WeakMap<object, string>();

// node-postgres's own conversion of a JS value to a parameter's text (arrays, dates, buffers).
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (v: unknown) => string | Buffer | null;
};

let recording: CapturedStatement[] | null = null;

export function installSqlCapture() {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: object, ...args: unknown[]) {
    const head = args[0] as { text?: unknown } | string | undefined;
    const headText = typeof head === 'string' ? head : head?.text;
    if (typeof headText === 'string' && isSessionSetup(headText)) sessionOf.set(this, headText);
    else if (recording) {
      const [first, second] = args as [unknown, unknown];
      // query(text, values), query({ text, values }) or, as Drizzle calls it, query({ text }, values).
      const config = (typeof first === 'string' ? { text: first } : first) as {
        text?: unknown;
        values?: unknown;
        name?: unknown;
      };
      const text = config.text;
      const values = Array.isArray(second) ? second : config.values;
      const session = sessionOf.get(this);
      if (typeof text === 'string')
        recording.push({
          text,
          ...(typeof config.name === 'string' && { name: config.name }),
          ...(session && { session }),
          values: (Array.isArray(values) ? values : []).map((v) => {
            const p = prepareValue(v);
            return p === null ? null : String(p);
          }),
        });
    }
    return query.apply(this, args);
  };
}

export const sqlCapture = {
  start() {
    recording = [];
  },
  stop(): CapturedStatement[] {
    const out = recording ?? [];
    recording = null;
    return out;
  },
};

const isControl = (s: CapturedStatement) => /^\s*(begin|commit|rollback)\s*;?\s*$/i.test(s.text);
/**
 * A list request's data queries: neither transaction control nor the session check (its lookup sets
 * its own scope; a remembered session reads auth_epoch) nor the scope.
 */
export const dataQueries = (request: CapturedStatement[]) =>
  request.filter((s) => !isControl(s) && !/set_config|session_lookup|from auth_epoch/i.test(s.text));
