/** What `npm run bench:ingest` (and bench:ingest-orders) measures per step, and the table it prints. */
import type { StepFigures } from './ingest-sql.ts';

export interface Step extends StepFigures {
  /** Events (orders mode: orders) per second asked of the publishers. */
  rate: number;
  /** Events (orders mode: orders) and MQTT messages actually published, over `seconds`. */
  published: number;
  /** Orders mode: every event published (the orders, their status reports and their cups). */
  events?: number;
  messages: number;
  seconds: number;
  /** QoS 1 publishes not yet acknowledged by the broker when the step ended. */
  unacknowledged: number;
  malformed: number;
  duplicates: number;
  batches: number;
  failedBatches: number;
  /** The largest batch the gateway wrote (items: events, presence updates, acks) and the longest write. */
  largestBatch: number;
  longestBatchMs: number;
  /** The most messages waiting in the gateway at once. */
  maxPending: number;
  /** After the step, the wait until all it published was committed (CPU figures include it). */
  drainSeconds: number;
  gatewayCpuPct: number;
  publisherCpuPct: number;
  /**
   * CPU time per record: the gateway's process (broker and gateway) and PostgreSQL (the backends of
   * the bench database and the server's background workers; null when PostgreSQL is on another
   * host) per record committed in the step and its drain, the publishers per record published. Unlike
   * rates, these do not depend on what else the host runs: the host's cores divided by their sum
   * is the rate an otherwise idle host could carry.
   */
  gatewayCpuUsPerEvent: number;
  publisherCpuUsPerEvent: number;
  postgresCpuUsPerEvent: number | null;
  /** The part of postgresCpuUsPerEvent spent by WAL writer, checkpointer, background writer, autovacuum. */
  postgresBackgroundUsPerEvent: number | null;
  /** Busy share of all the host's cores (PostgreSQL, and anything else running, included). */
  hostCpuPct: number;
  /** The host's 1-minute load average when the step's drain ended (others' work included). */
  loadAverage1m: number;
  keepsUp: boolean;
}

/** Sustained: at the end of the step less than a second of input is waiting, and p99 ≤ the target. */
export function keepsUp(f: StepFigures, publishedPerSecond: number, targetP99Ms: number): boolean {
  return f.lagAtEnd <= publishedPerSecond && f.commitP99Ms <= targetP99Ms;
}

const cpuPerEvent = (s: Step) =>
  [s.gatewayCpuUsPerEvent, s.postgresCpuUsPerEvent ?? NaN, s.publisherCpuUsPerEvent]
    .map((us) => (Number.isNaN(us) ? '?' : us.toFixed(0)))
    .join('+');

/** `unit`: what the rates count (event, or order in orders mode, where events/s shows all events too). */
export function stepTable(steps: Step[], unit: 'event' | 'order' = 'event'): string {
  const columns: Array<[string, (s: Step) => string | number]> = [
    ['offered/s', (s) => s.rate],
    ['published/s', (s) => Math.round(s.published / s.seconds)],
    ...(unit === 'order'
      ? [['events/s', (s: Step) => Math.round((s.events ?? 0) / s.seconds)] as [string, (s: Step) => number]]
      : []),
    ['committed/s', (s) => Math.round(s.committedPerSecond)],
    ['lag at end', (s) => s.lagAtEnd],
    ['drain s', (s) => s.drainSeconds.toFixed(1)],
    ['commit p50 ms', (s) => Math.round(s.commitP50Ms)],
    ['commit p99 ms', (s) => Math.round(s.commitP99Ms)],
    ['receipt p99 ms', (s) => (s.receiveP99Ms === null ? '–' : Math.round(s.receiveP99Ms))],
    ['batches', (s) => s.batches],
    ['largest batch', (s) => s.largestBatch],
    ['longest ms', (s) => s.longestBatchMs],
    ['malformed', (s) => s.malformed],
    ['dupes', (s) => s.duplicates],
    ['gw CPU %', (s) => Math.round(s.gatewayCpuPct)],
    [`µs/${unit} gw+pg+pub`, (s) => cpuPerEvent(s)],
    ['host CPU %', (s) => Math.round(s.hostCpuPct)],
    ['load 1m', (s) => s.loadAverage1m.toFixed(1)],
    ['kept up', (s) => (s.keepsUp ? 'yes' : 'NO')],
  ];
  const head = columns.map(([name]) => name);
  const body = steps.map((s) => columns.map(([, value]) => String(value(s))));
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => c.padStart(widths[i])).join(' | ') + ' |';
  return [
    line(head),
    '|' + widths.map((w) => '-'.repeat(w + 1) + ':').join('|') + '|',
    ...body.map(line),
  ].join('\n');
}
