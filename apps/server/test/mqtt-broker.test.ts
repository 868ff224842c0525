/**
 * startMqtt(): the embedded Aedes broker (admits only the server's own connection) and an external
 * broker from MQTT_URL (the local Mosquitto, anonymous). Real sockets, real mqtt.js clients.
 */
import net from 'node:net';
import os from 'node:os';
import { Writable } from 'node:stream';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { MqttStartError, startMqtt, type Mqtt } from '../src/platform/mqtt/broker.ts';

const MOSQUITTO_URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const silent = pino({ level: 'silent' });

const opened: Mqtt[] = [];
afterEach(async () => {
  for (const m of opened.splice(0)) await m.close().catch(() => {});
});

async function start(opts: { url?: string; port?: number; host?: string; log?: pino.Logger }) {
  const m = await startMqtt({
    url: opts.url,
    port: opts.port ?? 0,
    host: opts.host ?? '127.0.0.1',
    log: opts.log ?? silent,
  });
  opened.push(m);
  return m;
}

/** An outside client's first connection attempt: connected, or the error it got. */
function tryConnect(url: string, opts: mqtt.IClientOptions): Promise<{ connected: boolean; error?: Error }> {
  return new Promise((resolve) => {
    const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5000, ...opts });
    let connected = false;
    client.on('connect', () => (connected = true));
    const finish = (error?: Error) => {
      client.end(true, () => resolve({ connected, error }));
    };
    client.once('error', (err) => finish(err));
    client.once('close', () => finish());
    client.once('connect', () => finish());
  });
}

function canConnectTcp(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function blockedPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    release: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A logger that keeps its lines, to see what a component does after it has failed. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { log: pino({ level: 'warn' }, stream), lines };
}

describe('embedded broker', () => {
  it('starts on a free port (0) and reports healthy', async () => {
    const m = await start({ port: 0 });
    expect(m.port).toBeGreaterThan(0);
    expect(m.healthy()).toBe(true);
    expect(m.client.connected).toBe(true);
    expect(await canConnectTcp(m.port!)).toBe(true);
  });

  it('refuses outside clients: anonymous, a guessed user, MQTT 3.1.1 and 5', async () => {
    const m = await start({ port: 0 });
    const url = `mqtt://127.0.0.1:${m.port}`;
    for (const opts of [
      { protocolVersion: 4 as const },
      { protocolVersion: 5 as const },
      { protocolVersion: 4 as const, username: 'server', password: 'guess' },
      { protocolVersion: 5 as const, username: 'device-1', password: 'secret' },
    ]) {
      const result = await tryConnect(url, { ...opts, clientId: `outsider-${opts.protocolVersion}` });
      expect(result.connected, JSON.stringify(opts)).toBe(false);
      // Aedes 1.x speaks MQTT 3.1/3.1.1 only: an MQTT 5 CONNECT is refused before authentication.
      const reason =
        opts.protocolVersion === 5 ? /not authorized|unacceptable protocol version/i : /not authorized/i;
      expect(result.error?.message, JSON.stringify(opts)).toMatch(reason);
    }
    // The server's own connection is untouched.
    expect(m.healthy()).toBe(true);
  });

  it('carries messages on the server connection', async () => {
    const m = await start({ port: 0 });
    const got = new Promise<string>((resolve) =>
      m.client.on('message', (topic, payload) => resolve(`${topic} ${payload.toString()}`)),
    );
    await m.client.subscribeAsync('bf/test/echo', { qos: 1 });
    await m.client.publishAsync('bf/test/echo', 'hello', { qos: 1 });
    expect(await got).toBe('bf/test/echo hello');
  });

  it('closes cleanly: not healthy, the port is free again', async () => {
    const m = await startMqtt({ port: 0, host: '127.0.0.1', log: silent });
    const port = m.port!;
    await m.close();
    expect(m.healthy()).toBe(false);
    expect(await canConnectTcp(port)).toBe(false);
    // The port can be taken again at once.
    const again = await start({ port });
    expect(again.port).toBe(port);
    expect(again.healthy()).toBe(true);
  });

  it('a port in use is an MqttStartError naming MQTT_PORT and MQTT_URL', async () => {
    const { port, release } = await blockedPort();
    try {
      const error = await startMqtt({ port, host: '127.0.0.1', log: silent }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MqttStartError);
      const message = (error as Error).message;
      expect(message).toContain('MQTT_PORT');
      expect(message).toContain('MQTT_URL');
      expect(message).toContain(String(port));
    } finally {
      await release();
    }
  });

  // HOST is the interface the server binds (CONTRACT §2); the broker listens there too. On a HOST
  // that does not cover 127.0.0.1 (IPv6 loopback here; a LAN address behaves the same), the server's
  // own connection must still reach the broker.
  const hasIpv6Loopback = Object.values(os.networkInterfaces())
    .flat()
    .some((i) => i?.address === '::1');
  it.skipIf(!hasIpv6Loopback)('starts when HOST is not 127.0.0.1 (HOST=::1)', async () => {
    const m = await start({ port: 0, host: '::1' });
    expect(m.healthy()).toBe(true);
  });
});

describe('external broker (MQTT_URL)', () => {
  it('connects to Mosquitto, reports healthy, and close() ends the connection', async () => {
    const m = await startMqtt({ url: MOSQUITTO_URL, port: 1883, host: '127.0.0.1', log: silent });
    try {
      expect(m.port).toBeNull();
      expect(m.healthy()).toBe(true);
      const topic = `bf/test/${process.pid}/${Date.now()}`;
      const got = new Promise<string>((resolve) => m.client.on('message', (_t, p) => resolve(p.toString())));
      await m.client.subscribeAsync(topic, { qos: 1 });
      await m.client.publishAsync(topic, 'through mosquitto', { qos: 1 });
      expect(await got).toBe('through mosquitto');
    } finally {
      await m.close();
    }
    expect(m.healthy()).toBe(false);
    expect(m.client.connected).toBe(false);
  });

  it('an unreachable MQTT_URL is an MqttStartError naming MQTT_URL', async () => {
    const started = Date.now();
    const error = await startMqtt({
      url: 'mqtt://127.0.0.1:1',
      port: 1883,
      host: '127.0.0.1',
      log: silent,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MqttStartError);
    expect((error as Error).message).toContain('MQTT_URL');
    expect((error as Error).message).toContain('mqtt://127.0.0.1:1');
    // A refused connection is reported at once, not after the 10 s answer timeout.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('after failing to start, leaves no client reconnecting in the background', async () => {
    const { log, lines } = capturingLogger();
    await expect(
      startMqtt({ url: 'mqtt://127.0.0.1:1', port: 1883, host: '127.0.0.1', log }),
    ).rejects.toBeInstanceOf(MqttStartError);
    const afterFailure = lines.length;
    // The client's reconnect period is 2 s: a client left running fails again within this wait.
    await new Promise((r) => setTimeout(r, 4500));
    expect(lines.slice(afterFailure)).toEqual([]);
  });
});
