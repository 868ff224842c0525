/**
 * What a store's machines can make now, as the delivery platform must know it: a machine takes
 * orders when it is online, not locked and runs a menu; it can make a product of that menu that is
 * orderable and whose recipe's channels are not empty (the last levels it reported, kept by the
 * delivery module from fleet's `levelsChanged`; a channel never reported counts as filled).
 */
import { sql } from 'drizzle-orm';
import { menuContent, type MenuContent } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import type { FleetService, ShopMachine } from '../fleet/service.ts';

export interface ReadyMachine {
  machine: ShopMachine;
  menu: MenuContent;
  /** Codes of the menu's products this machine can make now. */
  makes: Set<string>;
}

/** The channels a recipe draws from (`steps[].channel`). */
function channelsOf(recipe: unknown): number[] {
  const steps = (recipe as { steps?: Array<{ channel?: unknown }> } | null)?.steps ?? [];
  return steps.flatMap((s) => (typeof s.channel === 'number' ? [s.channel] : []));
}

export async function readyMachines(tx: Db, fleet: FleetService, storeId: string): Promise<ReadyMachine[]> {
  const machines = await fleet.reports.machinesOfStores(tx, { storeIds: [storeId] });
  const taking = machines.filter((m) => m.storeId === storeId && m.online && !m.locked && m.menuVersion);
  if (!taking.length) return [];
  const empty = await rows<{ deviceId: string; channel: number }>(
    tx,
    sql`select device_id::text as "deviceId", channel from delivery_channel_level
        where device_id = any(${`{${taking.map((m) => m.id).join(',')}}`}::bigint[]) and grams <= 0`,
  );
  const out: ReadyMachine[] = [];
  for (const machine of taking) {
    const parsed = menuContent.safeParse(await fleet.reports.menuSent(tx, machine.id, machine.menuVersion!));
    if (!parsed.success) continue;
    const dry = new Set(empty.filter((e) => e.deviceId === machine.id).map((e) => e.channel));
    const makes = new Set(
      parsed.data.products
        .filter((p) => p.orderable !== false && !channelsOf(p.recipe).some((c) => dry.has(c)))
        .map((p) => p.code),
    );
    out.push({ machine, menu: parsed.data, makes });
  }
  return out;
}
