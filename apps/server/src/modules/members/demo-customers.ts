/**
 * The demo's simulated app customers (DEMO=1; issue 12 §7): the members demo-data.ts made sign in
 * to the ordering app's API of the server's own address, once it listens, and order at the demo
 * machines by their stores' hours (@brewfleet/simulator customers.ts). Started by the members
 * module's runtime part.
 */
import type { FastifyBaseLogger } from 'fastify';
import { startCustomers, type AppCustomers, type CustomersOptions } from '@brewfleet/simulator';
import type { Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { mustMoveWallet } from './wallet.ts';
import { counterTopUp, demoAppCustomers } from './demo-data.ts';

/**
 * A visit due every 10–20 minutes, kept with the hour's demand: about 4 app orders an hour at the
 * busiest hour, an eighth of what the demo machines' own screens take then (~34, the simulator's
 * PEAK_CUSTOMERS_PER_HOUR), so that the app adds to a day about what it would in a real fleet and
 * today still reads against last week's history.
 */
const DEMO_APP_PACE: readonly [number, number] = [600, 1200];

/**
 * Run the demo's app customers against the server at `baseUrl` (its own address, once it listens):
 * they order at the demo machines through the app API now and then, by the hour of their stores'
 * day. A customer whose wallet runs short tops up at the counter (a staff top-up, as the console
 * records one), so the demo keeps going. Failures are logged, never thrown. Null when there are none.
 */
export async function startDemoCustomers(opts: {
  db: Db;
  baseUrl: string;
  log: FastifyBaseLogger;
  /** Tests come faster than the demo's DEMO_APP_PACE, whatever the hour. */
  pace?: Pick<CustomersOptions, 'everySeconds' | 'demand'>;
}): Promise<AppCustomers | null> {
  const customers = await demoAppCustomers(opts.db);
  if (!customers.length) return null;
  const running = startCustomers({
    baseUrl: opts.baseUrl,
    customers,
    everySeconds: DEMO_APP_PACE,
    ...opts.pace,
    onOrder: (o) =>
      opts.log.debug({ login: o.login, orderNo: o.orderNo, paid: o.actualPayment }, 'demo customer ordered'),
    onError: (login, error) => opts.log.warn({ login, err: error.message }, 'demo customer'),
    onLowBalance: (customer, memberId) =>
      inScope(opts.db, SYSTEM, (db) =>
        mustMoveWallet(db, {
          memberId,
          cents: counterTopUp(customer.timeZone),
          kind: 'top-up',
          reason: 'Top-up at the counter',
          byName: 'Demo data',
        }),
      ).then(() => undefined),
  });
  opts.log.info({ customers: customers.length }, 'demo app customers running');
  return running;
}
