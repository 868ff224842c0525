/**
 * The dashboards' live stream (Server-Sent Events, as fleet/live.ts serves machines): it carries no
 * figures, only `{"kind":"refresh"}` when they may have changed, and each open dashboard reloads its
 * own in its own scope. Each process listens once, at the first stream: to the data center's
 * `brewfleet_stats` (a rollup merge) and to the domain events that change a machine's state; what
 * it hears within REFRESH_DEBOUNCE_MS makes one refresh for every stream. A stream lasts five
 * minutes; EventSource reconnects by itself, which checks the session or the link again.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DomainEvents } from '../../platform/events/domain-events.ts';
import type { DataCenterService } from '../datacenter/index.ts';

const STREAM_MS = 5 * 60_000;
export const REFRESH_DEBOUNCE_MS = 1000;
/** Domain events after which machine states on a dashboard are stale. */
const MACHINE_EVENTS = new Set(['fleet.machineStatusChanged', 'fleet.faultRaised', 'fleet.faultCleared']);

export function liveRefreshHub(
  app: FastifyInstance,
  deps: { datacenter: DataCenterService; events: DomainEvents },
) {
  const streams = new Set<PassThrough>();
  let timer: NodeJS.Timeout | null = null;
  let listening: Promise<Array<() => unknown>> | null = null;

  const refresh = () => {
    if (timer || !streams.size) return;
    timer = setTimeout(() => {
      timer = null;
      for (const stream of streams) stream.write(`data: ${JSON.stringify({ kind: 'refresh' })}\n\n`);
    }, REFRESH_DEBOUNCE_MS);
  };
  const ready = () =>
    (listening ??= Promise.all([
      deps.datacenter.onMerged(refresh),
      deps.events.afterCommit((notice) => {
        if (MACHINE_EVENTS.has(notice.event)) refresh();
      }),
    ]));

  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
    const stops = await listening?.catch(() => null);
    for (const stop of stops ?? []) await stop();
  });

  /** Answer `request` with a stream of refreshes. */
  async function serve(request: FastifyRequest, reply: FastifyReply) {
    await ready();
    const stream = new PassThrough();
    streams.add(stream);
    const ping = setInterval(() => stream.write(': ping\n\n'), 15_000);
    const end = setTimeout(() => stream.end(), STREAM_MS);
    const stop = () => {
      streams.delete(stream);
      clearInterval(ping);
      clearTimeout(end);
    };
    stream.on('close', stop);
    stream.on('finish', stop);
    request.raw.on('close', () => stream.end());
    stream.write('retry: 2000\n\n');
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(stream);
  }

  return { serve, refresh };
}
