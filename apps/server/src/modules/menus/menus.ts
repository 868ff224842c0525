/**
 * Menu distribution (issue 6 §4): a release is built for a store's machines and/or listed machines,
 * pushed to each machine as a `menu` command (the command job delivers it when the machine is
 * online, retries it, and a machine away for days gets it when it returns), acknowledged or rejected
 * with reasons, pushed again to the machines that did not take it, or rolled back to.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  P,
  idSchema,
  menuReleaseResource,
  type MenuSkipReason,
  pushAnswer,
  rollbackAnswer,
  menuProgressAnswer,
} from '@brewfleet/contracts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { inRequestScope, visibleTo } from '../../platform/crud/scope.ts';
import type { Row } from '../../platform/crud/types.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import { refreshReleases } from './release-progress.ts';
import type { RegisterDeps } from '../../platform/module.ts';
import type { FleetService } from '../fleet/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { AuthUser } from '../../platform/auth/auth-user.ts';
import { registerMissingProducts } from './missing-products.ts';
import { menuForDevice, releaseProducts, type ReleaseContent, type TargetDevice } from './menu-content.ts';

const pushBody = z.object({
  id: idSchema,
  /** Push again to these machines only (those that failed or expired); default: every target. */
  deviceIds: z.array(idSchema).max(1000).optional(),
});

/** The machines a release goes to: its store's machines and the machines it lists, as the user sees them. */
export function targetsOf(
  tx: Db,
  fleet: FleetService,
  user: AuthUser | null,
  storeId: string | null,
  deviceIds: string[],
): Promise<TargetDevice[]> {
  return fleet.machines.targets(tx, user, storeId, deviceIds);
}

/**
 * Versions read as dates: 2026-11-22.3 is the merchant's third release of that day, the day as it is
 * in `timeZone` (the console sends the operator's own; merchants and stores keep none). The number
 * comes from the merchant's counter for that day (menu_release_number, migration 0053), which only
 * goes up: a number once given is never given again, even after its release is deleted (a machine
 * may still run it), and two releases created at once wait for each other on the counter's row
 * instead of counting the same releases. A unique index on (merchant_id, version) backs it.
 */
export async function nextVersion(tx: Db, merchantId: string, timeZone = 'UTC'): Promise<string> {
  const [{ version }] = await rows<{ version: string }>(
    tx,
    sql`insert into menu_release_number (merchant_id, day, last)
        values (${merchantId}, (now() at time zone ${timeZone})::date, 1)
        on conflict (merchant_id, day) do update set last = menu_release_number.last + 1
        returning to_char(day, 'YYYY-MM-DD') || '.' || last as version`,
  );
  return version;
}

export interface PushActor {
  /** Fleet's service: the one way to send machines their menu. */
  fleet: FleetService;
  /** The catalog's service: a sub-merchant's release reads its parent's products. */
  catalog: CatalogService;
  /** Whose view of the machines applies; null: the system (demo data). */
  user: AuthUser | null;
  userId: string | null;
  account: string;
}

/** Queue one menu command per target machine; older menu commands still open are superseded. */
export async function pushRelease(tx: Db, actor: PushActor, release: Row, only?: string[]) {
  let targets = await targetsOf(
    tx,
    actor.fleet,
    actor.user,
    (release.storeId as string) ?? null,
    (release.deviceIds as string[]) ?? [],
  );
  if (only) {
    const wanted = new Set(only);
    targets = targets.filter((t) => wanted.has(t.id));
    if (targets.length !== wanted.size) throw new AppError('msg.deviceNotFound');
  }
  // A sub-merchant's release carries its parent's products: its user reads them (catalog/inherited.ts).
  if (actor.user) await actor.catalog.openInherited(tx, actor.user, String(release.merchantId));
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
  // Older menus still on their way are superseded: a machine coming back takes only the newest.
  await actor.fleet.commands.supersede(tx, 'menu', ids, 'supersededByMenu');
  await actor.fleet.commands.queue(tx, {
    type: 'menu',
    devices: queued.map((q) => ({ id: q.device.id, params: { version, menu: q.menu } })),
    issuedBy: { userId: actor.userId, account: actor.account },
    ref: { kind: 'menu-release', id: String(release.id) },
  });
  await actor.fleet.machines.assignMenu(tx, ids, version);
  await tx.execute(
    sql`update menu_release set state = 'pushing', pushed_at = now(), updated_at = now() where id = ${String(release.id)}`,
  );
  await refreshReleases(tx, [String(release.id)]);
  actor.fleet.commands.announce();
  return { version, queued: ids.length, skipped };
}

export function registerMenus(app: FastifyInstance, deps: RegisterDeps<'fleet' | 'catalog'>) {
  const { fleet, catalog } = deps.services;
  const { reg } = registerResource(app, deps, menuReleaseResource, {
    hooks: {
      async beforeCreate(input, ctx) {
        const storeId = (input.storeId as string) ?? null;
        const deviceIds = (input.deviceIds as string[]) ?? [];
        const targets = await targetsOf(ctx.db, fleet, ctx.user, storeId, deviceIds);
        if (!targets.length)
          throw new AppError('msg.menuTargetsRequired', {}, [
            { field: 'deviceIds', message: 'msg.menuTargetsRequired' },
          ]);
        const merchantId = (input.merchantId as string) ?? targets[0].merchant_id ?? ctx.user.merchantId;
        if (!merchantId) throw new AppError('msg.merchantRequired');
        await catalog.openInherited(ctx.db, ctx.user, merchantId);
        const products = await releaseProducts(ctx.db, {
          productIds: (input.productIds as string[]) ?? [],
          storeId,
          deviceIds,
          merchantId,
        });
        const makeable = products.filter((p) => targets.some((t) => t.family === p.family));
        if (!makeable.length) throw new AppError('msg.menuEmpty');
        const content: ReleaseContent = { name: String(input.name), products };
        return {
          ...input,
          merchantId,
          storeId,
          version: await nextVersion(ctx.db, merchantId, ctx.request.timeZone),
          state: 'draft',
          content,
          targets: targets.length,
        };
      },
      /**
       * A release that machines run, or that is still on its way to some, stays: its content is what
       * the Equipment Menu shows for the version they run, and what a roll back pushes again. Once
       * they run another menu (or its push ended), it may go; its number is never given again.
       */
      async beforeDelete(list, ctx) {
        let running = 0;
        let receiving = 0;
        for (const release of list) {
          const held = await fleet.machines.holdingRelease(
            ctx.db,
            String(release.id),
            String(release.version),
          );
          running += held.running;
          receiving += held.receiving;
        }
        if (running || receiving) throw new AppError('msg.menuReleaseInUse', { running, receiving });
      },
    },
  });

  registerMissingProducts(app, deps.db, reg, deps.services);

  const actorOf = (request: FastifyRequest): PushActor => ({
    fleet,
    catalog,
    user: request.user!,
    userId: request.user!.userId,
    account: request.user!.account,
  });

  async function findRelease(tx: Db, request: FastifyRequest, id: string) {
    const [release] = (await tx
      .select()
      .from(reg.table)
      .where(sql`${reg.columns.id} = ${id} and ${visibleTo(reg, request.user) ?? sql`true`}`)) as Row[];
    if (!release) throw new AppError('msg.notFound');
    return release;
  }

  app.post(
    '/api/coffee/menu-release/push',
    {
      schema: { body: pushBody, response: answer(pushAnswer), tags: ['menu-release'] },
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
      schema: { body: z.object({ id: idSchema }), response: answer(rollbackAnswer), tags: ['menu-release'] },
      config: { permission: P.menuRelease.rollback, action: 'menu-release.rollback' },
    },
    async (request) => {
      const { id } = request.body as { id: string };
      request.auditTarget = id;
      return inRequestScope(deps.db, request, async (tx) => {
        const earlier = await findRelease(tx, request, id);
        const version = await nextVersion(tx, String(earlier.merchantId), request.timeZone);
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
      schema: {
        querystring: z.object({ id: idSchema }),
        response: answer(menuProgressAnswer),
        tags: ['menu-release'],
      },
      config: { permission: P.menuRelease.list },
    },
    async (request) => {
      const { id } = request.query as { id: string };
      return inRequestScope(deps.db, request, async (tx) => {
        const release = await findRelease(tx, request, id);
        // The latest command per machine for this release: a push again replaces the earlier one.
        const machines = await fleet.commands.latestForRelease(tx, id);
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
