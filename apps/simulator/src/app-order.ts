/**
 * What a machine does with an `app-order` command (docs/device-protocol.md §4.9): an order placed
 * and paid in the ordering app. The machine takes it when it can make every cup now — unlocked,
 * on and without a fault, every product on the menu it runs and orderable, enough in the channels for all the
 * cups — and refuses it whole otherwise, with a reason (the server then rejects the order and the
 * member gets the money back).
 */
import { appOrderCommandParams, type AppOrderCommandParams, type MenuContent } from '@brewfleet/contracts';
import type { ChannelLevels } from './channels.ts';
import { productOfMenu } from './menu.ts';

type MenuProduct = MenuContent['products'][number];

export type AppOrderVerdict =
  { ok: true; order: AppOrderCommandParams; products: MenuProduct[] } | { ok: false; reason: string };

export function checkAppOrder(
  params: unknown,
  machine: { locked: boolean; state: string; menu: MenuContent | null; levels: ChannelLevels },
): AppOrderVerdict {
  const parsed = appOrderCommandParams.safeParse(params);
  if (!parsed.success) return { ok: false, reason: 'malformed app order' };
  const order = parsed.data;
  if (machine.locked) return { ok: false, reason: 'the machine is locked' };
  // A rinse or a cleaning ends within the minute: the order waits for it, as customers at the machine do.
  if (machine.state === 'off' || machine.state === 'fault')
    return { ok: false, reason: machine.state === 'off' ? 'the machine is off' : 'the machine has a fault' };
  const products: MenuProduct[] = [];
  // What all the cups take together, channel by channel.
  const needed = new Map<number, number>();
  for (const line of order.lines) {
    const product = machine.menu?.products.find((p) => p.code === line.productCode);
    if (!product || product.orderable === false)
      return { ok: false, reason: `sold out: ${line.productCode}` };
    products.push(product);
    for (const m of productOfMenu(product).recipe)
      needed.set(m.channel, (needed.get(m.channel) ?? 0) + m.grams * line.quantity);
  }
  const materials = [...needed].map(([channel, grams]) => ({ channel, grams }));
  const short = materials.find((m) => !machine.levels.covers([m]));
  if (short) return { ok: false, reason: `sold out: channel ${short.channel} is short of material` };
  return { ok: true, order, products };
}
