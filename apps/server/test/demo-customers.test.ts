/**
 * The demo's app customers (issue 12 §7), as `npm start` runs them: the embedded database, broker
 * and demo fleet in one process, the demo members of members/demo-data.ts, and the simulated
 * customers (@brewfleet/simulator customers.ts) calling the app API over real HTTP. A customer signs
 * in, orders at an online demo machine paid by wallet (with a held coupon, after redeeming points),
 * the machine makes the order and it completes; a customer who cannot sign in is reported, not fatal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { APP_API_PREFIX } from '@brewfleet/contracts';
import { AppCustomers, type AppCustomer, type CustomerOrder, type Fleet } from '@brewfleet/simulator';
import { rows, type Database } from '../src/platform/db/client.ts';
import { inScope, SYSTEM } from '../src/platform/db/scope.ts';
import { seedDemo } from '../src/modules/iam/demo.ts';
import { seedDemoTenants } from '../src/modules/tenancy/demo.ts';
import { seedDemoFleet, startDemoFleet } from '../src/modules/fleet/demo.ts';
import { seedDemoMenus } from '../src/modules/menus/demo.ts';
import { demoAppCustomers, seedDemoMembers } from '../src/modules/members/demo-data.ts';
import { startDemoCustomers } from '../src/modules/members/demo-customers.ts';
import { mustMoveWallet } from '../src/modules/members/wallet.ts';
import { MODULES } from '../src/modules/index.ts';
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
let baseUrl: string;
let customers: AppCustomer[];

beforeAll(async () => {
  embedded = await openEmbeddedApp();
  ({ database, app } = embedded);
  // The demo without its weeks of history: tenants, machines with their menus, members.
  await seedDemo(database.db);
  await seedDemoTenants(database.db, app.services.iam!);
  await seedDemoFleet(database.db);
  await seedDemoMenus(database.db, {
    fleet: app.services.fleet!,
    catalog: app.services.catalog!,
    resources: app.resources,
  });
  await seedDemoMembers(database.db, app.resources, { files: app.services.files! });
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
  await Promise.all(fleet!.machines.filter((m) => !m.status.online).map((m) => m.start()));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  customers = await demoAppCustomers(database.db);
}, 120_000);
afterAll(async () => {
  await fleet?.stop();
  await runtime?.stop();
  await mqtt?.close();
  await embedded?.close();
});

const system = <T>(fn: (db: Database['db']) => Promise<T>) => inScope(database.db, SYSTEM, fn);

async function memberOf(customer: AppCustomer) {
  const [m] = await system((db) =>
    rows<{ id: string; balance: string; points: number }>(
      db,
      sql`select id::text, wallet_balance::text as balance, points from member
          where merchant_id = ${customer.merchantId} and phone = ${customer.login}`,
    ),
  );
  return m;
}

/** The member's own view of an order, through the app API. */
async function appOrder(customer: AppCustomer, orderId: string) {
  const signin = await fetch(`${baseUrl}${APP_API_PREFIX}/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      merchantId: customer.merchantId,
      login: customer.login,
      password: customer.password,
    }),
  }).then((r) => r.json() as Promise<{ data: { token: string } }>);
  const res = await fetch(`${baseUrl}${APP_API_PREFIX}/orders/${orderId}`, {
    headers: { authorization: `Bearer ${signin.data.token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { status: string; actualPayment: string; discount: string } }).data;
}

/** Customers that come whenever asked (demand 1), reporting into the arrays given. */
function customersWith(opts: Partial<ConstructorParameters<typeof AppCustomers>[0]> = {}) {
  const orders: CustomerOrder[] = [];
  const errors: Array<{ login: string; error: Error }> = [];
  const sim = new AppCustomers({
    baseUrl,
    customers,
    demand: () => 1,
    couponShare: 0,
    redeemShare: 0,
    onOrder: (o) => orders.push(o),
    onError: (login, error) => errors.push({ login, error }),
    ...opts,
  });
  return { sim, orders, errors };
}

/** A visit, again until a machine near the customer takes orders (the demo machines come online). */
const visitUntilOrdered = (sim: AppCustomers, customer: AppCustomer) =>
  waitFor(() => sim.visit(customer), 30_000, `an order by ${customer.login}`);

describe('the demo members', () => {
  it('are customers of each demo brand, with wallets that are their ledgers and the coupons and points of the demo', async () => {
    expect(customers.length).toBeGreaterThanOrEqual(4);
    expect(new Set(customers.map((c) => c.timeZone))).toEqual(new Set(['Asia/Taipei', 'Asia/Hong_Kong']));
    const [totals] = await system((db) =>
      rows<{
        members: number;
        balances: string;
        ledger: string;
        rules: number;
        settings: number;
        banners: number;
        held: number;
      }>(
        db,
        sql`select (select count(*)::int from member) as members,
                   (select sum(wallet_balance)::text from member) as balances,
                   (select sum(amount)::text from member_wallet_entry) as ledger,
                   (select count(*)::int from points_rule) as rules,
                   (select count(*)::int from app_setting) as settings,
                   (select count(*)::int from app_banner) as banners,
                   (select count(*)::int from member_coupon) as held`,
      ),
    );
    expect(totals.members).toBeGreaterThanOrEqual(30);
    expect(totals.balances).toBe(totals.ledger);
    expect(totals).toMatchObject({ rules: 4, settings: 4, banners: 4 });
    expect(totals.held).toBeGreaterThan(5);
  });
});

describe('simulated app customers', () => {
  it('sign in and order at an online demo machine, paid by wallet, and the machine completes the order', async () => {
    const { sim, errors } = customersWith();
    const customer = customers[0];
    const before = await memberOf(customer);
    const order = (await visitUntilOrdered(sim, customer))!;
    expect(Number(order.actualPayment)).toBeGreaterThan(0);
    const after = await memberOf(customer);
    expect(after.balance).toBe(order.walletBalance);
    expect(Number(before.balance) - Number(after.balance)).toBeCloseTo(Number(order.actualPayment), 2);
    await waitFor(
      async () => (await appOrder(customer, order.orderId)).status === 'completed',
      60_000,
      'the order to complete',
    );
    expect(errors).toEqual([]);
    await sim.stop();
  }, 120_000);

  it('redeem points for a coupon and use a held coupon on an order', async () => {
    // The third Formosa customer holds no coupon yet and has the points for '10 off' (demo-data.ts).
    const customer = customers[2];
    const member = await memberOf(customer);
    const { sim, errors } = customersWith({ redeemShare: 1, couponShare: 1 });
    const order = (await visitUntilOrdered(sim, customer))!;
    expect(errors.map((e) => e.error.message)).toEqual([]);
    // '10 off' costs 200 points (its ledger entry); the coupon redeemed is the one the order used.
    const redeemed = await system((db) =>
      rows<{ points: number }>(
        db,
        sql`select points from member_points_entry where member_id = ${member.id} and kind = 'redeem'`,
      ),
    );
    expect(redeemed).toEqual([{ points: -200 }]);
    expect(order.redeemedCouponId).not.toBeNull();
    expect(order.memberCouponId).toBe(order.redeemedCouponId);
    expect(Number((await appOrder(customer, order.orderId)).discount)).toBeGreaterThan(0);
    await sim.stop();
  }, 120_000);

  it('come on their own until stopped, and report a customer who cannot sign in without stopping the others', async () => {
    const wrong: AppCustomer = { ...customers[0], password: 'Not-The-Password-1' };
    const { sim, orders, errors } = customersWith({ everySeconds: [0.05, 0.1] });
    const failed = await sim.visit(wrong);
    expect(failed).toBeNull();
    expect(errors.map((e) => e.login)).toEqual([wrong.login]);
    sim.start();
    await waitFor(() => orders.length >= 2, 60_000, 'two orders on their own');
    await sim.stop();
    const placed = orders.length;
    await new Promise((r) => setTimeout(r, 500));
    expect(orders.length).toBe(placed);
    expect(sim.counts.orders).toBe(placed);
  }, 120_000);

  it('run from the server (startDemoCustomers) and top up at the counter when the wallet runs short', async () => {
    // Every customer's wallet emptied: whoever comes first is short of even the cheapest cup.
    const ids = await Promise.all(customers.map(async (c) => (await memberOf(c)).id));
    await system(async (db) => {
      for (const id of ids) {
        const [{ balance }] = await rows<{ balance: string }>(
          db,
          sql`select wallet_balance::text as balance from member where id = ${id}`,
        );
        if (Number(balance) > 0)
          await mustMoveWallet(db, {
            memberId: id,
            cents: -BigInt(Math.round(Number(balance) * 100)),
            kind: 'adjustment',
          });
      }
    });
    const [{ since }] = await system((db) =>
      rows<{ since: string }>(db, sql`select clock_timestamp()::text as since`),
    );
    const running = await startDemoCustomers({
      db: database.db,
      baseUrl,
      log: app.log,
      pace: { everySeconds: [0.05, 0.1], demand: () => 1 },
    });
    try {
      const topUp = await waitFor(
        async () => {
          const [found] = await system((db) =>
            rows<{ amount: string }>(
              db,
              sql`select amount::text from member_wallet_entry
                  where member_id = any(${`{${ids.join(',')}}`}::bigint[]) and kind = 'top-up'
                    and reason = 'Top-up at the counter' and created_at > ${since}::timestamptz`,
            ),
          );
          return found;
        },
        30_000,
        'a top-up at the counter',
      );
      expect(['3000.00', '500.00']).toContain(topUp.amount);
      await waitFor(() => running!.counts.orders > 0, 30_000, 'an order after the top-up');
    } finally {
      await running?.stop();
    }
  }, 120_000);
});
