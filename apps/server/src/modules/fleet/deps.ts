import type { ModuleDeps } from '../deps.ts';
import type { FleetBus } from './fleet-bus.ts';

/**
 * What the machine routes need beyond every module's dependencies (which bring the domain events,
 * the job runner and MAP_TILE_URL): this app's fleet bus.
 */
export interface FleetDeps extends ModuleDeps {
  bus: FleetBus;
}
