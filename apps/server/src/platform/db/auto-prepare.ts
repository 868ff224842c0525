/**
 * Statements named by their text, so that PostgreSQL parses, rewrites and plans each one once per
 * connection instead of at every call. Drizzle sends its queries unnamed; for a list request the
 * planning (row-level security included) cost three times the execution, and pgbench runs the same
 * SQL twice as fast prepared as parsed every time.
 *
 * Only statements with parameters are named: they go by the extended protocol anyway, so each is a
 * single statement (a text without parameters may hold several, which only the simple protocol
 * runs). The name is a digest of the text: the same text always has the same parameter types, its
 * context fixing them. A connection prepares at most MAX_PER_CONNECTION texts (list filters combine
 * into many shapes); past that, new texts run unnamed as before. PostgreSQL itself replans a prepared
 * statement when a table it reads changes, and chooses between a generic and a per-call plan.
 */
import crypto from 'node:crypto';

const MAX_PER_CONNECTION = 300;
/** Names worked out per text, shared by the connections (a digest per query was ~1.5% of a list's CPU). */
const namesByText = new Map<string, string>();
const MAX_NAMES = 5000;

function nameOf(text: string): string {
  let name = namesByText.get(text);
  if (!name) {
    name = `a${crypto.createHash('sha1').update(text).digest('base64url')}`;
    // Past MAX_NAMES the oldest goes: texts are few in practice; this only bounds a pathological mix.
    if (namesByText.size >= MAX_NAMES) namesByText.delete(namesByText.keys().next().value!);
    namesByText.set(text, name);
  }
  return name;
}

interface QueryConfig {
  name?: string;
  text?: string;
  values?: unknown[];
}

/** What one connection has named so far. */
export type PreparedNames = Set<string>;

/** `args` of a client.query call, with a name given to a parameterised statement that has none. */
export function withStatementName(args: unknown[], names: PreparedNames): unknown[] {
  const [first, second] = args;
  let config: QueryConfig;
  let rest: unknown[];
  if (typeof first === 'string') {
    if (!Array.isArray(second) || second.length === 0) return args;
    config = { text: first, values: second };
    rest = args.slice(2);
  } else if (first && typeof first === 'object' && typeof (first as QueryConfig).text === 'string') {
    const given = first as QueryConfig & { submit?: unknown };
    // A cursor or a COPY stream is an object of its own kind: left as it is.
    if (given.name || typeof given.submit === 'function') return args;
    const values = Array.isArray(second) ? second : given.values;
    if (!Array.isArray(values) || values.length === 0) return args;
    config = given;
    rest = args.slice(1);
  } else return args;
  const name = nameOf(config.text!);
  if (!names.has(name)) {
    if (names.size >= MAX_PER_CONNECTION) return args;
    names.add(name);
  }
  return [{ ...config, name }, ...rest];
}
