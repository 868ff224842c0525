import { describe, expect, it } from 'vitest';
import { rowsWithErrors } from './import-errors';

describe('import errors', () => {
  it('counts the rows that have errors, not the errors (the check says "2 rows with errors")', () => {
    const errors = [
      { row: 2, field: 'name', message: 'This field is required' },
      { row: 2, field: 'type', message: 'Type: “x” is not one of Self-operated, Franchise' },
      { row: 4, field: 'modelId', message: 'Model: no record is called “Z”' },
      { row: 4, field: 'storeId', message: 'Store: no record is called “Q”' },
      { row: 4, message: 'This record already exists' },
    ];
    expect(rowsWithErrors(errors)).toBe(2);
    expect(rowsWithErrors([])).toBe(0);
  });
});
