/**
 * The delivery platform (issue 13): Uber Eats. A merchant binds its Uber Eats application (client id
 * and secret) and its stores (Uber store ids); its takeout products make each bound store's Uber menu,
 * uploaded whole on demand and when it changes; Uber's order webhooks (`POST /api/delivery/uber/webhook`,
 * signature-checked) become orders made by a machine of the store that can make them (accepted on
 * Uber), or are denied; Uber's cancellations stop an order not yet made; and each store's listing
 * follows its machines (items suspended and restored, the store paused and set online), logged with
 * its cause. See docs/architecture.md "Delivery platform (Uber Eats)".
 */
import { defineModule } from '../../platform/module.ts';
import { UBER_DEFAULTS } from '../../config.ts';
import { createUberClient, type UberEndpoints } from './uber-client.ts';
import { createDeliveryService, type DeliveryService } from './service.ts';
import { registerDeliveryResources } from './resources.ts';
import { registerUberWebhook } from './webhook.ts';
import { deliveryReactions } from './reactions.ts';
import { createOrderQueue } from './order-queue.ts';
import { BINDINGS_CHANNEL } from './bindings.ts';
import type { Claim } from './order-work.ts';
import { demoBoundStores, DEMO_UBER, seedDemoDelivery } from './demo.ts';

export type { DeliveryService } from './service.ts';

/** The delivery module's service: its work, and where Uber is (the demo points it at its simulated server). */
export type DeliveryModuleService = DeliveryService & { useEndpoints(e: UberEndpoints | null): void };

declare module '../../platform/module.ts' {
  interface ModuleServices {
    delivery: DeliveryModuleService;
  }
}

/** UBER_API_URL and UBER_AUTH_URL (validated by config.ts at start), else Uber's own. */
const fromEnv = (): UberEndpoints => ({
  apiUrl: process.env.UBER_API_URL?.replace(/\/+$/, '') || UBER_DEFAULTS.apiUrl,
  authUrl: process.env.UBER_AUTH_URL?.replace(/\/+$/, '') || UBER_DEFAULTS.authUrl,
});

/**
 * Order workers of a process, and the most orders a worker decides in one transaction. A group's
 * transaction holds a connection of the pool (10) for a dozen statements per order: four workers
 * keep the database busy (some decide while others talk to Uber) and leave connections to the
 * webhooks' inserts and the rest of the server; a burst of fifty is decided in five or six groups.
 * Measured with the delivery bench (bench/README.md).
 */
export const ORDER_WORKERS = 4;
export const ORDER_GROUP = 10;

export const deliveryModule = defineModule({
  name: 'delivery',
  tables: [
    'delivery_account',
    'delivery_store',
    'delivery_product',
    'delivery_order',
    'delivery_listing_change',
  ],
  // Orders are placed as the app's are (orders), at machines (fleet), from what stores sell (catalog).
  needs: ['fleet', 'catalog', 'orders'],
  register(app, deps) {
    let override: UberEndpoints | null = null;
    const uber = createUberClient(() => override ?? fromEnv());
    const service = createDeliveryService({
      db: deps.db,
      secrets: deps.secrets,
      uber,
      fleet: deps.services.fleet,
      catalog: deps.services.catalog,
      orders: deps.services.orders,
      events: deps.events,
    });
    // Work started after a webhook's answer, a few orders at a time in their order of arrival:
    // awaited when the app closes, never lost (the order job takes up what did not finish). The
    // machines' commands are announced to fleet's delivery once the orders waiting are answered:
    // sending them costs the database and the event loop what the next answers need (fleet's
    // delivery job sends them within a second anyway, should orders keep coming).
    let queued = false;
    const queue = createOrderQueue<Claim>({
      workers: ORDER_WORKERS,
      batch: ORDER_GROUP,
      work: (claims) => service.workClaims(claims, () => void (queued = true)),
      onError: (error: unknown) => app.log.warn({ err: error }, 'Uber order: will be tried again'),
      onIdle: () => {
        if (queued) deps.services.fleet.commands.announce();
        queued = false;
      },
    });
    // A binding or an Uber account changed in any process: this process reads them again.
    const unlisten = deps
      .listen(BINDINGS_CHANNEL, () => service.forgetBindings())
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'delivery: not hearing binding changes; kept bindings expire by time');
        return null;
      });
    app.addHook('onClose', async () => {
      await queue.drained();
      const stop = await unlisten;
      await stop?.();
    });
    registerDeliveryResources(app, deps, () => service);
    registerUberWebhook(app, { service: () => service, afterAnswer: queue.push });
    return { ...service, useEndpoints: (e: UberEndpoints | null) => void (override = e) };
  },
  subscribers: ({ fleet }) => deliveryReactions(fleet),
  demo({ db, resources, services, later }) {
    later(() => seedDemoDelivery(db, resources, services.catalog));
    return Promise.resolve();
  },
  async start({ jobs, events, demo, listening, db, log }, own) {
    // The work beside HTTP: orders Uber waits an answer for, menus due for upload, listings to bring
    // in step with the machines. Each job retries with back-off (the runner's) on Uber's failures.
    const defined = await jobs.define([
      {
        name: 'delivery.orders',
        everySeconds: 5,
        retry: { limit: 3, delaySeconds: 2, backoff: true },
        run: () => own.workDue(),
      },
      {
        name: 'delivery.menus',
        everySeconds: 5,
        retry: { limit: 3, delaySeconds: 5, backoff: true },
        run: () => own.syncDue(),
      },
      {
        name: 'delivery.listing',
        everySeconds: 5,
        retry: { limit: 3, delaySeconds: 5, backoff: true },
        run: () => own.followMachines(),
      },
    ]);
    // What fleet committed (heard from every process) brings the listing and due uploads forward:
    // one pass a moment after a burst of machine events, the jobs staying the safety net.
    let timer: NodeJS.Timeout | null = null;
    let passing = Promise.resolve();
    const soon = () => {
      timer ??= setTimeout(() => {
        timer = null;
        passing = passing
          .then(() => own.syncDue())
          .then(() => own.followMachines())
          .then(() => own.tellCancellations())
          .catch((error: unknown) =>
            log.warn({ err: error }, 'delivery: listing pass failed, the job retries'),
          );
      }, 200);
    };
    const FOLLOWED = new Set([
      'fleet.machineStatusChanged',
      'fleet.levelsChanged',
      'fleet.commandFinished',
      // An accepted Uber order that will not be made: Uber is told at once.
      'orders.orderStatusChanged',
    ]);
    const unlisten = await events.afterCommit((notice) => {
      if (FOLLOWED.has(notice.event)) soon();
    });
    let simulated: { stop(): Promise<void> } | null = null;
    if (demo) {
      if (!process.env.UBER_API_URL) {
        const { startSimulatedUber } = await import('@brewfleet/simulator');
        const uber = await startSimulatedUber({ clients: { [DEMO_UBER.clientId]: DEMO_UBER.clientSecret } });
        own.useEndpoints({ apiUrl: uber.url, authUrl: uber.url });
        simulated = uber;
        log.info({ url: uber.url }, 'demo: simulated Uber Eats API');
      }
      // The demo store's menu, synced once the server listens (its machines' menus are known then).
      void (listening ?? Promise.resolve('')).then(async () => {
        for (const id of await demoBoundStores(db))
          await own
            .syncStore(id, 'demo-start')
            .catch((error: unknown) => log.warn({ err: error }, 'demo: Uber menu sync failed'));
      });
    }
    return {
      async stop() {
        unlisten();
        if (timer) clearTimeout(timer);
        await passing;
        await defined.stop();
        await simulated?.stop();
      },
    };
  },
});
