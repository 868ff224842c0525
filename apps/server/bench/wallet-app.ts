/**
 * The wallet bench's app path: each payment is a real app order, `POST /api/app/v1/orders` with an
 * Idempotency-Key, paid from the member's wallet at a machine that runs a menu the server sent.
 *
 * Made for the bench through the console as its operators would: a Hong Kong merchant (no sales tax:
 * an order costs its menu price), a store, ten products whose prices lie 7 cents apart (the plan's
 * amounts, bench/wallet-plan.ts), registered coffee machines, simulated, that take the store's menu
 * (member i orders at machine i mod their count). Members sign up through the app and are topped up
 * in the console.
 *
 * The machines stay online but leave the `app-order` commands they are sent unanswered: a machine that
 * made or refused them would move wallets while payments are counted (a refused order is refunded),
 * and the bench measures the payments, not the cups.
 */
import crypto from 'node:crypto';
import { SimulatedMachine } from '@brewfleet/simulator';
import { APP_API_PREFIX } from '@brewfleet/contracts';
import { dataOf, type Client } from './wallet-http.ts';
import { PAYMENTS_PER_MEMBER, money, walletPlan, type MemberPlan } from './wallet-plan.ts';
import { benchMerchant, fund, type Payer } from './wallet-console.ts';

const MEMBER_PASSWORD = 'Bench-Member-2026';
const PRICE_BASE = 3000; // HK$ 30.00 … 30.63
const STORE = { latitude: 22.2819, longitude: 114.1577 };

/** Product k costs PRICE_BASE + 7k cents; member i buys them in an order that starts at k = i. */
const priceOf = (k: number) => PRICE_BASE + 7 * k;
export const appPlan = (members: number) =>
  walletPlan(members, (i) =>
    Array.from({ length: PAYMENTS_PER_MEMBER }, (_, j) => priceOf((i + j) % PAYMENTS_PER_MEMBER)),
  );
const codeOf = (cents: number) => `W${(cents - PRICE_BASE) / 7}`;

export interface AppPayer extends Payer {
  deviceIds: string[];
  stop(): Promise<void>;
}

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function appPayer(
  client: Client,
  plan: MemberPlan[],
  prefix: string,
  brokerUrl: string,
  /** Machines in the store; members are spread over them. */
  machineCount: number,
): Promise<AppPayer> {
  const { admin, merchantId, token } = await benchMerchant(
    client,
    `Bench Wallet ${prefix}`,
    `bench-wallet-${prefix}`,
  );
  const post = async <T = { id: string }>(what: string, url: string, body: unknown, as = token) =>
    dataOf<T>(what, await client.send('POST', url, { headers: { token: as }, body }));

  const store = await post('store', '/api/coffee/store', {
    name: `Bench store ${prefix}`,
    type: 'pick-up',
    ...STORE,
  });
  const drinks = await post('product type', '/api/coffee/product-type', { name: 'Drinks' });
  const beans = await post('material', '/api/coffee/material', { name: 'Beans', unit: 'g' });
  for (let k = 0; k < PAYMENTS_PER_MEMBER; k++) {
    const product = await post('product', '/api/coffee/product', {
      name: `Bench coffee ${k}`,
      code: codeOf(priceOf(k)),
      kind: 'drink',
      family: 'coffee',
      price: money(priceOf(k)),
      productTypeId: drinks.id,
      recipe: {
        steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40, temperatureC: 92 } }],
      },
      materials: [{ materialId: beans.id, amount: 18 }],
    });
    await post('store product', '/api/coffee/store-product', { storeId: store.id, productId: product.id });
  }

  const type = await post(
    'device type',
    '/api/coffee/device-type',
    { name: `Bench ${prefix}`, family: 'coffee', automation: 'automatic' },
    admin,
  );
  const model = await post(
    'device model',
    '/api/coffee/device-model',
    {
      name: 'Bench model',
      code: `BW-${prefix}`,
      deviceTypeId: type.id,
      basicMaintenanceCups: 1000,
      deepMaintenanceCups: 5000,
    },
    admin,
  );
  const machines: Array<{ id: string; sim: SimulatedMachine }> = [];
  const stopAll = () => Promise.all(machines.map((m) => m.sim.stop()));
  try {
    for (let i = 0; i < machineCount; i++) {
      const serialNumber = `BW-${crypto.randomBytes(4).toString('hex')}`;
      const device = await post<{ id: string; secret: string }>(
        'device',
        '/api/coffee/device',
        {
          name: `Bench machine ${prefix}-${i + 1}`,
          serialNumber,
          modelId: model.id,
          merchantId,
          storeId: store.id,
        },
        admin,
      );
      const sim = new SimulatedMachine({
        url: brokerUrl,
        serialNumber,
        secret: device.secret,
        family: 'coffee',
        cupsPerMinute: 0,
      });
      machines.push({ id: device.id, sim });
      await sim.start();
    }
    const release = await post<{ id: string; version: string }>('menu release', '/api/coffee/menu-release', {
      name: 'Bench menu',
      storeId: store.id,
    });
    await post('menu push', '/api/coffee/menu-release/push', { id: release.id });
    await until('the machines to take the menu', () =>
      machines.every((m) => m.sim.menu?.version === release.version),
    );
    // See the header: from now on present, with their menu, but deaf to the orders they are sent
    // (the instance's own handler shadows the class's, which the MQTT client calls through `this`).
    for (const m of machines) Object.assign(m.sim, { onCommand: () => {} });

    const tokens: string[] = [];
    const memberIds: string[] = [];
    for (const m of plan) {
      const signedUp = dataOf<{ token: string; member: { id: string } }>(
        'sign-up',
        await client.send('POST', `${APP_API_PREFIX}/auth/signup`, {
          body: {
            merchantId,
            username: `Bench member ${prefix}-${m.index}`,
            phone: `+852 6${String(m.index).padStart(7, '0')}`,
            password: MEMBER_PASSWORD,
          },
        }),
      );
      tokens.push(signedUp.token);
      memberIds.push(signedUp.member.id);
      await fund(client, token, signedUp.member.id, m.balance);
    }
    // The app offers a machine for orders once the server knows it runs the menu.
    await until('the machines to take app orders', async () => {
      const stores = dataOf<Array<{ machines: Array<{ id: string; ordering: boolean }> }>>(
        'stores',
        await client.send(
          'GET',
          `${APP_API_PREFIX}/stores?lat=${STORE.latitude}&lng=${STORE.longitude}&radiusKm=1`,
          {
            headers: { authorization: `Bearer ${tokens[0]}` },
          },
        ),
      );
      const ordering = new Set(stores.flatMap((s) => s.machines.filter((x) => x.ordering).map((x) => x.id)));
      return machines.every((m) => ordering.has(m.id));
    });
    /** Member i orders at machine i mod the count: each machine serves its share of the members. */
    const machineOf = (member: MemberPlan) => machines[member.index % machines.length].id;
    return {
      path:
        `app: POST /api/app/v1/orders (Idempotency-Key) paid by wallet, at ${machines.length} machine(s) ` +
        'running the menu, the members spread evenly over them',
      memberIds,
      deviceIds: machines.map((m) => m.id),
      pay: (member, cents) =>
        client.send('POST', `${APP_API_PREFIX}/orders`, {
          headers: {
            authorization: `Bearer ${tokens[member.index]}`,
            'idempotency-key': crypto.randomUUID(),
          },
          body: {
            deviceId: machineOf(member),
            orderType: 'pack',
            lines: [{ productCode: codeOf(cents), quantity: 1 }],
          },
        }),
      stop: async () => {
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
