/**
 * A menu as a machine receives it (docs/device-protocol.md §4.4, command type `menu`): the command's
 * params are `{ version, menu }`. The machine checks every recipe against its own parameter ranges
 * and adopts the menu (acknowledging `succeeded`, then reporting `menuVersion` in its status) or
 * rejects it whole (`failed`, with `details` per product).
 */
import { z } from 'zod';
import { MACHINE_FAMILIES } from './device-protocol.ts';
import { recipeSchema } from './recipes.ts';
import { PRODUCT_KINDS } from './enums.ts';
import { menuNamesSchema } from './localized-names.ts';

const money = z.string().regex(/^-?\d{1,10}\.\d{2}$/);

export const menuProduct = z.object({
  code: z.string().max(64),
  /** The default name; `names` (later, optional everywhere) the name per language, en, zh, tw. */
  name: z.string().max(128),
  names: menuNamesSchema,
  kind: z.enum(PRODUCT_KINDS),
  family: z.enum(MACHINE_FAMILIES),
  price: money,
  recipeVersion: z.number().int().min(1),
  recipe: recipeSchema,
  options: z
    .array(
      z.object({
        /** The option's id, which recipe combinations name (absent in menus made before them). */
        id: z.string().max(20).optional(),
        type: z.string().max(64),
        /** The option type's names per language, as `names` is the option's. */
        typeNames: menuNamesSchema,
        name: z.string().max(64),
        names: menuNamesSchema,
        priceChange: money,
        amountFactor: z.number().min(0).max(5),
        isDefault: z.boolean(),
        // Of the option's type, repeated on each of its options (absent in menus made before them):
        /** The customer may choose several options of this type (else one at most). */
        multiple: z.boolean().optional(),
        /** The customer must choose an option of this type (else it may be left out). */
        required: z.boolean().optional(),
      }),
    )
    .max(100),
  toppings: z
    .array(z.object({ name: z.string().max(64), names: menuNamesSchema, price: money, charged: z.boolean() }))
    .max(50),
  // The fields below came later: optional, so a menu of an older release (and a machine that
  // ignores them) stays valid.
  /**
   * Recipe combinations: for this choice of options (ids of `options`), the recipe's amounts are
   * multiplied by `amountFactor` and the price changes by `priceChange`, as the console stores them.
   */
  combos: z
    .array(
      z.object({
        optionIds: z.array(z.string().max(20)).max(10),
        amountFactor: z.number().min(0).max(5),
        priceChange: money,
      }),
    )
    .max(500)
    .optional(),
  /** Whether customers may order it on the machine (false: listed but not taking orders). */
  orderable: z.boolean().optional(),
  /** Whether the machine offers `snacks` with it. */
  showSnacks: z.boolean().optional(),
  snacks: z
    .array(
      z.object({ id: z.string().max(20), name: z.string().max(128), names: menuNamesSchema, price: money }),
    )
    .max(50)
    .optional(),
});
export type MenuProduct = z.infer<typeof menuProduct>;

/**
 * What one cup of a menu product takes from each channel (docs/device-protocol.md §4.4, "What a
 * product takes"): per step with a channel, its solid amounts (`…G` parameters: powder, leaves,
 * fruit), or else the leaves its tea segments take (a steep step), or else its liquid ones (`…Ml`:
 * milk, syrup, as grams); brewing water comes from the water line. A machine refuses an order its
 * channels cannot cover; the server says a product is sold out by the same measure.
 */
export function channelDoses(
  product: Pick<MenuProduct, 'recipe'>,
): Array<{ channel: number; grams: number }> {
  const sum = (params: Record<string, number>, unit: RegExp) =>
    Object.entries(params)
      .filter(([key]) => unit.test(key))
      .reduce((total, [, v]) => total + v, 0);
  const leaves = product.recipe.segments?.reduce((total, s) => total + (s.out ? s.amountG : 0), 0) ?? 0;
  return product.recipe.steps
    .filter((s) => s.channel != null)
    .map((s) => ({
      channel: s.channel!,
      grams: sum(s.params, /G$/) || (s.action === 'steep' ? leaves : 0) || sum(s.params, /Ml$/),
    }))
    .filter((m) => m.grams > 0);
}

/** What a machine's channel holds, as it last reported (null: no level yet) and whether it is short. */
export interface ChannelHolding {
  channel: number;
  levelG: number | null;
  /** Below its low level or past its shelf life (what the console calls a material shortage). */
  shortage?: boolean;
}

/**
 * The products of a menu a machine cannot make now: one of the channels a cup takes from
 * (`channelDoses`) is short or holds less than one cup takes. A channel never reported says nothing:
 * its products stay on sale. The ordering app shows them sold out; the delivery platform suspends them.
 */
export function soldOutProducts(
  menu: Pick<MenuContent, 'products'>,
  holding: readonly ChannelHolding[],
): Set<string> {
  const byChannel = new Map(holding.map((c) => [c.channel, c]));
  const out = new Set<string>();
  for (const product of menu.products) {
    const short = channelDoses(product).some(({ channel, grams }) => {
      const held = byChannel.get(channel);
      return !!held && (!!held.shortage || (held.levelG !== null && held.levelG < grams));
    });
    if (short) out.add(product.code);
  }
  return out;
}

export const menuContent = z.object({
  version: z.string().max(64),
  name: z.string().max(128),
  currency: z.string().max(8).optional(),
  products: z.array(menuProduct).max(500),
});
export type MenuContent = z.infer<typeof menuContent>;

export const menuCommandParams = z.object({ version: z.string().max(64), menu: menuContent });

/**
 * Why a push left a machine out, as a code the console translates: `no-product-for-machine` — the
 * release has no product of the machine's family that its merchant sells and that is available on it.
 */
export const MENU_SKIP_REASONS = ['no-product-for-machine'] as const;
export type MenuSkipReason = (typeof MENU_SKIP_REASONS)[number];
