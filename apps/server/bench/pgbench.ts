/**
 * pgbench on the SQL a request sends: the ceiling the API is measured against. Statements come from
 * sql-capture.ts (text, parameters and the connection's session settings, as node-postgres sent
 * them). Two forms:
 *
 * - `sent` (what the targets are measured against): the statements as the server sends them. Their
 *   parameters stay parameters, bound at each execution from pgbench variables (`-D`), so PostgreSQL
 *   chooses between a custom and a generic plan as it does for the server (a list query with a
 *   LIMIT parameter gets a custom plan, planned at every call); and each connection holds the session
 *   settings the server's read connection held (PGOPTIONS: the role brewfleet_app and the tenant
 *   scope), so row-level security checks every row as it does for the API.
 * - `literal` (the figure of earlier runs, kept for comparison): the values written into the text as
 *   quoted literals, as the connecting user (a superuser skips row-level security). A prepared
 *   statement without parameters is planned once per connection, so this form runs a cheaper
 *   statement than the server can send: one planned for one set of values.
 *
 * A script with a statement the server prepares runs prepared (-M prepared); else parameters run in
 * the extended protocol (-M extended, unnamed statements as the driver's) and literals in the simple
 * one (-M simple: one message per statement; a text holding several statements, sent by the server
 * as one simple query, stays one round trip: its statements are joined with pgbench's `\;`).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CapturedStatement } from './sql-capture.ts';

/** pgbench on PATH, else Debian's per-version binaries. */
export function findPgbench(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'pgbench');
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const candidate = path.join(root, v, 'bin', 'pgbench');
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

const literal = (v: string | null) => (v === null ? 'null' : `'${v.replace(/'/g, "''")}'`);

/**
 * Split a simple query's text at its top-level semicolons (outside quotes and dollar quotes): the
 * statements the server sent in one message.
 */
function statementsOf(sqlText: string): string[] {
  let text = sqlText;
  const out: string[] = [];
  let start = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (text.startsWith(quote, i)) {
        i += quote.length - 1;
        quote = null;
      }
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(i))?.[0];
      if (tag) {
        quote = tag;
        i += tag.length - 1;
      }
    } else if (c === '-' && text[i + 1] === '-') {
      // A comment would swallow the rest once the statement is on one line: drop it.
      const end = text.indexOf('\n', i);
      text = text.slice(0, i) + (end < 0 ? '' : text.slice(end));
      i--;
    } else if (c === ';') {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

/**
 * The pgbench command(s) for one statement as the driver sent it: one command (one round trip) in
 * the simple protocol; in the prepared mode, which has no compound commands, one per statement.
 * With `bind`, each parameter becomes a pgbench variable (`:bN`, its value added to `bind`) that
 * pgbench sends as a parameter in the prepared and extended modes; a null stays a literal null.
 */
export function pgbenchCommand(
  stmt: CapturedStatement,
  mode: 'simple' | 'extended' | 'prepared' = 'simple',
  bind?: Map<string, string>,
): string {
  const withValues = stmt.text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = stmt.values[Number(n) - 1];
    if (!bind || value === null) return literal(value);
    const name = `b${bind.size + 1}`;
    bind.set(name, value);
    return `:${name}`;
  });
  // pgbench reads a backslash at a line's start as a meta-command: keep each statement on one line.
  const statements = statementsOf(withValues).map((s) => s.replace(/\s*\n\s*/g, ' '));
  return statements.join(mode === 'simple' ? ' \\;\n' : ';\n') + ';';
}

/**
 * The session settings of a connection as pgbench's PGOPTIONS (`-c name=value`), from the SQL that
 * set them (`set_config('name', 'value', false)`, db/scope.ts). Values are ids, names and digits.
 */
export function sessionOptions(setup: string): string {
  const options: string[] = [];
  for (const [, name, value] of setup.matchAll(
    /set_config\(\s*'([\w.]+)'\s*,\s*'([^']*)'\s*,\s*false\s*\)/gi,
  )) {
    if (/[\s\\]/.test(value)) throw new Error(`a session setting pgbench cannot pass: ${name}=${value}`);
    options.push(`-c ${name}=${value}`);
  }
  return options.join(' ');
}

export type PgbenchForm = 'sent' | 'literal';

export interface PgbenchResult {
  script: string;
  form: PgbenchForm;
  mode: 'simple' | 'extended' | 'prepared';
  /** PGOPTIONS the connections were opened with (the server's session settings), if any. */
  session: string;
  tps: number;
  latencyMs: number | null;
  transactions: number;
  loadAverage: number;
}

/** Run one script at `clients` connections for `seconds`; tps excludes connection time. */
export async function runPgbench(opts: {
  pgbench: string;
  url: string;
  statements: CapturedStatement[];
  clients: number;
  seconds: number;
  /** 'sent' unless said otherwise: see the top of this file. */
  form?: PgbenchForm;
}): Promise<PgbenchResult> {
  const form = opts.form ?? 'sent';
  const bound = form === 'sent' && opts.statements.some((s) => s.values.some((v) => v !== null));
  // The server prepares some statements (the session check): pgbench then prepares all of them,
  // so that neither side plans afresh what the other has planned once.
  const mode = opts.statements.some((s) => s.name) ? 'prepared' : bound ? 'extended' : 'simple';
  const bind = bound ? new Map<string, string>() : undefined;
  const script = opts.statements.map((s) => pgbenchCommand(s, mode, bind)).join('\n') + '\n';
  // The read connection's scope (role, tenant ids) as the server held it while running them.
  const setup = form === 'sent' ? opts.statements.find((s) => s.session)?.session : undefined;
  const session = setup ? sessionOptions(setup) : '';
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bf-pgbench-')), 'script.sql');
  fs.writeFileSync(file, script);
  try {
    const args = [
      '-n', // no vacuum of pgbench's own tables: there are none
      '-M',
      mode,
      '-c',
      String(opts.clients),
      '-j',
      String(Math.min(opts.clients, os.cpus().length)),
      '-T',
      String(opts.seconds),
      ...[...(bind ?? [])].flatMap(([name, value]) => ['-D', `${name}=${value}`]),
      '-f',
      file,
      opts.url,
    ];
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
    }>((resolve, reject) => {
      const env = session ? { ...process.env, PGOPTIONS: session } : process.env;
      const child = spawn(opts.pgbench, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
    if (code !== 0 || !tps)
      throw new Error(`pgbench failed (${code}):\n${stderr || stdout}\nscript:\n${script}`);
    const latency = /latency average = ([\d.]+) ms/.exec(stdout)?.[1];
    const transactions = /number of transactions actually processed: (\d+)/.exec(stdout)?.[1];
    return {
      script,
      form,
      mode,
      session,
      tps: Math.round(Number(tps) * 10) / 10,
      latencyMs: latency ? Number(latency) : null,
      transactions: Number(transactions ?? 0),
      loadAverage: os.loadavg()[0],
    };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
