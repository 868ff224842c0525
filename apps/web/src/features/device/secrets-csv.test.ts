import { describe, expect, it } from 'vitest';
import { secretsCsv, secretsFileName } from './secrets-csv';

describe('the file of new machine secrets', () => {
  it('has a header and one line per machine, values exactly as issued', () => {
    const csv = secretsCsv([
      { serialNumber: 'SN-001', secret: '-starts_with-a-dash' },
      { serialNumber: 'SN.002', secret: 'abcDEF_123-xyz' },
    ]);
    expect(csv).toBe('serialNumber,secret\r\nSN-001,-starts_with-a-dash\r\nSN.002,abcDEF_123-xyz\r\n');
  });

  it('quotes a field that would break the format', () => {
    expect(secretsCsv([{ serialNumber: 'a,b', secret: 'say "hi"\n' }])).toBe(
      'serialNumber,secret\r\n"a,b","say ""hi""\n"\r\n',
    );
  });

  it('is only the header for no machines', () => {
    expect(secretsCsv([])).toBe('serialNumber,secret\r\n');
  });

  it('is named by the local date and minute', () => {
    expect(secretsFileName(new Date(2026, 0, 5, 9, 7, 59))).toBe('machine-secrets-20260105-0907.csv');
    expect(secretsFileName(new Date(2026, 11, 31, 23, 59))).toBe('machine-secrets-20261231-2359.csv');
  });
});
