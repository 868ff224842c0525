/**
 * The embedded path end to end, as `npm start` runs it: PGlite, the embedded broker, the gateway,
 * and the demo fleet of simulated machines in the same process. Machines come online and report
 * cups; a merchant sees only its machines and can lock one of them; staff replace a material before
 * it passes its shelf life.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { localTime, type Fleet } from '@brewfleet/simulator';
import { rows, type Database } from '../src/platform/db/client.ts';
import { inScope, SYSTEM } from '../src/platform/db/scope.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/modules/iam/demo.ts';
import { seedDemoTenants } from '../src/modules/tenancy/demo.ts';
import { seedDemoFleet, startDemoFleet } from '../src/modules/fleet/demo.ts';
import { seedDemoMenus } from '../src/modules/menus/demo.ts';
import { MODULES } from '../src/modules/index.ts';
import type { FleetRuntime } from '../src/modules/fleet/index.ts';
import { brokerAccessOf, startModules, type StartedModules } from '../src/platform/module-runner.ts';
import { startMqtt, type Mqtt } from '../src/platform/mqtt/broker.ts';
import { openEmbeddedApp, type EmbeddedApp } from './helpers/embedded-app.ts';
import { waitFor } from './helpers/fleet.ts';

let database: Database;
let app: FastifyInstance;
let embedded: EmbeddedApp;
let mqtt: Mqtt;
let runtime: StartedModules;
let fleet: Fleet | null;
/** A demo coffee machine whose milk powder (channel 2) went in 80 hours ago: past its 72 hours. */
let stale: { device_id: string; serial_number: string };
beforeAll(async () => {
  embedded = await openEmbeddedApp();
  ({ database, app } = embedded);
  // The demo without its weeks of history (demo-first-start.test.ts reads those).
  await seedDemo(database.db);
  await seedDemoTenants(database.db, app.services.iam!);
  await seedDemoFleet(database.db);
  await seedDemoMenus(database.db, {
    fleet: app.services.fleet!,
    catalog: app.services.catalog!,
    resources: app.resources,
  });
  [stale] = await inScope(database.db, SYSTEM, (db) =>
    rows<{ device_id: string; serial_number: string }>(
      db,
      sql`update device_channel c set filled_at = now() - interval '80 hours' from device d
          where d.id = c.device_id and c.channel_number = 2
            and d.id = (select id from device where family = 'coffee' order by serial_number limit 1)
          returning d.id::text as device_id, d.serial_number`,
    ),
  );
  mqtt = await startMqtt({
    port: 0,
    host: '127.0.0.1',
    log: app.log,
    access: brokerAccessOf(MODULES, database.db, app.services),
  });
  runtime = await startModules(
    MODULES,
    {
      db: database.db,
      log: app.log,
      client: mqtt.client,
      disconnect: (clientId) => mqtt.disconnect(clientId),
      events: app.domainEvents,
      jobs: app.jobs,
      shareGroup: null,
    },
    app.services,
  );
  fleet = await startDemoFleet({ db: database.db, url: mqtt.url, log: app.log });
  // The machine the demo's scenario keeps offline for its first minutes (demo-first-start.test.ts)
  // comes back now: this file is about the whole fleet running.
  await Promise.all(fleet!.machines.filter((m) => !m.status.online).map((m) => m.start()));
}, 60_000);
afterAll(async () => {
  await fleet?.stop();
  await runtime?.stop();
  await mqtt?.close();
  await embedded?.close();
});

const login = (account: string) => embedded.signIn(account, DEMO_PASSWORD);
const post = async (token: string, url: string, body: unknown = {}) => {
  const res = await app.inject({ method: 'POST', url, headers: { token }, payload: body as object });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

it('runs a fleet of every family, online, in the demo stores', async () => {
  expect(fleet!.machines.length).toBeGreaterThanOrEqual(10);
  const admin = await login('operator');
  await waitFor(
    async () => (await post(admin, '/api/coffee/device/counters')).offline === 0,
    20_000,
    'all online',
  );
  const devices = await post(admin, '/api/coffee/device/list', { limit: 100 });
  expect(new Set(devices.list.map((d: any) => d.family))).toEqual(
    new Set(['coffee', 'tea', 'ice-sand', 'milk-frother', 'blender']),
  );
  const map = await post(admin, '/api/coffee/device/map');
  expect(map.points.length).toBe(devices.total);
});

it('shows a merchant its own machines only, and lets it lock one', async () => {
  const tea = await login('harbour-tea');
  const own = await post(tea, '/api/coffee/device/list', { limit: 100 });
  expect(own.total).toBeGreaterThan(0);
  expect(new Set(own.list.map((d: any) => d.family))).toEqual(new Set(['tea', 'ice-sand']));
  const target = own.list[0];
  const { commands } = await post(tea, '/api/coffee/device/lock', { ids: [target.id] });
  expect(commands[0].state).toBe('queued');
  await waitFor(
    async () => (await post(tea, '/api/coffee/device/list', { limit: 100, locked: true })).total === 1,
    15_000,
    'the machine locked',
  );
  const log = await post(tea, '/api/coffee/device-command/list', { deviceId: target.id });
  expect(log.list[0]).toMatchObject({ type: 'lock', state: 'succeeded' });
});

it('pushes each store its menu, which the machines take and make cups from', async () => {
  const admin = await login('operator');
  await waitFor(
    async () => (await post(admin, '/api/coffee/device/counters', { menuStatus: 'not-updated' })).all === 0,
    20_000,
    'every machine on its store menu',
  );
  const releases = await post(admin, '/api/coffee/menu-release/list', { limit: 100 });
  expect(releases.total).toBeGreaterThan(5);
  expect(releases.list.every((r: any) => r.state === 'done')).toBe(true);
  const coffee = releases.list
    .flatMap((r: any) => r.content.products)
    .filter((p: any) => p.family === 'coffee');
  expect(new Set(coffee.map((p: any) => p.name))).toEqual(
    new Set(['Espresso', 'Americano', 'Caffè latte', 'Cappuccino', 'Mocha']),
  );
  // The machines now make cups of their menu only.
  for (const machine of fleet!.machines) for (let i = 0; i < 3; i++) machine.makeCup();
  await runtime.part<FleetRuntime>('fleet').gateway.flush();
  await new Promise((r) => setTimeout(r, 1500));
  await runtime.part<FleetRuntime>('fleet').gateway.flush();
  const cups = await post(admin, '/api/coffee/production-record/list', { limit: 500 });
  const menuCodes = new Set(releases.list.flatMap((r: any) => r.content.products.map((p: any) => p.code)));
  const recent = cups.list.filter(
    (c: any) => /^r\d+$/.test(c.recipeVersion ?? '') && menuCodes.has(c.productCode),
  );
  expect(recent.length).toBeGreaterThan(0);
});

it('has its staff replace a perishable material at the morning round, before it expires', async () => {
  const admin = await login('operator');
  const milk = async () =>
    (
      await post(admin, '/api/coffee/device-channel/list', { deviceId: stale.device_id, limit: 10 })
    ).list.find((c: any) => c.channelNumber === 2);
  const machine = fleet!.machines.find((m) => m.serialNumber === stale.serial_number)!;
  machine.tick();
  // The demo's stores are in Taipei and Hong Kong: the round is at 07:00 there.
  if (localTime(new Date(), 'Asia/Taipei').hour >= 7) {
    // Reported as a refill (the channel emptied, then filled): the shelf life starts again.
    const fresh = await waitFor(
      async () => {
        const c = await milk();
        return Date.now() - Date.parse(c.filledAt) < 3600_000 && c;
      },
      10_000,
      'the milk powder replaced',
    );
    expect(Date.parse(fresh.expiresAt) - Date.now()).toBeGreaterThan(71 * 3600_000);
    expect(fresh.shortage).toBe(false);
  } else {
    // Before the round the old material stays (and shows expired).
    await new Promise((r) => setTimeout(r, 1500));
    await runtime.part<FleetRuntime>('fleet').gateway.flush();
    expect(Date.now() - Date.parse((await milk()).filledAt)).toBeGreaterThan(79 * 3600_000);
  }
});
