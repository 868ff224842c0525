import { describe, expect, it } from 'vitest';
import { graticuleLines, graticuleStep } from './graticule';

describe('graticule', () => {
  it('spaces its lines closer as the map zooms in', () => {
    const steps = [1, 3, 5, 7, 9, 11, 13, 16].map(graticuleStep);
    expect(steps).toEqual([...steps].sort((a, b) => b - a));
  });

  it('draws the parallels and meridians crossing the view, within the Mercator range', () => {
    const { parallels, meridians } = graticuleLines({ south: -95, west: -20, north: 95, east: 20 }, 30);
    expect(parallels.map((l) => l[0][0])).toEqual([-60, -30, 0, 30, 60]);
    expect(meridians.map((l) => l[0][1])).toEqual([0]);
    expect(meridians[0]).toEqual([
      [-85, 0],
      [85, 0],
    ]);
    const fine = graticuleLines({ south: 25.0, west: 121.5, north: 25.1, east: 121.6 }, 0.05);
    expect(fine.parallels.map((l) => l[0][0])).toEqual([25, 25.05, 25.1]);
  });
});
