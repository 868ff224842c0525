import type { ImportResult } from '../api/types';

/** How many rows of an import have errors: one row may have several (a name missing, a value unknown). */
export const rowsWithErrors = (errors: ImportResult['errors']): number =>
  new Set(errors.map((e) => e.row)).size;
