import { describe, expect, it } from 'vitest';
import { previewCode } from './code-preview';

describe('code rule preview', () => {
  it('is prefix, the running number padded to the digits, and suffix', () => {
    expect(previewCode({ prefix: 'DR-', suffix: '-L', digits: 3, nextNumber: 2 })).toBe('DR-002-L');
    expect(previewCode({ prefix: 'CF', digits: 6, nextNumber: 1234 })).toBe('CF001234');
  });

  it('never cuts a number longer than the digits', () => {
    expect(previewCode({ digits: 2, nextNumber: 12345 })).toBe('12345');
  });

  it('reads what is still being typed as the defaults (4 digits, number 1)', () => {
    expect(previewCode({})).toBe('0001');
    expect(previewCode({ prefix: '  T ', digits: null, nextNumber: '' })).toBe('T0001');
    expect(previewCode({ digits: '5', nextNumber: '7' })).toBe('00007');
    expect(previewCode({ digits: 0, nextNumber: -3 })).toBe('0001');
  });
});
