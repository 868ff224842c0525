/**
 * What tests send as a machine and read as the console: a bare machine client, production and order
 * events of the device protocol, and the live stream (`GET /api/coffee/device/live`, server-sent events)
 * collected as it comes.
 */
import crypto from 'node:crypto';
import http from 'node:http';
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

/** An `order-status` event (docs/device-protocol.md §4.8) of the order `orderNo`. */
export const orderStatusEvent = (orderNo: string, status: string, over: Record<string, unknown> = {}) => ({
  eventId: crypto.randomUUID(),
  ts: new Date().toISOString(),
  type: 'order-status',
  orderNo,
  status,
  ...over,
});

/** A completed cup of `productCode` made for line `line` of the order `orderNo`. */
export const orderCupEvent = (
  orderNo: string,
  line: number,
  productCode: string,
  over: Record<string, unknown> = {},
) =>
  cupEvent({
    productCode,
    method: 'scan-code',
    cupOutSeconds: 30,
    order: { orderNo, line },
    ...over,
  });

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

/**
 * Opens the live stream as `token` for the machines `ids` (comma-separated) and collects its events.
 * Over node:http, so that `close()` ends the connection itself: an aborted fetch left its socket open,
 * and the server's close then waited for its keep-alive timeout (72 s).
 */
export async function openLive(address: string, token: string, ids: string): Promise<LiveStream> {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http
      .get(`${address}/api/coffee/device/live?ids=${ids}`, { headers: { token }, agent: false }, resolve)
      .on('error', reject),
  );
  const seen: any[] = [];
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
      const frame = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      if (frame.startsWith('data: ')) seen.push(JSON.parse(frame.slice(6)));
    }
  });
  res.on('error', () => {}); // destroyed by close()
  const closed = new Promise<void>((resolve) => res.socket.once('close', () => resolve()));
  return {
    status: res.statusCode ?? 0,
    contentType: res.headers['content-type'] ?? null,
    seen,
    async close() {
      res.destroy();
      await closed;
    },
  };
}
