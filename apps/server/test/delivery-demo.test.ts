/**
 * The delivery platform in the demo (DEMO=1, UBER_API_URL unset): the first start binds a demo store
 * to Uber Eats, and at start the module runs the simulated Uber server in-process and syncs that
 * store's menu to it, which the console then shows as synced.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/platform/db/client.ts';
import { MODULES } from '../src/modules/index.ts';
import { deliveryModule } from '../src/modules/delivery/index.ts';
import { brokerAccessOf, demoModules } from '../src/platform/module-runner.ts';
import { startMqtt, type Mqtt } from '../src/platform/mqtt/broker.ts';
import { servicesFor, type ModuleRuntime } from '../src/platform/module.ts';
import { openEmbeddedApp, type EmbeddedApp } from './helpers/embedded-app.ts';
import { waitFor } from './helpers/fleet.ts';

let database: Database;
let app: FastifyInstance;
let embedded: EmbeddedApp;
let mqtt: Mqtt;
let part: ModuleRuntime | null = null;
let token: string;
const saved = { api: process.env.UBER_API_URL, auth: process.env.UBER_AUTH_URL };

beforeAll(async () => {
  delete process.env.UBER_API_URL;
  delete process.env.UBER_AUTH_URL;
  embedded = await openEmbeddedApp();
  ({ database, app } = embedded);
  const { dataDir } = embedded;
  await demoModules(MODULES, { db: database.db, dataDir, resources: app.resources, services: app.services });
  mqtt = await startMqtt({
    port: 0,
    host: '127.0.0.1',
    log: app.log,
    access: brokerAccessOf(MODULES, database.db, app.services),
  });
  // Only the delivery module's runtime part, as main.ts starts it with DEMO=1 once the server listens.
  part = await deliveryModule.start!(
    {
      db: database.db,
      log: app.log,
      client: mqtt.client,
      disconnect: () => {},
      events: app.domainEvents,
      jobs: app.jobs,
      shareGroup: null,
      demo: true,
      listening: Promise.resolve('http://127.0.0.1:1'),
      services: servicesFor(deliveryModule, app.services),
    },
    // A module as the list holds it has its service's type erased (platform/module.ts AnyModule).
    app.services.delivery as never,
  );
  token = await embedded.signIn();
}, 120_000);
afterAll(async () => {
  await part?.stop();
  await mqtt?.close();
  await embedded?.close();
  if (saved.api) process.env.UBER_API_URL = saved.api;
  if (saved.auth) process.env.UBER_AUTH_URL = saved.auth;
});

const post = async (url: string, body: unknown = {}) => {
  const res = await app.inject({ method: 'POST', url, headers: { token }, payload: body as object });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

it('binds a demo store and syncs its menu to the simulated Uber server at start', async () => {
  const store = await waitFor(
    async () => {
      const { list } = await post('/api/coffee/delivery-store/list');
      return list[0]?.syncState === 'synced' && list[0];
    },
    20_000,
    'the demo store synced',
  );
  expect(store).toMatchObject({ binding: 'bound', uberStoreId: 'demo-uber-store-1', lastError: null });
  expect((await post('/api/coffee/takeout-product/list')).total).toBeGreaterThan(0);
  const changes = await post('/api/coffee/delivery-listing-change/list');
  expect(
    changes.list.map((c: { action: string; cause: string; outcome: string }) => [
      c.action,
      c.cause,
      c.outcome,
    ]),
  ).toContainEqual(['sync-menu', 'demo-start', 'done']);
  // The sync action works against it as well.
  expect(await post('/api/coffee/delivery-store/sync', { id: store.id })).toMatchObject({
    syncState: 'synced',
  });
});
