/**
 * The MQTT side: the embedded Aedes broker on MQTT_PORT by default, or an external broker from
 * MQTT_URL. Either way the server holds one mqtt.js client ("the server's connection"), whose state
 * is the health figure. Device authentication and topic access arrive with the device gateway; until
 * then the embedded broker admits only the server's own connection.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';

export interface Mqtt {
  client: MqttClient;
  /** Port of the embedded broker, null with an external one. */
  port: number | null;
  healthy(): boolean;
  close(): Promise<void>;
}

export class MqttStartError extends Error {}

/** Where the server's own connection reaches the embedded broker bound to `host`. */
function connectHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function listen(server: net.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as net.AddressInfo).port));
  });
}

export async function startMqtt(opts: {
  url?: string;
  port: number;
  host: string;
  log: FastifyBaseLogger;
}): Promise<Mqtt> {
  const clientId = `brewfleet-server-${crypto.randomBytes(6).toString('hex')}`;
  if (opts.url) {
    const client = mqtt.connect(opts.url, {
      clientId,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
      protocolVersion: 5,
    });
    client.on('error', (err) => opts.log.warn({ err: err.message }, 'mqtt connection error'));
    await new Promise<void>((resolve, reject) => {
      const fail = (error: MqttStartError) => {
        // Nothing may keep reconnecting in the background after a failed start.
        client.end(true);
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new MqttStartError(`MQTT_URL: no answer from ${opts.url} within 10 s`)),
        10_000,
      );
      client.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      client.once('error', (err) => {
        clearTimeout(timer);
        fail(new MqttStartError(`MQTT_URL: cannot connect to ${opts.url}: ${err.message}`));
      });
    });
    return { client, port: null, healthy: () => client.connected, close: () => client.endAsync() };
  }

  const secret = crypto.randomBytes(24).toString('base64url');
  const broker = await Aedes.createBroker();
  broker.authenticate = (client, username, password, done) => {
    const ok = client.id === clientId && username === 'server' && password?.toString() === secret;
    done(null, ok);
  };
  const server = net.createServer(broker.handle);
  let port: number;
  try {
    port = await listen(server, opts.port, opts.host);
  } catch (error) {
    await new Promise<void>((r) => broker.close(() => r()));
    const code = (error as NodeJS.ErrnoException).code;
    throw new MqttStartError(
      code === 'EADDRINUSE'
        ? `MQTT_PORT: port ${opts.port} is in use; set MQTT_PORT to a free port (0 picks one) or MQTT_URL to use that broker`
        : `MQTT_PORT: cannot listen on ${opts.host}:${opts.port}: ${(error as Error).message}`,
    );
  }
  opts.log.info({ port }, `embedded MQTT broker on mqtt://${opts.host}:${port}`);
  const client = await mqtt.connectAsync(`mqtt://${connectHost(opts.host)}:${port}`, {
    clientId,
    username: 'server',
    password: secret,
    reconnectPeriod: 1000,
  });
  return {
    client,
    port,
    healthy: () => client.connected,
    async close() {
      await client.endAsync(true);
      await new Promise<void>((r) => broker.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
