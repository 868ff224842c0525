/**
 * Reading a release's frozen content: its products by machine family (each machine gets its
 * family's part), and recipe steps in words with the parameters' names and units.
 */
import type { TFunction } from 'i18next';
import type { Language } from '@brewfleet/contracts/enums';
import type { MenuProduct } from '@brewfleet/contracts/menu-protocol';
import { PARAMETER_DEFAULTS } from '@brewfleet/contracts/recipes';

/** Families in the order the catalog lists them; products of each keep the release's order. */
export function byFamily<P extends { family: string }>(products: readonly P[]): Array<[string, P[]]> {
  const groups = new Map<string, P[]>();
  for (const product of products) {
    const group = groups.get(product.family);
    if (group) group.push(product);
    else groups.set(product.family, [product]);
  }
  return [...groups.entries()];
}

const NAME_INDEX: Record<Language, 0 | 1 | 2> = { zh: 0, tw: 1, en: 2 };

/** "Powder 18 g" in the language shown; a parameter the catalog does not know keeps its key. */
export function parameterText(family: string, key: string, value: number, language: Language): string {
  const known = PARAMETER_DEFAULTS.find((p) => p.family === family && p.key === key);
  return known ? `${known.names[NAME_INDEX[language]]} ${value} ${known.unit}` : `${key} ${value}`;
}

/** A step's action in the language shown; one the console has no name for keeps its key. */
export const actionText = (t: TFunction, action: string): string =>
  t(`productFlow.actions.${action}`, { defaultValue: action });

/** One line per step: its action (named by `t`), its channel, its parameters. */
export function recipeLines(
  product: Pick<MenuProduct, 'family' | 'recipe'>,
  language: Language,
  t: TFunction,
): string[] {
  return (product.recipe?.steps ?? []).map((step) => {
    const params = Object.entries(step.params)
      .map(([key, value]) => parameterText(product.family, key, value, language))
      .join(', ');
    const channel = step.channel != null ? ` #${step.channel}` : '';
    return `${actionText(t, step.action)}${channel}: ${params}`;
  });
}

/** The part of a release a machine of this family gets (before its own prices and availability). */
export const productsForFamily = <P extends { family: string }>(
  products: readonly P[],
  family: unknown,
): P[] => products.filter((p) => p.family === family);
