import { describe, expect, it } from 'vitest';
import { LANGUAGES, MACHINE_FAMILY_NAMES, MESSAGES, matchLanguage, translate } from '../src/index.ts';
import { simplifiedOnlyChars } from '../src/i18n/simplified-check.ts';

describe('server messages', () => {
  it('has every message in en, zh and tw', () => {
    for (const [key, entry] of Object.entries(MESSAGES)) {
      for (const lang of LANGUAGES) expect(entry[lang], `${key}.${lang}`).toBeTruthy();
    }
  });

  it('writes tw in traditional characters', () => {
    for (const [key, entry] of Object.entries(MESSAGES)) {
      expect(simplifiedOnlyChars(entry.tw), key).toEqual([]);
    }
  });

  it('finds simplified-only characters', () => {
    expect(simplifiedOnlyChars('登录权限已过期')).toEqual(['录', '权', '过']);
    expect(simplifiedOnlyChars('平台管理員')).toEqual([]);
  });

  it('fills parameters', () => {
    expect(translate('msg.throttled', 'en', { seconds: 30 })).toBe(
      'Too many failed sign-ins, try again in 30 seconds',
    );
  });

  it('fills a parameter given per language in the language asked for', () => {
    const params = {
      step: 1,
      name: { en: 'Temperature', zh: '温度', tw: '溫度' },
      value: 90,
      min: 40,
      max: 75,
      unit: '°C',
    };
    expect(translate('msg.recipeOutOfRange', 'en', params)).toBe(
      'Step 1: Temperature 90 is outside 40–75 °C',
    );
    expect(translate('msg.recipeOutOfRange', 'zh', params)).toBe('第 1 步：温度 90 超出 40–75 °C');
    expect(translate('msg.recipeOutOfRange', 'tw', params)).toBe('第 1 步：溫度 90 超出 40–75 °C');
    const unknown = { step: 2, name: 'leafG', family: MACHINE_FAMILY_NAMES['milk-frother'] };
    expect(translate('msg.recipeUnknownParameter', 'tw', unknown)).toBe('第 2 步：leafG 不是奶泡機的參數');
    expect(translate('msg.recipeUnknownParameter', 'en', unknown)).toBe(
      'Step 2: leafG is not a parameter of Milk frother machines',
    );
  });

  it('names every machine family in en, zh and tw, tw in traditional characters', () => {
    for (const [family, names] of Object.entries(MACHINE_FAMILY_NAMES)) {
      for (const lang of LANGUAGES) expect(names[lang], `${family}.${lang}`).toBeTruthy();
      expect(simplifiedOnlyChars(names.tw), family).toEqual([]);
    }
  });

  it('matches browser languages to en, zh and tw', () => {
    expect(matchLanguage('en-GB,en;q=0.8')).toBe('en');
    expect(matchLanguage('zh-CN')).toBe('zh');
    expect(matchLanguage('zh-TW,zh;q=0.9')).toBe('tw');
    expect(matchLanguage('zh-Hant-HK')).toBe('tw');
    expect(matchLanguage('fr-FR')).toBeUndefined();
  });
});
