/**
 * Recipe combinations: one option of each option type the product offers (size × sugar × ice …),
 * each with the factor it applies to the recipe's amounts and the change to the price. A new
 * combination starts from its options' own settings (factors multiplied, price changes added); what
 * the user already set for a combination is kept while the option types change around it.
 */
import type { ComboDraft } from './product-draft';

export interface OptionRow {
  id: string;
  name: string;
  optionTypeId: string;
  amountFactor: number;
  priceChange: string;
}

/** Beyond this the table stops being something a person fills in; the rest are left out. */
export const MAX_COMBOS = 100;

export const comboKey = (optionIds: readonly string[]) => optionIds.join('+');

export function optionRowsFrom(rows: Array<Record<string, unknown>>): OptionRow[] {
  return rows.map((r) => ({
    id: String(r.id),
    name: String(r.name ?? r.id),
    optionTypeId: String(r.optionTypeId ?? ''),
    amountFactor: r.amountFactor === null || r.amountFactor === undefined ? 1 : Number(r.amountFactor),
    priceChange: r.priceChange === null || r.priceChange === undefined ? '0.00' : String(r.priceChange),
  }));
}

function defaults(options: OptionRow[]): Omit<ComboDraft, 'optionIds'> {
  const factor = options.reduce((f, o) => f * o.amountFactor, 1);
  const price = options.reduce((sum, o) => sum + Number(o.priceChange), 0);
  return { amountFactor: Math.round(factor * 1000) / 1000, priceChange: price.toFixed(2) };
}

/**
 * The combinations of the chosen option types, in the order the types were chosen; types with no
 * options yet are skipped. `truncated` says some were left out (over MAX_COMBOS).
 */
export function combinations(
  optionTypeIds: readonly string[],
  options: readonly OptionRow[],
  existing: readonly ComboDraft[],
): { combos: ComboDraft[]; truncated: boolean } {
  const groups = optionTypeIds
    .map((typeId) => options.filter((o) => o.optionTypeId === typeId))
    .filter((group) => group.length > 0);
  if (!groups.length) return { combos: [], truncated: false };
  let product: OptionRow[][] = [[]];
  let truncated = false;
  for (const group of groups) {
    product = product.flatMap((partial) => group.map((option) => [...partial, option]));
    if (product.length > MAX_COMBOS) {
      product = product.slice(0, MAX_COMBOS);
      truncated = true;
    }
  }
  const kept = new Map(existing.map((c) => [comboKey(c.optionIds), c]));
  const combos = product.map((chosen) => {
    const optionIds = chosen.map((o) => o.id);
    const before = kept.get(comboKey(optionIds));
    return before ? { ...before, optionIds } : { optionIds, ...defaults(chosen) };
  });
  return { combos, truncated };
}

/** Whether two lists hold the same combinations in the same order (nothing to update). */
export const sameCombos = (a: readonly ComboDraft[], b: readonly ComboDraft[]) =>
  a.length === b.length && a.every((c, i) => comboKey(c.optionIds) === comboKey(b[i].optionIds));
