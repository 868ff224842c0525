/**
 * A graticule (lines of latitude and longitude) for a map without tiles: it gives the points a
 * visible frame, so that zooming and panning read as movement over the earth. The spacing follows
 * the zoom so that a handful of lines is on screen at any scale.
 */
export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

export type Line = Array<[lat: number, lng: number]>;

/** Degrees between lines at a zoom level. */
export function graticuleStep(zoom: number): number {
  if (zoom <= 2) return 30;
  if (zoom <= 4) return 10;
  if (zoom <= 6) return 5;
  if (zoom <= 8) return 1;
  if (zoom <= 10) return 0.25;
  if (zoom <= 12) return 0.05;
  if (zoom <= 14) return 0.01;
  return 0.002;
}

const MAX_LAT = 85;

/** Meridians and parallels crossing the box (clamped to the Mercator range), one step apart. */
export function graticuleLines(box: Box, step: number): { parallels: Line[]; meridians: Line[] } {
  const south = Math.max(-MAX_LAT, box.south);
  const north = Math.min(MAX_LAT, box.north);
  const west = Math.max(-540, box.west);
  const east = Math.min(540, box.east);
  // `+ 0` turns -0 into 0.
  const first = (from: number) => Math.ceil(from / step) * step + 0;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  const parallels: Line[] = [];
  for (let lat = first(south); lat <= north; lat = round(lat + step))
    parallels.push([
      [lat, west],
      [lat, east],
    ]);
  const meridians: Line[] = [];
  for (let lng = first(west); lng <= east; lng = round(lng + step))
    meridians.push([
      [south, lng],
      [north, lng],
    ]);
  return { parallels, meridians };
}
