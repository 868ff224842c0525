/**
 * The live stream carries a machine's menu status but not its versions: when the status of a machine
 * already shown moves, the rows are read again for the versions behind it. Other rows coming and
 * going (another page, another store) are not a move.
 */
import { useEffect, useRef } from 'react';
import type { Row } from '../../api/types';

export function menuStatusMoved(before: Map<string, unknown>, rows: readonly Row[]): boolean {
  return rows.some((row) => {
    const id = String(row.id);
    return before.has(id) && before.get(id) !== row.menuStatus;
  });
}

export function useRefetchOnMenuStatus(rows: readonly Row[], refetch: () => unknown): void {
  const last = useRef(new Map<string, unknown>());
  useEffect(() => {
    const moved = menuStatusMoved(last.current, rows);
    last.current = new Map(rows.map((row) => [String(row.id), row.menuStatus]));
    if (moved) refetch();
  }, [rows, refetch]);
}
