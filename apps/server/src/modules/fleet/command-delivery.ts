/**
 * The command job: sends queued commands to machines that are online, at QoS 1, retries unanswered
 * ones within their limits, and expires what ran out of time. Commands are claimed with
 * `FOR UPDATE SKIP LOCKED`, so several server processes never send the same attempt twice. A command
 * the broker discarded as too large for its machine fails at once, saying so.
 */
import type { MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { PROTOCOL_VERSION, parseTopic, topicFor } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { appendDeviceLog } from './device-log.ts';
import { refreshReleases } from './menu-state.ts';
import type { FleetBus, FleetEvents } from './fleet-bus.ts';
import { reasonText, setReason } from './command-reasons.ts';

const BATCH = 200;
const PUBLISH_TIMEOUT_MS = 5000;

export interface CommandDelivery {
  /** Run one round now (tests). */
  runOnce(): Promise<{ sent: number; expired: number }>;
  close(): Promise<void>;
}

export function startCommandDelivery(opts: {
  db: Db;
  client: MqttClient;
  log: FastifyBaseLogger;
  bus?: FleetBus;
  intervalMs?: number;
}): CommandDelivery {
  const { db, client, log } = opts;

  const publish = (topic: string, payload: string) =>
    Promise.race([
      client.publishAsync(topic, payload, { qos: 1 }),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('publish timed out')), PUBLISH_TIMEOUT_MS),
      ),
    ]);

  async function runOnce() {
    return inScope(db, SYSTEM, async (tx) => {
      const expired = await expire(tx);
      if (!client.connected) return { sent: 0, expired };
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
      if (sent.length)
        await tx.execute(sql`
          update device_command set state = case when state = 'queued' then 'sent' else state end,
            attempts = attempts + 1, sent_at = coalesce(sent_at, now()),
            next_attempt_at = now() + make_interval(secs => retry_interval_seconds), updated_at = now()
          where id in ${sent}`);
      return { sent: sent.length, expired };
    });
  }

  let running: Promise<unknown> | null = null;
  let again = false;
  const kick = () => {
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .catch((error) => log.error({ err: error }, 'command delivery failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  };
  const timer = setInterval(kick, opts.intervalMs ?? 1000);
  opts.bus?.on('commandsQueued', kick);
  const discarded = (packet: FleetEvents['packetDiscarded'][0]) =>
    void failTooLarge(db, packet).catch((error) =>
      log.error({ err: error }, 'a command too large for its machine not marked failed'),
    );
  opts.bus?.on('packetDiscarded', discarded);

  return {
    runOnce,
    async close() {
      clearInterval(timer);
      opts.bus?.off('commandsQueued', kick);
      opts.bus?.off('packetDiscarded', discarded);
      while (running) await running;
    },
  };
}

/** Commands past their expiry end as expired, whatever stage they reached. */
async function expire(tx: Db): Promise<number> {
  const expired = await rows<{ device_id: string; type: string; menu_release_id: string | null }>(
    tx,
    // A reason given earlier stays (with its key); otherwise it expired.
    sql`update device_command set state = 'expired', finished_at = now(),
          reason = coalesce(reason, ${reasonText('expired', {})}),
          reason_key = case when reason is null then 'expired' else reason_key end,
          updated_at = now()
        where state in ('queued', 'sent', 'acknowledged') and expires_at <= now()
        returning device_id::text, type, menu_release_id::text`,
  );
  await refreshReleases(tx, [
    ...new Set(expired.map((c) => c.menu_release_id).filter((id): id is string => !!id)),
  ]);
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
async function failTooLarge(db: Db, packet: FleetEvents['packetDiscarded'][0]): Promise<void> {
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
    const failed = await rows<{ device_id: string; type: string; menu_release_id: string | null }>(
      tx,
      sql`update device_command set state = 'failed', finished_at = now(), ${setReason('tooLarge', params)}, updated_at = now()
          where serial_number = ${topic.serialNumber} and command_id = ${commandId}
            and state in ('queued', 'sent', 'acknowledged')
          returning device_id::text, type, menu_release_id::text`,
    );
    await refreshReleases(
      tx,
      failed.flatMap((c) => (c.menu_release_id ? [c.menu_release_id] : [])),
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
