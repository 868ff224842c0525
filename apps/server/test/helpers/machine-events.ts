/**
 * What tests send as a machine and read as the console: a bare machine client, a production event of
 * the device protocol, and the live stream (`GET /api/coffee/device/live`, server-sent events)
 * collected as it comes.
 */
import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { PROTOCOL_VERSION, topicFor } from '@brewfleet/contracts';

/**
 * A bare machine client on `url`: connected with its credentials and subscribed to its commands
 * (collected in `commands`), it answers nothing of itself; `publish` sends what the test says. The
 * client joins `clients`, for the test to end.
 */
export async function bareMachine(
  url: string,
  m: { serialNumber: string; secret: string },
  clients: MqttClient[],
) {
  const client = await mqtt.connectAsync(url, {
    clientId: m.serialNumber,
    username: m.serialNumber,
    password: m.secret,
    reconnectPeriod: 0,
  });
  clients.push(client);
  const commands: Array<{ commandId: string; type: string } & Record<string, unknown>> = [];
  client.on('message', (_t, payload) => commands.push(JSON.parse(payload.toString())));
  await client.subscribeAsync(topicFor(m.serialNumber, 'cmd'), { qos: 1 });
  const publish = (channel: 'status' | 'events' | 'ack', body: object) =>
    client.publishAsync(topicFor(m.serialNumber, channel), JSON.stringify({ v: PROTOCOL_VERSION, ...body }), {
      qos: 1,
    });
  return { client, commands, publish };
}

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
