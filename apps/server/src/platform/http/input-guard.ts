/**
 * What no input may carry into PostgreSQL, refused in one place for every route before its schema
 * runs (CONTRACT §3: bad input is a 400, never a 500):
 * - the NUL character U+0000, which text and jsonb columns cannot hold (22021, 22P05), in any string
 *   or key of the body, the query string or the path parameters;
 * - other control characters (U+0001–U+001F but tab, line feed and carriage return, and U+007F), which
 *   no form types and which would be stored as garbage, break a spreadsheet export's XML or a terminal;
 * - the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), with which a
 *   name displays other than it is stored (U+202E turns "txt.exe" around; "Trojan Source"); right-to-left
 *   letters need none of them, and the marks U+200E/U+200F stay allowed;
 * - JSON nested deeper than MAX_INPUT_DEPTH, which no form sends and which jsonb and recursive code
 *   would choke on.
 * A preValidation hook sees every request once parsed, so a route written by hand is covered without
 * declaring anything, unlike a check in the zod string builders, which hand-written schemas (z.string())
 * would bypass. Imports are not JSON requests: they run inspectInput on each row of the file.
 * Ids, numbers and dates are bounded by their shared schemas in @brewfleet/contracts (resource.ts).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

export const MAX_INPUT_DEPTH = 32;

export type InputProblem = { kind: 'nul' | 'control' | 'bidi'; path: string } | { kind: 'deep' };

/** Control characters no text of the API holds: C0 but tab, LF and CR, and DEL (NUL is said apart). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Bidirectional embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * Arrays and objects of parsed JSON or a query string (whose objects have a prototype of their own);
 * not a body some parser left as a buffer or a stream.
 */
const isJsonContainer = (v: unknown): v is object =>
  typeof v === 'object' &&
  v !== null &&
  !ArrayBuffer.isView(v) &&
  !(v instanceof ArrayBuffer) &&
  typeof (v as { pipe?: unknown }).pipe !== 'function';

/** The first problem in a parsed JSON value (or a query object), walked without recursion. */
export function inspectInput(value: unknown, prefix = ''): InputProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: prefix, depth: 0 }];
  while (stack.length) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { kind: 'nul', path };
      if (CONTROL.test(v)) return { kind: 'control', path };
      if (BIDI.test(v)) return { kind: 'bidi', path };
      continue;
    }
    if (!isJsonContainer(v)) continue;
    if (depth >= MAX_INPUT_DEPTH) return { kind: 'deep' };
    for (const [key, child] of Object.entries(v)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return { kind: 'nul', path: childPath.split('\u0000').join('\\0') };
      if (CONTROL.test(key)) return { kind: 'control', path: path || 'body' };
      if (BIDI.test(key)) return { kind: 'bidi', path: path || 'body' };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

/** The 400 of a problem, with the field it was found in. */
export function inputProblemError(problem: InputProblem): AppError {
  if (problem.kind === 'deep') return new AppError('msg.tooDeep', { max: MAX_INPUT_DEPTH });
  const field = problem.path || 'body';
  const key = (
    { nul: 'msg.nulCharacter', control: 'msg.controlCharacter', bidi: 'msg.bidiCharacter' } as const
  )[problem.kind];
  return new AppError(key, { field }, [{ field, message: key, params: { field } }]);
}

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const problem = inspectInput(part);
      if (problem) throw inputProblemError(problem);
    }
  });
}
