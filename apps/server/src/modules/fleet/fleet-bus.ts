/**
 * In-process signals between the HTTP routes and the device runtime of one server process: "commands
 * are queued", "this machine's registry entry changed", "this machine's secret changed". Other
 * processes learn the same from the database within a polling interval; the bus only makes the
 * common case immediate.
 */
import { EventEmitter } from 'node:events';

export interface FleetEvents {
  commandsQueued: [];
  deviceChanged: [serialNumber: string];
  credentialsRotated: [serialNumber: string];
}

export class FleetBus extends EventEmitter<FleetEvents> {}
