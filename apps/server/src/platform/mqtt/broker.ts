/**
 * The MQTT side: the embedded Aedes broker on MQTT_PORT by default, or an external broker from
 * MQTT_URL. Either way the server holds one mqtt.js client ("the server's connection"), whose state
 * is the health figure. The embedded broker admits the server's own connection and the clients whose
 * credentials `access` accepts (an interface of the platform, access.ts, that fleet provides for
 * machines), and limits each to the topics `access` allows it: a publish elsewhere is
 * acknowledged and dropped (MQTT 5: PUBACK 0x87), never answered by closing the connection, which a
 * client with a session would answer by sending it again at every reconnect. Aedes speaks MQTT 3.1.1;
 * machines that speak MQTT 5 reach it through mqtt5-bridge.ts. Shared subscriptions across server
 * processes come with an external broker.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { BrokerAccess } from './access.ts';
import { acceptConnection, type Discarded } from './mqtt5-bridge.ts';
import { memoryConnection } from './memory-connection.ts';

export type { Discarded } from './mqtt5-bridge.ts';

/**
 * Where a refused 3.1.1 publish goes once acknowledged: a `$` topic, which no wildcard matches and
 * no client may subscribe to, so it reaches nobody.
 */
const NOWHERE = '$brewfleet/refused';

export interface Mqtt {
  client: MqttClient;
  /** Port of the embedded broker, null with an external one. */
  port: number | null;
  /** Where a machine in this process reaches the broker (the demo fleet). */
  url: string;
  /** The embedded broker drops a machine's connection (its secret changed, or it was deleted). */
  disconnect(clientId: string): void;
  /** Machines connected to the embedded broker (null with an external one). */
  connectedClients(): number | null;
  healthy(): boolean;
  close(): Promise<void>;
}

export class MqttStartError extends Error {}

/** Listen errors that are the address's fault (HOST), not the port's. */
export const HOST_ERRORS = new Set(['EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAFNOSUPPORT']);

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
  /**
   * Client credentials and topic access for the embedded broker, told too of packets it discarded
   * (too large for an MQTT 5 client's Maximum Packet Size). Without it only the server connects.
   */
  access?: BrokerAccess;
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
    return {
      client,
      port: null,
      url: opts.url,
      healthy: () => client.connected,
      disconnect: () => {},
      connectedClients: () => null,
      close: () => client.endAsync(),
    };
  }

  const secret = crypto.randomBytes(24).toString('base64url');
  const broker = await Aedes.createBroker();
  const serverId = clientId;
  const isServer = (client: { id: string } | null) => client?.id === serverId;
  broker.authenticate = (client, username, password, done) => {
    if (client.id === clientId) return done(null, username === 'server' && password?.toString() === secret);
    if (!opts.access) return done(null, false);
    opts.access.authenticate(client.id, username, password?.toString()).then(
      (ok) => done(null, ok),
      (error) => {
        opts.log.error({ err: error }, 'machine authentication failed');
        done(null, false);
      },
    );
  };
  const mayPublish = (clientId: string, topic: string, retain: boolean) =>
    clientId === serverId || !!opts.access?.mayPublish(clientId, topic, retain);
  let refusals = 0;
  let refusalsReset = Date.now();
  const refused = (clientId: string, topic: string) => {
    // At most 20 lines a minute: a machine that keeps trying must not flood the log.
    if (Date.now() - refusalsReset > 60_000) [refusals, refusalsReset] = [0, Date.now()];
    if (++refusals <= 20) opts.log.warn({ clientId, topic }, 'publish refused and dropped');
  };
  broker.authorizePublish = (client, packet, done) => {
    if (!client || mayPublish(client.id, packet.topic, packet.retain)) return done(null);
    refused(client.id, packet.topic);
    // MQTT 3.1.1 has no refusal for a publish: Aedes acknowledges it (PUBACK, or PUBREC for QoS 2)
    // and the message goes nowhere. An error here would close the connection instead.
    packet.topic = NOWHERE;
    packet.retain = false;
    done(null);
  };
  broker.authorizeSubscribe = (client, subscription, done) => {
    if (isServer(client)) return done(null, subscription);
    // A refused subscription is answered with a SUBACK failure, not a disconnect.
    done(null, opts.access?.maySubscribe(client.id, subscription.topic) ? subscription : null);
  };
  const hooks = {
    mayPublish(clientId: string, topic: string, retain: boolean) {
      const ok = mayPublish(clientId, topic, retain);
      if (!ok) refused(clientId, topic);
      return ok;
    },
    discarded: (packet: Discarded) => opts.access?.discarded?.(packet),
  };
  const server = net.createServer((socket) => acceptConnection(socket, broker.handle, hooks));
  let port: number;
  try {
    port = await listen(server, opts.port, opts.host);
  } catch (error) {
    await new Promise<void>((r) => broker.close(() => r()));
    const code = (error as NodeJS.ErrnoException).code;
    throw new MqttStartError(
      code === 'EADDRINUSE'
        ? `MQTT_PORT: port ${opts.port} is in use; set MQTT_PORT to a free port (0 picks one) or MQTT_URL to use that broker`
        : HOST_ERRORS.has(code ?? '')
          ? `HOST: cannot listen on ${opts.host}: ${(error as Error).message}; set HOST to an address of this machine`
          : `MQTT_PORT: cannot listen on ${opts.host}:${opts.port}: ${(error as Error).message}`,
    );
  }
  opts.log.info({ port }, `embedded MQTT broker on mqtt://${opts.host}:${port}`);
  const url = `mqtt://${connectHost(opts.host)}:${port}`;
  // The server's own connection runs in memory (memory-connection.ts), not through the port: the
  // same MQTT 3.1.1 session as a socket's, without the kernel between the broker and the gateway.
  const client = new mqtt.MqttClient(
    () => {
      const [own, brokers] = memoryConnection();
      broker.handle(brokers);
      return own;
    },
    { clientId, username: 'server', password: secret, reconnectPeriod: 1000, protocolVersion: 4 },
  );
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return {
    client,
    port,
    url,
    healthy: () => client.connected,
    disconnect(id) {
      // Aedes keeps its connected clients by id; its type declarations leave the map out.
      (broker as unknown as { clients: Record<string, { close(): void } | undefined> }).clients[id]?.close();
    },
    connectedClients: () => Math.max(0, broker.connectedClients - 1),
    async close() {
      await client.endAsync(true);
      await new Promise<void>((r) => broker.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
