/**
 * Menu distribution (issue 6 §4): a release is built for a store's machines and/or listed machines,
 * pushed to each machine as a `menu` command (the command job delivers it when the machine is
 * online, retries it, and a machine away for days gets it when it returns), acknowledged or rejected
 * with reasons, pushed again to the machines that did not take it, or rolled back to.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { P, idSchema, menuReleaseResource, type MenuSkipReason } from '@brewfleet/contracts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { inRequestScope, visibleTo } from '../../platform/crud/scope.ts';
import type { Registered, Row } from '../../platform/crud/types.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { appendDeviceLog } from '../fleet/device-log.ts';
import { refreshReleases } from '../fleet/menu-state.ts';
import type { FleetDeps } from '../fleet/deps.ts';
import type { FleetBus } from '../fleet/fleet-bus.ts';
import type { AuthUser } from '../../platform/auth/auth-user.ts';
import { openInheritedCatalog } from '../catalog/inherited.ts';
import { registerMissingProducts } from './missing-products.ts';
import { menuForDevice, releaseProducts, type ReleaseContent, type TargetDevice } from './menu-content.ts';
import { setReason } from '../fleet/command-reasons.ts';

const pushBody = z.object({
  id: idSchema,
  /** Push again to these machines only (those that failed or expired); default: every target. */
  deviceIds: z.array(idSchema).max(1000).optional(),
});

/** The machines a release goes to: its store's machines and the machines it lists, as the user sees them. */
export async function targetsOf(
  tx: Db,
  devices: Registered,
  user: AuthUser | null,
  storeId: string | null,
  deviceIds: string[],
) {
  if (!storeId && !deviceIds.length)
    throw badRequest('msg.menuTargetsRequired', {}, [
      { field: 'deviceIds', message: 'msg.menuTargetsRequired' },
    ]);
  return rows<TargetDevice>(
    tx,
    sql`select id::text, serial_number, family, merchant_id::text, store_id::text from device
        where (store_id = ${storeId} or id = any(${`{${deviceIds.join(',')}}`}::bigint[]))
          and ${visibleTo(devices, user) ?? sql`true`}
        order by serial_number`,
  );
}

/** Versions read as dates: 2026-11-22.3 is the third release of that day. */
export async function nextVersion(tx: Db, merchantId: string): Promise<string> {
  const day = new Date().toISOString().slice(0, 10);
  const [{ n }] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from menu_release where merchant_id = ${merchantId} and version like ${`${day}.%`}`,
  );
  return `${day}.${n + 1}`;
}

export interface PushActor {
  devices: Registered;
  bus: FleetBus;
  /** Whose view of the machines applies; null: the system (demo data). */
  user: AuthUser | null;
  userId: string | null;
  account: string;
}

/** Queue one menu command per target machine; older menu commands still open are superseded. */
export async function pushRelease(tx: Db, actor: PushActor, release: Row, only?: string[]) {
  let targets = await targetsOf(
    tx,
    actor.devices,
    actor.user,
    (release.storeId as string) ?? null,
    (release.deviceIds as string[]) ?? [],
  );
  if (only) {
    const wanted = new Set(only);
    targets = targets.filter((t) => wanted.has(t.id));
    if (targets.length !== wanted.size) throw new AppError(404, 'msg.deviceNotFound');
  }
  // A sub-merchant's release carries its parent's products: its user reads them (catalog/inherited.ts).
  if (actor.user) await openInheritedCatalog(tx, actor.user, String(release.merchantId));
  const version = String(release.version);
  const queued: Array<{ device: TargetDevice; menu: unknown }> = [];
  const skipped: Array<{ deviceId: string; serialNumber: string; reason: MenuSkipReason }> = [];
  for (const device of targets) {
    const menu = await menuForDevice(tx, device, { version, content: release.content as ReleaseContent });
    if (menu.products.length) queued.push({ device, menu });
    else
      skipped.push({
        deviceId: device.id,
        serialNumber: device.serial_number,
        // A code, not words: the console says it in the user's language.
        reason: 'no-product-for-machine',
      });
  }
  const ids = queued.map((q) => q.device.id);
  if (ids.length) {
    await tx.execute(sql`
      update device_command set state = 'expired', ${setReason('supersededByMenu', {})}, finished_at = now(), updated_at = now()
      where type = 'menu' and state in ('queued', 'sent', 'acknowledged') and device_id = any(${`{${ids.join(',')}}`}::bigint[])`);
    const payload = JSON.stringify(
      queued.map((q) => ({
        device_id: q.device.id,
        command_id: crypto.randomUUID(),
        params: { version, menu: q.menu },
      })),
    );
    await tx.execute(sql`
      insert into device_command (merchant_id, store_id, device_id, serial_number, command_id, type, params, issued_by,
                                  max_attempts, retry_interval_seconds, expires_at, created_by, menu_release_id)
      select d.merchant_id, d.store_id, d.id, d.serial_number, x.command_id, 'menu', x.params, ${actor.account},
             coalesce(c.max_attempts, 20), coalesce(c.retry_interval_seconds, 300),
             now() + make_interval(secs => coalesce(c.expiry_seconds, 604800)), ${actor.userId}, ${String(release.id)}
      from jsonb_to_recordset(${payload}::jsonb) as x(device_id bigint, command_id text, params jsonb)
      join device d on d.id = x.device_id
      left join command_config c on c.command_type = 'menu'`);
    await tx.execute(sql`
      update device set assigned_menu_version = ${version},
        menu_status = case when menu_version = ${version} then 'updated' else 'not-updated' end, updated_at = now()
      where id = any(${`{${ids.join(',')}}`}::bigint[])`);
    await appendDeviceLog(
      tx,
      ids.map((deviceId) => ({
        deviceId,
        kind: 'command' as const,
        key: 'menuQueued' as const,
        params: { version, account: actor.account },
        message: `menu ${version}: queued by ${actor.account}`,
      })),
    );
  }
  await tx.execute(
    sql`update menu_release set state = 'pushing', pushed_at = now(), updated_at = now() where id = ${String(release.id)}`,
  );
  await refreshReleases(tx, [String(release.id)]);
  actor.bus.emit('commandsQueued');
  return { version, queued: ids.length, skipped };
}

export function registerMenus(app: FastifyInstance, deps: FleetDeps, devices: Registered) {
  const { reg } = registerResource(app, deps, menuReleaseResource, {
    hooks: {
      async beforeCreate(input, ctx) {
        const storeId = (input.storeId as string) ?? null;
        const deviceIds = (input.deviceIds as string[]) ?? [];
        const targets = await targetsOf(ctx.db, devices, ctx.user, storeId, deviceIds);
        if (!targets.length)
          throw badRequest('msg.menuTargetsRequired', {}, [
            { field: 'deviceIds', message: 'msg.menuTargetsRequired' },
          ]);
        const merchantId = (input.merchantId as string) ?? targets[0].merchant_id ?? ctx.user.merchantId;
        if (!merchantId) throw badRequest('msg.merchantRequired');
        await openInheritedCatalog(ctx.db, ctx.user, merchantId);
        const products = await releaseProducts(ctx.db, {
          productIds: (input.productIds as string[]) ?? [],
          storeId,
          deviceIds,
          merchantId,
        });
        const makeable = products.filter((p) => targets.some((t) => t.family === p.family));
        if (!makeable.length) throw badRequest('msg.menuEmpty');
        const content: ReleaseContent = { name: String(input.name), products };
        return {
          ...input,
          merchantId,
          storeId,
          version: await nextVersion(ctx.db, merchantId),
          state: 'draft',
          content,
          targets: targets.length,
        };
      },
    },
  });

  registerMissingProducts(app, deps.db, reg, devices);

  const actorOf = (request: FastifyRequest): PushActor => ({
    devices,
    bus: deps.bus,
    user: request.user!,
    userId: request.user!.userId,
    account: request.user!.account,
  });

  async function findRelease(tx: Db, request: FastifyRequest, id: string) {
    const [release] = (await tx
      .select()
      .from(reg.table)
      .where(sql`${reg.columns.id} = ${id} and ${visibleTo(reg, request.user) ?? sql`true`}`)) as Row[];
    if (!release) throw new AppError(404, 'msg.notFound');
    return release;
  }

  app.post(
    '/api/coffee/menu-release/push',
    {
      schema: { body: pushBody, tags: ['menu-release'] },
      config: { permission: P.menuRelease.push, action: 'menu-release.push' },
    },
    async (request) => {
      const { id, deviceIds } = request.body as z.infer<typeof pushBody>;
      request.auditTarget = id;
      return inRequestScope(deps.db, request, async (tx) =>
        pushRelease(tx, actorOf(request), await findRelease(tx, request, id), deviceIds),
      );
    },
  );

  app.post(
    '/api/coffee/menu-release/rollback',
    {
      schema: { body: z.object({ id: idSchema }), tags: ['menu-release'] },
      config: { permission: P.menuRelease.rollback, action: 'menu-release.rollback' },
    },
    async (request) => {
      const { id } = request.body as { id: string };
      request.auditTarget = id;
      return inRequestScope(deps.db, request, async (tx) => {
        const earlier = await findRelease(tx, request, id);
        const version = await nextVersion(tx, String(earlier.merchantId));
        const content = earlier.content as ReleaseContent;
        const [copy] = await rows<{ id: string }>(
          tx,
          sql`insert into menu_release (merchant_id, store_id, name, device_ids, product_ids, version, state, content,
                                        rolled_back_from, targets, created_by)
              select merchant_id, store_id, name, device_ids, product_ids, ${version}, 'draft', ${JSON.stringify(content)}::jsonb,
                     id, targets, ${request.user!.userId}
              from menu_release where id = ${id}
              returning id::text`,
        );
        const release = await findRelease(tx, request, copy.id);
        return { id: copy.id, ...(await pushRelease(tx, actorOf(request), release)) };
      });
    },
  );

  app.get(
    '/api/coffee/menu-release/progress',
    {
      schema: { querystring: z.object({ id: idSchema }), tags: ['menu-release'] },
      config: { permission: P.menuRelease.list },
    },
    async (request) => {
      const { id } = request.query as { id: string };
      return inRequestScope(deps.db, request, async (tx) => {
        const release = await findRelease(tx, request, id);
        // The latest command per machine for this release: a push again replaces the earlier one.
        const machines = await rows<Record<string, unknown>>(
          tx,
          sql`select distinct on (c.device_id) c.device_id::text as "deviceId", c.serial_number as "serialNumber",
                     d.name, d.online, c.id::text as "commandId", c.state, c.attempts, c.reason,
                     c.reason_key as "reasonKey", c.reason_params as "reasonParams", c.details,
                     to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
              from device_command c join device d on d.id = c.device_id
              where c.menu_release_id = ${id}
              order by c.device_id, c.created_at desc`,
        );
        return {
          id,
          version: release.version,
          state: release.state,
          targets: release.targets,
          succeeded: release.succeeded,
          failed: release.failed,
          machines,
        };
      });
    },
  );
}
