/**
 * What bench/data-center.ts needs of the real server: the server itself (src/main.ts in a child
 * process, as `npm start` runs it, with its jobs, broker and gateway), signing in, and closed-loop
 * load (N users, each sending its next request when its last one answered) with exact percentiles.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encryptLongText } from '@brewfleet/contracts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningServer {
  url: string;
  mqttPort: number;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Start src/main.ts with `env` (DATABASE_URL or the embedded database, DEMO…) on free ports and an
 * empty DATA_DIR of its own; resolves when it listens (start-up may take minutes: the demo's history).
 */
export async function startServer(env: Record<string, string>, label: string): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-bench-dc-'));
  const port = await freePort();
  const mqttPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-console'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m) resolve(m[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(`[${label}] ${chunk.toString()}`);
    });
    void exited.then((code) =>
      reject(new Error(`${label} server exited (${code}):\n${output.slice(-2000)}`)),
    );
  });
  return {
    url,
    mqttPort,
    dataDir,
    child,
    async stop() {
      child.kill('SIGTERM');
      const code = await Promise.race([
        exited,
        new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000)),
      ]);
      if (code === 'timeout') child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The load's client: node's http with connections kept alive (as a browser keeps them), the answer
 * read whole and parsed. fetch (undici) cost this process 0.6–1.8 ms of CPU a request, on the same
 * two cores as the server: the client's own work was most of what a cached answer's latency measured.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export async function post<T>(url: string, body: unknown, token?: string): Promise<{ data: T; ms: number }> {
  const started = performance.now();
  const payload = JSON.stringify(body);
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          loginType: 'MachineSys',
          ...(token ? { token } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
  const json = JSON.parse(text) as { code: number; data: T; msg?: string };
  const ms = performance.now() - started;
  if (status !== 200) throw new Error(`${url}: ${status} ${text.slice(0, 400)}`);
  return { data: json.data, ms };
}

export async function signIn(base: string, account: string, password: string): Promise<string> {
  const { publicKey } = await fetch(`${base}/api/auth/publicKey`)
    .then((r) => r.json() as Promise<{ data: { publicKey: string } }>)
    .then((j) => j.data);
  const { data } = await post<{ tokenValue: string }>(`${base}/api/auth/doLogin`, {
    account,
    password: encryptLongText(publicKey, password),
    agreement: true,
  });
  return data.tokenValue;
}

export interface LoadFigures {
  users: number;
  requests: number;
  errors: number;
  seconds: number;
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  firstError?: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
const ms1 = (n: number) => Math.round(n * 10) / 10;

/**
 * `users` concurrent users each sending `send()` one after another, for `seconds` (or until
 * `requests` were sent in all, whichever first).
 */
export async function closedLoop(
  send: () => Promise<unknown>,
  opts: { users: number; seconds: number; requests?: number },
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let sent = 0;
  const started = performance.now();
  const until = started + opts.seconds * 1000;
  const limit = opts.requests ?? Infinity;
  const user = async () => {
    while (performance.now() < until && sent < limit) {
      sent++;
      const t = performance.now();
      try {
        await send();
        latencies.push(performance.now() - t);
      } catch (error) {
        errors++;
        firstError ??= String(error).slice(0, 300);
      }
    }
  };
  await Promise.all(Array.from({ length: opts.users }, user));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    users: opts.users,
    requests: latencies.length,
    errors,
    seconds: ms1(seconds),
    reqPerSec: ms1(latencies.length / seconds),
    p50Ms: ms1(percentile(latencies, 50)),
    p95Ms: ms1(percentile(latencies, 95)),
    p99Ms: ms1(percentile(latencies, 99)),
    maxMs: ms1(latencies.at(-1) ?? NaN),
    ...(firstError ? { firstError } : {}),
  };
}

/** A markdown table, first column left-aligned. */
export function markdownTable(head: string[], body: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  return [
    line(head),
    '|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|',
    ...body.map(line),
  ].join('\n');
}
