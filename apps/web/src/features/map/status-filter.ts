/**
 * The map's status filter, on the points the server answered: the markers and the table show the
 * machines of the chosen statuses, while the legend keeps counting them all so that what is hidden
 * stays visible. Nothing chosen shows every machine, as an empty filter does everywhere else.
 */
import { MAP_STATUSES, type MapPoint, type MapStatus } from '@brewfleet/contracts/fleet-api';

export function filterByStatus<P extends Pick<MapPoint, 'status'>>(
  points: readonly P[],
  statuses: readonly MapStatus[],
): P[] {
  if (!statuses.length) return [...points];
  const chosen = new Set(statuses);
  return points.filter((p) => chosen.has(p.status));
}

/** How many points have each status (every status present, zero when none). */
export function countByStatus(points: ReadonlyArray<Pick<MapPoint, 'status'>>): Record<MapStatus, number> {
  const counts = Object.fromEntries(MAP_STATUSES.map((s) => [s, 0])) as Record<MapStatus, number>;
  for (const p of points) counts[p.status] += 1;
  return counts;
}
