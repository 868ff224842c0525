import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@brewfleet/contracts/enums';
import { simplifiedOnlyChars } from '@brewfleet/contracts/i18n/simplified-check';
import { RESOURCES } from '@brewfleet/contracts/resources/index';
import { en as privacyEn } from '../features/privacy/texts/en';
import { tw as privacyTw } from '../features/privacy/texts/tw';
import { zh as privacyZh } from '../features/privacy/texts/zh';
import { en } from './en';
import { tw } from './tw';
import { zh } from './zh';

type Tree = { [key: string]: string | Tree };
const LOCALES: Record<string, Tree> = { en, zh, tw };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Each locale flattened once: a lookup per resource field must not flatten the whole tree again. */
const flattened = new WeakMap<Tree, Map<string, string>>();
function has(tree: Tree, path: string): boolean {
  let flat = flattened.get(tree);
  if (!flat) flattened.set(tree, (flat = flatten(tree)));
  return flat.has(path);
}

/** Language names are written in their own script on purpose (简体中文 in every locale). */
const OWN_SCRIPT_KEYS = new Set(['languages.zh']);

describe('locales', () => {
  const keys = LANGUAGES.map((l) => [l, flatten(LOCALES[l])] as const);

  it('have exactly the same keys, none empty', () => {
    const reference = [...flatten(en).keys()].sort();
    for (const [lang, map] of keys) {
      expect([...map.keys()].sort(), lang).toEqual(reference);
      for (const [key, value] of map) expect(value.trim(), `${lang}:${key}`).not.toBe('');
    }
  });

  it('name every resource, its fields and its enum values', () => {
    for (const def of Object.values(RESOURCES)) {
      for (const lang of LANGUAGES) {
        const tree = LOCALES[lang];
        expect(has(tree, `resources.${def.name}.title`), `${lang} ${def.name}.title`).toBe(true);
        for (const [field, fd] of Object.entries(def.fields)) {
          expect(
            has(tree, `resources.${def.name}.fields.${field}`),
            `${lang} ${def.name}.fields.${field}`,
          ).toBe(true);
          for (const value of fd.values ?? [])
            expect(
              has(tree, `resources.${def.name}.values.${field}.${value}`),
              `${lang} ${def.name}.${field}=${value}`,
            ).toBe(true);
        }
      }
    }
  });

  it('write tw in traditional characters', () => {
    for (const [key, value] of flatten(tw)) {
      if (OWN_SCRIPT_KEYS.has(key)) continue;
      expect(simplifiedOnlyChars(value), key).toEqual([]);
    }
  });

  it('show the currency as $ in English and 元 in Chinese, and translate the units', () => {
    expect(en.common.currency).toBe('$');
    expect(zh.common.currency).toBe('元');
    expect(tw.common.currency).toBe('元');
    expect([en.units.cup, en.units.barrel, en.units.g, en.units.seconds]).toEqual([
      'cup',
      'barrel',
      'g',
      'seconds',
    ]);
    expect([tw.units.cup, tw.units.barrel, tw.units.g, tw.units.seconds]).toEqual(['杯', '桶', '克', '秒']);
  });

  it('keep interpolation names the same in every language', () => {
    const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const reference = flatten(en);
    for (const [lang, map] of keys)
      for (const [key, text] of map)
        expect(names(text), `${lang}:${key}`).toEqual(names(reference.get(key)!));
  });
});

describe('privacy texts', () => {
  const texts = { en: privacyEn, zh: privacyZh, tw: privacyTw };

  it('have the same documents and sections in every language', () => {
    for (const doc of Object.keys(privacyEn) as Array<keyof typeof privacyEn>) {
      for (const lang of LANGUAGES) {
        const text = texts[lang][doc];
        expect(text.sections.length, `${lang} ${doc}`).toBe(privacyEn[doc].sections.length);
        expect(
          text.sections.map((s) => s.paragraphs.length),
          `${lang} ${doc}`,
        ).toEqual(privacyEn[doc].sections.map((s) => s.paragraphs.length));
      }
    }
  });

  it('write tw in traditional characters', () => {
    const all = Object.values(privacyTw).flatMap((d) => [
      d.title,
      d.intro,
      ...d.sections.flatMap((s) => [s.heading, ...s.paragraphs]),
    ]);
    for (const text of all) expect(simplifiedOnlyChars(text), text).toEqual([]);
  });
});
