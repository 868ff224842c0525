/**
 * Remote operation (issue 5 §4): lock, unlock, startup, shutdown, restart and preset debugging
 * commands, from the list (many machines) or the detail page (one). Each command is a row that the
 * delivery job sends and the machine's acknowledgements move along; see command-delivery.ts.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  REMOTE_OPERATIONS,
  debugBody,
  deviceIdsBody,
  P,
  type CommandRef,
  type CommandType,
  type IssuedCommand,
  commandsAnswer,
} from '@brewfleet/contracts';
import { inRequestScope } from '../../platform/crud/scope.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import { notify } from '../../platform/events/notices.ts';
import type { CommandReasonKey, CommandReasons } from '@brewfleet/contracts/resources/device-records';
import type { Publisher } from '../../platform/events/domain-events.ts';
import { appendDeviceLog } from './device-log.ts';
import { setReason } from './command-reasons.ts';
import { refOf } from './command-ref.ts';
import type { DeviceRegistry } from './devices.ts';
import type { FleetDeps } from './deps.ts';

/** Delivery rules of a type whose Command Configuration row was deleted (a menu waits for days). */
const FALLBACK_RULES = { maxAttempts: 5, retryIntervalSeconds: 30, expirySeconds: 600 };
const FALLBACK_BY_TYPE: Partial<Record<CommandType, typeof FALLBACK_RULES>> = {
  menu: { maxAttempts: 20, retryIntervalSeconds: 300, expirySeconds: 604800 },
};

/** A command of one type for machines: what fleet's command service queues. */
export interface CommandRequest {
  type: CommandType;
  /** The machines, each with its own parameters when they differ (a menu per machine). */
  devices: Array<{ id: string; params?: Record<string, unknown> }>;
  /** The parameters of every machine without its own. */
  params?: Record<string, unknown>;
  issuedBy: { userId: string | null; account: string };
  /**
   * What asked for it (a menu release, an app order): stored on the command and named again in
   * fleet.commandFinished, so the asker follows its commands without reading fleet's tables.
   */
  ref?: CommandRef;
}

/** The machine log's line for a queued command (a menu names its version). */
function queuedLine(type: CommandType, params: Record<string, unknown>, account: string) {
  if (type === 'menu' && typeof params.version === 'string')
    return {
      key: 'menuQueued' as const,
      params: { version: params.version, account },
      message: `menu ${params.version}: queued by ${account}`,
    };
  return {
    key: 'commandQueued' as const,
    params: { type, account },
    message: `${type}: queued by ${account}`,
  };
}

/** Queue one command per machine, with the delivery rules configured for its type. */
export async function queueCommands(tx: Db, request: CommandRequest): Promise<IssuedCommand[]> {
  const { type, issuedBy } = request;
  if (!request.devices.length) return [];
  const rules = FALLBACK_BY_TYPE[type] ?? FALLBACK_RULES;
  const paramsOf = (d: { params?: Record<string, unknown> }) => d.params ?? request.params ?? {};
  const payload = JSON.stringify(
    request.devices.map((d) => ({ device_id: d.id, command_id: crypto.randomUUID(), params: paramsOf(d) })),
  );
  const issued = await rows<{
    id: string;
    device_id: string;
    command_id: string;
    params: Record<string, unknown>;
  }>(
    tx,
    sql`insert into device_command (merchant_id, store_id, device_id, serial_number, command_id, type, params,
                                    issued_by, max_attempts, retry_interval_seconds, expires_at, created_by,
                                    menu_release_id, ref_kind, ref_id)
        select d.merchant_id, d.store_id, d.id, d.serial_number, x.command_id, ${type}, x.params,
               ${issuedBy.account}, coalesce(c.max_attempts, ${rules.maxAttempts}),
               coalesce(c.retry_interval_seconds, ${rules.retryIntervalSeconds}),
               now() + make_interval(secs => coalesce(c.expiry_seconds, ${rules.expirySeconds})), ${issuedBy.userId},
               ${request.ref?.kind === 'menu-release' ? request.ref.id : null}, ${request.ref?.kind ?? null},
               ${request.ref?.id ?? null}
        from jsonb_to_recordset(${payload}::jsonb) as x(device_id bigint, command_id text, params jsonb)
        join device d on d.id = x.device_id
        left join command_config c on c.command_type = ${type}
        returning id::text, device_id::text, command_id, params`,
  );
  await appendDeviceLog(
    tx,
    issued.map((c) => ({
      deviceId: c.device_id,
      kind: 'command' as const,
      ...queuedLine(type, c.params, issuedBy.account),
    })),
  );
  // For the live views only (nothing derives from a queued command): no subscribers to run.
  await notify(
    tx,
    'fleet.commandChanged',
    issued.map((c) => ({ deviceId: c.device_id, commandId: c.id, state: 'queued' as const })),
  );
  return issued.map((c) => ({
    id: c.id,
    deviceId: c.device_id,
    commandId: c.command_id,
    type,
    state: 'queued',
  }));
}

/**
 * Queue the command for each machine, unless the machine's latest command is this very one (same
 * type and parameters) and still pending (queued or sent, not expired): a repeated click or a
 * script's flood then joins it instead of queuing another. A different command in between (unlock
 * after lock) keeps the later one from joining, so the machine still ends as last asked. Who asked
 * stays in the operation log, one row per request.
 */
export async function joinOrQueueCommands(tx: Db, request: CommandRequest): Promise<IssuedCommand[]> {
  const { type } = request;
  const params = request.params ?? {};
  const ids = [...new Set(request.devices.map((d) => d.id))];
  if (!ids.length) return [];
  const idArray = `{${ids.join(',')}}`;
  // Two identical requests at once would each find nothing pending: per machine, one waits for the
  // other (locks taken in id order, so two requests never wait on each other).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('device-command:' || s.id, 0))
                       from (select id from unnest(${idArray}::bigint[]) as id order by id) s`);
  const pending = await rows<{ id: string; device_id: string; command_id: string; state: 'queued' | 'sent' }>(
    tx,
    sql`select c.id::text, c.device_id::text, c.command_id, c.state
        from unnest(${idArray}::bigint[]) as d(id)
        cross join lateral (select id, device_id, command_id, state, type, params, expires_at from device_command
                             where device_id = d.id order by created_at desc, id desc limit 1) c
        where c.type = ${type} and c.params = ${JSON.stringify(params)}::jsonb
          and c.state in ('queued', 'sent') and c.expires_at > now()`,
  );
  const joined = new Map(pending.map((c) => [c.device_id, c]));
  const fresh = ids.filter((id) => !joined.has(id)).map((id) => ({ id }));
  const queued = await queueCommands(tx, { ...request, devices: fresh });
  const byDevice = new Map(queued.map((c) => [c.deviceId, c]));
  return ids.map((id): IssuedCommand => {
    const existing = joined.get(id);
    if (!existing) return byDevice.get(id)!;
    return {
      id: existing.id,
      deviceId: id,
      commandId: existing.command_id,
      type,
      state: existing.state,
      joined: true,
    };
  });
}

/** A reason the server gives without parameters (every ending but "too large"). */
export type PlainReasonKey = {
  [K in CommandReasonKey]: CommandReasons[K] extends Record<string, never> ? K : never;
}[CommandReasonKey];

/**
 * End the commands still open (queued, sent or acknowledged) for these machines — of `types`, or of
 * every type — as expired, for `reason`: how the server ends a command it will no longer deliver (a
 * newer menu, a machine that moved or was deleted). They are published as fleet.commandFinished in
 * the same transaction, so what follows a command's end follows this one too: a menu release counts
 * the machine as failed with the reason (and can finish), an app order not made is rejected and its
 * money given back. The delivery job and a machine's reconnection only ever send open commands.
 * `log`: a line in each machine's log (under the machine's tenant as it is now).
 */
export async function endOpenCommands(
  tx: Db,
  events: Publisher,
  request: { deviceIds: string[]; types?: CommandType[]; reason: PlainReasonKey; log?: boolean },
): Promise<Array<{ id: string; deviceId: string; type: CommandType }>> {
  const { deviceIds, types, reason } = request;
  if (!deviceIds.length || types?.length === 0) return [];
  const ended = await rows<{
    id: string;
    device_id: string;
    type: CommandType;
    reason: string | null;
    ref_kind: string | null;
    ref_id: string | null;
  }>(
    tx,
    sql`update device_command set state = 'expired', ${setReason(reason, {})}, finished_at = now(), updated_at = now()
        where state in ('queued', 'sent', 'acknowledged')
          and device_id = any(${`{${deviceIds.join(',')}}`}::bigint[])
          ${types ? sql`and type = any(${`{${types.join(',')}}`}::text[])` : sql``}
        returning id::text, device_id::text, type, reason, ref_kind, ref_id::text`,
  );
  await events.publish(
    tx,
    'fleet.commandFinished',
    ended.map((c) => ({
      deviceId: c.device_id,
      commandId: c.id,
      type: c.type,
      state: 'expired' as const,
      reason: c.reason,
      ref: refOf(c),
      params: null,
    })),
  );
  if (request.log)
    await appendDeviceLog(
      tx,
      ended.map((c) => ({
        deviceId: c.device_id,
        kind: 'command' as const,
        key: 'commandFinished' as const,
        params: { type: c.type, state: 'expired' },
        message: `${c.type}: expired (${c.reason})`,
      })),
    );
  return ended.map((c) => ({ id: c.id, deviceId: c.device_id, type: c.type }));
}

export function registerCommands(app: FastifyInstance, deps: FleetDeps, devices: DeviceRegistry) {
  const issue = async (
    request: FastifyRequest,
    ids: string[],
    type: CommandType,
    params = {},
    /** Refuses machines the command does not suit; runs only on machines the caller may see. */
    check?: (tx: Db, found: Array<{ id: string }>) => Promise<void>,
  ) => {
    request.auditTarget = ids.join(',');
    const commands = await inRequestScope(deps.db, request, async (tx) => {
      const found = await devices.visibleDevices(tx, ids, request);
      await check?.(tx, found);
      return joinOrQueueCommands(tx, {
        type,
        devices: found,
        params,
        issuedBy: { userId: request.user!.userId, account: request.user!.account },
      });
    });
    deps.bus.emit('commandsQueued');
    return { commands };
  };

  for (const type of REMOTE_OPERATIONS) {
    app.post(
      `/api/coffee/device/${type}`,
      {
        schema: { body: deviceIdsBody, response: answer(commandsAnswer), tags: ['device'] },
        config: { permission: P.device[type], action: `device.${type}` },
      },
      (request) => issue(request, (request.body as { ids: string[] }).ids, type),
    );
  }

  app.post(
    '/api/coffee/device/debug',
    {
      schema: { body: debugBody, response: answer(commandsAnswer), tags: ['device'] },
      config: { permission: P.device.debug, action: 'device.debug' },
    },
    async (request) => {
      const { ids, presetId } = request.body as { ids: string[]; presetId: string };
      const [preset] = await inRequestScope(deps.db, request, (tx) =>
        rows<{ name: string; action: string; args: unknown; family: string | null }>(
          tx,
          sql`select name, action, args, family from preset_command where id = ${presetId}`,
        ),
      );
      if (!preset) throw new AppError('msg.presetNotFound');
      return issue(request, ids, 'debug', { action: preset.action, args: preset.args ?? {} }, (tx, found) =>
        refuseOtherFamily(tx, preset, found),
      );
    },
  );
}

/**
 * A preset made for one family (calibrating a grinder) means nothing to another family's machines:
 * the whole request is refused, naming them, so that nothing is queued for part of a selection.
 * Checked after visibility, so a machine the caller may not see is a 404, never named here.
 */
async function refuseOtherFamily(
  tx: Db,
  preset: { name: string; family: string | null },
  found: Array<{ id: string }>,
) {
  if (!preset.family) return;
  const others = await rows<{ serial_number: string }>(
    tx,
    sql`select serial_number from device where id in ${found.map((d) => d.id)}
          and family is distinct from ${preset.family} order by serial_number`,
  );
  if (!others.length) return;
  const params = {
    preset: preset.name,
    family: preset.family,
    machines: others.map((d) => d.serial_number).join(', '),
  };
  throw new AppError('msg.presetOtherFamily', params, [
    { field: 'ids', message: 'msg.presetOtherFamily', params },
  ]);
}
