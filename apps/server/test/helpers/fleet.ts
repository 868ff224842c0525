/**
 * A test server with its device side running: the embedded broker (with machine credentials and
 * topic access from the database) or an external one, the gateway and the command job, as main.ts
 * starts them. Machines are registered through the API, as an operator would.
 */
import crypto from 'node:crypto';
import { SimulatedMachine, type MachineOptions } from '@brewfleet/simulator';
import { startTestApp, type TestApp } from './test-app.ts';
import { startMqtt, type Mqtt } from '../../src/platform/mqtt/broker.ts';
import type { FleetRuntime } from '../../src/modules/fleet/index.ts';
import { MODULES } from '../../src/modules/index.ts';
import { brokerAccessOf, startModules } from '../../src/platform/module-runner.ts';

export interface FleetTest {
  t: TestApp;
  admin: string;
  mqtt: Mqtt;
  fleet: FleetRuntime;
  /** Where machines connect. */
  url: string;
  modelId: string;
  register(body?: Record<string, unknown>): Promise<{ id: string; serialNumber: string; secret: string }>;
  close(): Promise<void>;
}

export const uniqueSerial = (prefix = 'T') => `${prefix}-${crypto.randomBytes(4).toString('hex')}`;

export async function startFleetTest(
  opts: { t?: TestApp; mqttUrl?: string; shareGroup?: string; dynsecAdmin?: string; family?: string } = {},
): Promise<FleetTest> {
  const t = opts.t ?? (await startTestApp({ logLevel: process.env.TEST_LOG ?? 'silent' }));
  const app = t.app;
  // The broker and the modules' runtime parts, started as main.ts starts them (modules/index.ts).
  const mqtt = await startMqtt({
    url: opts.mqttUrl,
    port: 0,
    host: '127.0.0.1',
    log: app.log,
    access: brokerAccessOf(MODULES, t.database.db, app.services),
  });
  const runtime = await startModules(
    MODULES,
    {
      db: t.database.db,
      log: app.log,
      client: mqtt.client,
      disconnect: (clientId) => mqtt.disconnect(clientId),
      events: app.domainEvents,
      jobs: app.jobs,
      shareGroup: opts.mqttUrl ? (opts.shareGroup ?? 'brewfleet') : null,
      dynsecAdmin: opts.dynsecAdmin,
    },
    app.services,
  );
  // Fleet's running part: its gateway and delivery, which tests flush and run.
  const fleet = runtime.part<FleetRuntime>('fleet');
  const admin = await t.adminToken();
  const post = async (url: string, body: unknown) => {
    const res = await t.call('POST', url, { token: admin, body });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
    return res.json().data;
  };
  const type = await post('/api/coffee/device-type', {
    name: `Type ${crypto.randomUUID()}`,
    family: opts.family ?? 'coffee',
    automation: 'automatic',
  });
  const model = await post('/api/coffee/device-model', {
    name: 'Test model',
    code: `M-${crypto.randomUUID()}`,
    deviceTypeId: type.id,
    basicMaintenanceCups: 3,
    deepMaintenanceCups: 5,
  });
  return {
    t,
    admin,
    mqtt,
    fleet,
    url: opts.mqttUrl ?? `mqtt://127.0.0.1:${mqtt.port}`,
    modelId: model.id,
    async register(body = {}) {
      const serialNumber = (body.serialNumber as string) ?? uniqueSerial();
      const device = await post('/api/coffee/device', {
        name: serialNumber,
        serialNumber,
        modelId: model.id,
        ...body,
      });
      return { id: device.id, serialNumber, secret: device.secret };
    },
    async close() {
      await runtime.stop();
      await mqtt.close();
      if (!opts.t) await t.close();
    },
  };
}

/** Wait until `check` returns a truthy value (or fail after `ms`). */
export async function waitFor<T>(check: () => Promise<T> | T, ms = 10_000, what = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A simulated machine that makes no cups of its own (coffee unless told): it connects with the
 * registered credentials, reports, and obeys commands. Not started: the caller decides when.
 */
export function quietMachine(
  url: string,
  m: { serialNumber: string; secret: string },
  opts: Partial<MachineOptions> = {},
): SimulatedMachine {
  return new SimulatedMachine({
    url,
    serialNumber: m.serialNumber,
    secret: m.secret,
    family: 'coffee',
    cupsPerMinute: 0,
    ...opts,
  });
}

/**
 * Push the store's menu and let a simulated machine (or each of several) take it, then leave: the
 * machine runs that menu (the server knows what it sent) and the test may speak for it. `call` is
 * the console as the test signs it in. Answers the menu's version.
 */
export async function machineTakesStoreMenu(
  url: string,
  m: { serialNumber: string; secret: string } | Array<{ serialNumber: string; secret: string }>,
  storeId: string,
  call: (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<any>,
): Promise<string> {
  const sims = (Array.isArray(m) ? m : [m]).map((machine) => quietMachine(url, machine));
  for (const sim of sims) await sim.start();
  const release = await call('POST', '/api/coffee/menu-release', { name: 'Menu', storeId });
  await call('POST', '/api/coffee/menu-release/push', { id: release.id });
  await waitFor(
    () => sims.every((sim) => sim.menu?.version === release.version),
    10_000,
    'the machines took the menu',
  );
  // And the server heard its answer: a machine stopped before then leaves the command "sent" (and
  // sent again to whoever connects under its name next), which tests read as a machine not ready.
  await waitFor(
    async () => {
      const progress = await call('GET', `/api/coffee/menu-release/progress?id=${release.id}`);
      const states = (progress.machines as Array<{ state: string }>).map((x) => x.state);
      return states.length > 0 && states.every((state) => state === 'succeeded');
    },
    10_000,
    'the server to record the menu taken',
  );
  for (const sim of sims) await sim.stop();
  return release.version!;
}
