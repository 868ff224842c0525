/**
 * What the delivery module hears from fleet (domain events, in the publishing transaction): a
 * machine's status, levels or a finished command may change what its store can sell on Uber (the
 * listing is marked due and the listing job looks again within seconds); a menu a machine took changes the store's
 * Uber menu (due for upload). What the channels hold is fleet's, read when the listing is looked at.
 */
import { sql } from 'drizzle-orm';
import type { UberCancelBody } from '@brewfleet/contracts';
import type { Db } from '../../platform/db/client.ts';
import { subscribe, type AnySubscriber } from '../../platform/events/domain-events.ts';
import type { FleetService } from '../fleet/service.ts';

const ids = (list: readonly string[]) => `{${[...new Set(list)].join(',')}}`;

export function deliveryReactions(fleet: FleetService): AnySubscriber[] {
  /** The machines (fleet's), with their merchants and stores. */
  const machines = (tx: Db, deviceIds: readonly string[]) =>
    fleet.reports.machinesOfStores(tx, { deviceIds: [...new Set(deviceIds)] });
  /** The listing of the bound stores these machines stand in is to be looked at again. */
  async function listingDue(tx: Db, deviceIds: readonly string[]) {
    if (!deviceIds.length) return;
    const storeIds = (await machines(tx, deviceIds)).flatMap((m) => (m.storeId ? [m.storeId] : []));
    if (!storeIds.length) return;
    await tx.execute(sql`update delivery_store set listing_due = true
                         where store_id = any(${ids(storeIds)}::bigint[]) and binding = 'bound' and not listing_due`);
  }
  return [
    subscribe(
      'fleet.machineStatusChanged',
      'delivery: a machine online, offline or locked changes its store’s listing',
      async (tx, events) => {
        await listingDue(
          tx,
          events.map((e) => e.deviceId),
        );
      },
    ),
    subscribe(
      'fleet.levelsChanged',
      'delivery: a channel short or filled again changes what its store lists',
      async (tx, events) => {
        await listingDue(
          tx,
          events.map((e) => e.deviceId),
        );
      },
    ),
    subscribe(
      'orders.orderStatusChanged',
      'delivery: an accepted Uber order its machine could not make, or staff cancelled, is cancelled on Uber',
      async (tx, events) => {
        // Uber's own cancellation (cause `delivery`) needs no answer: the row is cancelled already.
        const ended = events.filter(
          (e) => (e.to === 'rejected' || e.to === 'cancelled') && e.cause !== 'delivery',
        );
        if (!ended.length) return;
        const told = ended.map((e) => ({
          order_id: e.orderId,
          body: {
            reason: 'OTHER',
            details:
              e.to === 'rejected'
                ? 'The machine could not make the order'
                : 'The store cancelled the order before it was made',
            cancelling_party: 'MERCHANT',
          } satisfies UberCancelBody,
        }));
        await tx.execute(sql`
          update delivery_order d set state = 'failed', cancel_body = x.body, attempts = 0, updated_at = now()
          from jsonb_to_recordset(${JSON.stringify(told)}::jsonb) as x(order_id bigint, body jsonb)
          where d.order_id = x.order_id and d.state = 'accepted'`);
      },
    ),
    subscribe(
      'fleet.commandFinished',
      'delivery: a menu a machine took changes its store’s Uber menu',
      async (tx, events) => {
        const menus = events
          .filter((e) => e.type === 'menu' && e.state === 'succeeded')
          .map((e) => e.deviceId);
        if (!menus.length) return;
        const storeIds = (await machines(tx, menus)).flatMap((m) => (m.storeId ? [m.storeId] : []));
        if (!storeIds.length) return;
        await tx.execute(sql`update delivery_store set sync_due_at = now(), sync_attempts = 0, sync_state = 'pending'
                           where store_id = any(${ids(storeIds)}::bigint[]) and binding = 'bound'`);
      },
    ),
  ];
}
