/**
 * The delivery platform (issue 13) against the repo's simulated Uber Eats API (nothing reaches the
 * internet), through HTTP (app.inject) and MQTT: the binding and tokens, the menu in Uber's format,
 * a malformed item refused, Uber's failures retried and shown, signed webhooks becoming orders made
 * by the machine (or denied), Uber's cancellations, and the listing following the machine.
 */
import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, topicFor } from '@brewfleet/contracts';
import { startSimulatedUber, type SimulatedUber } from '@brewfleet/simulator';
import { type FleetTest, machineTakesStoreMenu, startFleetTest, waitFor } from './helpers/fleet.ts';
import { startTestApp } from './helpers/test-app.ts';
import { multipartFile } from './helpers/multipart.ts';
import { ORDER_GROUP, ORDER_WORKERS, type DeliveryModuleService } from '../src/modules/delivery/index.ts';
import { ConfigError, loadConfig } from '../src/config.ts';

const PASSWORD = 'Delivery-Strong-Pass-9';
const CLIENT_ID = 'alpha-uber-client';
const CLIENT_SECRET = 'alpha-uber-secret-0123456789';
const UBER_STORE = 'uber-store-alpha-1';
const WEBHOOK = '/api/delivery/uber/webhook';

let f: FleetTest;
let uber: SimulatedUber;
let delivery: DeliveryModuleService;
let alpha: string;
let storeId: string;
let deliveryStoreId: string;
let latteTakeoutId: string;
let oatId: string;
let machine: { id: string; serialNumber: string; secret: string };
/** A second machine of the store, offline until the test of two machines. */
let counter: { id: string; serialNumber: string; secret: string };
let client: MqttClient;
let version: string;
const commands: Array<{ commandId: string; type: string; params: any }> = [];

const sql = <T = any>(text: string, params?: unknown[]) => f.t.sql<T>(text, params);
async function call(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = alpha) {
  return f.t.call(method, url, { token, body, lang: 'en' });
}
async function ok(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = alpha) {
  const res = await call(method, url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const now = (offsetS = 0) => new Date(Date.now() + offsetS * 1000).toISOString();
const publish = (channel: 'events' | 'ack' | 'status', body: object, retain = false) =>
  client.publishAsync(
    topicFor(machine.serialNumber, channel),
    JSON.stringify({ v: PROTOCOL_VERSION, ...body }),
    {
      qos: 1,
      retain,
    },
  );
const written = <T>(check: () => Promise<T>, what: string) =>
  waitFor(
    async () => {
      await f.fleet.gateway.flush();
      return check();
    },
    10_000,
    what,
  );
const setOnline = async (online: boolean) => {
  await publish('status', { online, ts: now(), state: 'idle', locked: false, menuVersion: version }, true);
  await written(
    async () => (await sql(`select online from device where id = $1`, [machine.id]))[0].online === online,
    `the machine ${online ? 'online' : 'offline'}`,
  );
};
/**
 * The machine's clock for level reports: never behind the last one (fleet keeps the newest report of
 * a channel, so a report stamped earlier than one already stored is rightly ignored).
 */
let levelClock = 0;
const levelTime = () => new Date((levelClock = Math.max(Date.now(), levelClock + 1))).toISOString();
const setLevel = async (grams: number) => {
  await publish('events', {
    events: [
      {
        eventId: crypto.randomUUID(),
        type: 'material',
        ts: levelTime(),
        levels: [{ channel: 1, grams, capacityG: 1000 }],
      },
    ],
  });
  await written(
    async () =>
      (
        await sql(`select level_g as g from device_channel where device_id = $1 and channel_number = 1`, [
          machine.id,
        ])
      )[0]?.g === grams,
    `channel 1 at ${grams} g`,
  );
};

/** A webhook as Uber signs it, posted through the app (the raw body is what is signed). */
async function webhook(
  type: string,
  orderId: string,
  opts: { secret?: string | null; eventId?: string; storeId?: string; tamper?: boolean } = {},
) {
  const { body, headers } = uber.webhook(
    { type, orderId, storeId: opts.storeId ?? UBER_STORE, eventId: opts.eventId },
    opts.secret === undefined ? CLIENT_SECRET : opts.secret,
  );
  return f.t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers,
    payload: opts.tamper ? body.replace('"quantity"', '"quantity" ') + ' ' : body,
  });
}
const answered = (orderId: string) =>
  waitFor(() => uber.orders.get(orderId)?.answer, 10_000, `Uber's order ${orderId} answered`);
const commandFor = (orderNo: string) =>
  waitFor(
    () => commands.find((c) => c.type === 'app-order' && c.params.orderNo === orderNo),
    10_000,
    `app-order ${orderNo}`,
  );
const deliveryOrder = async (uberOrderId: string) =>
  (
    await sql(
      `select d.state, d.order_id::text as "orderId", o.order_no as "orderNo", o.status, o.source, o.payment_method as pay,
              o.order_type as "orderType"
       from delivery_order d left join sales_order o on o.id = d.order_id where d.uber_order_id = $1`,
      [uberOrderId],
    )
  )[0];

/** An order's price check and its lines' prices (the server's and the one reported). */
const orderPrices = async (orderId: string) => {
  const [o] = await sql(
    `select price_check as check, check_notes as notes, amount::text from sales_order where id = $1`,
    [orderId],
  );
  const lines = await sql(
    `select unit_price::text as unit, reported_unit_price::text as reported, flag
     from sales_order_line where order_id = $1 order by seq`,
    [orderId],
  );
  return { ...o, lines };
};

beforeAll(async () => {
  const t = await startTestApp({ logLevel: process.env.TEST_LOG ?? 'silent' });
  f = await startFleetTest({ t });
  delivery = f.t.app.services.delivery!;
  uber = await startSimulatedUber({
    clients: { [CLIENT_ID]: CLIENT_SECRET },
    tokenSeconds: 3600,
    currency: 'TWD',
  });
  delivery.useEndpoints({ apiUrl: uber.url, authUrl: uber.url });
  const a = await ok(
    'POST',
    '/api/coffee/merchant',
    { name: 'Alpha Delivery', loginAccount: 'alpha-uber', password: f.t.encrypt(PASSWORD), country: 'TW' },
    f.admin,
  );
  alpha = await f.t.login('alpha-uber', PASSWORD);
  storeId = (await ok('POST', '/api/coffee/store', { name: 'Alpha Xinyi', type: 'pick-up' })).id;
  machine = await f.register({ merchantId: a.id, storeId, name: 'Lobby machine' });
  const drinks = await ok('POST', '/api/coffee/product-type', { name: 'Drinks' });
  const beans = await ok('POST', '/api/coffee/material', { name: 'Beans', unit: 'g' });
  const milk = await ok('POST', '/api/coffee/option-type', {
    name: 'Milk',
    names: { zh: '奶', tw: '奶' },
    required: false,
    multiple: false,
  });
  oatId = (
    await ok('POST', '/api/coffee/option', {
      name: 'Oat milk',
      names: { zh: '燕麦奶', tw: '燕麥奶' },
      optionTypeId: milk.id,
      priceChange: '10.00',
    })
  ).id;
  // Each product draws from its own channel: one running empty stops only its product.
  const product = (
    name: string,
    names: Record<string, string>,
    code: string,
    price: string,
    channel: number,
    options: string[] = [],
  ) =>
    ok('POST', '/api/coffee/product', {
      name,
      names,
      code,
      kind: 'drink',
      family: 'coffee',
      price,
      productTypeId: drinks.id,
      optionTypeIds: options,
      recipe: {
        steps: [{ action: 'brew', channel, params: { powderG: 18, waterMl: 40, temperatureC: 92 } }],
      },
      materials: [{ materialId: beans.id, amount: 18 }],
    });
  const latte = await product('Latte', { zh: '拿铁', tw: '拿鐵' }, 'LAT', '60.00', 1, [milk.id]);
  const espresso = await product('Espresso', { zh: '浓缩咖啡', tw: '濃縮咖啡' }, 'ESP', '45.00', 2);
  for (const p of [latte, espresso])
    await ok('POST', '/api/coffee/store-product', { storeId, productId: p.id });
  // Platform takeaway is taxed 5 %, included (TW); a dine-in tax must not apply.
  const tax = await ok('POST', '/api/coffee/tax', {
    name: 'Platform tax',
    country: 'TW',
    type: 'platform-takeaway',
    rate: '5',
  });
  await ok('POST', '/api/coffee/tax-allocation', { taxId: tax.id, productTypeId: drinks.id });
  counter = await f.register({ merchantId: a.id, storeId, name: 'Counter machine' });
  version = await machineTakesStoreMenu(f.url, [machine, counter], storeId, ok);
  client = await mqtt.connectAsync(f.url, {
    clientId: machine.serialNumber,
    username: machine.serialNumber,
    password: machine.secret,
    reconnectPeriod: 0,
  });
  client.on('message', (topic, payload) => {
    if (topic === topicFor(machine.serialNumber, 'cmd')) commands.push(JSON.parse(payload.toString()));
  });
  await client.subscribeAsync(topicFor(machine.serialNumber, 'cmd'), { qos: 1 });
  await setOnline(true);

  // The binding, as the console makes it.
  await ok('POST', '/api/coffee/uber-account', {
    clientId: CLIENT_ID,
    clientSecret: f.t.encrypt(CLIENT_SECRET),
  });
  latteTakeoutId = (
    await ok('POST', '/api/coffee/takeout-product', {
      productId: latte.id,
      deliveryPrice: '65.00',
      description: 'Double shot, steamed milk',
    })
  ).id;
  await ok('POST', '/api/coffee/takeout-product', { productId: espresso.id, sortOrder: 1 });
  deliveryStoreId = (await ok('POST', '/api/coffee/delivery-store', { storeId, uberStoreId: UBER_STORE })).id;
}, 180_000);

afterAll(async () => {
  await client?.endAsync(true);
  await f?.close();
  await f?.t.close();
  await uber?.stop();
});

describe('configuration', () => {
  it('checks UBER_API_URL and UBER_AUTH_URL at start, naming the variable', () => {
    expect(() => loadConfig({ UBER_API_URL: 'ftp://uber.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ UBER_AUTH_URL: 'auth.uber.com' })).toThrow(/UBER_AUTH_URL/);
    const c = loadConfig({ UBER_API_URL: 'http://127.0.0.1:9000/', UBER_AUTH_URL: 'https://auth.example' });
    expect([c.UBER_API_URL, c.UBER_AUTH_URL]).toEqual(['http://127.0.0.1:9000', 'https://auth.example']);
  });
});

describe('binding and menu sync', () => {
  it('keeps the client secret sealed and shows the store bound, never synced yet', async () => {
    const [row] = await sql(`select client_secret from delivery_account`);
    expect(row.client_secret).not.toContain(CLIENT_SECRET);
    const accounts = await ok('POST', '/api/coffee/uber-account/list', {});
    expect(accounts.list[0].clientId).toBe(CLIENT_ID);
    expect(JSON.stringify(accounts.list)).not.toContain(CLIENT_SECRET);
    const stores = await ok('POST', '/api/coffee/delivery-store/list', {});
    expect(stores.list[0]).toMatchObject({ uberStoreId: UBER_STORE, binding: 'bound' });
  });

  it("uploads the store's menu in Uber's format: minor units, three languages, options as modifier groups", async () => {
    // The machine's new menu made an upload due (fleet's "command finished"): let it go first, so
    // that the menu read below is the one this sync uploaded (under load the two crossed in CI).
    await waitFor(
      async () => {
        await delivery.syncDue();
        const [row] = await sql(`select sync_due_at is null as settled from delivery_store where id = $1`, [
          deliveryStoreId,
        ]);
        return row.settled;
      },
      10_000,
      'no upload due',
    );
    const synced = await ok('POST', '/api/coffee/delivery-store/sync', { id: deliveryStoreId });
    expect(synced).toMatchObject({ syncState: 'synced', lastError: null, items: 2 });
    expect(synced.lastSyncAt).toMatch(/^\d{4}-/);
    const menu = uber.menus.get(UBER_STORE)!;
    const latte = menu.items.find((i) => i.id === 'p-LAT')!;
    expect(latte.price_info.price).toBe(6500);
    expect(latte.title.translations).toEqual({ en_us: 'Latte', zh_cn: '拿铁', zh_tw: '拿鐵' });
    expect(latte.description?.translations.en_us).toBe('Double shot, steamed milk');
    expect(menu.items.find((i) => i.id === 'p-ESP')!.price_info.price).toBe(4500);
    const group = menu.modifier_groups.find((g) => g.id === latte.modifier_group_ids!.ids[0])!;
    expect(group, JSON.stringify(menu)).toBeDefined();
    expect(group.title.translations).toMatchObject({ en_us: 'Milk', zh_tw: '奶' });
    expect(group.quantity_info.quantity).toEqual({ min_permitted: 0, max_permitted: 1 });
    const oat = menu.items.find((i) => i.id === group.modifier_options[0].id)!;
    expect(oat).toMatchObject({ price_info: { price: 1000 }, external_data: oatId });
    expect(oat.title.translations.zh_tw).toBe('燕麥奶');
    expect(menu.categories[0].entities.map((e) => e.id)).toEqual(['p-LAT', 'p-ESP']);
  });

  it('gets a token by client credentials once and renews it only when it is about to expire', async () => {
    const tokens = () => uber.calls(/^\/oauth\/v2\/token$/, 'POST');
    const before = tokens().length;
    expect(before).toBe(1);
    const form = new URLSearchParams(tokens()[0].body as string);
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('client_id')).toBe(CLIENT_ID);
    expect(form.get('scope')).toContain('eats.store');
    await ok('POST', '/api/coffee/delivery-store/sync', { id: deliveryStoreId });
    expect(tokens().length).toBe(1);
    // A client whose tokens live 61 s: renewed a minute ahead, so the next call asks again.
    const short = await startSimulatedUber({ clients: { [CLIENT_ID]: CLIENT_SECRET }, tokenSeconds: 61 });
    delivery.useEndpoints({ apiUrl: short.url, authUrl: short.url });
    delivery.uber.forget(CLIENT_ID);
    try {
      await ok('POST', '/api/coffee/delivery-store/sync', { id: deliveryStoreId });
      await new Promise((r) => setTimeout(r, 1200));
      await ok('POST', '/api/coffee/delivery-store/sync', { id: deliveryStoreId });
      expect(short.calls(/^\/oauth\/v2\/token$/).length).toBe(2);
    } finally {
      delivery.useEndpoints({ apiUrl: uber.url, authUrl: uber.url });
      await short.stop();
    }
  });

  it('asks for the Eats scopes Uber documents, which the simulated Uber checks as Uber does', async () => {
    // developer.uber.com, Authentication: a space-delimited list; eats.store (menus, items),
    // eats.store.status.write (pause/online), eats.order (accept, deny, cancel), eats.store.orders.read (v2 orders).
    const form = new URLSearchParams(uber.calls(/^\/oauth\/v2\/token$/, 'POST')[0].body as string);
    expect(form.get('scope')!.split(' ').sort()).toEqual(
      ['eats.order', 'eats.store', 'eats.store.orders.read', 'eats.store.status.write'].sort(),
    );
    const tokenFor = async (scope: string) => {
      const res = await fetch(`${uber.url}/oauth/v2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          grant_type: 'client_credentials',
          scope,
        }).toString(),
      });
      return { status: res.status, body: (await res.json()) as { access_token?: string; error?: string } };
    };
    // A scope Uber does not know is refused.
    expect(await tokenFor('eats.store eats.everything')).toEqual({
      status: 400,
      body: { error: 'invalid_scope' },
    });
    const post = async (token: string, path: string, body: unknown) => {
      const res = await fetch(`${uber.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return res.status;
    };
    // A token without eats.store.status.write may not pause the store; one with it may.
    const storeOnly = (await tokenFor('eats.store')).body.access_token!;
    expect(await post(storeOnly, `/v1/eats/store/uber-store-scopes/status`, { status: 'ONLINE' })).toBe(401);
    const all = (await tokenFor('eats.store eats.order eats.store.orders.read eats.store.status.write')).body
      .access_token!;
    expect(await post(all, `/v1/eats/store/uber-store-scopes/status`, { status: 'ONLINE' })).toBe(204);
    // Nor accept or cancel an order without eats.order.
    const order = uber.createOrder(UBER_STORE, [{ id: 'p-ESP', quantity: 1 }]);
    expect(await post(storeOnly, `/v1/eats/orders/${order.id}/accept_pos_order`, { reason: 'ok' })).toBe(401);
    // Accept Order: `reason` is not optional.
    expect(await post(all, `/v1/eats/orders/${order.id}/accept_pos_order`, {})).toBe(400);
    // Deny Order: any of Uber's reason codes (PRICING is one), nothing else.
    expect(
      await post(all, `/v1/eats/orders/${order.id}/deny_pos_order`, {
        reason: { explanation: 'x', code: 'OUT_OF_STOCK' },
      }),
    ).toBe(400);
    expect(
      await post(all, `/v1/eats/orders/${order.id}/deny_pos_order`, {
        reason: { explanation: 'price changed', code: 'PRICING' },
      }),
    ).toBe(204);
    // Cancel Order: cancelling_party is MERCHANT or CUSTOMER.
    const other = uber.createOrder(UBER_STORE, [{ id: 'p-ESP', quantity: 1 }]);
    expect(
      await post(all, `/v1/eats/orders/${other.id}/cancel`, { reason: 'OTHER', cancelling_party: 'EATER' }),
    ).toBe(400);
    expect(
      await post(all, `/v1/eats/orders/${other.id}/cancel`, {
        reason: 'OTHER',
        cancelling_party: 'CUSTOMER',
      }),
    ).toBe(200);
  });

  it('refuses a malformed item before upload, naming the product', async () => {
    const puts = uber.calls(/\/menus$/, 'PUT').length;
    await ok('PUT', '/api/coffee/takeout-product', { id: latteTakeoutId, deliveryPrice: '0.00' });
    const res = await call('POST', '/api/coffee/delivery-store/sync', { id: deliveryStoreId });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().msg).toContain('Latte');
    expect(uber.calls(/\/menus$/, 'PUT').length).toBe(puts);
    const [row] = await sql(`select sync_state, last_error from delivery_store where id = $1`, [
      deliveryStoreId,
    ]);
    expect(row.sync_state).toBe('failed');
    expect(row.last_error).toContain('Latte');
    await ok('PUT', '/api/coffee/takeout-product', { id: latteTakeoutId, deliveryPrice: '65.00' });
  });

  it("retries Uber's 5xx with back-off, shows the error on the store, and uploads on the later try", async () => {
    const puts = uber.calls(/\/menus$/, 'PUT').length;
    uber.failNext(/\/menus$/, 503, 3);
    const res = await call('POST', '/api/coffee/delivery-store/sync', { id: deliveryStoreId });
    expect(res.statusCode).toBe(409);
    expect(uber.calls(/\/menus$/, 'PUT').length).toBe(puts + 3);
    const stores = await ok('POST', '/api/coffee/delivery-store/list', {});
    expect(stores.list[0].syncState).toBe('failed');
    expect(stores.list[0].lastError).toContain('503');
    const [due] = await sql(`select sync_due_at is not null as due from delivery_store where id = $1`, [
      deliveryStoreId,
    ]);
    expect(due.due).toBe(true);
    // The menus job's later try (its time brought forward).
    await sql(`update delivery_store set sync_due_at = now() where id = $1`, [deliveryStoreId]);
    await delivery.syncDue();
    const after = await ok('POST', '/api/coffee/delivery-store/list', {});
    expect(after.list[0]).toMatchObject({ syncState: 'synced', lastError: null });
  });

  it('imports takeout products from a spreadsheet: bad rows named and nothing written on a dry run; the menu follows', async () => {
    const list = await ok('POST', '/api/coffee/takeout-product/list', {});
    const esp = list.list.find((r: { id: string }) => r.id !== latteTakeoutId);
    await ok('POST', '/api/coffee/takeout-product/delete', { ids: [esp.id] });
    const csv = [
      'productId,deliveryPrice,description,enabled,sortOrder',
      `${esp.productId},48.00,Single origin,true,1`,
      `${esp.productId},not-a-price,,true,2`,
    ].join('\n');
    const upload = async (content: string, dryRun: boolean) => {
      const { payload, contentType } = multipartFile(Buffer.from(content), 'takeout.csv', 'text/csv');
      const res = await f.t.app.inject({
        method: 'POST',
        url: `/api/coffee/takeout-product/import?dryRun=${dryRun}`,
        headers: { token: alpha, 'content-type': contentType, cookie: 'language=en' },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const dry = await upload(csv, true);
    expect(dry).toMatchObject({ total: 2, imported: 0 });
    expect(dry.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [3, 'deliveryPrice'],
    ]);
    expect((await ok('POST', '/api/coffee/takeout-product/list', {})).total).toBe(1);
    const done = await upload(csv.split('\n').slice(0, 2).join('\n'), false);
    expect(done).toMatchObject({ total: 1, imported: 1 });
    const after = await ok('POST', '/api/coffee/takeout-product/list', {});
    expect(after.list.find((r: { productId: string }) => r.productId === esp.productId)).toMatchObject({
      deliveryPrice: '48.00',
      description: 'Single origin',
    });
    expect((await call('POST', '/api/coffee/delivery-store/sync', { id: deliveryStoreId })).statusCode).toBe(
      200,
    );
    const item = uber.menus.get(UBER_STORE)!.items.find((i) => i.id === 'p-ESP')!;
    expect(item.price_info.price).toBe(4800);
  });

  it('counts an Uber that does not answer in time as a failure: retried, shown on the store, then synced', async () => {
    // The client waits 300 ms here (10 s in production); Uber answers the next three uploads after 1 s.
    delivery.useEndpoints({ apiUrl: uber.url, authUrl: uber.url, timeoutMs: 300 });
    try {
      uber.failNext(/\/menus$/, 204, 3, 1_000);
      const res = await call('POST', '/api/coffee/delivery-store/sync', { id: deliveryStoreId });
      expect(res.statusCode).toBe(409);
      const stores = await ok('POST', '/api/coffee/delivery-store/list', {});
      expect(stores.list[0].syncState).toBe('failed');
      expect(stores.list[0].lastError).toMatch(/did not answer/);
      await sql(`update delivery_store set sync_due_at = now() where id = $1`, [deliveryStoreId]);
      await delivery.syncDue();
      const after = await ok('POST', '/api/coffee/delivery-store/list', {});
      expect(after.list[0]).toMatchObject({ syncState: 'synced', lastError: null });
    } finally {
      delivery.useEndpoints({ apiUrl: uber.url, authUrl: uber.url });
    }
  });
});

describe('orders from Uber', () => {
  it('refuses a webhook with a bad or missing signature with 401 and writes nothing', async () => {
    const order = uber.createOrder(UBER_STORE, [{ id: 'p-ESP', quantity: 1 }]);
    expect((await webhook('orders.notification', order.id, { secret: null })).statusCode).toBe(401);
    expect((await webhook('orders.notification', order.id, { secret: 'not-the-secret' })).statusCode).toBe(
      401,
    );
    expect((await webhook('orders.notification', order.id, { tamper: true })).statusCode).toBe(401);
    expect(await deliveryOrder(order.id)).toBeUndefined();
    expect(order.answer).toBeNull();
  });

  it('ignores a webhook for a store nobody bound', async () => {
    const order = uber.createOrder('uber-store-nobody', [{ id: 'p-ESP', quantity: 1 }]);
    expect(
      (await webhook('orders.notification', order.id, { storeId: 'uber-store-nobody' })).statusCode,
    ).toBe(200);
    expect(await deliveryOrder(order.id)).toBeUndefined();
  });

  it('uploads the menu again when Uber asks (store.menu_refresh_request: store_id, no meta), signed only', async () => {
    const puts = () => uber.calls(/\/menus$/, 'PUT').length;
    const before = puts();
    // Unsigned: 401, nothing asked of Uber.
    expect((await webhook('store.menu_refresh_request', '', { secret: null })).statusCode).toBe(401);
    const signed = await webhook('store.menu_refresh_request', '');
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.body).toBe('');
    await waitFor(
      async () => {
        const [row] = await sql(
          `select sync_state as state, sync_due_at is null as settled from delivery_store where id = $1`,
          [deliveryStoreId],
        );
        return puts() > before && row.state === 'synced' && row.settled;
      },
      10_000,
      'the menu uploaded again',
    );
    expect(puts()).toBeGreaterThan(before);
  });

  it('accepts an order a machine can make, sends it to the machine, which completes it; twice delivered is one order', async () => {
    const order = uber.createOrder(UBER_STORE, [
      {
        id: 'p-LAT',
        quantity: 2,
        options: [uber.menus.get(UBER_STORE)!.items.find((i) => i.external_data === oatId)!.id],
      },
      { id: 'p-ESP', quantity: 1 },
    ]);
    const eventId = crypto.randomUUID();
    const first = await webhook('orders.notification', order.id, { eventId });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('');
    expect((await webhook('orders.notification', order.id, { eventId })).statusCode).toBe(200);
    expect((await answered(order.id))!.kind).toBe('accepted');
    const placed = await deliveryOrder(order.id);
    expect(placed).toMatchObject({
      state: 'accepted',
      source: 'delivery',
      pay: 'third-party',
      orderType: 'pack',
    });
    expect(placed.orderNo).toMatch(/^UBR-/);
    expect(
      (await sql(`select count(*)::int as n from delivery_order where uber_order_id = $1`, [order.id]))[0].n,
    ).toBe(1);
    expect(uber.calls(new RegExp(`/orders/${order.id}/accept_pos_order$`)).length).toBe(1);

    // Priced as the store's Uber menu sells it (what the eater paid): the latte's delivery price
    // 65.00 with oat milk 10.00, the espresso's 48.00 (imported above), not the machine's 60.00 and 45.00.
    const command = (await commandFor(placed.orderNo))!;
    expect(command.params).toMatchObject({
      orderNo: placed.orderNo,
      orderType: 'pack',
      lines: [
        { line: 1, productCode: 'LAT', quantity: 2, options: [oatId], unitPrice: '75.00' },
        { line: 2, productCode: 'ESP', quantity: 1, unitPrice: '48.00' },
      ],
    });
    expect(await orderPrices(placed.orderId)).toEqual({
      check: 'ok',
      notes: [],
      amount: '198.00',
      lines: [
        { unit: '75.00', reported: '75.00', flag: null },
        { unit: '48.00', reported: '48.00', flag: null },
      ],
    });
    await publish('ack', { commandId: command.commandId, stage: 'received', ts: now() });
    await publish('ack', { commandId: command.commandId, stage: 'succeeded', ts: now() });
    await publish('events', {
      events: [
        {
          eventId: crypto.randomUUID(),
          type: 'order-status',
          orderNo: placed.orderNo,
          status: 'processing',
          ts: now(1),
        },
        {
          eventId: crypto.randomUUID(),
          type: 'order-status',
          orderNo: placed.orderNo,
          status: 'completed',
          ts: now(2),
        },
      ],
    });
    await written(async () => (await deliveryOrder(order.id)).status === 'completed', 'the order completed');
    const detail = await ok('GET', `/api/coffee/order/${placed.orderId}/detail`);
    expect(detail).toMatchObject({ source: 'delivery', paymentMethod: 'third-party' });
    // Taxed as platform takeaway (the merchant's platform tax), not as a machine's pack order.
    const taxes = await sql(`select distinct tax_name from sales_order_line where order_id = $1`, [
      placed.orderId,
    ]);
    expect(taxes).toEqual([{ tax_name: 'Platform tax' }]);
  });

  it('flags a line Uber charged otherwise than its menu says, keeping the price of the menu uploaded', async () => {
    const oat = uber.menus.get(UBER_STORE)!.items.find((i) => i.external_data === oatId)!.id;
    // Uber charges 60.00 a latte with oat milk (a price changed on Uber's side): the menu says 75.00.
    const order = uber.createOrder(UBER_STORE, [
      { id: 'p-LAT', quantity: 1, options: [oat], unitPrice: 6000 },
      { id: 'p-ESP', quantity: 1 },
    ]);
    expect(order.cart.items[0].price?.unit_price).toMatchObject({ amount: 6000, currency_code: 'TWD' });
    expect(order.cart.items[1].price?.unit_price.amount).toBe(4800);
    expect((await webhook('orders.notification', order.id)).statusCode).toBe(200);
    expect((await answered(order.id))!.kind).toBe('accepted');
    const placed = await deliveryOrder(order.id);
    const expected = {
      check: 'differs',
      notes: [
        {
          line: 1,
          key: 'order.check.platformPriceDiffers',
          params: { line: 1, reported: '60.00', expected: '75.00' },
        },
      ],
      amount: '123.00',
      lines: [
        { unit: '75.00', reported: '60.00', flag: 'differs' },
        { unit: '48.00', reported: '48.00', flag: null },
      ],
    };
    expect(await orderPrices(placed.orderId)).toEqual(expected);
    // The console shows it as it shows a machine's price that differs.
    const detail = await ok('GET', `/api/coffee/order/${placed.orderId}/detail`);
    expect(detail).toMatchObject({ priceCheck: 'differs', checkNotes: expected.notes });
    expect(detail.lines[0]).toMatchObject({
      unitPrice: '75.00',
      reportedUnitPrice: '60.00',
      flag: 'differs',
    });
  });

  it('loses no order when Uber fails the accept: the decision is kept and sent on a later try', async () => {
    const order = uber.createOrder(UBER_STORE, [{ id: 'p-ESP', quantity: 1 }]);
    uber.failNext(/accept_pos_order$/, 503, 3);
    expect((await webhook('orders.notification', order.id)).statusCode).toBe(200);
    const failed = await waitFor(
      async () =>
        (
          await sql(
            `select last_error, answered_at, order_id::text as "orderId" from delivery_order where uber_order_id = $1`,
            [order.id],
          )
        )[0]?.last_error &&
        (
          await sql(
            `select order_id::text as "orderId", answered_at from delivery_order where uber_order_id = $1`,
            [order.id],
          )
        )[0],
      10_000,
      'the failed accept recorded',
    );
    expect(failed.answered_at).toBeNull();
    expect(order.answer).toBeNull();
    // The order job's later try (after its back-off) sends the same decision: still one order.
    await waitFor(
      async () => (await delivery.workDue(), uber.orders.get(order.id)?.answer),
      15_000,
      'the accept sent',
    );
    expect(uber.orders.get(order.id)!.answer!.kind).toBe('accepted');
    const [row] = await sql(
      `select order_id::text as "orderId", answered_at from delivery_order where uber_order_id = $1`,
      [order.id],
    );
    expect(row.orderId).toBe(failed.orderId);
    expect(row.answered_at).not.toBeNull();
  });

  it('stops an order Uber cancels before the machine made it', async () => {
    const order = uber.createOrder(UBER_STORE, [{ id: 'p-ESP', quantity: 1 }]);
    expect((await webhook('orders.notification', order.id)).statusCode).toBe(200);
    await answered(order.id);
    expect((await webhook('orders.cancel', order.id)).statusCode).toBe(200);
    const cancelled = await deliveryOrder(order.id);
    expect(cancelled).toMatchObject({ state: 'cancelled', status: 'cancelled' });
  });

  it('tells Uber, with its cancel call, when the machine cannot make an order already accepted', async () => {
    const order = uber.createOrder(UBER_STORE, [{ id: 'p-ESP', quantity: 1 }]);
    expect((await webhook('orders.notification', order.id)).statusCode).toBe(200);
    expect((await answered(order.id))!.kind).toBe('accepted');
    const placed = await deliveryOrder(order.id);
    // Paid by the delivery platform: the timeline says so.
    const steps = await sql(
      `select status, cause from sales_order_step where order_id = $1 order by at, id`,
      [placed.orderId],
    );
    expect(steps).toEqual([
      { status: 'waiting-payment', cause: 'delivery' },
      { status: 'paid', cause: 'delivery' },
    ]);
    await publish('events', {
      events: [
        {
          eventId: crypto.randomUUID(),
          type: 'order-status',
          orderNo: placed.orderNo,
          status: 'rejected',
          ts: now(1),
        },
      ],
    });
    await written(async () => (await deliveryOrder(order.id)).status === 'rejected', 'the order rejected');
    const cancels = await waitFor(
      async () => {
        await delivery.workDue();
        const calls = uber.calls(new RegExp(`/orders/${order.id}/cancel$`), 'POST');
        return calls.length ? calls : null;
      },
      15_000,
      'Uber told of the cancellation',
    );
    expect(cancels![0].body).toMatchObject({ reason: 'OTHER', cancelling_party: 'MERCHANT' });
    expect(uber.orders.get(order.id)!.current_state).toBe('CANCELED');
    const [row] = await sql(
      `select state, cancel_sent_at is not null as sent from delivery_order where uber_order_id = $1`,
      [order.id],
    );
    expect(row).toEqual({ state: 'failed', sent: true });
    // Told once: later passes send nothing more.
    await delivery.workDue();
    expect(uber.calls(new RegExp(`/orders/${order.id}/cancel$`)).length).toBe(1);
  });

  it('does not call Uber back for an order Uber itself cancelled', async () => {
    const order = uber.createOrder(UBER_STORE, [{ id: 'p-ESP', quantity: 1 }]);
    expect((await webhook('orders.notification', order.id)).statusCode).toBe(200);
    await answered(order.id);
    expect((await webhook('orders.cancel', order.id)).statusCode).toBe(200);
    await delivery.workDue();
    expect(uber.calls(new RegExp(`/orders/${order.id}/cancel$`))).toEqual([]);
  });

  it('denies an order when no machine can make an item (its channel is empty), naming the item', async () => {
    await setLevel(0);
    const order = uber.createOrder(UBER_STORE, [{ id: 'p-LAT', quantity: 1 }]);
    expect((await webhook('orders.notification', order.id)).statusCode).toBe(200);
    const answer = await answered(order.id);
    expect(answer).toMatchObject({
      kind: 'denied',
      body: { reason: { code: 'ITEM_AVAILABILITY', out_of_stock_items: ['p-LAT'] } },
    });
    expect(await deliveryOrder(order.id)).toMatchObject({ state: 'denied', orderId: null });
    await setLevel(800);
  });

  it('denies an order when no machine of the store takes orders', async () => {
    await setOnline(false);
    try {
      const order = uber.createOrder(UBER_STORE, [{ id: 'p-ESP', quantity: 1 }]);
      expect((await webhook('orders.notification', order.id)).statusCode).toBe(200);
      expect(await answered(order.id)).toMatchObject({
        kind: 'denied',
        body: { reason: { code: 'STORE_CLOSED' } },
      });
    } finally {
      await setOnline(true);
    }
  });
});

describe('orders in a burst, and the bindings each process keeps', () => {
  it('works a burst a few orders at a time and answers every one, once', async () => {
    const burst = Array.from({ length: 30 }, () =>
      uber.createOrder(UBER_STORE, [{ id: 'p-ESP', quantity: 1 }]),
    );
    const acks = await Promise.all(burst.map((o) => webhook('orders.notification', o.id)));
    expect(acks.map((a) => a.statusCode)).toEqual(burst.map(() => 200));
    await waitFor(
      () => burst.every((o) => uber.orders.get(o.id)?.answer),
      30_000,
      'every order of the burst answered',
    );
    expect(burst.map((o) => uber.orders.get(o.id)!.answer!.kind)).toEqual(burst.map(() => 'accepted'));
    // A worker holds its group from before the fetches to after the answers: at no moment are more
    // orders between their fetch and their answer than the workers' groups hold.
    const spans = burst.map((o) => {
      const fetched = uber.calls(new RegExp(`/order/${o.id}$`), 'GET');
      const accepted = uber.calls(new RegExp(`/orders/${o.id}/accept_pos_order$`), 'POST');
      expect([fetched.length, accepted.length]).toEqual([1, 1]);
      return { from: fetched[0].at, to: accepted[0].at };
    });
    const busiest = Math.max(
      ...spans.map((s) => spans.filter((x) => x.from <= s.from && s.from < x.to).length),
    );
    expect(busiest).toBeLessThanOrEqual(ORDER_WORKERS * ORDER_GROUP);
    // Decided in groups: the orders' lines were written by fewer transactions than orders.
    const [{ decisions }] = await sql(
      `select count(distinct l.xmin::text)::int as decisions
       from delivery_order d join sales_order_line l on l.order_id = d.order_id
       where d.uber_order_id = any($1)`,
      [burst.map((o) => o.id)],
    );
    expect(decisions).toBeLessThan(burst.length);
    // Each once: one row per Uber order, one order placed, and (just after Uber heard) answered.
    const counts = async () =>
      (
        await sql(
          `select count(*)::int as n, count(answered_at)::int as answered, count(distinct order_id)::int as placed
           from delivery_order where uber_order_id = any($1)`,
          [burst.map((o) => o.id)],
        )
      )[0];
    await waitFor(async () => (await counts()).answered === 30, 10_000, 'the burst recorded as answered');
    expect(await counts()).toEqual({ n: 30, answered: 30, placed: 30 });
  });

  it('takes a changed secret or binding at once: the copy the process keeps is forgotten', async () => {
    // The copy is warm: an order of the store was just worked.
    const warm = uber.createOrder(UBER_STORE, [{ id: 'p-ESP', quantity: 1 }]);
    expect((await webhook('orders.notification', warm.id)).statusCode).toBe(200);
    await answered(warm.id);
    const [account] = (await ok('POST', '/api/coffee/uber-account/list', {})).list;
    const NEW_SECRET = 'alpha-uber-secret-rotated-98765';
    await ok('PUT', '/api/coffee/uber-account', { id: account.id, clientSecret: f.t.encrypt(NEW_SECRET) });
    try {
      const order = uber.createOrder(UBER_STORE, [{ id: 'p-ESP', quantity: 1 }]);
      expect((await webhook('orders.notification', order.id)).statusCode).toBe(401);
      // Signed with the new secret (the token Uber gave for the old one still serves the calls).
      expect((await webhook('orders.notification', order.id, { secret: NEW_SECRET })).statusCode).toBe(200);
      expect((await answered(order.id))!.kind).toBe('accepted');
    } finally {
      await ok('PUT', '/api/coffee/uber-account', {
        id: account.id,
        clientSecret: f.t.encrypt(CLIENT_SECRET),
      });
    }
    // Bound to another Uber store: the old id is nobody's, at once.
    await ok('PUT', '/api/coffee/delivery-store', { id: deliveryStoreId, uberStoreId: 'uber-store-alpha-2' });
    try {
      const order = uber.createOrder(UBER_STORE, [{ id: 'p-ESP', quantity: 1 }]);
      expect((await webhook('orders.notification', order.id)).statusCode).toBe(200);
      expect(await deliveryOrder(order.id)).toBeUndefined();
    } finally {
      await ok('PUT', '/api/coffee/delivery-store', { id: deliveryStoreId, uberStoreId: UBER_STORE });
      // Bound again: its menu uploaded anew before the listing follows the machine again.
      await ok('POST', '/api/coffee/delivery-store/sync', { id: deliveryStoreId });
    }
    const again = uber.createOrder(UBER_STORE, [{ id: 'p-ESP', quantity: 1 }]);
    expect((await webhook('orders.notification', again.id)).statusCode).toBe(200);
    expect((await answered(again.id))!.kind).toBe('accepted');
  });
});

describe('the listing follows the machine', () => {
  const listing = async () => {
    await waitFor(
      async () =>
        !(await sql(`select listing_due from delivery_store where id = $1`, [deliveryStoreId]))[0]
          .listing_due,
      15_000,
      'the listing job',
    ).catch(() => delivery.followMachines());
    await delivery.followMachines();
  };
  const changes = async () =>
    (await ok('POST', '/api/coffee/delivery-listing-change/list', { limit: 50 })).list.map((c: any) =>
      [c.action, c.itemId, `(${c.cause})`].filter(Boolean).join(' '),
    );

  it('keeps the last of several levels of a channel reported in one batch (the batch is not refused)', async () => {
    await publish('events', {
      events: [400, 420].map((grams) => ({
        eventId: crypto.randomUUID(),
        type: 'material',
        ts: levelTime(),
        levels: [{ channel: 1, grams, capacityG: 1000 }],
      })),
    });
    await written(
      async () =>
        (
          await sql(`select level_g as g from device_channel where device_id = $1 and channel_number = 1`, [
            machine.id,
          ])
        )[0]?.g === 420,
      'channel 1 at the last level reported',
    );
    await setLevel(900);
  });

  it('suspends an item when its channel empties and restores it when refilled', async () => {
    await setLevel(0);
    await listing();
    await waitFor(() => uber.suspensions.get(UBER_STORE)?.get('p-LAT'), 5_000, 'p-LAT suspended');
    expect(uber.suspensions.get(UBER_STORE)?.get('p-LAT')).toBeGreaterThan(Date.now() / 1000);
    expect(uber.suspensions.get(UBER_STORE)?.get('p-ESP')).toBeUndefined();
    await setLevel(900);
    await listing();
    await waitFor(() => uber.suspensions.get(UBER_STORE)?.get('p-LAT') === null, 5_000, 'p-LAT restored');
    // A change's log line is written once Uber has answered: read after it, not merely after Uber
    // shows the item restored (read at once, it was missing now and then).
    await waitFor(
      async () => (await changes()).includes('restore-item p-LAT (a-machine-makes-it)'),
      5_000,
      'the restore logged',
    );
    expect(await changes()).toContain('suspend-item p-LAT (no-machine-makes-it)');
  });

  it('suspends an item whose channel is short of material though it holds a cup, as the app calls it sold out', async () => {
    // 300 g is many cups, but below the channel's low level of 500 g the console shows a shortage,
    // and the ordering app shows the drink sold out: Uber must not keep selling it.
    await setLevel(300);
    const [channel] = await sql<{ id: string }>(
      `select id::text from device_channel where device_id = $1 and channel_number = 1`,
      [machine.id],
    );
    await ok('PUT', '/api/coffee/device-channel', { id: channel.id, lowLevelG: 500 });
    expect((await sql(`select shortage from device_channel where id = $1`, [channel.id]))[0].shortage).toBe(
      true,
    );
    await listing();
    await waitFor(() => uber.suspensions.get(UBER_STORE)?.get('p-LAT'), 5_000, 'p-LAT suspended');
    expect(uber.suspensions.get(UBER_STORE)?.get('p-ESP')).toBeUndefined();
    // The low level lowered below what it holds: no shortage, on sale again.
    await ok('PUT', '/api/coffee/device-channel', { id: channel.id, lowLevelG: 100 });
    await listing();
    await waitFor(() => uber.suspensions.get(UBER_STORE)?.get('p-LAT') === null, 5_000, 'p-LAT restored');
    await setLevel(900);
  });

  it('restores an item when staff refill its channel by hand, before the machine reports a level', async () => {
    await setLevel(0);
    await listing();
    await waitFor(() => uber.suspensions.get(UBER_STORE)?.get('p-LAT'), 5_000, 'p-LAT suspended');
    const [channel] = await sql<{ id: string }>(
      `select id::text from device_channel where device_id = $1 and channel_number = 1`,
      [machine.id],
    );
    await ok('POST', '/api/coffee/device-channel/refill', { ids: [channel.id] });
    await listing();
    await waitFor(() => uber.suspensions.get(UBER_STORE)?.get('p-LAT') === null, 5_000, 'p-LAT restored');
    await setLevel(900);
  });

  it('uploads the items no machine can make suspended in the menu: no call per item follows', async () => {
    const itemCalls = () => uber.calls(/\/menus\/items\//, 'POST').length;
    const suspensionsOfLatte = async () =>
      (
        await sql(
          `select count(*)::int as n from delivery_listing_change
           where action = 'suspend-item' and item_id = 'p-LAT' and cause = 'no-machine-makes-it' and outcome = 'done'`,
        )
      )[0].n;
    // Suspended between uploads by its own call (the channel ran empty). Its log line is written
    // once Uber has answered: read after it, not merely after Uber shows the item suspended.
    const before = await suspensionsOfLatte();
    await setLevel(0);
    await listing();
    await waitFor(() => uber.suspensions.get(UBER_STORE)?.get('p-LAT'), 5_000, 'p-LAT suspended');
    await waitFor(async () => (await suspensionsOfLatte()) === before + 1, 5_000, 'its suspension logged');
    const calls = itemCalls();
    const logged = before + 1;
    await ok('POST', '/api/coffee/delivery-store/sync', { id: deliveryStoreId });
    const latte = uber.menus.get(UBER_STORE)!.items.find((i) => i.id === 'p-LAT')!;
    expect(latte.suspension_info?.suspension?.suspend_until).toBeGreaterThan(Date.now() / 1000);
    expect(latte.suspension_info?.suspension?.reason).toBe('no machine can make it');
    expect(uber.menus.get(UBER_STORE)!.items.find((i) => i.id === 'p-ESP')!.suspension_info).toBeUndefined();
    expect(uber.suspensions.get(UBER_STORE)?.get('p-LAT')).toBeGreaterThan(Date.now() / 1000);
    // Recorded and logged as suspended by the upload; the listing pass after it has nothing to do.
    const [row] = await sql(`select suspended_items from delivery_store where id = $1`, [deliveryStoreId]);
    expect(row.suspended_items).toEqual(['p-LAT']);
    expect(await suspensionsOfLatte()).toBe(logged + 1);
    await listing();
    expect(itemCalls()).toBe(calls);
    // Refilled between uploads: restored by its own call, as before.
    await setLevel(900);
    await listing();
    await waitFor(() => uber.suspensions.get(UBER_STORE)?.get('p-LAT') === null, 5_000, 'p-LAT restored');
  });

  it('pauses the store when its machine goes offline and sets it online after', async () => {
    await setOnline(false);
    await listing();
    await waitFor(() => uber.statuses.get(UBER_STORE) === 'PAUSED', 5_000, 'the store paused');
    await setOnline(true);
    await listing();
    await waitFor(() => uber.statuses.get(UBER_STORE) === 'ONLINE', 5_000, 'the store online');
    const log = await changes();
    expect(log).toContain('pause-store (no-machine-takes-orders)');
    expect(log).toContain('resume-store (a-machine-takes-orders)');
    // While paused, the items kept their state: nothing suspended for the machine being offline.
    expect(log.filter((l: string) => l.includes('p-ESP'))).toEqual([]);
  });
});

describe('a store with two machines', () => {
  it('sends each order to the machine with the shortest queue of those that can make it', async () => {
    await setOnline(true);
    const second = counter;
    const secondClient = await mqtt.connectAsync(f.url, {
      clientId: second.serialNumber,
      username: second.serialNumber,
      password: second.secret,
      reconnectPeriod: 0,
    });
    const secondOnline = async (online: boolean) => {
      await secondClient.publishAsync(
        topicFor(second.serialNumber, 'status'),
        JSON.stringify({
          v: PROTOCOL_VERSION,
          online,
          ts: now(),
          state: 'idle',
          locked: false,
          menuVersion: version,
        }),
        { qos: 1, retain: true },
      );
      await written(
        async () => (await sql(`select online from device where id = $1`, [second.id]))[0].online === online,
        `the second machine ${online ? 'online' : 'offline'}`,
      );
    };
    const queue = async (deviceId: string) =>
      (
        await sql(
          `select count(*)::int as n from sales_order where device_id = $1 and status in ('paid', 'processing')`,
          [deviceId],
        )
      )[0].n as number;
    const place = async () => {
      const order = uber.createOrder(UBER_STORE, [{ id: 'p-ESP', quantity: 1 }]);
      expect((await webhook('orders.notification', order.id)).statusCode).toBe(200);
      expect((await answered(order.id))!.kind).toBe('accepted');
      const [{ deviceId }] = await sql(
        `select o.device_id::text as "deviceId" from delivery_order d join sales_order o on o.id = d.order_id
         where d.uber_order_id = $1`,
        [order.id],
      );
      return deviceId as string;
    };
    try {
      // The first machine alone: two orders wait on it.
      expect([await place(), await place()]).toEqual([machine.id, machine.id]);
      await secondOnline(true);
      const went: string[] = [];
      for (let i = 0; i < 4; i++) {
        const [first, other] = [await queue(machine.id), await queue(second.id)];
        const deviceId = await place();
        // The shorter queue wins; of two equal ones, either.
        if (first !== other) expect(deviceId).toBe(first < other ? machine.id : second.id);
        else expect([machine.id, second.id]).toContain(deviceId);
        went.push(deviceId);
      }
      // The idle machine took the next order at once, and both had work by the end.
      expect(went[0]).toBe(second.id);
      expect(went.filter((id) => id === second.id).length).toBeGreaterThanOrEqual(2);
    } finally {
      await secondOnline(false);
      await secondClient.endAsync(true);
    }
  });
});
