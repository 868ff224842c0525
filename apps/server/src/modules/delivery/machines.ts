/**
 * What a store's machines can make now, as the delivery platform must know it: a machine takes
 * orders when it is online, not locked and runs a menu; it can make a product of that menu that is
 * orderable and none of whose channels is short or holds less than one cup takes (fleet's
 * `channelSupply`, read through contracts' `soldOutProducts`: the ordering app's rule, so an item
 * Uber shows suspended is one the app shows sold out). With each
 * machine comes its queue: the orders placed on it that it has not made yet, so that an order goes
 * to the machine of the store with the shortest wait, not always to the first one.
 */
import { menuContent, soldOutProducts, type MenuContent } from '@brewfleet/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { FleetService, ShopMachine } from '../fleet/service.ts';
import type { OrderService } from '../orders/service.ts';

export interface ReadyMachine {
  machine: ShopMachine;
  menu: MenuContent;
  /** Codes of the menu's products this machine can make now. */
  makes: Set<string>;
  /** Orders on it not made yet (paid or being made, placed within the last day). */
  queue: number;
}

/**
 * What a store's machines can make now, read afresh at each call (online, locked, levels change
 * under an order) but for their menus: a version's content never changes once sent, so each is read
 * and checked once per process (as the ordering app's menu cache does).
 */
export function createReadiness(fleet: FleetService, orders: OrderService) {
  const menus = new Map<string, MenuContent>();

  async function menuOf(tx: Db, deviceId: string, version: string): Promise<MenuContent | null> {
    const key = `${deviceId}/${version}`;
    const held = menus.get(key);
    if (held) return held;
    const parsed = menuContent.safeParse(await fleet.reports.menuSent(tx, deviceId, version));
    if (!parsed.success) return null;
    // Bounded: the machines of the bound stores times the versions they ran lately.
    if (menus.size >= 2000) menus.clear();
    menus.set(key, parsed.data);
    return parsed.data;
  }

  return async function readyMachines(tx: Db, storeId: string): Promise<ReadyMachine[]> {
    const machines = await fleet.reports.machinesOfStores(tx, { storeIds: [storeId] });
    const taking = machines.filter((m) => m.storeId === storeId && m.online && !m.locked && m.menuVersion);
    if (!taking.length) return [];
    const ids = taking.map((m) => m.id);
    const supply = await fleet.reports.channelSupply(tx, ids);
    const queueOf = await orders.queues(tx, ids);
    const out: ReadyMachine[] = [];
    for (const machine of taking) {
      const menu = await menuOf(tx, machine.id, machine.menuVersion!);
      if (!menu) continue;
      const soldOut = soldOutProducts(menu, supply.get(machine.id) ?? []);
      const makes = new Set(
        menu.products.filter((p) => p.orderable !== false && !soldOut.has(p.code)).map((p) => p.code),
      );
      out.push({ machine, menu, makes, queue: queueOf.get(machine.id) ?? 0 });
    }
    return out;
  };
}

export type ReadyMachines = ReturnType<typeof createReadiness>;
