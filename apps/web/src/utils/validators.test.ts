import { describe, expect, it } from 'vitest';
import { isDigits, isEmail, isExternalLink, isPhone, isUrl, passwordsMatch } from './validators';

describe('validators', () => {
  it('accept emails with host names and bracketed IPv4 domains', () => {
    expect(isEmail('ops@brewfleet.example.com')).toBe(true);
    expect(isEmail('a.b+tag@[192.168.0.1]')).toBe(true);
    expect(isEmail('a@[256.1.1.1]')).toBe(false);
    expect(isEmail('a@192.168.0.1')).toBe(false);
    expect(isEmail('no-at-sign')).toBe(false);
    expect(isEmail('a@b')).toBe(false);
  });

  it('accept http(s) and bare host URLs', () => {
    expect(isUrl('http://example.com')).toBe(true);
    expect(isUrl('https://example.com:8443/a?b=c')).toBe(true);
    expect(isUrl('example.com/path')).toBe(true);
    expect(isUrl('ftp://example.com')).toBe(false);
    expect(isUrl('not a url')).toBe(false);
  });

  it('accept external links beginning with http, https, mailto or tel', () => {
    for (const ok of ['http://a.b', 'https://a.b', 'mailto:x@y.z', 'tel:+886212345678'])
      expect(isExternalLink(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://a', '//a.b'])
      expect(isExternalLink(bad), bad).toBe(false);
  });

  it('check phones, digits and password confirmation', () => {
    expect(isPhone('+886 912-345-678')).toBe(true);
    expect(isPhone('abc')).toBe(false);
    expect(isDigits('0123')).toBe(true);
    expect(isDigits('12a')).toBe(false);
    expect(passwordsMatch('a', 'a')).toBe(true);
    expect(passwordsMatch('a', 'b')).toBe(false);
  });
});
