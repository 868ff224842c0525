import type { ModuleDeps } from '../deps.ts';
import type { FleetBus } from './fleet-bus.ts';

/** What the machine routes need beyond every module's dependencies. */
export interface FleetDeps extends ModuleDeps {
  bus: FleetBus;
  /** MAP_TILE_URL: the map's tile layer, or null for a map without tiles. */
  mapTileUrl: string | null;
}
