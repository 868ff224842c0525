/**
 * pgbench on the SQL a request sends: the ceiling the API is measured against. Statements come from
 * sql-capture.ts (text and parameters as node-postgres sent them); each becomes a pgbench command with
 * its parameters written in as quoted literals, run in the simple query protocol (-M simple: one
 * message per statement, no parse/bind round of the extended protocol, so pgbench's figure is, if
 * anything, a little high). A text holding several statements (sent by the server as one simple
 * query) stays one round trip: its statements are joined with pgbench's `\;`. A script with a
 * statement the server prepares runs prepared (-M prepared), each statement a command of its own.
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
 */
export function pgbenchCommand(stmt: CapturedStatement, mode: 'simple' | 'prepared' = 'simple'): string {
  const withValues = stmt.text.replace(/\$(\d+)/g, (_, n: string) => literal(stmt.values[Number(n) - 1]));
  // pgbench reads a backslash at a line's start as a meta-command: keep each statement on one line.
  const statements = statementsOf(withValues).map((s) => s.replace(/\s*\n\s*/g, ' '));
  return statements.join(mode === 'simple' ? ' \\;\n' : ';\n') + ';';
}

export interface PgbenchResult {
  script: string;
  mode: 'simple' | 'prepared';
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
}): Promise<PgbenchResult> {
  // The server prepares some statements (the session check): pgbench then prepares all of them,
  // so that neither side plans afresh what the other has planned once.
  const mode = opts.statements.some((s) => s.name) ? 'prepared' : 'simple';
  const script = opts.statements.map((s) => pgbenchCommand(s, mode)).join('\n') + '\n';
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
      '-f',
      file,
      opts.url,
    ];
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
    }>((resolve, reject) => {
      const child = spawn(opts.pgbench, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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
      mode,
      tps: Math.round(Number(tps) * 10) / 10,
      latencyMs: latency ? Number(latency) : null,
      transactions: Number(transactions ?? 0),
      loadAverage: os.loadavg()[0],
    };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
