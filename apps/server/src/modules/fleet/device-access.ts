/**
 * Who may connect to the embedded broker, and which topics each machine may use
 * (docs/device-protocol.md §2–3): user name = client id = serial number, password = the machine
 * secret; a machine publishes only to its own four topics and subscribes only to its own `cmd` and
 * `rejected`.
 */
import { sql } from 'drizzle-orm';
import {
  MACHINE_PUBLISHES,
  MACHINE_SUBSCRIBES,
  SERIAL_NUMBER_PATTERN,
  TOPIC_ROOT,
  topicFor,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { secretMatches } from './credentials.ts';
import type { BrokerAccess } from '../../platform/mqtt/access.ts';

/** The platform broker's access (platform/mqtt/access.ts), for machines: client id = serial number. */
export type DeviceAccess = BrokerAccess;

export function deviceAccess(db: Db): DeviceAccess {
  return {
    async authenticate(clientId, username, password) {
      if (!username || !password || clientId !== username || !SERIAL_NUMBER_PATTERN.test(username))
        return false;
      const [device] = await inScope(db, SYSTEM, (tx) =>
        rows<{ secret_hash: string | null }>(
          tx,
          sql`select secret_hash from device where serial_number = ${username}`,
        ),
      );
      return secretMatches(password, device?.secret_hash);
    },
    mayPublish(serialNumber, topic, retain) {
      const own = MACHINE_PUBLISHES.some((channel) => topic === topicFor(serialNumber, channel));
      // Only the status is retained: a retained event would be replayed to every new subscriber.
      return own && (!retain || topic === topicFor(serialNumber, 'status'));
    },
    maySubscribe(serialNumber, topic) {
      const own = MACHINE_SUBSCRIBES.some((channel) => topic === topicFor(serialNumber, channel));
      return own && topic.startsWith(`${TOPIC_ROOT}/`);
    },
  };
}
