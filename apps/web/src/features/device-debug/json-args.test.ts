import { describe, expect, it } from 'vitest';
import { checkJson, formatJson, lineAndColumn } from './json-args';

describe('preset command arguments', () => {
  it('accept an object and say so', () => {
    expect(checkJson('{"channel": 1, "grams": 5}')).toEqual({
      state: 'valid',
      value: { channel: 1, grams: 5 },
      isObject: true,
    });
  });

  it('accept other JSON values but flag that they are no object', () => {
    expect(checkJson('[1, 2]')).toMatchObject({ state: 'valid', isObject: false });
    expect(checkJson('null')).toMatchObject({ state: 'valid', isObject: false });
  });

  it('treat blank text as no arguments', () => {
    expect(checkJson('')).toEqual({ state: 'empty' });
    expect(checkJson('  \n ')).toEqual({ state: 'empty' });
    expect(checkJson(undefined)).toEqual({ state: 'empty' });
  });

  it('place a syntax error on its line and column', () => {
    const result = checkJson('{\n  "channel": 1,\n  "grams" 5\n}');
    expect(result.state).toBe('invalid');
    if (result.state === 'invalid') expect(result.line).toBe(3);
  });

  it('place a text that stops too early at its end', () => {
    const result = checkJson('{"channel": 1');
    expect(result).toMatchObject({ state: 'invalid', line: 1 });
  });

  it('count lines and columns from 1', () => {
    expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn('ab', 99)).toEqual({ line: 1, column: 3 });
  });

  it('format valid text and leave invalid text as typed', () => {
    expect(formatJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatJson('{"a":')).toBe('{"a":');
  });
});
