/**
 * The console's texts the server needs too (its exports and imports name fields and enum values as
 * the screens do): each resource's field labels and enum labels in every language, and the few
 * common words a sheet uses. `npm run resource:texts` writes them to
 * packages/contracts/src/i18n/resource-texts.ts; resource-texts.test.ts fails while that copy is stale.
 */
import { LANGUAGES, type Language } from '@brewfleet/contracts/enums';
import type { ResourceTextTable, SheetWords } from '@brewfleet/contracts/i18n/resource-texts';

type Tree = { [key: string]: string | Tree };
type Localized = Record<Language, string>;

const strings = (tree: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((tree ?? {}) as Tree).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );

/** Per resource: its field labels and enum labels, each as `{ en, zh, tw }` (a language without one: English). */
export function resourceTexts(locales: Record<Language, unknown>): {
  resources: ResourceTextTable;
  words: SheetWords;
} {
  const trees = locales as Record<Language, Tree>;
  const pick = (lang: Language, path: string[]): unknown =>
    path.reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], trees[lang]);
  const localized = (path: string[], fallback: string): Localized =>
    Object.fromEntries(
      LANGUAGES.map((lang) => {
        const text = pick(lang, path) ?? pick('en', path);
        return [lang, typeof text === 'string' ? text : fallback];
      }),
    ) as Localized;
  const resources: ResourceTextTable = {};
  for (const [name, node] of Object.entries((trees.en.resources ?? {}) as Tree)) {
    if (typeof node === 'string') continue;
    const fields = Object.fromEntries(
      Object.keys(strings(node.fields)).map((key) => [
        key,
        localized(['resources', name, 'fields', key], key),
      ]),
    );
    const values = Object.fromEntries(
      Object.entries((node.values ?? {}) as Tree)
        .filter(([, labels]) => typeof labels !== 'string')
        .map(([key, labels]) => [
          key,
          Object.fromEntries(
            Object.keys(strings(labels)).map((value) => [
              value,
              localized(['resources', name, 'values', key, value], value),
            ]),
          ),
        ]),
    );
    resources[name] = { fields, values };
  }
  const words: SheetWords = {
    createdAt: localized(['common', 'createdAt'], 'createdAt'),
    updatedAt: localized(['common', 'updatedAt'], 'updatedAt'),
    yes: localized(['common', 'yes'], 'yes'),
    no: localized(['common', 'no'], 'no'),
    owner: localized(['common', 'owner'], 'owner'),
  };
  return { resources, words };
}
