/**
 * In-process signals between the HTTP routes and the device runtime of one server process: "commands
 * are queued", "this machine's registry entry changed", "this machine's secret changed", "this
 * machine is gone". Other
 * processes learn the same from the database within a polling interval; the bus only makes the
 * common case immediate.
 */
import { EventEmitter } from 'node:events';

export interface FleetEvents {
  commandsQueued: [];
  deviceChanged: [serialNumber: string];
  credentialsRotated: [serialNumber: string];
  /** A machine got a (new) secret, shown to the user once: an external broker's accounts follow. */
  secretIssued: [serialNumber: string, secret: string];
  deviceRemoved: [serialNumber: string];
  /**
   * The embedded broker discarded a packet too large for an MQTT 5 client (its Maximum Packet
   * Size), as MQTT 5 says, without sending it.
   */
  packetDiscarded: [
    packet: { clientId: string; topic: string; payload: Buffer; bytes: number; maxPacketSize: number },
  ];
}

export class FleetBus extends EventEmitter<FleetEvents> {}
