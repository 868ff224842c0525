/**
 * Machines (issue 5): the registry and its views, remote operation, channels and live state over
 * HTTP; and the device runtime (gateway, command delivery, presence checks) over MQTT.
 */
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';
import type { Db } from '../../platform/db/client.ts';
import type { FleetDeps } from './deps.ts';
import { defineModule, type ModuleRuntime, type RuntimeContext } from '../../platform/module.ts';
import { createFleetService, type FleetService } from './service.ts';
import { seedDemoFleet, startDemoFleet } from './demo.ts';
import { seedDemoHistory } from './demo-history/index.ts';
import { registerCatalog } from './catalog.ts';
import { registerDevices } from './devices.ts';
import { registerDeviceViews } from './device-views.ts';
import { registerCommands } from './commands.ts';
import { registerChannels } from './channels.ts';
import { registerLive } from './live.ts';
import { startGateway, type Gateway } from './gateway.ts';
import { startCommandDelivery, type CommandDelivery } from './command-delivery.ts';
import { startPresenceJobs } from './presence-jobs.ts';
import { FleetBus } from './fleet-bus.ts';
import { deviceAccess } from './device-access.ts';
import { registerBrokerHooks } from './broker-hooks.ts';
import { startDynsec, type Dynsec } from './mosquitto-dynsec.ts';
import type { JobRunner } from '../../platform/jobs/types.ts';
import type { Publisher } from '../../platform/events/domain-events.ts';
import { maintenanceSubscribers } from './maintenance-counters.ts';
import { menuStatusSubscribers } from './menu-status.ts';
import { channelSubscribers } from './channel-levels.ts';
import type { MachineEventWriters } from './machine-events.ts';

/** Fleet's own subscribers of its events (channels and maintenance counters live in fleet for now). */
export const fleetSubscribers = [...maintenanceSubscribers, ...menuStatusSubscribers, ...channelSubscribers];

export { FleetBus } from './fleet-bus.ts';
export { deviceAccess } from './device-access.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    fleet: FleetService;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signals from the machine routes to the device runtime of this process. */
    fleetBus: FleetBus;
  }
}

/** Machines: registry, views, remote operation, channels, live state; the device runtime over MQTT. */
export const fleetModule = defineModule({
  name: 'fleet',
  tables: [
    'device_type',
    'device_model',
    'device',
    'production_record',
    'fault_log',
    'cleaning_record',
    'device_log',
    'command_config',
    'device_command',
    'channel_type',
    'channel_config',
    'device_channel',
    'preset_command',
  ],
  // The machines and what they reported are facts others derive figures from (the data center's
  // rollups, extraction drift): read-only, and only in the reader's tenant scope.
  readable: ['device', 'device_model', 'device_channel', 'production_record', 'fault_log', 'cleaning_record'],
  register(app, deps) {
    const bus = new FleetBus();
    app.decorate('fleetBus', bus);
    const devices = registerFleet(app, { ...deps, bus });
    return createFleetService({ bus, devices: devices.reg, events: deps.events });
  },
  demo({ db, later }) {
    // The fleet's weeks of history are made of the cups of the menus' products: after every demo.
    later(() => seedDemoHistory(db));
    return seedDemoFleet(db);
  },
  subscribers: fleetSubscribers,
  brokerAccess: (db, fleet) => ({
    ...deviceAccess(db),
    discarded: (packet) => fleet.bus.emit('packetDiscarded', packet),
  }),
  start: (runtime, fleet) => startFleetModule(runtime, fleet),
});

function registerFleet(app: FastifyInstance, deps: FleetDeps) {
  registerCatalog(app, deps);
  const devices = registerDevices(app, deps);
  registerDeviceViews(app, deps, devices.reg);
  registerCommands(app, deps, devices);
  registerChannels(app, deps, devices);
  registerLive(app, deps);
  registerBrokerHooks(app, deviceAccess(deps.db));
  return devices;
}

/**
 * Fleet's runtime as the module list starts it: the gateway, delivery and presence checks; a machine
 * whose secret changes is put off the broker; with DEMO=1 the demo machines connect too.
 */
export async function startFleetModule(
  runtime: RuntimeContext,
  fleet: FleetService,
): Promise<FleetRuntime & ModuleRuntime> {
  const putOff = (serialNumber: string) => runtime.disconnect(serialNumber);
  fleet.bus.on('credentialsRotated', putOff);
  const started = await startFleetRuntime({
    db: runtime.db,
    client: runtime.client,
    log: runtime.log,
    bus: fleet.bus,
    events: runtime.events,
    jobs: runtime.jobs,
    shareGroup: runtime.shareGroup,
    dynsecAdmin: runtime.dynsecAdmin,
    writers: fleet.machineEvents,
  });
  const demo =
    runtime.demo && runtime.brokerUrl
      ? await startDemoFleet({
          db: runtime.db,
          url: runtime.brokerUrl,
          log: runtime.log,
          dataDir: runtime.dataDir,
        })
      : null;
  const stop = async () => {
    await demo?.stop();
    await started.close();
    fleet.bus.off('credentialsRotated', putOff);
  };
  return { ...started, close: stop, stop, stats: () => ({ ...started.gateway.stats() }) };
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
  /** Domain events: the gateway, delivery and presence checks publish what happened. */
  events: Publisher;
  /** External broker: the group of its MQTT 5 shared subscriptions; null with the embedded broker. */
  shareGroup: string | null;
  /** Keep machine accounts in Mosquitto's dynamic-security plugin, as this user (MQTT_DYNSEC). */
  dynsecAdmin?: string;
  /** The platform's job runner: command delivery and expiry, presence checks. */
  jobs: JobRunner;
  /** Writers of the machine events other modules own (orders). */
  writers?: MachineEventWriters;
}): Promise<FleetRuntime> {
  const dynsec: Dynsec | null = opts.dynsecAdmin
    ? await startDynsec({ ...opts, username: opts.dynsecAdmin })
    : null;
  const gateway = await startGateway(opts);
  const delivery = await startCommandDelivery(opts);
  const presence = await startPresenceJobs(opts);
  return {
    gateway,
    delivery,
    async close() {
      await presence.close();
      await delivery.close();
      await gateway.close();
      await dynsec?.close();
    },
  };
}
