/**
 * One simulated machine speaking docs/device-protocol.md: it connects with its credentials and a
 * last will, keeps its retained status, sends heartbeats, makes cups with realistic (and now and
 * then bad) quality data, raises and clears faults, runs cleanings, drains its channels, and obeys
 * commands exactly once per commandId with acknowledgements.
 */
import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { PROTOCOL_VERSION, commandMessage, topicFor, type MachineEvent } from '@brewfleet/contracts';
import { makeCup, type Family } from './production.ts';

export interface MachineOptions {
  url: string;
  serialNumber: string;
  secret: string;
  family: Family;
  /** Cups per minute while idle and unlocked. */
  cupsPerMinute: number;
  heartbeatSeconds?: number;
  /** How often events are flushed as one batch. */
  flushMs?: number;
  random?: () => number;
}

export interface MachineState {
  online: boolean;
  state: 'idle' | 'making' | 'cleaning' | 'fault' | 'off';
  locked: boolean;
  faultCodes: string[];
}

const REMEMBERED_COMMANDS = 1000;

export class SimulatedMachine {
  readonly status: MachineState = { online: false, state: 'idle', locked: false, faultCodes: [] };
  readonly executed: string[] = [];
  private client: MqttClient | null = null;
  private pending: MachineEvent[] = [];
  private timers: NodeJS.Timeout[] = [];
  private seen = new Set<string>();
  private levels = new Map<number, number>([
    [1, 2000],
    [2, 2000],
    [3, 1500],
    [4, 5000],
  ]);
  private readonly random: () => number;

  constructor(private readonly opts: MachineOptions) {
    this.random = opts.random ?? Math.random;
  }

  private topic = (channel: Parameters<typeof topicFor>[1]) => topicFor(this.opts.serialNumber, channel);

  async start(): Promise<void> {
    const client = mqtt.connect(this.opts.url, {
      clientId: this.opts.serialNumber,
      username: this.opts.serialNumber,
      password: this.opts.secret,
      clean: false,
      keepalive: 60,
      reconnectPeriod: 2000,
      will: {
        topic: this.topic('status'),
        payload: Buffer.from(JSON.stringify({ v: PROTOCOL_VERSION, online: false })),
        qos: 1,
        retain: true,
      },
    });
    this.client = client;
    client.on('message', (_topic, payload) => void this.onCommand(payload));
    // After the broker comes back: subscribe again and say where we are.
    client.on('connect', () => {
      client.subscribe(this.topic('cmd'), { qos: 1 });
      this.status.online = true;
      this.publishStatus();
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    const every = (ms: number, fn: () => void) => this.timers.push(setInterval(fn, ms));
    every((this.opts.heartbeatSeconds ?? 30) * 1000, () => this.heartbeat());
    every(this.opts.flushMs ?? 1000, () => this.flush());
    if (this.opts.cupsPerMinute > 0) every(60_000 / this.opts.cupsPerMinute, () => this.makeCup());
  }

  async stop(): Promise<void> {
    this.timers.forEach(clearInterval);
    this.flush();
    await this.client?.endAsync();
  }

  /** The link drops without a goodbye: the broker publishes the last will. */
  crash(): void {
    this.timers.forEach(clearInterval);
    this.client?.stream.destroy();
    this.client?.end(true);
  }

  private publish(
    channel: 'status' | 'heartbeat' | 'events' | 'ack',
    body: object,
    qos: 0 | 1 = 1,
    retain = false,
  ) {
    this.client?.publish(this.topic(channel), JSON.stringify({ v: PROTOCOL_VERSION, ...body }), {
      qos,
      retain,
    });
  }

  publishStatus() {
    this.publish('status', { ...this.status, ts: new Date().toISOString() }, 1, true);
  }

  private heartbeat() {
    this.publish(
      'heartbeat',
      {
        ts: new Date().toISOString(),
        uptimeSeconds: Math.round(process.uptime()),
        rssi: -50 - Math.round(this.random() * 30),
      },
      0,
    );
  }

  private flush() {
    while (this.pending.length) this.publish('events', { events: this.pending.splice(0, 500) });
  }

  private event(body: Record<string, unknown>) {
    this.pending.push({
      eventId: crypto.randomUUID(),
      ts: new Date().toISOString(),
      ...body,
    } as MachineEvent);
  }

  /** One cup, when the machine can make one; now and then a fault, a cleaning, a refill. */
  makeCup() {
    if (this.status.locked || this.status.state !== 'idle') return;
    const cup = makeCup(this.opts.family, this.random);
    for (const m of cup.materials)
      this.levels.set(m.channel, Math.max(0, (this.levels.get(m.channel) ?? 0) - m.grams));
    this.event(cup as unknown as Record<string, unknown>);
    const roll = this.random();
    if (roll < 0.01 && !this.status.faultCodes.length) {
      this.status.faultCodes = ['E-WATER-LOW'];
      this.event({
        type: 'fault',
        code: 'E-WATER-LOW',
        message: 'Water tank below 10 %',
        severity: 'warning',
      });
      this.publishStatus();
    } else if (roll < 0.05 && this.status.faultCodes.length) {
      this.event({ type: 'fault-cleared', code: this.status.faultCodes[0] });
      this.status.faultCodes = [];
      this.publishStatus();
    } else if (roll < 0.07) {
      this.event({
        type: 'cleaning',
        kind: this.random() < 0.2 ? 'deep' : 'rinse',
        durationSeconds: 60 + Math.round(this.random() * 480),
        result: 'completed',
      });
    }
    if (roll > 0.9) {
      this.event({
        type: 'material',
        levels: [...this.levels].map(([channel, grams]) => ({
          channel,
          grams: Math.round(grams),
          capacityG: channel === 4 ? 5000 : 2000,
        })),
      });
    }
  }

  private async onCommand(payload: Buffer) {
    let parsed;
    try {
      parsed = commandMessage.parse(JSON.parse(payload.toString('utf8')));
    } catch {
      return; // not a command of this protocol: ignored
    }
    const { commandId, type, expiresAt } = parsed;
    const ack = (stage: 'received' | 'succeeded' | 'failed', reason?: string) =>
      this.publish('ack', { commandId, stage, ts: new Date().toISOString(), ...(reason ? { reason } : {}) });
    ack('received');
    if (this.seen.has(commandId)) return; // a redelivery: acknowledged, not run again
    this.seen.add(commandId);
    if (this.seen.size > REMEMBERED_COMMANDS) this.seen.delete(this.seen.values().next().value!);
    if (Date.parse(expiresAt) < Date.now()) return ack('failed', 'expired');
    this.executed.push(commandId);
    switch (type) {
      case 'lock':
      case 'unlock':
        this.status.locked = type === 'lock';
        break;
      case 'shutdown':
        this.status.state = 'off';
        break;
      case 'startup':
      case 'restart':
        this.status.state = 'idle';
        break;
    }
    this.publishStatus();
    ack('succeeded');
  }
}
