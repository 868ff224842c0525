/**
 * Live machine state for the console: `GET /api/coffee/device/live?ids=…` is a server-sent event
 * stream of machine snapshots and command state changes (fleet-api.ts `LiveEvent`). It reads the
 * database once a second in the user's scope, so it sees what any server process wrote, and shows
 * a user nothing outside its tenant. A stream lasts five minutes; EventSource reconnects by itself,
 * which also checks the session again.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { deviceResource, idInRange, type LiveCommand, type LiveDevice } from '@brewfleet/contracts';
import { inRequestScope, visibleTo } from '../../platform/crud/scope.ts';
import { getRegistered } from '../../platform/crud/register-resource.ts';
import { rows } from '../../platform/db/client.ts';
import type { FleetDeps } from './deps.ts';

const POLL_MS = 1000;
const STREAM_MS = 5 * 60_000;
/** Rows committed late (a long transaction) still show up: each poll looks this far back. */
const OVERLAP = sql`interval '5 seconds'`;
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function registerLive(app: FastifyInstance, deps: FleetDeps) {
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
        tags: ['device'],
      },
      config: { permission: deviceResource.permissions.list, cookieAuth: true },
    },
    async (request, reply) => {
      const ids = (request.query as { ids?: string }).ids?.split(',');
      const devices = getRegistered('device');
      const commands = getRegistered('device-command');
      const stream = new PassThrough();
      open.add(stream);
      const sent = new Map<string, string>();
      let since = (
        await inRequestScope(deps.db, request, (tx) =>
          rows<{ t: string }>(tx, sql`select ${iso(sql`now()`)} as t`),
        )
      )[0].t;

      const write = (event: LiveDevice | LiveCommand) => {
        const key = `${event.kind}:${event.id}`;
        const version = JSON.stringify(event);
        if (sent.get(key) === version) return;
        sent.set(key, version);
        stream.write(`data: ${version}\n\n`);
      };

      const poll = async () => {
        const { changedDevices, changedCommands } = await inRequestScope(deps.db, request, async (tx) => ({
          changedDevices: await rows<Record<string, unknown>>(
            tx,
            sql`select id::text, online, state, locked, alarm, material_shortage, maintenance_due, menu_status,
                       menu_version, assigned_menu_version,
                       ${iso(sql`last_seen_at`)} as last_seen_at, total_cups, ${iso(sql`updated_at`)} as updated_at
                from device where updated_at > ${since}::timestamptz - ${OVERLAP}
                  and ${visibleTo(devices, request.user) ?? sql`true`} ${ids ? sql`and id in ${ids}` : sql``}
                order by updated_at limit 500`,
          ),
          changedCommands: await rows<Record<string, unknown>>(
            tx,
            sql`select id::text, device_id::text, type, state, attempts, reason, reason_key, reason_params, details, menu_release_id::text,
                       ${iso(sql`updated_at`)} as updated_at
                from device_command where updated_at > ${since}::timestamptz - ${OVERLAP}
                  and ${visibleTo(commands, request.user) ?? sql`true`} ${ids ? sql`and device_id in ${ids}` : sql``}
                order by updated_at limit 500`,
          ),
        }));
        for (const d of changedDevices) {
          write({
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
          if (String(d.updated_at) > since) since = String(d.updated_at);
        }
        for (const c of changedCommands) {
          write({
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
          if (String(c.updated_at) > since) since = String(c.updated_at);
        }
      };

      let polling = false;
      const timer = setInterval(() => {
        if (polling) return;
        polling = true;
        poll()
          .catch((error) => {
            request.log.warn({ err: error }, 'live stream poll failed');
            stream.end();
          })
          .finally(() => (polling = false));
      }, POLL_MS);
      const ping = setInterval(() => stream.write(': ping\n\n'), 15_000);
      const end = setTimeout(() => stream.end(), STREAM_MS);
      const stop = () => {
        clearInterval(timer);
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
