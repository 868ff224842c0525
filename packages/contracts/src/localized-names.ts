/**
 * Names in the customer's language. A catalog row keeps `name`, its first and default name, and may
 * carry `names`: one per language ({ en, zh, tw }, each optional). The console shows the viewer's
 * language, menus carry them all so that a machine shows its customer's, and a language without a
 * name of its own falls back to `name`. Declared once as the field kind `localized` (resource.ts),
 * in spreadsheets as the columns `<of>_en`, `<of>_zh`, `<of>_tw` (`localizedColumns`).
 */
import { z } from 'zod';
import { LANGUAGES, type Language } from './enums.ts';

export type LocalizedNames = Partial<Record<Language, string>>;

/**
 * The names as a client sends them: text per language, trimmed; an empty one is dropped, and no
 * name at all is no names (null).
 */
export const localizedNamesSchema = (max = 128) => {
  const text = z.string().trim().max(max).nullish();
  return z
    .object({ en: text, zh: text, tw: text })
    .strict()
    .transform((value): LocalizedNames | null => {
      const kept: LocalizedNames = {};
      for (const l of LANGUAGES) if (value[l]) kept[l] = value[l];
      return Object.keys(kept).length ? kept : null;
    });
};

/** The names a menu carries beside `name` (absent when the row has none: older menus had none). */
const menuName = z.string().max(128).optional();
export const menuNamesSchema = z.object({ en: menuName, zh: menuName, tw: menuName }).optional();

/** A row's name in `lang`: the name of that language, else its default `name`. */
export function nameIn(
  row: { name?: unknown; names?: unknown } | null | undefined,
  lang: string,
  fallback: unknown = row?.name,
): string {
  const names = row?.names;
  const own = names && typeof names === 'object' ? (names as Record<string, unknown>)[lang] : undefined;
  return typeof own === 'string' && own !== '' ? own : String(fallback ?? '');
}

/** The spreadsheet columns of a localized field translating `of`: name_en, name_zh, name_tw. */
export const localizedColumns = (of: string): Array<[string, Language]> =>
  LANGUAGES.map((l) => [`${of}_${l}`, l]);
