import { describe, expect, it } from 'vitest';
import { MAP_STATUSES, type MapStatus } from '@brewfleet/contracts/fleet-api';
import { countByStatus, filterByStatus } from './status-filter';

const points = (['online', 'maintenance', 'offline', 'maintenance', 'alarm'] as MapStatus[]).map(
  (status, i) => ({
    id: String(i),
    status,
  }),
);

describe('the map status filter', () => {
  it('keeps the points of the chosen statuses, in their order', () => {
    expect(filterByStatus(points, ['maintenance']).map((p) => p.id)).toEqual(['1', '3']);
    expect(filterByStatus(points, ['offline', 'online']).map((p) => p.id)).toEqual(['0', '2']);
    expect(filterByStatus(points, ['locked'])).toEqual([]);
  });

  it('shows every point when no status is chosen', () => {
    expect(filterByStatus(points, [])).toEqual(points);
  });

  it('counts every status, needing maintenance included', () => {
    expect(MAP_STATUSES).toContain('maintenance');
    expect(countByStatus(points)).toEqual({
      online: 1,
      offline: 1,
      alarm: 1,
      locked: 0,
      shortage: 0,
      maintenance: 2,
    });
  });
});
