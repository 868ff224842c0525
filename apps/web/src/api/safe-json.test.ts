import { describe, expect, it } from 'vitest';
import { parseJsonSafely, quoteUnsafeIntegers } from './safe-json';

describe('safe JSON', () => {
  it('turns integers beyond 2^53 into strings and leaves the rest', () => {
    expect(
      parseJsonSafely(
        '{"a":9007199254740993,"b":12,"c":-9223372036854775808,"d":1.5e300,"e":9007199254740991}',
      ),
    ).toEqual({
      a: '9007199254740993',
      b: 12,
      c: '-9223372036854775808',
      d: 1.5e300,
      e: 9007199254740991,
    });
  });

  it('does not touch digits inside strings, even with escaped quotes', () => {
    const text = '{"s":"x\\" 12345678901234567890 y","n":[12345678901234567890]}';
    expect(parseJsonSafely(text)).toEqual({ s: 'x" 12345678901234567890 y', n: ['12345678901234567890'] });
  });

  it('returns the same text when nothing is unsafe', () => {
    const text = '{"id":"1864211870712434690"}';
    expect(quoteUnsafeIntegers(text)).toBe(text);
  });
});
