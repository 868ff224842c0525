/**
 * The command job: sends queued commands to machines that are online, at QoS 1, retries unanswered
 * ones within their limits, and expires what ran out of time. Commands are claimed with
 * `FOR UPDATE SKIP LOCKED`, so several server processes never send the same attempt twice.
 */
import type { MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { PROTOCOL_VERSION, topicFor } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { appendDeviceLog } from './device-log.ts';
import { refreshReleases } from './menu-state.ts';
import type { FleetBus } from './fleet-bus.ts';

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

  return {
    runOnce,
    async close() {
      clearInterval(timer);
      opts.bus?.off('commandsQueued', kick);
      while (running) await running;
    },
  };
}

/** Commands past their expiry end as expired, whatever stage they reached. */
async function expire(tx: Db): Promise<number> {
  const expired = await rows<{ device_id: string; type: string; menu_release_id: string | null }>(
    tx,
    sql`update device_command set state = 'expired', finished_at = now(), reason = coalesce(reason, 'expired'),
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
