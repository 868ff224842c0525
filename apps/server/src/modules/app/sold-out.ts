/**
 * Which products of a machine's menu are sold out now, by what its channels hold as it last reported:
 * a product is sold out when a channel it takes from (the protocol's `channelDoses`) is short — below
 * its low level or past its shelf life, what the console calls a material shortage — or holds less
 * than one cup takes. The machine would refuse such an order after it was paid (and the wallet paid
 * back); the app shows it sold out and the order is refused before anything is written. A channel
 * the machine never reported says nothing: its products stay on sale.
 */
import { channelDoses, type MenuContent } from '@brewfleet/contracts';
import type { ChannelSupply } from '../fleet/service.ts';

export function soldOutCodes(menu: MenuContent, supply: readonly ChannelSupply[]): Set<string> {
  const byChannel = new Map(supply.map((c) => [c.channel, c]));
  const out = new Set<string>();
  for (const product of menu.products) {
    const short = channelDoses(product).some(({ channel, grams }) => {
      const held = byChannel.get(channel);
      return !!held && (held.shortage || (held.levelG !== null && held.levelG < grams));
    });
    if (short) out.add(product.code);
  }
  return out;
}
