/**
 * Orders (issue 11): what machines sell, as they report it over the device protocol (`order` and
 * `order-status` events, which fleet's gateway hands this module's writers), priced and taxed again
 * by the server from the menu the machine ran and the tax configuration; each order's history of
 * statuses; refunds and cancellations from the console. The console lists and exports orders
 * (the generic `order` resource) and opens one (`/order-detail`).
 */
import { orderResource } from '@brewfleet/contracts';
import { defineModule } from '../../platform/module.ts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { orderWriters } from './ingest.ts';
import { createMerchantChains } from './tenants.ts';
import { registerOrderDetail } from './detail.ts';
import { registerOrderActions } from './actions.ts';
import { seedDemoOrderHistory } from './demo-history.ts';
import { createOrderService, type OrderService } from './service.ts';
import { createAppOrders, rejectUnmadeAppOrders } from './app-orders.ts';

export type { OrderService, OrderSummary, OrderLineSummary, Compensation } from './service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    orders: OrderService;
  }
}

export const ordersModule = defineModule({
  name: 'orders',
  tables: [
    'sales_order',
    'sales_order_line',
    'sales_order_step',
    'sales_order_refund',
    'sales_order_compensation',
  ],
  // Sales are facts the data center's rollups count (read-only, in the reader's scope).
  readable: ['sales_order', 'sales_order_line', 'sales_order_refund'],
  // Machines report orders through fleet's gateway; prices come from the menus fleet sent and the
  // catalog, taxes from the taxes module.
  needs: ['fleet', 'taxes', 'catalog'],
  register(app, deps) {
    const { fleet, taxes, catalog } = deps.services;
    // Orders before their statuses: a batch writes them in this order.
    const [orders, statuses] = orderWriters({ fleet, taxes, catalog, chains: createMerchantChains() });
    fleet.machineEvents.accept(orders);
    fleet.machineEvents.accept(statuses);
    registerResource(app, deps, orderResource);
    registerOrderDetail(app, { db: deps.db, fleet, catalog });
    registerOrderActions(app, { db: deps.db, fleet, catalog, events: deps.events });
    return createOrderService(createAppOrders({ taxes, catalog, chains: createMerchantChains() }));
  },
  // An app order its machine could not take is rejected (its command failed or expired).
  subscribers: [rejectUnmadeAppOrders],
  // 90 days of sales, made of what the stores sell once the menus' demo has filled the catalog.
  demo({ db, services, later }) {
    later(async () => {
      await seedDemoOrderHistory(db, {
        fleet: services.fleet,
        taxes: services.taxes,
        storeSales: services.catalog.storeSales,
      });
    });
    return Promise.resolve();
  },
});
