/**
 * Channels: configurations a merchant defines, distributed onto machines (each machine's channels
 * replaced by the configuration's, and the machine told by a `channels` command), and each machine's
 * own channels with level, refill and expiry.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  channelConfigResource,
  P,
  deviceChannelResource,
  distributeBody,
  refillBody,
  distributeAnswer,
  updatedAnswer,
} from '@brewfleet/contracts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { inRequestScope, visibleTo } from '../../platform/crud/scope.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { notify } from '../../platform/events/notices.ts';
import type { Publisher } from '../../platform/events/domain-events.ts';
import { AppError } from '../../platform/http/errors.ts';
import { idempotentWhenKeyed } from '../../platform/http/idempotency.ts';
import { answer } from '../../platform/http/answers.ts';
import type { DeviceRegistry } from './devices.ts';
import { channelsParams, queueChannelCommands, tellChannelLayouts } from './channel-commands.ts';
import type { FleetDeps } from './deps.ts';

/**
 * Recompute expiry and shortage of channels, and the shortage flag of their machines: a channel is
 * short when below its low level or past its shelf life. Answers the machines whose channels changed.
 */
export async function refreshChannels(db: Db, where: ReturnType<typeof sql>): Promise<string[]> {
  const expires = sql`case when c.filled_at is not null and c.shelf_life_hours > 0
                           then c.filled_at + make_interval(hours => c.shelf_life_hours) end`;
  const short = sql`(coalesce(c.level_g < c.low_level_g, false) or coalesce(${expires} < now(), false))`;
  // Only rows whose flags change are written, so a periodic refresh does not look like news.
  // Two statements: a data-modifying CTE's changes are invisible to the rest of its statement.
  const changed = await rows<{ device_id: string }>(
    db,
    sql`update device_channel c set expires_at = ${expires}, shortage = ${short}, updated_at = now()
        where ${where} and (c.expires_at is distinct from ${expires} or c.shortage is distinct from ${short})
        returning c.device_id::text`,
  );
  const ids = [...new Set(changed.map((c) => c.device_id))];
  if (ids.length) await refreshDeviceShortage(db, ids);
  return ids;
}

/**
 * What these machines' channels hold changed by hand (an edit, a refill, a layout distributed) or by
 * time (a shelf life ran out): published as a status change, which the delivery platform's listing
 * follows (what a channel holds decides what Uber may sell, as the ordering app reads it afresh).
 */
export async function announceSupply(events: Publisher, tx: Db, deviceIds: readonly string[]) {
  await events.publish(
    tx,
    'fleet.machineStatusChanged',
    [...new Set(deviceIds)].map((deviceId) => ({ deviceId })),
  );
}

/**
 * A machine is short of material when one of its channels is. `removing`: channels about to be
 * deleted in this transaction, which no longer count (the delete hook runs before the delete).
 */
export async function refreshDeviceShortage(db: Db, deviceIds: string[], removing: string[] = []) {
  if (!deviceIds.length) return;
  const kept = removing.length ? sql`and x.id not in ${removing}` : sql``;
  const short = sql`exists (select 1 from device_channel x where x.device_id = d.id and x.shortage ${kept})`;
  const changed = await rows<{ id: string }>(
    db,
    sql`update device d set material_shortage = ${short}, updated_at = now()
        where d.id in ${deviceIds} and d.material_shortage is distinct from ${short}
        returning d.id::text`,
  );
  // Live views show the shortage; nothing else derives from it.
  await notify(
    db,
    'fleet.machineStatusChanged',
    changed.map((d) => ({ deviceId: d.id })),
  );
}

/**
 * A configuration names each channel number once: refused on save, before a distribution would be.
 * The unique index of migration 0015 closes the race between two saves.
 */
async function assertChannelFree(db: Db, row: Record<string, unknown>): Promise<void> {
  const [taken] = await rows(
    db,
    sql`select 1 from channel_config
        where coalesce(merchant_id, 0) = coalesce(${(row.merchantId as string) ?? null}::bigint, 0)
          and config_name = ${String(row.configName)} and channel_number = ${Number(row.channelNumber)}
          and id <> ${(row.id as string) ?? '0'}`,
  );
  if (taken)
    throw new AppError('msg.configChannelTaken', {}, [
      { field: 'channelNumber', message: 'msg.configChannelTaken' },
    ]);
}

/** A channel's low level is part of what it holds: above its capacity it would always read short. */
function checkLowLevel(row: Record<string, unknown>): void {
  const capacity = row.capacityG == null ? 0 : Number(row.capacityG);
  const lowLevel = row.lowLevelG == null ? null : Number(row.lowLevelG);
  if (capacity > 0 && lowLevel !== null && lowLevel > capacity)
    throw new AppError('msg.lowLevelAboveCapacity', { lowLevel, capacity }, [
      { field: 'lowLevelG', message: 'msg.lowLevelAboveCapacity', params: { lowLevel, capacity } },
    ]);
}

/**
 * A machine has the channels its model has (the model's channel count; 0 when the model does not
 * say): a channel numbered past them would be a layout the machine cannot dose from.
 */
async function checkModelChannels(
  db: Db,
  deviceIds: string[],
  numbers: number[],
  field: string | null = 'channelNumber',
): Promise<void> {
  const channel = Math.max(...numbers);
  if (!deviceIds.length || !Number.isFinite(channel)) return;
  const [beyond] = await rows<{ machine: string; count: number }>(
    db,
    sql`select coalesce(nullif(d.name, ''), d.serial_number) as machine, m.channel_count as count
        from device d join device_model m on m.id = d.model_id
        where d.id in ${deviceIds} and m.channel_count > 0 and m.channel_count < ${channel}
        order by d.name limit 1`,
  );
  if (beyond) {
    const params = { machine: beyond.machine, count: beyond.count, channel };
    throw new AppError(
      'msg.channelBeyondModel',
      params,
      field ? [{ field, message: 'msg.channelBeyondModel', params }] : undefined,
    );
  }
}

const issuer = (ctx: { user: { userId: string | null; account: string } }) => ({
  userId: ctx.user.userId,
  account: ctx.user.account,
});

export function registerChannels(app: FastifyInstance, deps: FleetDeps, devices: DeviceRegistry) {
  const configs = registerResource(app, deps, channelConfigResource, {
    hooks: {
      async beforeCreate(input, ctx) {
        const values = { ...input, merchantId: (input.merchantId as string) ?? ctx.user.merchantId ?? null };
        checkLowLevel(values);
        await assertChannelFree(ctx.db, values);
        return values;
      },
      async beforeUpdate(input, existing, ctx) {
        checkLowLevel({ ...existing, ...input });
        await assertChannelFree(ctx.db, { ...existing, ...input });
        return input;
      },
    },
  });

  const machineChannels = registerResource(app, deps, deviceChannelResource, {
    hooks: {
      // A machine's channel belongs to whoever the machine belongs to.
      async beforeCreate(input, ctx) {
        const [device] = await devices.visibleDevices(ctx.db, [String(input.deviceId)], ctx.request);
        checkLowLevel(input);
        await checkModelChannels(ctx.db, [device.id], [Number(input.channelNumber)]);
        const [tenant] = await rows<{ merchant_id: string | null; store_id: string | null }>(
          ctx.db,
          sql`select merchant_id::text, store_id::text from device where id = ${device.id}`,
        );
        return { ...input, merchantId: tenant.merchant_id, storeId: tenant.store_id };
      },
      async afterCreate(row, ctx) {
        await refreshChannels(ctx.db, sql`c.id = ${String(row.id)}`);
        await announceSupply(deps.events, ctx.db, [String(row.deviceId)]);
        await tellChannelLayouts(ctx.db, [String(row.deviceId)], issuer(ctx));
      },
      async beforeUpdate(input, existing, ctx) {
        const row = { ...existing, ...input };
        checkLowLevel(row);
        await checkModelChannels(ctx.db, [String(row.deviceId)], [Number(row.channelNumber)]);
        return input;
      },
      async afterUpdate(row, _before, ctx) {
        await refreshChannels(ctx.db, sql`c.id = ${String(row.id)}`);
        await announceSupply(deps.events, ctx.db, [String(row.deviceId)]);
        await tellChannelLayouts(ctx.db, [String(row.deviceId)], issuer(ctx));
      },
      // A machine whose only short channel goes must stop showing a shortage.
      async beforeDelete(channels, ctx) {
        const deviceIds = [...new Set(channels.map((c) => String(c.deviceId)))];
        const removing = channels.map((c) => String(c.id));
        await refreshDeviceShortage(ctx.db, deviceIds, removing);
        await announceSupply(deps.events, ctx.db, deviceIds);
        await tellChannelLayouts(ctx.db, deviceIds, issuer(ctx), removing);
      },
    },
  });

  app.post(
    '/api/coffee/channel-config/distribute',
    {
      schema: { body: distributeBody, response: answer(distributeAnswer), tags: ['channel-config'] },
      config: { permission: P.channelConfig.distribute, action: 'channel-config.distribute' },
    },
    async (request) => {
      const { configName, deviceIds } = request.body as { configName: string; deviceIds: string[] };
      request.auditTarget = deviceIds.join(',');
      const result = await inRequestScope(deps.db, request, async (tx) => {
        const found = await devices.visibleDevices(tx, deviceIds, request);
        const channels = (await tx
          .select()
          .from(configs.reg.table)
          .where(
            sql`${configs.reg.columns.configName} = ${configName} and ${visibleTo(configs.reg, request.user) ?? sql`true`}`,
          )) as Array<Record<string, unknown>>;
        if (!channels.length)
          throw new AppError('msg.configNotFound', {}, [
            { field: 'configName', message: 'msg.configNotFound' },
          ]);
        const numbers = channels.map((c) => Number(c.channelNumber));
        if (new Set(numbers).size !== numbers.length) throw new AppError('msg.channelTaken');
        const ids = found.map((d) => d.id);
        await checkModelChannels(tx, ids, numbers, null);
        // Replace, keeping the level a machine last reported for a channel number it still has.
        const payload = JSON.stringify(
          channels.map((c) => ({
            name: c.name,
            channel_number: c.channelNumber,
            channel_type_id: c.channelTypeId ?? null,
            material: c.material ?? null,
            pre_discharge_seconds: c.preDischargeSeconds ?? 0,
            shelf_life_hours: c.shelfLifeHours ?? null,
            capacity_g: c.capacityG ?? null,
            low_level_g: c.lowLevelG ?? null,
          })),
        );
        await tx.execute(sql`delete from device_channel where device_id in ${ids}
                               and channel_number not in ${numbers}`);
        await tx.execute(sql`
          insert into device_channel (merchant_id, store_id, device_id, name, channel_number, channel_type_id, material,
                                      pre_discharge_seconds, shelf_life_hours, capacity_g, low_level_g, config_name, created_by)
          select d.merchant_id, d.store_id, d.id, x.name, x.channel_number, x.channel_type_id, x.material,
                 x.pre_discharge_seconds, x.shelf_life_hours, x.capacity_g, x.low_level_g, ${configName}, ${request.user!.userId}
          from device d cross join jsonb_to_recordset(${payload}::jsonb) as x(name text, channel_number int,
               channel_type_id bigint, material text, pre_discharge_seconds float8, shelf_life_hours int,
               capacity_g int, low_level_g int)
          where d.id in ${ids}
          on conflict (device_id, channel_number) do update set name = excluded.name,
            channel_type_id = excluded.channel_type_id, material = excluded.material,
            pre_discharge_seconds = excluded.pre_discharge_seconds, shelf_life_hours = excluded.shelf_life_hours,
            capacity_g = excluded.capacity_g, low_level_g = excluded.low_level_g, config_name = excluded.config_name,
            updated_at = now()`);
        await refreshChannels(tx, sql`c.device_id in ${ids}`);
        // refreshChannels only looks at channels whose flags change; a deleted short channel is
        // not one of them, so the machines' flags are recomputed from what they have now.
        await refreshDeviceShortage(tx, ids);
        await announceSupply(deps.events, tx, ids);
        const commands = await queueChannelCommands(tx, ids, channelsParams(configName, channels), {
          userId: request.user!.userId,
          account: request.user!.account,
        });
        return { devices: ids.length, channels: ids.length * channels.length, commands };
      });
      deps.bus.emit('commandsQueued');
      return result;
    },
  );

  app.post(
    '/api/coffee/device-channel/refill',
    {
      schema: {
        body: refillBody,
        response: answer(updatedAnswer),
        tags: ['device-channel'],
        description:
          'Fills the channels to their capacity (stock). An `Idempotency-Key` header (1–255 characters) makes a ' +
          'retry answer the first refill again; the same key with another body is a 422, a key whose first ' +
          'call is still running a 409.',
      },
      config: { permission: P.deviceChannel.refill, action: 'device-channel.refill' },
    },
    async (request) => {
      const { ids } = request.body as { ids: string[] };
      request.auditTarget = ids.join(',');
      return idempotentWhenKeyed(deps.db, request, (remember) =>
        inRequestScope(deps.db, request, async (tx) => {
          const unique = [...new Set(ids)];
          const found = await rows<{ id: string }>(
            tx,
            sql`select id::text from device_channel where id in ${unique}
                and ${visibleTo(machineChannels.reg, request.user) ?? sql`true`}`,
          );
          if (found.length !== unique.length) throw new AppError('msg.notFound');
          const refilled = await rows<{ device_id: string }>(
            tx,
            sql`update device_channel set filled_at = now(), level_g = coalesce(capacity_g, level_g),
                level_at = now(), updated_at = now() where id in ${ids} returning device_id::text`,
          );
          await refreshChannels(tx, sql`c.id in ${ids}`);
          await announceSupply(
            deps.events,
            tx,
            refilled.map((r) => r.device_id),
          );
          const answer = { updated: found.length };
          await remember(tx, answer);
          return answer;
        }),
      );
    },
  );
}
