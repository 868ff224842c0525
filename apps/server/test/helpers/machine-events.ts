/**
 * What tests send as a machine and read as the console: a production event of the device protocol,
 * and the live stream (`GET /api/coffee/device/live`, server-sent events) collected as it comes.
 */
import crypto from 'node:crypto';

/** A completed cup with only the required fields (docs/device-protocol.md §4.3); `over` adds or replaces. */
export const cupEvent = (over: Record<string, unknown> = {}) => ({
  eventId: crypto.randomUUID(),
  type: 'production',
  ts: new Date().toISOString(),
  productCode: 'AMERICANO',
  method: 'manual',
  result: 'completed',
  startedAt: new Date().toISOString(),
  cupOutSeconds: 25,
  ...over,
});

export interface LiveStream {
  status: number;
  contentType: string | null;
  /** Every event so far, in order. */
  seen: any[];
  close(): Promise<void>;
}

/** Opens the live stream as `token` for the machines `ids` (comma-separated) and collects its events. */
export async function openLive(address: string, token: string, ids: string): Promise<LiveStream> {
  const controller = new AbortController();
  const res = await fetch(`${address}/api/coffee/device/live?ids=${ids}`, {
    headers: { token },
    signal: controller.signal,
  });
  const seen: any[] = [];
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (frame.startsWith('data: ')) seen.push(JSON.parse(frame.slice(6)));
      }
    }
  })().catch(() => {});
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    seen,
    async close() {
      controller.abort();
      await reading;
    },
  };
}
