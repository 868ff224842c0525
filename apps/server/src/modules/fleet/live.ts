/**
 * Live machine state for the console: `GET /api/coffee/device/live?ids=…` is a server-sent event
 * stream of machine snapshots and command state changes (fleet-api.ts `LiveEvent`). Nothing polls:
 * every committed domain event reaches every server process as a notification naming its machines
 * and commands (platform/events), and this process reads those rows once per batch of
 * notifications — for all its open streams together — then gives each stream the rows its user's
 * tenant scope covers. A stream lasts five minutes; EventSource reconnects by itself, which also
 * checks the session again.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { deviceResource, idInRange, type LiveCommand, type LiveDevice } from '@brewfleet/contracts';
import { rows } from '../../platform/db/client.ts';
import { inScope, SYSTEM, type Scope } from '../../platform/db/scope.ts';
import type { Notice } from '../../platform/events/notices.ts';
import { fileAnswer } from '../../platform/http/answers.ts';
import type { FleetDeps } from './deps.ts';

const STREAM_MS = 5 * 60_000;
/** Notifications are gathered this long, then their rows read once for every stream. */
const GATHER_MS = 50;
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const idArray = (ids: Iterable<string>) => `{${[...ids].join(',')}}`;

/** A row with its tenant, as the stream's scope judges it (the rule of platform/crud/scope.ts). */
interface Owned {
  merchantId: string | null;
  storeId: string | null;
}
function sees(scope: Scope, row: Owned): boolean {
  switch (scope.kind) {
    case 'platform':
    case 'system':
      return true;
    case 'merchant':
      return row.merchantId !== null && scope.merchantIds.includes(row.merchantId);
    case 'store':
      return row.storeId !== null && scope.storeIds.includes(row.storeId);
    default:
      return false;
  }
}

interface Stream {
  scope: Scope;
  /** The machines it asked for; null: all it may see. */
  ids: Set<string> | null;
  write(event: LiveDevice | LiveCommand): void;
}

async function readChanged(deps: FleetDeps, deviceIds: Set<string>, commandIds: Set<string>) {
  return inScope(deps.db, SYSTEM, async (tx) => ({
    devices: deviceIds.size
      ? await rows<Record<string, unknown>>(
          tx,
          sql`select id::text, merchant_id::text, store_id::text, online, state, locked, alarm, material_shortage,
                     maintenance_due, menu_status, menu_version, assigned_menu_version,
                     ${iso(sql`last_seen_at`)} as last_seen_at, total_cups
              from device where id = any(${idArray(deviceIds)}::bigint[])`,
        )
      : [],
    commands: commandIds.size
      ? await rows<Record<string, unknown>>(
          tx,
          sql`select id::text, merchant_id::text, store_id::text, device_id::text, type, state, attempts, reason,
                     reason_key, reason_params, details, menu_release_id::text, ${iso(sql`updated_at`)} as updated_at
              from device_command where id = any(${idArray(commandIds)}::bigint[]) order by updated_at`,
        )
      : [],
  }));
}

const owned = (r: Record<string, unknown>): Owned => ({
  merchantId: (r.merchant_id as string) ?? null,
  storeId: (r.store_id as string) ?? null,
});

const liveDevice = (d: Record<string, unknown>): LiveDevice => ({
  kind: 'device',
  id: String(d.id),
  online: Boolean(d.online),
  state: (d.state as string) ?? null,
  locked: Boolean(d.locked),
  alarm: Boolean(d.alarm),
  materialShortage: Boolean(d.material_shortage),
  maintenanceDue: Boolean(d.maintenance_due),
  menuStatus: String(d.menu_status),
  menuVersion: (d.menu_version as string) ?? null,
  assignedMenuVersion: (d.assigned_menu_version as string) ?? null,
  lastSeenAt: (d.last_seen_at as string) ?? null,
  totalCups: Number(d.total_cups),
});

const liveCommand = (c: Record<string, unknown>): LiveCommand => ({
  kind: 'command',
  id: String(c.id),
  deviceId: String(c.device_id),
  type: c.type as LiveCommand['type'],
  state: c.state as LiveCommand['state'],
  attempts: Number(c.attempts),
  reason: (c.reason as string) ?? null,
  reasonKey: (c.reason_key as string) ?? null,
  reasonParams: (c.reason_params as LiveCommand['reasonParams']) ?? null,
  details: (c.details as LiveCommand['details']) ?? null,
  menuReleaseId: (c.menu_release_id as string) ?? null,
  updatedAt: String(c.updated_at),
});

/**
 * This process's open streams and the one listener behind them: notifications are gathered for
 * GATHER_MS, their rows read once, and each stream handed what it may see.
 */
function liveHub(app: FastifyInstance, deps: FleetDeps) {
  const streams = new Set<Stream>();
  const devices = new Set<string>();
  const commands = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let reading: Promise<void> | null = null;
  let listening: Promise<() => void> | null = null;

  const flush = async () => {
    timer = null;
    if (!streams.size) {
      devices.clear();
      commands.clear();
      return;
    }
    const d = new Set(devices);
    const c = new Set(commands);
    devices.clear();
    commands.clear();
    const changed = await readChanged(deps, d, c);
    for (const stream of streams) {
      for (const row of changed.commands)
        if (sees(stream.scope, owned(row)) && (!stream.ids || stream.ids.has(String(row.device_id))))
          stream.write(liveCommand(row));
      for (const row of changed.devices)
        if (sees(stream.scope, owned(row)) && (!stream.ids || stream.ids.has(String(row.id))))
          stream.write(liveDevice(row));
    }
  };
  const schedule = () => {
    if (timer || reading) return;
    timer = setTimeout(() => {
      reading = flush()
        .catch((error) => app.log.warn({ err: error }, 'live view read failed'))
        .finally(() => {
          reading = null;
          // What was heard while reading waits its turn.
          if (devices.size || commands.size) schedule();
        });
    }, GATHER_MS);
  };
  const onNotice = (notice: Notice) => {
    if (!streams.size) return;
    for (const id of notice.devices) devices.add(id);
    for (const id of notice.commands) commands.add(id);
    schedule();
  };

  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
    await reading;
    (await listening?.catch(() => null))?.();
  });

  return {
    /** Start hearing notifications (once per process, at the first stream). */
    ready: () => (listening ??= deps.events.afterCommit(onNotice)),
    add: (s: Stream) => streams.add(s),
    remove: (s: Stream) => streams.delete(s),
  };
}

export function registerLive(app: FastifyInstance, deps: FleetDeps) {
  const hub = liveHub(app, deps);
  const open = new Set<PassThrough>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  app.get(
    '/api/coffee/device/live',
    {
      schema: {
        querystring: z.object({
          ids: z
            .string()
            .regex(/^\d{1,19}(,\d{1,19}){0,499}$/)
            .refine((list) => list.split(',').every(idInRange), { error: 'msg.idOutOfRange' })
            .optional(),
        }),
        // One JSON object per event (LiveEvent of @brewfleet/contracts fleet-api.ts).
        response: fileAnswer('Server-sent events: the machines and commands as they change', [
          'text/event-stream',
        ]),
        tags: ['device'],
      },
      config: { permission: deviceResource.permissions.list, cookieAuth: true },
    },
    async (request, reply) => {
      const ids = (request.query as { ids?: string }).ids?.split(',');
      await hub.ready();
      const stream = new PassThrough();
      open.add(stream);
      const sent = new Map<string, string>();
      const live: Stream = {
        scope: request.user?.scope ?? { kind: 'none' },
        ids: ids ? new Set(ids) : null,
        write(event) {
          const key = `${event.kind}:${event.id}`;
          const version = JSON.stringify(event);
          if (sent.get(key) === version) return;
          sent.set(key, version);
          stream.write(`data: ${version}\n\n`);
        },
      };
      hub.add(live);
      const ping = setInterval(() => stream.write(': ping\n\n'), 15_000);
      const end = setTimeout(() => stream.end(), STREAM_MS);
      const stop = () => {
        hub.remove(live);
        clearInterval(ping);
        clearTimeout(end);
        open.delete(stream);
      };
      stream.on('close', stop);
      stream.on('finish', stop);
      request.raw.on('close', () => stream.end());

      stream.write('retry: 2000\n\n');
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
}
