/**
 * What the embedded broker asks before it lets a client in or passes a packet: the platform's
 * interface, provided by the module that knows the clients (fleet: machines by serial number and
 * secret) and wired by the module list. The broker itself knows no domain.
 */
import type { Discarded } from './mqtt5-bridge.ts';

export interface BrokerAccess {
  /** Whether this client may connect with these credentials. */
  authenticate(
    clientId: string,
    username: string | undefined,
    password: string | undefined,
  ): Promise<boolean>;
  /** Whether this client may publish to `topic` (retained or not). */
  mayPublish(clientId: string, topic: string, retain: boolean): boolean;
  /** Whether this client may subscribe to `topic`. */
  maySubscribe(clientId: string, topic: string): boolean;
  /** A packet the broker's MQTT 5 bridge discarded (told to the provider, which may record it). */
  discarded?(packet: Discarded): void;
}
