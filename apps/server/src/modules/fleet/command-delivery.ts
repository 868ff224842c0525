/**
 * The command jobs, on the platform's job runner: `fleet.command-delivery` sends queued commands to
 * machines that are online, at QoS 1, and retries unanswered ones within their limits;
 * `fleet.command-expiry` ends what ran out of time (and so a menu push's expired targets). Delivery
 * runs every second as a job (one process at a time), and at once in the process where a route
 * queued commands; commands are claimed with `FOR UPDATE SKIP LOCKED`, so no attempt is sent twice. A command the broker discarded as too large
 * for its machine fails at once, saying so.
 */
import type { MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { PROTOCOL_VERSION, parseTopic, topicFor, type CommandType } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { appendDeviceLog } from './device-log.ts';
import type { Publisher } from '../../platform/events/domain-events.ts';
import { notify } from '../../platform/events/notices.ts';
import type { FleetBus, FleetEvents } from './fleet-bus.ts';
import { reasonText, setReason } from './command-reasons.ts';
import { refOf } from './command-ref.ts';
import type { JobRunner } from '../../platform/jobs/types.ts';

export const COMMAND_DELIVERY_JOB = 'fleet.command-delivery';
export const COMMAND_EXPIRY_JOB = 'fleet.command-expiry';

const BATCH = 200;
const PUBLISH_TIMEOUT_MS = 5000;

export interface CommandDelivery {
  /** Expire, then send, now, in this process (tests; the jobs do the same on their own). */
  runOnce(): Promise<{ sent: number; expired: number }>;
  close(): Promise<void>;
}

export async function startCommandDelivery(opts: {
  db: Db;
  client: MqttClient;
  log: FastifyBaseLogger;
  bus?: FleetBus;
  /** Expired and failed commands are published as finished (a menu release's progress follows). */
  events: Publisher;
  jobs: JobRunner;
}): Promise<CommandDelivery> {
  const { db, client, log, events, jobs } = opts;

  const publish = (topic: string, payload: string) =>
    Promise.race([
      client.publishAsync(topic, payload, { qos: 1 }),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('publish timed out')), PUBLISH_TIMEOUT_MS),
      ),
    ]);

  const expireDue = () => inScope(db, SYSTEM, (tx) => expire(tx, events));

  async function deliver(): Promise<number> {
    if (!client.connected) return 0;
    return inScope(db, SYSTEM, async (tx) => {
      const due = await rows<{
        id: string;
        serial_number: string;
        command_id: string;
        type: string;
        params: Record<string, unknown> | null;
        issued_at: string;
        expires_at: string;
      }>(
        tx,
        sql`select c.id::text, c.serial_number, c.command_id, c.type, c.params,
                   to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as issued_at,
                   to_char(c.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at
            from device_command c join device d on d.id = c.device_id
            where c.state in ('queued', 'sent') and c.next_attempt_at <= now() and c.attempts < c.max_attempts
              and c.expires_at > now() and d.online
            order by c.next_attempt_at limit ${BATCH}
            for update of c skip locked`,
      );
      const sent: string[] = [];
      for (const c of due) {
        const message = {
          v: PROTOCOL_VERSION,
          commandId: c.command_id,
          type: c.type,
          issuedAt: c.issued_at,
          expiresAt: c.expires_at,
          params: c.params ?? {},
        };
        try {
          await publish(topicFor(c.serial_number, 'cmd'), JSON.stringify(message));
          sent.push(c.id);
        } catch (error) {
          log.warn(
            { err: (error as Error).message, commandId: c.command_id },
            'command not sent; retried later',
          );
          break;
        }
      }
      if (sent.length) {
        const moved = await rows<{ id: string; device_id: string }>(
          tx,
          sql`update device_command set state = case when state = 'queued' then 'sent' else state end,
                attempts = attempts + 1, sent_at = coalesce(sent_at, now()),
                next_attempt_at = now() + make_interval(secs => retry_interval_seconds), updated_at = now()
              where id in ${sent}
              returning id::text, device_id::text`,
        );
        // Live views show the attempt; nothing derives from it.
        await notify(
          tx,
          'fleet.commandChanged',
          moved.map((c) => ({ deviceId: c.device_id, commandId: c.id, state: 'sent' as const })),
        );
      }
      return sent.length;
    });
  }

  const defined = await jobs.define([
    {
      name: COMMAND_DELIVERY_JOB,
      // Every second for retries and machines that came online; at once when commands are queued.
      everySeconds: 1,
      // The next second's run is the retry.
      retry: { limit: 0, delaySeconds: 1 },
      timeoutSeconds: 120,
      run: async () => void (await deliver()),
    },
    {
      name: COMMAND_EXPIRY_JOB,
      everySeconds: 1,
      retry: { limit: 0, delaySeconds: 1 },
      timeoutSeconds: 120,
      run: async () => void (await expireDue()),
    },
  ]);
  // Commands queued here are sent at once by this process, not through a job triggered for them
  // (a queued job costs its insert, its fetch and its completion: ~2 ms of PostgreSQL each time).
  // One delivery at a time; commands queued during one are sent by the next, right after it.
  // SKIP LOCKED keeps it apart from the every-second job, in this process or another.
  let delivering: Promise<void> | null = null;
  let again = false;
  const kick = () => {
    if (delivering) {
      again = true;
      return;
    }
    delivering = (async () => {
      do {
        again = false;
        await deliver();
      } while (again);
    })()
      .catch((error) => log.error({ err: error }, 'commands not delivered; the job retries them'))
      .finally(() => (delivering = null));
  };
  opts.bus?.on('commandsQueued', kick);
  const discarded = (packet: FleetEvents['packetDiscarded'][0]) =>
    void failTooLarge(db, events, packet).catch((error) =>
      log.error({ err: error }, 'a command too large for its machine not marked failed'),
    );
  opts.bus?.on('packetDiscarded', discarded);

  return {
    async runOnce() {
      const expired = await expireDue();
      return { sent: await deliver(), expired };
    },
    async close() {
      opts.bus?.off('commandsQueued', kick);
      opts.bus?.off('packetDiscarded', discarded);
      await delivering;
      await defined.stop();
    },
  };
}

/** Commands past their expiry end as expired, whatever stage they reached. */
/** A finished command as its event says it. */
const finished = (
  c: {
    id: string;
    device_id: string;
    type: string;
    reason: string | null;
    ref_kind: string | null;
    ref_id: string | null;
  },
  state: 'expired' | 'failed',
) => ({
  deviceId: c.device_id,
  commandId: c.id,
  type: c.type as CommandType,
  state,
  reason: c.reason,
  ref: refOf(c),
  params: null,
});

async function expire(tx: Db, events: Publisher): Promise<number> {
  const expired = await rows<{
    id: string;
    device_id: string;
    type: string;
    reason: string | null;
    ref_kind: string | null;
    ref_id: string | null;
  }>(
    tx,
    // A reason given earlier stays (with its key); otherwise it expired.
    sql`update device_command set state = 'expired', finished_at = now(),
          reason = coalesce(reason, ${reasonText('expired', {})}),
          reason_key = case when reason is null then 'expired' else reason_key end,
          updated_at = now()
        where state in ('queued', 'sent', 'acknowledged') and expires_at <= now()
        returning id::text, device_id::text, type, reason, ref_kind, ref_id::text`,
  );
  await events.publish(
    tx,
    'fleet.commandFinished',
    expired.map((c) => finished(c, 'expired')),
  );
  await appendDeviceLog(
    tx,
    expired.map((c) => ({
      deviceId: c.device_id,
      kind: 'command' as const,
      key: 'commandFinished' as const,
      params: { type: c.type, state: 'expired' },
      message: `${c.type}: expired`,
    })),
  );
  return expired.length;
}

/**
 * A command larger than its machine's MQTT 5 Maximum Packet Size never reaches it: the broker
 * discards it as if sent (MQTT 5 §3.1.2.25), and every retry would be discarded the same way. It
 * fails at once, with the sizes, so that the console does not show it "sent" until it expires.
 */
async function failTooLarge(
  db: Db,
  events: Publisher,
  packet: FleetEvents['packetDiscarded'][0],
): Promise<void> {
  const topic = parseTopic(packet.topic);
  if (topic?.channel !== 'cmd') return;
  let commandId: unknown;
  try {
    commandId = (JSON.parse(packet.payload.toString('utf8')) as { commandId?: unknown }).commandId;
  } catch {
    return;
  }
  if (typeof commandId !== 'string') return;
  const params = { bytes: packet.bytes, limit: packet.maxPacketSize };
  const reason = reasonText('tooLarge', params);
  await inScope(db, SYSTEM, async (tx) => {
    const failed = await rows<{
      id: string;
      device_id: string;
      type: string;
      reason: string | null;
      ref_kind: string | null;
      ref_id: string | null;
    }>(
      tx,
      sql`update device_command set state = 'failed', finished_at = now(), ${setReason('tooLarge', params)}, updated_at = now()
          where serial_number = ${topic.serialNumber} and command_id = ${commandId}
            and state in ('queued', 'sent', 'acknowledged')
          returning id::text, device_id::text, type, reason, ref_kind, ref_id::text`,
    );
    await events.publish(
      tx,
      'fleet.commandFinished',
      failed.map((c) => finished(c, 'failed')),
    );
    await appendDeviceLog(
      tx,
      failed.map((c) => ({
        deviceId: c.device_id,
        kind: 'command' as const,
        key: 'commandTooLarge' as const,
        params: { type: c.type, ...params },
        message: `${c.type}: failed (${reason})`,
      })),
    );
  });
}
