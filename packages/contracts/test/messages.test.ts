import { describe, expect, it } from 'vitest';
import { LANGUAGES, MESSAGES, matchLanguage, translate } from '../src/index.ts';
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

  it('matches browser languages to en, zh and tw', () => {
    expect(matchLanguage('en-GB,en;q=0.8')).toBe('en');
    expect(matchLanguage('zh-CN')).toBe('zh');
    expect(matchLanguage('zh-TW,zh;q=0.9')).toBe('tw');
    expect(matchLanguage('zh-Hant-HK')).toBe('tw');
    expect(matchLanguage('fr-FR')).toBeUndefined();
  });
});
