/**
 * The wallet bench's HTTP side: a keep-alive client over node:http whose every request is timed from
 * the call to the last byte of the answer (queueing in the client and the server included), and the
 * latency summary it prints. node:http rather than fetch: one agent whose socket count we set, so
 * "1,000 at once" is 1,000 requests on the wire, not a dispatcher's default.
 */
import http from 'node:http';

export interface Answer {
  status: number;
  /** The envelope (`{code, msg, data}`), or the raw text when it is not JSON. */
  body: { code?: number; msg?: string; data?: any } & Record<string, unknown>;
  ms: number;
}

export interface Client {
  send(
    method: string,
    path: string,
    opts?: { headers?: Record<string, string>; body?: unknown },
  ): Promise<Answer>;
  close(): void;
}

export function httpClient(baseUrl: string, maxSockets: number): Client {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  return {
    send(method, path, opts = {}) {
      const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
      const started = performance.now();
      return new Promise<Answer>((resolve, reject) => {
        const req = http.request(
          {
            host: base.hostname,
            port: base.port,
            path,
            method,
            agent,
            headers: {
              loginType: 'MachineSys',
              'accept-language': 'en',
              ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
              ...opts.headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const ms = performance.now() - started;
              const text = Buffer.concat(chunks).toString('utf8');
              let body: Answer['body'];
              try {
                body = JSON.parse(text) as Answer['body'];
              } catch {
                body = { msg: text };
              }
              resolve({ status: res.statusCode ?? 0, body, ms });
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

/** The answer's data, or an error naming the call and what the server said. */
export function dataOf<T>(what: string, a: Answer): T {
  if (a.status !== 200) throw new Error(`${what}: HTTP ${a.status} ${JSON.stringify(a.body)}`);
  return a.body.data as T;
}

export interface Latency {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentiles of the latencies, in ms with one decimal. */
export function latency(ms: number[]): Latency {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    count: sorted.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? 0),
    mean: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
  };
}
