/**
 * What a machine does with a pushed menu (docs/device-protocol.md §4.4, `menu`): it checks every
 * product against its family and its own parameter ranges (the contracts' defaults: what the
 * hardware can do, whatever the console's settings say), also as each recipe combination scales
 * it, and adopts the menu whole, or rejects it whole with a reason per product.
 */
import {
  PARAMETER_DEFAULTS,
  channelDoses,
  checkCombos,
  checkRecipe,
  menuCommandParams,
  translate,
  type MenuContent,
} from '@brewfleet/contracts';
import type { Family, Product } from './families.ts';

export type MenuVerdict =
  | { ok: true; menu: MenuContent }
  | { ok: false; reason: string; details: Array<{ productCode?: string; message: string }> };

export function checkMenu(family: Family, params: unknown): MenuVerdict {
  const parsed = menuCommandParams.safeParse(params);
  if (!parsed.success) return { ok: false, reason: 'malformed menu', details: [] };
  const { menu } = parsed.data;
  const details: Array<{ productCode?: string; message: string }> = [];
  for (const product of menu.products) {
    if (product.family !== family) {
      details.push({
        productCode: product.code,
        message: `a ${product.family} product on a ${family} machine`,
      });
      continue;
    }
    // A combination is named by its options, as the menu lists them.
    const optionNames = new Map(product.options.map((o) => [o.id, o.name]));
    const label = (combo: { optionIds: readonly string[] }) =>
      combo.optionIds.map((id) => optionNames.get(id) ?? id).join(' / ') || undefined;
    for (const issue of [
      ...checkRecipe(family, product.recipe, PARAMETER_DEFAULTS),
      ...checkCombos(family, product.recipe, product.combos ?? [], PARAMETER_DEFAULTS, label),
    ])
      details.push({ productCode: product.code, message: translate(issue.key, 'en', issue.params) });
  }
  if (!menu.products.length) details.push({ message: 'the menu has no product' });
  return details.length
    ? {
        ok: false,
        reason: `menu ${menu.version} rejected: ${details.length} problem(s)`,
        details: details.slice(0, 100),
      }
    : { ok: true, menu };
}

/**
 * A menu product as the machine makes it: what each step doses from its channel (the protocol's
 * rule, `channelDoses`) and the tea segments it runs.
 */
export function productOfMenu(p: MenuContent['products'][number]): Product {
  const out = p.recipe.segments?.filter((s) => s.out).length ?? 0;
  return {
    code: p.code,
    recipe: channelDoses(p),
    ...(p.family === 'tea' ? { teaSegments: out >= 3 ? 3 : 2 } : {}),
  };
}
