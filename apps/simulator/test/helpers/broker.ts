/**
 * Brokers and watchers for the simulator tests: Mosquitto on 127.0.0.1:1883 (TEST_MQTT_URL), an
 * in-test Aedes when a test needs to stop the broker or refuse credentials, and an observer client
 * that records what machines publish.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import mqtt from 'mqtt';
import { Aedes } from 'aedes';
import { commandMessage, topicFor } from '@brewfleet/contracts';

export const MOSQUITTO = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
export const serial = () => `SIMTEST-${crypto.randomBytes(4).toString('hex')}`;

export async function observer(url: string, topic: string) {
  const client = await mqtt.connectAsync(url, { clientId: `observer-${crypto.randomUUID()}` });
  const messages: Array<{ topic: string; body: any; retain: boolean }> = [];
  client.on('message', (t, p, packet) =>
    messages.push({ topic: t, body: JSON.parse(p.toString()), retain: packet.retain }),
  );
  await client.subscribeAsync(topic, { qos: 1 });
  const waitFor = async (pred: (m: (typeof messages)[number]) => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const hit = messages.find(pred);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(
      `no matching message on ${topic} within ${ms} ms; got ${JSON.stringify(messages.slice(-5))}`,
    );
  };
  /** Sends a command to a machine the way the server does (QoS 1 on its cmd topic). */
  const command = async (serialNumber: string, type: string, params: Record<string, unknown> = {}) => {
    const body = commandMessage.parse({
      v: 1,
      commandId: crypto.randomUUID(),
      type,
      issuedAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      params,
    });
    await client.publishAsync(topicFor(serialNumber, 'cmd'), JSON.stringify(body), { qos: 1 });
    return body.commandId;
  };
  return { client, messages, waitFor, command };
}

/** An Aedes broker on `port` (0: a free one); `admit` decides who may connect (default: everyone). */
export async function aedesBroker(port = 0, admit?: (username: string, password: string) => boolean) {
  const broker = await Aedes.createBroker();
  if (admit)
    broker.authenticate = (_client, username, password, done) =>
      done(null, admit(username ?? '', password?.toString() ?? ''));
  const server = net.createServer(broker.handle);
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return {
    broker,
    url: `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    port: (server.address() as net.AddressInfo).port,
    async close() {
      await new Promise<void>((r) => broker.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
