/**
 * Machines (issue 5): the registry and its views, remote operation, channels and live state over
 * HTTP; and the device runtime (gateway, command delivery, presence checks) over MQTT.
 */
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';
import type { Db } from '../../platform/db/client.ts';
import type { FleetDeps } from './deps.ts';
import { registerCatalog } from './catalog.ts';
import { registerDevices } from './devices.ts';
import { registerDeviceViews } from './device-views.ts';
import { registerCommands } from './commands.ts';
import { registerChannels } from './channels.ts';
import { registerLive } from './live.ts';
import { startGateway, type Gateway } from './gateway.ts';
import { startCommandDelivery, type CommandDelivery } from './command-delivery.ts';
import { startPresenceJobs } from './presence-jobs.ts';
import type { FleetBus } from './fleet-bus.ts';
import { deviceAccess } from './device-access.ts';
import { registerBrokerHooks } from './broker-hooks.ts';
import { startDynsec, type Dynsec } from './mosquitto-dynsec.ts';

export { FleetBus } from './fleet-bus.ts';
export { deviceAccess } from './device-access.ts';

export function registerFleet(app: FastifyInstance, deps: FleetDeps) {
  registerCatalog(app, deps);
  const devices = registerDevices(app, deps);
  registerDeviceViews(app, deps, devices.reg);
  registerCommands(app, deps, devices);
  registerChannels(app, deps, devices);
  registerLive(app, deps);
  registerBrokerHooks(app, deviceAccess(deps.db));
}

export interface FleetRuntime {
  gateway: Gateway;
  delivery: CommandDelivery;
  close(): Promise<void>;
}

/** Start hearing and commanding machines over the server's MQTT connection. */
export async function startFleetRuntime(opts: {
  db: Db;
  client: MqttClient;
  log: FastifyBaseLogger;
  bus: FleetBus;
  /** External broker: the group of its MQTT 5 shared subscriptions; null with the embedded broker. */
  shareGroup: string | null;
  /** Keep machine accounts in Mosquitto's dynamic-security plugin, as this user (MQTT_DYNSEC). */
  dynsecAdmin?: string;
}): Promise<FleetRuntime> {
  const dynsec: Dynsec | null = opts.dynsecAdmin
    ? await startDynsec({ ...opts, username: opts.dynsecAdmin })
    : null;
  const gateway = await startGateway(opts);
  const delivery = startCommandDelivery(opts);
  const jobs = startPresenceJobs(opts);
  return {
    gateway,
    delivery,
    async close() {
      jobs.close();
      await delivery.close();
      await gateway.close();
      await dynsec?.close();
    },
  };
}
