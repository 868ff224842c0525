/**
 * Fields and enum values named as the console names them, in every language: the console's own
 * texts (its locales), copied to contracts by `npm run resource:texts` (i18n/resource-texts.ts).
 * An export's headers and enum cells, an import's accepted headers and values, and messages that
 * name a field ('Model: the referenced record does not exist') read them here.
 */
import { LANGUAGES, type ResourceDef } from '@brewfleet/contracts';
import { RESOURCE_TEXTS, SHEET_WORDS, type Localized } from '@brewfleet/contracts/i18n/resource-texts';

const same = (text: string): Localized => ({ en: text, zh: text, tw: text });
const STANDARD: Record<string, Localized> = {
  id: same('ID'),
  createdAt: SHEET_WORDS.createdAt,
  updatedAt: SHEET_WORDS.updatedAt,
};

/** A field's label in every language (its key where the console has none). */
export const fieldText = (resource: string, key: string): Localized =>
  RESOURCE_TEXTS[resource]?.fields[key] ?? STANDARD[key] ?? same(key);

/** An enum value's label in every language (the value itself where the console has none). */
export const valueText = (resource: string, key: string, value: string): Localized =>
  RESOURCE_TEXTS[resource]?.values[key]?.[value] ?? same(value);

/** The column an export adds for whose an inherited row is. */
export const ownerText: Localized = SHEET_WORDS.owner;

export const boolText = (value: boolean): Localized => (value ? SHEET_WORDS.yes : SHEET_WORDS.no);

/** Every way a sheet may write `value` of an enum field: the key and its label in each language. */
export function valueSpellings(def: ResourceDef, key: string, value: string): string[] {
  const text = valueText(def.name, key, value);
  return [value, ...LANGUAGES.map((lang) => text[lang])];
}

/** The enum field's values as a reader sees them, for a message ('Fully automatic, Semi-automatic'). */
export function valueList(def: ResourceDef, key: string): Localized {
  const labels = (def.fields[key]?.values ?? []).map((v) => valueText(def.name, key, v));
  return Object.fromEntries(
    LANGUAGES.map((lang) => [lang, labels.map((text) => text[lang]).join(', ')]),
  ) as Localized;
}
