/**
 * Catalog names in the viewer's language: a resource with a `localized` field (`names`, giving
 * `name` per language) shows `name` in lists as the name of the console's language, falling back to
 * the default name (contracts localized-names.ts).
 */
import { localizedFieldOf, type ResourceDef } from '@brewfleet/contracts/resource';
import { nameIn } from '@brewfleet/contracts/localized-names';

export { localizedFieldOf };

/** The value a list shows for `key` of `row`: in `language` when the resource names it per language. */
export function shownValue(
  def: ResourceDef,
  row: Record<string, unknown>,
  key: string,
  language: string,
): unknown {
  const localized = localizedFieldOf(def, key);
  return localized ? nameIn({ names: row[localized] }, language, row[key]) : row[key];
}
