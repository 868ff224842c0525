/**
 * The machine registry: the device resource (family and automation follow the model; the merchant
 * follows the store; a secret is issued at creation and answered once), binding to a merchant and a
 * store, and new secrets for one machine or many (imported machines get theirs this way).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { text, timestamp } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  bindBody,
  credentialsBody,
  credentialsBulkBody,
  deviceResource,
  P,
  type DeviceCredentials,
  type DeviceCredentialsBulk,
  bindAnswer,
  deviceCredentialsAnswer,
  deviceCredentialsBulkAnswer,
} from '@brewfleet/contracts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { inRequestScope, visibleTo } from '../../platform/crud/scope.ts';
import type { HookContext } from '../../platform/crud/types.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import { hashSecret, newSecret } from './credentials.ts';
import { notify } from '../../platform/events/notices.ts';
import type { Publisher } from '../../platform/events/domain-events.ts';
import { appendDeviceLog, type LogMessage } from './device-log.ts';
import { endOpenCommands } from './commands.ts';
import type { FleetDeps } from './deps.ts';

/** The type behind a model: what a machine of that model is. */
async function modelKind(db: Db, modelId: string) {
  const [model] = await rows<{ family: string; automation: string }>(
    db,
    sql`select t.family, t.automation from device_model m join device_type t on t.id = m.device_type_id
        where m.id = ${modelId}`,
  );
  if (!model)
    throw new AppError('msg.refNotFound', { field: 'modelId' }, [
      { field: 'modelId', message: 'msg.refNotFound' },
    ]);
  return model;
}

/**
 * The merchant a machine belongs to, given the merchant and store asked for: a store decides its
 * merchant; a merchant user's machines are its own unless it names one below it.
 */
async function tenantOf(
  db: Db,
  ctx: Pick<HookContext, 'user'>,
  merchantId: string | null | undefined,
  storeId: string | null | undefined,
): Promise<{ merchantId: string | null; storeId: string | null }> {
  let merchant = merchantId ?? (ctx.user.partnerType === 'platform' ? null : ctx.user.merchantId);
  if (storeId) {
    const [store] = await rows<{ merchant_id: string }>(
      db,
      sql`select merchant_id::text from store where id = ${storeId}`,
    );
    if (!store)
      throw new AppError('msg.refNotFound', { field: 'storeId' }, [
        { field: 'storeId', message: 'msg.refNotFound' },
      ]);
    if (merchant && merchant !== store.merchant_id)
      throw new AppError('msg.storeNotOfMerchant', {}, [
        { field: 'storeId', message: 'msg.storeNotOfMerchant' },
      ]);
    merchant = store.merchant_id;
  }
  return { merchantId: merchant ?? null, storeId: storeId ?? null };
}

/**
 * A machine whose available merchants are named goes only to one of them or a merchant below one
 * (a maker's or distributor's machine set aside for certain customers); with none named, to anyone.
 */
async function assertAvailable(
  db: Db,
  merchantId: string | null,
  available: unknown,
  deviceIds: string[] = [],
) {
  if (!merchantId) return;
  const named = Array.isArray(available) ? available.map(String) : null;
  const [refused] = await rows<{ id: string | null }>(
    db,
    named
      ? sql`select null as id where cardinality(${`{${named.join(',')}}`}::bigint[]) > 0 and not exists (
              select 1 from unnest(${`{${named.join(',')}}`}::bigint[]) a where ${merchantId}::bigint = any(merchant_subtree(a)))`
      : sql`select d.id::text from device d
            where d.id in ${deviceIds.length ? deviceIds : ['0']} and cardinality(d.available_merchant_ids) > 0
              and not exists (select 1 from unnest(d.available_merchant_ids) a
                              where ${merchantId}::bigint = any(merchant_subtree(a)))
            limit 1`,
  );
  if (refused)
    throw new AppError('msg.deviceNotAvailable', {}, [
      { field: 'merchantId', message: 'msg.deviceNotAvailable' },
    ]);
}

/**
 * Commands that may not follow a machine to its new place. To another merchant (or back to the
 * platform): every open command ends — each was asked by the old owner, may carry its menu, prices
 * and recipes or its customer's order, and the new owner must neither read them nor have them run.
 * To another store of the same merchant: its menu (the old store's products and prices) and app
 * orders (a customer waiting at the old store) end; machine operations (lock, restart, debugging, a
 * channel layout) were asked by the same owner for the machine itself and go on, moving along.
 * Either way the machine no longer has an assigned menu (its menu status reads "not updated" until
 * its new place's menu reaches it). Runs before the machine moves, so the machine log's lines about
 * the ended commands stay with the owner who asked for them.
 */
export async function leavePlace(
  tx: Db,
  events: Publisher,
  moved: { owner: string[]; store: string[] },
): Promise<void> {
  await endOpenCommands(tx, events, { deviceIds: moved.owner, reason: 'machineMoved', log: true });
  await endOpenCommands(tx, events, {
    deviceIds: moved.store,
    types: ['menu', 'app-order'],
    reason: 'machineMovedStore',
    log: true,
  });
  const ids = [...moved.owner, ...moved.store];
  if (!ids.length) return;
  await tx.execute(sql`update device set assigned_menu_version = null, menu_status = 'not-updated', updated_at = now()
                       where id = any(${`{${ids.join(',')}}`}::bigint[])`);
  await notify(
    tx,
    'fleet.machineStatusChanged',
    ids.map((deviceId) => ({ deviceId })),
  );
}

export function registerDevices(app: FastifyInstance, deps: FleetDeps) {
  const { reg } = registerResource(app, deps, deviceResource, {
    extraColumns: {
      secretHash: text('secret_hash'),
      secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true, mode: 'date' }),
    },
    hooks: {
      async beforeCreate(input, ctx) {
        const kind = await modelKind(ctx.db, String(input.modelId));
        const tenant = await tenantOf(ctx.db, ctx, input.merchantId as string, input.storeId as string);
        await assertAvailable(ctx.db, tenant.merchantId, input.availableMerchantIds ?? []);
        const secret = newSecret();
        return {
          ...input,
          ...kind,
          ...tenant,
          secret,
          secretHash: hashSecret(secret),
          secretRotatedAt: new Date(),
        };
      },
      // Only the single create answers a secret, so only it makes the broker account (MQTT_DYNSEC).
      // Import runs beforeCreate but not this, on purpose: nobody ever sees an imported machine's
      // secret, so an account with it would admit no one, and an import that rolls back (a dry run, a
      // bad row) would leave accounts for machines that do not exist. Imported machines get their
      // secrets, and with them their accounts, from POST /api/coffee/device/credentials/bulk.
      respondShape: { secret: z.string().nullable() },
      respond: (item, values) => {
        if (values.secret) deps.bus.emit('secretIssued', String(item.serialNumber), String(values.secret));
        return { ...item, secret: values.secret ?? null };
      },
      async beforeUpdate(input, existing, ctx) {
        if (input.availableMerchantIds !== undefined)
          await assertAvailable(
            ctx.db,
            (existing.merchantId as string) ?? null,
            input.availableMerchantIds ?? [],
          );
        return input.modelId ? { ...input, ...(await modelKind(ctx.db, String(input.modelId))) } : input;
      },
      afterUpdate(row) {
        deps.bus.emit('deviceChanged', String(row.serialNumber));
      },
      async beforeDelete(list, ctx) {
        // Its open commands end first, recorded and published like any ending: a release pushing to
        // it counts it as failed ("the machine was deleted") and can finish; an app order is given back.
        await endOpenCommands(ctx.db, deps.events, {
          deviceIds: list.map((row) => String(row.id)),
          reason: 'machineRemoved',
        });
        for (const row of list) {
          deps.bus.emit('credentialsRotated', String(row.serialNumber));
          deps.bus.emit('deviceRemoved', String(row.serialNumber));
        }
      },
    },
  });

  /** The machines among `ids` the user may see; all of them or a 404. */
  async function visibleDevices(tx: Db, ids: string[], request: Parameters<typeof inRequestScope>[1]) {
    const unique = [...new Set(ids)];
    const found = (await tx
      .select({
        id: reg.columns.id,
        serialNumber: reg.columns.serialNumber,
        merchantId: reg.columns.merchantId,
        storeId: reg.columns.storeId,
      })
      .from(reg.table)
      .where(sql`${reg.columns.id} in ${unique} and ${visibleTo(reg, request.user) ?? sql`true`}`)) as Array<{
      id: string;
      serialNumber: string;
      merchantId: string | null;
      storeId: string | null;
    }>;
    if (found.length !== unique.length) throw new AppError('msg.deviceNotFound');
    return found;
  }

  app.post(
    '/api/coffee/device/bind',
    {
      schema: { body: bindBody, response: answer(bindAnswer), tags: ['device'] },
      config: { permission: P.device.bind, action: 'device.bind' },
    },
    async (request) => {
      const body = request.body as { ids: string[]; merchantId: string | null; storeId?: string | null };
      request.auditTarget = body.ids.join(',');
      // Unbinding hands a machine back to the platform: only the platform may do it.
      if (!body.merchantId && request.user!.partnerType !== 'platform') throw new AppError('msg.forbidden');
      return inRequestScope(deps.db, request, async (tx) => {
        const devices = await visibleDevices(tx, body.ids, request);
        if (body.merchantId) {
          const [merchant] = await rows(tx, sql`select 1 from merchant where id = ${body.merchantId}`);
          if (!merchant)
            throw new AppError('msg.refNotFound', { field: 'merchantId' }, [
              { field: 'merchantId', message: 'msg.refNotFound' },
            ]);
        }
        const tenant = body.merchantId
          ? await tenantOf(tx, { user: request.user! }, body.merchantId, body.storeId)
          : { merchantId: null, storeId: null };
        const ids = devices.map((d) => d.id);
        await assertAvailable(tx, tenant.merchantId, null, ids);
        const ownerMoved = devices.filter(
          (d) => String(d.merchantId ?? '') !== String(tenant.merchantId ?? ''),
        );
        const storeMoved = devices.filter(
          (d) => !ownerMoved.includes(d) && String(d.storeId ?? '') !== String(tenant.storeId ?? ''),
        );
        await leavePlace(tx, deps.events, {
          owner: ownerMoved.map((d) => String(d.id)),
          store: storeMoved.map((d) => String(d.id)),
        });
        await tx.execute(sql`update device set merchant_id = ${tenant.merchantId}, store_id = ${tenant.storeId},
                               updated_at = now() where id in ${ids}`);
        // A machine's channels go with it; its history stays with whoever it served. Its commands still
        // open are only machine operations its own merchant asked for (leavePlace ended the rest): they
        // move to its new store.
        await tx.execute(sql`update device_channel set merchant_id = ${tenant.merchantId}, store_id = ${tenant.storeId}
                               where device_id in ${ids}`);
        if (storeMoved.length)
          await tx.execute(sql`update device_command set store_id = ${tenant.storeId}
                                 where device_id in ${storeMoved.map((d) => d.id)} and state in ('queued', 'sent', 'acknowledged')`);
        // The line names the merchant and store by name, not id: they are the machines' own now, so
        // whoever sees the line may see them.
        const [named] = tenant.merchantId
          ? await rows<{ merchant: string; store: string | null }>(
              tx,
              sql`select m.name as merchant, (select s.name from store s where s.id = ${tenant.storeId}) as store
                  from merchant m where m.id = ${tenant.merchantId}`,
            )
          : [];
        const merchant = named?.merchant ?? tenant.merchantId;
        const bound: LogMessage & { message: string } = !merchant
          ? { key: 'unbound', message: 'unbound' }
          : named?.store
            ? {
                key: 'boundToStore',
                params: { merchant, store: named.store },
                message: `merchant ${merchant}, store ${named.store}`,
              }
            : { key: 'bound', params: { merchant }, message: `merchant ${merchant}` };
        await appendDeviceLog(
          tx,
          ids.map((deviceId) => ({ deviceId, kind: 'bind' as const, ...bound })),
        );
        for (const d of devices) deps.bus.emit('deviceChanged', d.serialNumber);
        return { updated: ids.length, ...tenant };
      });
    },
  );

  /**
   * New secrets for machines, all or none: one machine (the row action) or a batch (imported
   * machines, whose secrets nobody saw). A machine the user may not see refuses the whole request
   * before anything changes; the answer is the only time the secrets are shown.
   */
  async function issueSecrets(request: FastifyRequest, ids: string[]): Promise<DeviceCredentials[]> {
    request.auditTarget = ids.join(',');
    const issued = [...new Set(ids)].map((id) => ({ id, secret: newSecret() }));
    const devices = await inRequestScope(deps.db, request, async (tx) => {
      const found = await visibleDevices(
        tx,
        issued.map((m) => m.id),
        request,
      );
      // One statement for the batch; ids (digits) and hashes (hex) are safe in an array literal.
      const list = (values: string[]) => `{${values.join(',')}}`;
      await tx.execute(sql`update device d set secret_hash = v.hash, secret_rotated_at = now(), updated_at = now()
                             from unnest(${list(issued.map((m) => m.id))}::bigint[],
                                         ${list(issued.map((m) => hashSecret(m.secret)))}::text[]) as v(id, hash)
                             where d.id = v.id`);
      await appendDeviceLog(
        tx,
        issued.map(({ id }) => ({
          deviceId: id,
          kind: 'credentials' as const,
          key: 'secretIssued' as const,
          message: 'new secret issued',
        })),
      );
      return found;
    });
    const serialOf = new Map(devices.map((d) => [String(d.id), d.serialNumber]));
    const answer = issued.map(({ id, secret }) => ({ id, serialNumber: serialOf.get(id)!, secret }));
    for (const m of answer) {
      // The old secret stops working at once: the embedded broker drops its connection, and with
      // MQTT_DYNSEC the account in Mosquitto is made or re-keyed (its old connection dropped too).
      deps.bus.emit('credentialsRotated', m.serialNumber);
      deps.bus.emit('secretIssued', m.serialNumber, m.secret);
    }
    return answer;
  }

  app.post(
    '/api/coffee/device/credentials',
    {
      schema: { body: credentialsBody, response: answer(deviceCredentialsAnswer), tags: ['device'] },
      config: { permission: P.device.credentials, action: 'device.credentials' },
    },
    async (request): Promise<DeviceCredentials> => {
      const { id } = request.body as { id: string };
      const [issued] = await issueSecrets(request, [id]);
      return issued;
    },
  );

  // The same permission and log action as one new secret: the log tells them apart by path.
  app.post(
    '/api/coffee/device/credentials/bulk',
    {
      schema: { body: credentialsBulkBody, response: answer(deviceCredentialsBulkAnswer), tags: ['device'] },
      config: { permission: P.device.credentials, action: 'device.credentials' },
    },
    async (request): Promise<DeviceCredentialsBulk> => {
      const { ids } = request.body as { ids: string[] };
      return { machines: await issueSecrets(request, ids) };
    },
  );

  return { reg, visibleDevices };
}

export type DeviceRegistry = ReturnType<typeof registerDevices>;
