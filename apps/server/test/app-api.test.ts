/**
 * The ordering app's API end to end (issue 12 §5) on real PostgreSQL and the embedded broker: members
 * sign up and in (throttled), their tokens and the console's each open only their own API, they find
 * stores and machines near them, read a machine's menu in their language, and order paid by wallet
 * (with or without a coupon, Idempotency-Key). The machine — a real MQTT client speaking for it, and
 * the simulator — receives the `app-order` command, makes the cups and completes the order, which
 * the console lists as an app order. Too little money or a coupon that is not usable writes nothing;
 * a machine that cannot take the order rejects it and the wallet gets its money back.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, topicFor, type Language } from '@brewfleet/contracts';
import {
  type FleetTest,
  machineTakesStoreMenu,
  quietMachine,
  startFleetTest,
  waitFor,
} from './helpers/fleet.ts';
import { startTestApp } from './helpers/test-app.ts';
import { appClient } from './helpers/app-client.ts';
import { uploadFile } from './helpers/multipart.ts';
import type { SimulatedMachine } from '@brewfleet/simulator';

const PASSWORD = 'App-Orders-Strong-9';
const MEMBER_PASSWORD = 'Member-Strong-Pass-7';
const APP = '/api/app/v1';
let f: FleetTest;
let alpha: string;
let alphaId: string;
let betaId: string;
let storeId: string;
let machine: { id: string; serialNumber: string; secret: string };
let client: MqttClient;
let version: string;
/** What the machine heard on its cmd topic. */
const commands: Array<{ commandId: string; type: string; params: any }> = [];

const { app, appOk } = appClient(() => f.t);
async function console_(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  token = alpha,
  key?: string,
) {
  const res = await f.t.call(method, url, {
    token,
    body,
    lang: 'en',
    headers: key ? { 'idempotency-key': key } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A new member of Alpha with a wallet of `topUp`, signed in. */
async function newMember(topUp = '0') {
  const phone = `+8869${crypto.randomInt(10_000_000, 99_999_999)}`;
  const { token, member } = await appOk('POST', '/auth/signup', {
    body: { merchantId: alphaId, username: `m${phone.slice(-4)}`, phone, password: MEMBER_PASSWORD },
  });
  if (topUp !== '0')
    await console_(
      'POST',
      '/api/coffee/member/wallet',
      { memberId: member.id, amount: topUp, reason: 'counter', kind: 'top-up' },
      f.admin,
      crypto.randomUUID(),
    );
  return { token, member, phone };
}

const sql = <T = any>(text: string, params?: unknown[]) => f.t.sql<T>(text, params);
const orderCount = async (memberNo: string) =>
  (await sql(`select count(*)::int as n from sales_order where member_no = $1`, [memberNo]))[0].n as number;
const walletEntries = async (memberId: string) =>
  (await sql(`select kind, amount::text from member_wallet_entry where member_id = $1 order by id`, [
    memberId,
  ])) as Array<{
    kind: string;
    amount: string;
  }>;

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
/** The app-order command for `orderNo` as the machine heard it. */
const commandFor = async (orderNo: string) =>
  (await waitFor(
    () => commands.find((c) => c.type === 'app-order' && c.params.orderNo === orderNo),
    10_000,
    `the app-order command of ${orderNo}`,
  ))!;
/** Until the gateway has written what `check` looks for. */
const written = <T>(check: () => Promise<T>, what: string) =>
  waitFor(
    async () => {
      await f.fleet.gateway.flush();
      return check();
    },
    10_000,
    what,
  );

/** The machine takes the order, makes a cup per unit of each line and completes it (device protocol §4.9). */
async function machineMakes(orderNo: string) {
  const command = await commandFor(orderNo);
  await publish('ack', { commandId: command.commandId, stage: 'received', ts: now() });
  await publish('ack', { commandId: command.commandId, stage: 'succeeded', ts: now() });
  const cups = command.params.lines.flatMap((l: any) =>
    Array.from({ length: l.quantity }, () => ({
      eventId: crypto.randomUUID(),
      type: 'production',
      ts: now(1),
      productCode: l.productCode,
      method: 'scan-code',
      result: 'completed',
      startedAt: now(1),
      cupOutSeconds: 30,
      order: { orderNo, line: l.line },
    })),
  );
  await publish('events', {
    events: [
      { eventId: crypto.randomUUID(), type: 'order-status', orderNo, status: 'processing', ts: now(1) },
      ...cups,
      { eventId: crypto.randomUUID(), type: 'order-status', orderNo, status: 'completed', ts: now(2) },
    ],
  });
  return command;
}

beforeAll(async () => {
  // A lower sign-in limit per login than production's, so that throttling shows within a few tries.
  const t = await startTestApp({
    logLevel: 'silent',
    throttle: {
      account: { limit: 3, windowSeconds: 900, lockSeconds: 900 },
      address: { limit: 100, windowSeconds: 900, lockSeconds: 900 },
    },
  });
  f = await startFleetTest({ t });
  const a = await console_(
    'POST',
    '/api/coffee/merchant',
    { name: 'Alpha Cafe', loginAccount: 'alpha-app', password: f.t.encrypt(PASSWORD), country: 'TW' },
    f.admin,
  );
  alphaId = a.id;
  alpha = await f.t.login('alpha-app', PASSWORD);
  const b = await console_(
    'POST',
    '/api/coffee/merchant',
    { name: 'Beta Cafe', loginAccount: 'beta-app', password: f.t.encrypt(PASSWORD), country: 'TW' },
    f.admin,
  );
  betaId = b.id;
  const beta = await f.t.login('beta-app', PASSWORD);
  // Taipei 101, and Beta's store next door (not Alpha's members' to see).
  storeId = (
    await console_('POST', '/api/coffee/store', {
      name: 'Alpha Xinyi',
      type: 'pick-up',
      latitude: 25.0339,
      longitude: 121.5645,
    })
  ).id;
  await console_(
    'POST',
    '/api/coffee/store',
    { name: 'Beta Xinyi', type: 'pick-up', latitude: 25.034, longitude: 121.565 },
    beta,
  );
  machine = await f.register({ merchantId: alphaId, storeId, name: 'Lobby machine' });
  const drinks = await console_('POST', '/api/coffee/product-type', { name: 'Drinks' });
  const beans = await console_('POST', '/api/coffee/material', { name: 'Beans', unit: 'g' });
  const product = (name: string, names: Record<string, string>, code: string, price: string) =>
    console_('POST', '/api/coffee/product', {
      name,
      names,
      code,
      kind: 'drink',
      family: 'coffee',
      price,
      productTypeId: drinks.id,
      recipe: {
        steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40, temperatureC: 92 } }],
      },
      materials: [{ materialId: beans.id, amount: 18 }],
    });
  for (const p of [
    await product('Latte', { zh: '拿铁', tw: '拿鐵' }, 'LAT', '60.00'),
    await product('Espresso', { zh: '浓缩咖啡', tw: '濃縮咖啡' }, 'ESP', '45.00'),
  ])
    await console_('POST', '/api/coffee/store-product', { storeId, productId: p.id });
  const tax = await console_('POST', '/api/coffee/tax', {
    name: 'Business tax',
    country: 'TW',
    type: 'packaging',
    rate: '5',
  });
  await console_('POST', '/api/coffee/tax-allocation', { taxId: tax.id, productTypeId: drinks.id });
  // The machine takes the store's menu, then the test speaks for it.
  version = await machineTakesStoreMenu(f.url, machine, storeId, console_);
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
  await publish(
    'status',
    { online: true, ts: now(), state: 'idle', locked: false, menuVersion: version },
    true,
  );
  await written(
    async () => (await sql(`select online from device where id = $1`, [machine.id]))[0].online,
    'the machine online',
  );
}, 180_000);
afterAll(async () => {
  await client?.endAsync(true);
  await f?.close();
  // The fleet was started on this file's app: closing the fleet leaves the app and its database.
  await f?.t.close();
});

describe('signing up and in', () => {
  it('signs a member up and in by phone or email, one message for a wrong login or password, throttled per login', async () => {
    const weak = await app('POST', '/auth/signup', {
      body: { merchantId: alphaId, username: 'Weak', phone: '+886911000001', password: 'password' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().msg).toBe('This password is too common; choose another');
    const none = await app('POST', '/auth/signup', {
      body: { merchantId: alphaId, username: 'Nobody', password: MEMBER_PASSWORD },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toContain('Give a phone number or an email address');

    const email = `amy-${crypto.randomBytes(3).toString('hex')}@example.com`;
    const up = await appOk('POST', '/auth/signup', {
      body: { merchantId: alphaId, username: 'Amy', email, password: MEMBER_PASSWORD },
    });
    expect(up.member).toMatchObject({ username: 'Amy', email, merchantId: alphaId, walletBalance: '0.00' });
    expect(up.member.memberNo).toMatch(/^M\d+$/);
    expect(await appOk('GET', '/me', { token: up.token })).toMatchObject({ id: up.member.id });
    const again = await app('POST', '/auth/signup', {
      body: { merchantId: alphaId, username: 'Amy 2', email, password: MEMBER_PASSWORD },
      ip: '198.51.100.1',
    });
    expect(again.statusCode).toBe(409);

    const signin = (login: string, password: string, lang: Language = 'en') =>
      app('POST', '/auth/signin', { body: { merchantId: alphaId, login, password }, lang });
    const wrongPassword = await signin(email, 'Not-The-Password-1');
    const unknown = await signin('nobody@example.com', MEMBER_PASSWORD);
    expect([wrongPassword.statusCode, unknown.statusCode]).toEqual([400, 400]);
    expect(wrongPassword.json().msg).toBe('Wrong phone, email or password');
    expect(unknown.json().msg).toBe(wrongPassword.json().msg);
    expect((await signin(email, 'Not-The-Password-1', 'tw')).json().msg).toBe('手機號碼、電子郵件或密碼錯誤');
    expect((await signin(email, 'Not-The-Password-2', 'zh')).json().msg).toBe('手机号码、邮箱或密码错误');
    // The third failure locked the login: even the right password waits now.
    const locked = await signin(email, MEMBER_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe(429);
    const { token: other } = await newMember();
    expect(other).toBeTruthy();

    // Out: the token no longer opens anything.
    await appOk('POST', '/auth/signout', { token: up.token });
    expect((await app('GET', '/me', { token: up.token })).statusCode).toBe(401);
  });

  it('takes a phone however it is typed as one number: no second member, and sign-in by any spelling', async () => {
    const digits = `9${crypto.randomInt(10_000_000, 99_999_999)}`;
    const spaced = `+886 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
    const up = await appOk('POST', '/auth/signup', {
      body: { merchantId: alphaId, username: 'Lin', phone: spaced, password: MEMBER_PASSWORD },
    });
    expect(up.member.phone).toBe(spaced);
    for (const typed of [
      `+886${digits}`,
      `+886-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`,
    ]) {
      const twice = await app('POST', '/auth/signup', {
        body: { merchantId: alphaId, username: 'Lin again', phone: typed, password: MEMBER_PASSWORD },
        ip: '198.51.100.2',
      });
      expect(twice.statusCode, typed).toBe(409);
      const signedIn = await appOk('POST', '/auth/signin', {
        body: { merchantId: alphaId, login: typed, password: MEMBER_PASSWORD },
      });
      expect(signedIn.member.id).toBe(up.member.id);
    }
    expect(
      (await sql(`select count(*)::int as n from member where phone_key = $1`, [`+886${digits}`]))[0].n,
    ).toBe(1);
  });

  it('stops one address asking phone after phone whether it is registered: 429 after the limit, others unaffected', async () => {
    const { phone } = await newMember();
    const ip = '203.0.113.9';
    const signup = (p: string, at = ip, lang: Language = 'en') =>
      app('POST', '/auth/signup', {
        body: { merchantId: alphaId, username: 'Probe', phone: p, password: MEMBER_PASSWORD },
        ip: at,
        lang,
      });
    // This file's limit is 3 a window (production's 5): three "already a member" answers…
    for (let i = 0; i < 3; i++) expect((await signup(phone)).statusCode).toBe(409);
    // …then this address waits, even for a phone nobody has, and is told how long.
    const fresh = `+8869${crypto.randomInt(10_000_000, 99_999_999)}`;
    const locked = await signup(fresh);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toMatch(
      /^Too many sign-ups with a phone number or email address already registered, try again in \d+ seconds$/,
    );
    expect((await signup(fresh, ip, 'tw')).json().msg).toMatch(/^使用已註冊手機號碼或電子郵件的註冊次數過多/);
    expect((await signup(fresh, ip, 'zh')).json().msg).toMatch(/^使用已注册手机号码或邮箱的注册次数过多/);
    expect((await sql(`select count(*)::int as n from member where phone_key = $1`, [fresh]))[0].n).toBe(0);
    // Another address signs the same new phone up.
    expect((await signup(fresh, '203.0.113.10')).statusCode).toBe(200);
  });

  it('signs in with the phone, and the token opens only the app API; a console token opens only the console', async () => {
    const { phone, member } = await newMember();
    const { token } = await appOk('POST', '/auth/signin', {
      body: { merchantId: alphaId, login: phone, password: MEMBER_PASSWORD },
    });
    expect((await appOk('GET', '/me', { token })).memberNo).toBe(member.memberNo);
    // A console token on the app's API, as a bearer token or as the console sends it: 401.
    expect((await app('GET', '/me', { token: alpha })).statusCode).toBe(401);
    const asConsole = await f.t.call('GET', `${APP}/me`, { token: alpha, lang: 'en' });
    expect(asConsole.statusCode).toBe(401);
    expect(asConsole.json()).toEqual({ code: 401, msg: 'Login permission expired' });
    // A member token on the console's API, either way: 401.
    expect((await f.t.call('POST', '/api/coffee/order/list', { token, body: {} })).statusCode).toBe(401);
    const bearer = await f.t.call('POST', '/api/coffee/order/list', {
      token: null,
      body: {},
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(401);
    expect((await app('GET', '/me')).statusCode).toBe(401);
  });

  it('remembers a member’s check until what it read changes: a member disabled is refused at once, a payment moves nothing', async () => {
    const epoch = async () => (await sql(`select n::text as n from auth_epoch`))[0].n as string;
    const { token, member } = await newMember('100');
    expect((await appOk('GET', '/me', { token })).walletBalance).toBe('100.00');
    // Money moving (a top-up here, a payment alike: the wallet's columns) leaves the epoch alone.
    const before = await epoch();
    await console_(
      'POST',
      '/api/coffee/member/wallet',
      { memberId: member.id, amount: '-1.00', reason: 'check', kind: 'adjustment' },
      f.admin,
      crypto.randomUUID(),
    );
    expect(await epoch()).toBe(before);
    // The process remembers the caller: a session ended behind the epoch's back (triggers off on
    // this connection) still opens the app until the epoch moves.
    await f.t.sql(
      `begin; set local session_replication_role = replica;
       update member_session set revoked_at = now() where member_id = '${member.id}'; commit`,
    );
    expect((await app('GET', '/me', { token })).statusCode).toBe(200);
    await sql(`update auth_epoch set n = n + 1`);
    expect((await app('GET', '/me', { token })).statusCode).toBe(401);

    // Disabled in the console: refused at the next call, though the process had remembered it.
    const { token: second, member: other } = await newMember();
    expect((await app('GET', '/me', { token: second })).statusCode).toBe(200);
    await console_('PUT', '/api/coffee/member', { id: other.id, status: 'disabled' }, f.admin);
    expect((await app('GET', '/me', { token: second })).statusCode).toBe(401);
  });

  it('is in the OpenAPI document under the tag app', async () => {
    const doc = (await f.t.call('GET', '/api/docs/openapi.json')).json();
    const ops = Object.entries(doc.paths as Record<string, Record<string, { tags?: string[] }>>).filter(
      ([p]) => p.startsWith(APP),
    );
    expect(ops.map(([p]) => p)).toEqual(
      expect.arrayContaining([
        `${APP}/auth/signup`,
        `${APP}/orders`,
        `${APP}/machines/{id}/menu`,
        `${APP}/stores`,
      ]),
    );
    for (const [, methods] of ops) for (const op of Object.values(methods)) expect(op.tags).toEqual(['app']);
    expect(doc.paths[`${APP}/orders`].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['deviceId', 'orderType', 'lines']),
    );
  });
});

describe('stores, machines and menus', () => {
  it("finds the member's merchant's stores near a place, with their machines, and none far away", async () => {
    const { token } = await newMember();
    const near = await appOk('GET', '/stores', {
      token,
      query: { lat: '25.04', lng: '121.56', radiusKm: '3' },
    });
    expect(near.map((s: any) => s.name)).toEqual(['Alpha Xinyi']);
    expect(near[0].distanceKm).toBeGreaterThan(0.5);
    expect(near[0].distanceKm).toBeLessThan(1.5);
    expect(near[0].machines).toEqual([
      { id: machine.id, name: 'Lobby machine', family: 'coffee', online: true, ordering: true },
    ]);
    // Kaohsiung is 300 km away.
    expect(
      await appOk('GET', '/stores', { token, query: { lat: '22.62', lng: '120.30', radiusKm: '10' } }),
    ).toEqual([]);
  });

  it("answers the menu the machine runs in the member's language; another merchant's machine is not found", async () => {
    const { token } = await newMember();
    const menu = await appOk('GET', `/machines/${machine.id}/menu`, { token, lang: 'zh' });
    expect(menu.menuVersion).toBe(version);
    // In what the order will be charged: its merchant's country's currency (the menu names none).
    expect(menu.currency).toBe('TWD');
    expect(menu.products.map((p: any) => [p.code, p.name, p.price]).sort()).toEqual([
      ['ESP', '浓缩咖啡', '45.00'],
      ['LAT', '拿铁', '60.00'],
    ]);
    const beta = await appOk('POST', '/auth/signup', {
      body: { merchantId: betaId, username: 'Bo', phone: '+886922333444', password: MEMBER_PASSWORD },
    });
    const foreign = await app('GET', `/machines/${machine.id}/menu`, { token: beta.token });
    expect(foreign.statusCode).toBe(404);
    const order = await app('POST', '/orders', {
      token: beta.token,
      key: crypto.randomUUID(),
      body: { deviceId: machine.id, orderType: 'pack', lines: [{ productCode: 'ESP', quantity: 1 }] },
    });
    expect(order.statusCode).toBe(404);
  });

  it("gives each product of the menu its pictures' addresses, which load without a token", async () => {
    const png = (colour: string) =>
      sharp({ create: { width: 10, height: 10, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const cover = await uploadFile(f.t.app, alpha, await png('#7b4a2a'), 'latte.png', 'image/png');
    const second = await uploadFile(f.t.app, alpha, await png('#d8c3a5'), 'latte-2.png', 'image/png');
    await sql(
      `update product set images = array[$1::bigint, $2::bigint] where merchant_id = $3 and code = 'LAT'`,
      [cover, second, alphaId],
    );
    const { token } = await newMember();
    const menu = await appOk('GET', `/machines/${machine.id}/menu`, { token });
    const latte = menu.products.find((p: any) => p.code === 'LAT');
    expect(latte.imageUrl).toBe(`http://localhost:80${APP}/images/${cover}`);
    expect(latte.imageUrls).toEqual([
      `http://localhost:80${APP}/images/${cover}`,
      `http://localhost:80${APP}/images/${second}`,
    ]);
    const espresso = menu.products.find((p: any) => p.code === 'ESP');
    expect([espresso.imageUrl, espresso.imageUrls]).toEqual([null, []]);
    const res = await app('GET', `/images/${cover}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });
});

describe('ordering at a machine, paid by wallet', () => {
  it('pays from the wallet; the machine gets the order and pickup code, makes it, and the order completes', async () => {
    const { token, member } = await newMember('200.00');
    const key = crypto.randomUUID();
    const body = {
      deviceId: machine.id,
      orderType: 'dine-in',
      lines: [
        { productCode: 'LAT', quantity: 2 },
        { productCode: 'ESP', quantity: 1 },
      ],
    };
    const placed = await appOk('POST', '/orders', { token, key, body });
    // 2 × 60 + 45, the 5 % included.
    expect(placed).toMatchObject({
      status: 'paid',
      // What the amounts are in: the app labels them (a chain may sell in several countries).
      currency: 'TWD',
      amount: '165.00',
      discount: '0.00',
      actualPayment: '165.00',
      walletBalance: '35.00',
    });
    expect(placed.pickupCode).toMatch(/^\d{4}$/);
    // The same key and body: the first answer again, one order, one payment.
    expect(await appOk('POST', '/orders', { token, key, body })).toEqual(placed);
    const reused = await app('POST', '/orders', { token, key, body: { ...body, orderType: 'pack' } });
    expect(reused.statusCode).toBe(422);
    expect(await orderCount(member.memberNo)).toBe(1);
    expect(await walletEntries(member.id)).toEqual([
      { kind: 'top-up', amount: '200.00' },
      { kind: 'payment', amount: '-165.00' },
    ]);

    const command = await machineMakes(placed.orderNo);
    expect(command.params).toMatchObject({
      orderNo: placed.orderNo,
      pickupCode: placed.pickupCode,
      orderType: 'dine-in',
      memberNo: member.memberNo,
      lines: [
        { line: 1, productCode: 'LAT', quantity: 2, unitPrice: '60.00', options: [], toppings: [] },
        { line: 2, productCode: 'ESP', quantity: 1, unitPrice: '45.00', options: [], toppings: [] },
      ],
    });
    const mine = await written(async () => {
      const o = await appOk('GET', `/orders/${placed.orderId}`, { token });
      return o.status === 'completed' && o;
    }, 'the order completed');
    expect(mine).toMatchObject({
      orderNo: placed.orderNo,
      pickupCode: placed.pickupCode,
      machineName: 'Lobby machine',
      currency: 'TWD',
    });
    expect(
      mine.lines.map((l: any) => [l.line, l.productCode, l.name, l.quantity, l.amount, l.optionNames]),
    ).toEqual([
      [1, 'LAT', 'Latte', 2, '120.00', []],
      [2, 'ESP', 'Espresso', 1, '45.00', []],
    ]);
    // The console lists it as an app order, paid by wallet, with its steps and cups.
    const list = await console_('POST', '/api/coffee/order/list', { source: 'app' });
    expect(list.list.map((o: any) => o.orderNo)).toContain(placed.orderNo);
    const detail = await console_('GET', `/api/coffee/order/${placed.orderId}/detail`);
    expect(detail).toMatchObject({ status: 'completed', paymentMethod: 'wallet', source: 'app' });
    expect(detail.timeline.map((s: any) => [s.status, s.cause])).toEqual([
      ['waiting-payment', 'app'],
      ['paid', 'app'],
      ['processing', 'machine'],
      ['completed', 'machine'],
    ]);
    await written(
      async () => (await console_('GET', `/api/coffee/order/${placed.orderId}/detail`)).cups.length === 3,
      'the cups',
    );
    const orders = await appOk('GET', '/orders', { token });
    expect(orders).toMatchObject({ total: 1, list: [{ id: placed.orderId, status: 'completed' }] });
  });

  it('takes a coupon off the order; an expired or another member’s coupon is refused with nothing written', async () => {
    const { token, member } = await newMember('100.00');
    const coupon = await console_(
      'POST',
      '/api/coffee/coupon',
      { name: 'Ten off', merchantId: alphaId, discountAmount: '10.00', pointsCost: 0, validityDays: 30 },
      f.admin,
    );
    const grant = (memberId: string) =>
      console_(
        'POST',
        '/api/coffee/coupon/grant',
        { couponId: coupon.id, memberIds: [memberId] },
        f.admin,
        crypto.randomUUID(),
      );
    await grant(member.id);
    await grant(member.id);
    const held = await appOk('GET', '/coupons', { token });
    expect(held).toHaveLength(2);
    expect(held[0]).toMatchObject({ name: 'Ten off', discountAmount: '10.00', status: 'available' });

    const order = (memberCouponId: string, lang: Language = 'en') =>
      app('POST', '/orders', {
        token,
        lang,
        key: crypto.randomUUID(),
        body: {
          deviceId: machine.id,
          orderType: 'pack',
          lines: [{ productCode: 'ESP', quantity: 1 }],
          memberCouponId,
        },
      });
    const placed = (await order(held[0].id)).json().data;
    expect(placed).toMatchObject({
      amount: '45.00',
      discount: '10.00',
      actualPayment: '35.00',
      walletBalance: '65.00',
    });
    const used = await appOk('GET', '/coupons', { token });
    expect(used.find((c: any) => c.id === held[0].id)).toMatchObject({
      status: 'used',
      orderId: placed.orderId,
    });
    // Used already: refused, nothing written.
    const twice = await order(held[0].id);
    expect(twice.statusCode).toBe(409);

    // Past its time (as if a month went by).
    await sql(
      `update member_coupon set valid_from = now() - interval '40 days', valid_to = now() - interval '1 day' where id = $1`,
      [held[1].id],
    );
    const expired = await order(held[1].id, 'zh');
    expect(expired.statusCode).toBe(409);
    expect(expired.json().msg).toMatch(/^这张优惠券已于 .+ 过期$/);
    // Another member's coupon.
    const other = await newMember('0');
    await grant(other.member.id);
    const [theirs] = await appOk('GET', '/coupons', { token: other.token });
    const foreign = await order(theirs.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe('This coupon is not one of yours');
    // Only the one order with its one payment: the refused ones left nothing.
    expect(await orderCount(member.memberNo)).toBe(1);
    expect((await walletEntries(member.id)).map((e) => e.kind)).toEqual(['top-up', 'payment']);
    expect((await appOk('GET', '/coupons', { token: other.token }))[0]).toMatchObject({
      status: 'available',
    });
    await machineMakes(placed.orderNo);
  });

  it('refuses an order the wallet cannot pay, in the caller’s language, and writes nothing', async () => {
    const { token, member } = await newMember('50.00');
    const res = await app('POST', '/orders', {
      token,
      lang: 'zh',
      key: crypto.randomUUID(),
      body: { deviceId: machine.id, orderType: 'pack', lines: [{ productCode: 'LAT', quantity: 1 }] },
    });
    expect(res.statusCode).toBe(409);
    // In the wallet's currency, its merchant's (Alpha Cafe is in Taiwan).
    expect(res.json().msg).toBe('钱包余额 TWD 50.00，不足以支付 TWD 60.00');
    expect(await orderCount(member.memberNo)).toBe(0);
    expect(await walletEntries(member.id)).toEqual([{ kind: 'top-up', amount: '50.00' }]);
    const unknown = await app('POST', '/orders', {
      token,
      key: crypto.randomUUID(),
      body: { deviceId: machine.id, orderType: 'pack', lines: [{ productCode: 'XYZ', quantity: 1 }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('Line 1: XYZ is not on this machine’s menu');
    expect(await orderCount(member.memberNo)).toBe(0);
  });

  it('takes no order at a store its staff closed, says so in the caller’s language, and writes nothing', async () => {
    const { token, member } = await newMember('100.00');
    const order = (lang: Language) =>
      app('POST', '/orders', {
        token,
        lang,
        key: crypto.randomUUID(),
        body: { deviceId: machine.id, orderType: 'pack', lines: [{ productCode: 'ESP', quantity: 1 }] },
      });
    const ordering = async () =>
      (await appOk('GET', '/stores', { token, query: { lat: '25.04', lng: '121.56', radiusKm: '3' } }))[0]
        .machines[0].ordering;
    await console_('PUT', '/api/coffee/store', { id: storeId, isOpen: false });
    try {
      expect(await ordering()).toBe(false);
      const closed = await order('en');
      expect(closed.statusCode, closed.body).toBe(409);
      expect(closed.json().msg).toBe('Alpha Xinyi is closed now: order again when it opens');
      expect((await order('tw')).json().msg).toBe('Alpha Xinyi目前暫停營業，請在開門後再下單');
      expect(await orderCount(member.memberNo)).toBe(0);
      expect(await walletEntries(member.id)).toEqual([{ kind: 'top-up', amount: '100.00' }]);
    } finally {
      await console_('PUT', '/api/coffee/store', { id: storeId, isOpen: true });
    }
    // Open again: the machine takes the order.
    expect(await ordering()).toBe(true);
    const placed = await appOk('POST', '/orders', {
      token,
      key: crypto.randomUUID(),
      body: { deviceId: machine.id, orderType: 'pack', lines: [{ productCode: 'ESP', quantity: 1 }] },
    });
    await machineMakes(placed.orderNo);
  });

  it('numbers orders placed at once at one machine apart: each its own order number and pickup code', async () => {
    const { token } = await newMember('600.00');
    const placed = await Promise.all(
      Array.from({ length: 8 }, () =>
        appOk('POST', '/orders', {
          token,
          key: crypto.randomUUID(),
          body: { deviceId: machine.id, orderType: 'pack', lines: [{ productCode: 'LAT', quantity: 1 }] },
        }),
      ),
    );
    for (const p of placed) expect(p.orderNo).toMatch(/^APP-\d{6}-\d+$/);
    expect(new Set(placed.map((p) => p.orderNo)).size).toBe(8);
    expect(new Set(placed.map((p) => p.pickupCode)).size).toBe(8);
    // A code an open app order of the machine holds cannot be given to another open one; once the
    // order is final its code may be used again.
    const copy = (status: string) =>
      sql(
        `insert into sales_order
         select (jsonb_populate_record(null::sales_order, to_jsonb(o) || jsonb_build_object(
                  'id', next_id(), 'order_no', 'COPY-' || next_id(), 'event_id', 'copy-' || next_id(), 'status', $2::text))).*
         from sales_order o where o.order_no = $1`,
        [placed[0].orderNo, status],
      );
    await expect(copy('paid')).rejects.toThrow(/sales_order_app_pickup_open_key/);
    await copy('completed');
  });

  it('shows a product sold out when its channel cannot make a cup, and refuses its order before any money moves', async () => {
    const { token, member } = await newMember('100.00');
    const level = async (grams: number) => {
      await publish('events', {
        events: [
          {
            eventId: crypto.randomUUID(),
            type: 'material',
            ts: now(),
            levels: [{ channel: 1, grams, capacityG: 2000 }],
          },
        ],
      });
      const soldOut = grams < 18;
      return written(
        async () => {
          const menu = await appOk('GET', `/machines/${machine.id}/menu`, { token, lang: 'tw' });
          return menu.products.every((p: any) => p.soldOut === soldOut) && menu;
        },
        `the menu ${soldOut ? 'sold out' : 'on sale'}`,
      );
    };
    // Latte and espresso both take 18 g of beans from channel 1; 10 g are left.
    const menu = await level(10);
    expect(menu.products.map((p: any) => [p.name, p.soldOut])).toEqual([
      ['濃縮咖啡', true],
      ['拿鐵', true],
    ]);
    const refused = await app('POST', '/orders', {
      token,
      key: crypto.randomUUID(),
      lang: 'en',
      body: { deviceId: machine.id, orderType: 'pack', lines: [{ productCode: 'LAT', quantity: 1 }] },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().msg).toBe(
      'Line 1: Latte is sold out at this machine (a material has run low); choose another drink',
    );
    // Nothing was written: no order, no payment, no command to the machine.
    expect(await walletEntries(member.id)).toEqual([{ kind: 'top-up', amount: '100.00' }]);
    expect(await orderCount(member.memberNo)).toBe(0);
    // Refilled: on sale again, and the order goes through.
    await level(1200);
    const placed = await appOk('POST', '/orders', {
      token,
      key: crypto.randomUUID(),
      body: { deviceId: machine.id, orderType: 'pack', lines: [{ productCode: 'LAT', quantity: 1 }] },
    });
    await machineMakes(placed.orderNo);
  });

  it('rejects the order when the machine cannot make it, and the wallet gets its money back', async () => {
    const { token, member } = await newMember('100.00');
    const placed = await appOk('POST', '/orders', {
      token,
      key: crypto.randomUUID(),
      body: { deviceId: machine.id, orderType: 'pack', lines: [{ productCode: 'LAT', quantity: 1 }] },
    });
    expect(placed.walletBalance).toBe('40.00');
    const command = await commandFor(placed.orderNo);
    await publish('ack', { commandId: command.commandId, stage: 'received', ts: now() });
    await publish('ack', {
      commandId: command.commandId,
      stage: 'failed',
      ts: now(),
      reason: 'sold out: LAT',
    });
    const rejected = await written(async () => {
      const o = await appOk('GET', `/orders/${placed.orderId}`, { token });
      return o.status === 'rejected' && o;
    }, 'the order rejected');
    expect(rejected.status).toBe('rejected');
    // The receipt's tax: the 5 % packaging tax included in 60.00, in whole NT dollars.
    expect(rejected).toMatchObject({ currency: 'TWD', tax: '3.00', pricesIncludeTax: true });
    const detail = await console_('GET', `/api/coffee/order/${placed.orderId}/detail`);
    expect(detail.timeline.at(-1)).toMatchObject({
      status: 'rejected',
      cause: 'machine',
      reason: 'sold out: LAT',
    });
    // The members module gives the money back on a rejected order.
    await waitFor(
      async () => (await appOk('GET', '/me', { token })).walletBalance === '100.00',
      5_000,
      'the refund',
    );
    expect((await appOk('GET', '/wallet', { token })).list.map((e: any) => [e.kind, e.amount])).toEqual([
      ['refund', '60.00'],
      ['payment', '-60.00'],
      ['top-up', '100.00'],
    ]);
    expect(member.id).toBeTruthy();
    // The order says so: refunded by its end, by the system, nothing left for staff to refund
    // (before, it showed the whole 60.00 refundable though the wallet had it back).
    const after = await console_('GET', `/api/coffee/order/${placed.orderId}/detail`);
    expect(after).toMatchObject({ refunded: '60.00', refundable: '0.00' });
    expect(after.refunds).toEqual([
      expect.objectContaining({ amount: '60.00', cause: 'order-ended', reason: 'rejected', by: null }),
    ]);
    expect(after.lines.map((l: any) => l.refunded)).toEqual(['60.00']);
    const again = await f.t.call('POST', '/api/coffee/order/refund', {
      token: alpha,
      lang: 'en',
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { orderId: placed.orderId, reason: 'customer complained' },
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().msg).toBe('Nothing is left to refund on this order (paid 60.00, refunded 60.00)');
    expect((await appOk('GET', '/me', { token })).walletBalance).toBe('100.00');
  });

  it('rejects the order when its command expires before the machine took it, and gives the money back', async () => {
    const { token } = await newMember('100.00');
    const placed = await appOk('POST', '/orders', {
      token,
      key: crypto.randomUUID(),
      body: { deviceId: machine.id, orderType: 'pack', lines: [{ productCode: 'ESP', quantity: 1 }] },
    });
    await commandFor(placed.orderNo);
    // The machine heard it but never answered; ten minutes pass.
    await sql(
      `update device_command set expires_at = now() - interval '1 second' where ref_kind = 'order' and ref_id = $1`,
      [placed.orderId],
    );
    await f.fleet.delivery.runOnce();
    const detail = await console_('GET', `/api/coffee/order/${placed.orderId}/detail`);
    expect(detail.status).toBe('rejected');
    expect(detail.timeline.at(-1)).toMatchObject({ status: 'rejected', cause: 'server' });
    await waitFor(
      async () => (await appOk('GET', '/me', { token })).walletBalance === '100.00',
      5_000,
      'the refund',
    );
  });

  it("shows a member only their own orders: another's is not found", async () => {
    const a = await newMember('100.00');
    const b = await newMember('0');
    const placed = await appOk('POST', '/orders', {
      token: a.token,
      key: crypto.randomUUID(),
      body: { deviceId: machine.id, orderType: 'pack', lines: [{ productCode: 'ESP', quantity: 1 }] },
    });
    const theirs = await app('GET', `/orders/${placed.orderId}`, { token: b.token });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().msg).toBe('No such order');
    expect(await appOk('GET', '/orders', { token: b.token })).toMatchObject({ total: 0, list: [] });
    expect((await appOk('GET', '/orders', { token: a.token })).total).toBe(1);
    await machineMakes(placed.orderNo);
  });
});

describe('points, coupons and the app’s settings', () => {
  it('redeems points for a coupon once per Idempotency-Key, and shows the points history', async () => {
    const { token, member } = await newMember();
    await console_(
      'POST',
      '/api/coffee/member/points',
      { memberId: member.id, points: 100, reason: 'welcome' },
      f.admin,
      crypto.randomUUID(),
    );
    const coupon = await console_(
      'POST',
      '/api/coffee/coupon',
      { name: 'Free shot', merchantId: alphaId, discountAmount: '45.00', pointsCost: 30, validityDays: 7 },
      f.admin,
    );
    const redeemable = await appOk('GET', '/coupons/redeemable', { token });
    expect(redeemable).toContainEqual({
      id: coupon.id,
      name: 'Free shot',
      discountAmount: '45.00',
      pointsCost: 30,
      validityDays: 7,
    });
    const key = crypto.randomUUID();
    const first = await appOk('POST', '/coupons/redeem', { token, key, body: { couponId: coupon.id } });
    expect(first).toMatchObject({ points: 70, coupon: { couponId: coupon.id, status: 'available' } });
    expect(await appOk('POST', '/coupons/redeem', { token, key, body: { couponId: coupon.id } })).toEqual(
      first,
    );
    const points = await appOk('GET', '/points', { token });
    expect(points.points).toBe(70);
    expect(points.list.map((e: any) => [e.kind, e.points])).toEqual([
      ['redeem', -30],
      ['adjustment', 100],
    ]);
    expect(await appOk('GET', '/coupons', { token })).toHaveLength(1);
  });

  it('shows a merchant’s app name and privacy text before anyone signs in', async () => {
    await console_(
      'POST',
      '/api/coffee/app-setting',
      { merchantId: alphaId, appName: 'Alpha Coffee', privacyText: 'We keep your phone number private.' },
      f.admin,
    );
    expect(await appOk('GET', '/settings', { query: { merchantId: alphaId } })).toMatchObject({
      merchantId: alphaId,
      appName: 'Alpha Coffee',
      privacyText: 'We keep your phone number private.',
    });
    const none = await app('GET', '/settings', { query: { merchantId: betaId }, lang: 'tw' });
    expect(none.statusCode).toBe(404);
    expect(none.json().msg).toBe('該商家尚未設定 App');
  });

  it('gives the banners and the logo an address the app loads without a token, and serves no other upload there', async () => {
    const png = (colour: string) =>
      sharp({ create: { width: 12, height: 6, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const image = await uploadFile(f.t.app, alpha, await png('#6f4e37'), 'banner.png', 'image/png');
    const logo = await uploadFile(f.t.app, alpha, await png('#c0a080'), 'logo.png', 'image/png');
    const licence = await uploadFile(f.t.app, alpha, await png('#ffffff'), 'licence.png', 'image/png');
    await console_('POST', '/api/coffee/app-banner', { title: 'Winter', image, link: null, sort: 1 });
    const ended = await uploadFile(f.t.app, alpha, await png('#000000'), 'old.png', 'image/png');
    const old = await console_('POST', '/api/coffee/app-banner', { title: 'Old', image: ended, sort: 2 });
    await console_('PUT', '/api/coffee/app-banner', { id: old.id, enabled: false });
    const setting = (await sql(`select id::text from app_setting where merchant_id = $1`, [alphaId]))[0];
    if (setting) await console_('PUT', '/api/coffee/app-setting', { id: setting.id, logo });
    else
      await console_(
        'POST',
        '/api/coffee/app-setting',
        { merchantId: alphaId, appName: 'Alpha', logo },
        f.admin,
      );

    const { token } = await newMember();
    const banners = await appOk('GET', '/banners', { token });
    const winter = banners.find((b: any) => b.title === 'Winter');
    expect(winter.imageUrl).toBe(`http://localhost:80${APP}/images/${image}`);
    expect(banners.map((b: any) => b.title)).not.toContain('Old');
    const settings = await appOk('GET', '/settings', { query: { merchantId: alphaId } });
    expect(settings.logoUrl).toBe(`http://localhost:80${APP}/images/${logo}`);

    // An <img> sends no token: the image and the logo load without one, as the upload they are.
    for (const id of [image, logo]) {
      const res = await app('GET', `/images/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(12);
    }
    // Any other upload of the merchant, and a banner switched off, are not there.
    for (const id of [licence, ended, '999999999']) {
      const res = await app('GET', `/images/${id}`, { lang: 'tw' });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('the simulator', () => {
  let sim: SimulatedMachine;
  let second: { id: string; serialNumber: string; secret: string };
  beforeAll(async () => {
    const store = (await console_('POST', '/api/coffee/store', { name: 'Alpha Annex', type: 'pick-up' })).id;
    const products = await console_('POST', '/api/coffee/product/list', { limit: 10 });
    for (const p of products.list)
      await console_('POST', '/api/coffee/store-product', { storeId: store, productId: p.id });
    second = await f.register({ merchantId: alphaId, storeId: store, name: 'Annex machine' });
    // A machine whose every cup comes out right (random 0.5: no bad cup, no fault, no customer of its own).
    sim = quietMachine(f.url, second, { random: () => 0.5, faultChance: 0, refillChance: 0 });
    await sim.start();
    const release = await console_('POST', '/api/coffee/menu-release', {
      name: 'Annex menu',
      storeId: store,
    });
    await console_('POST', '/api/coffee/menu-release/push', { id: release.id });
    await waitFor(() => sim.menu?.version === release.version, 10_000, 'the simulator took the menu');
    await written(
      async () =>
        (await sql(`select menu_version from device where id = $1`, [second.id]))[0].menu_version ===
        release.version,
      'the menu version reported',
    );
  }, 60_000);
  afterAll(() => sim?.stop());

  it('makes an app order and completes it; sold out, it fails the command and the order is rejected', async () => {
    const { token } = await newMember('200.00');
    const order = () =>
      appOk('POST', '/orders', {
        token,
        key: crypto.randomUUID(),
        body: { deviceId: second.id, orderType: 'pack', lines: [{ productCode: 'ESP', quantity: 2 }] },
      });
    const made = await order();
    const done = await written(async () => {
      const o = await appOk('GET', `/orders/${made.orderId}`, { token });
      return o.status === 'completed' && o;
    }, 'the simulator completed the order');
    expect(done.status).toBe('completed');
    const cups = await written(async () => {
      const d = await console_('GET', `/api/coffee/order/${made.orderId}/detail`);
      return d.cups.length === 2 && d.cups;
    }, 'its cups');
    expect(cups).toHaveLength(2);

    // The beans run out: the machine refuses the next order whole.
    sim.setLevel(1, 0);
    const refused = await order();
    const rejected = await written(async () => {
      const o = await appOk('GET', `/orders/${refused.orderId}`, { token });
      return o.status === 'rejected' && o;
    }, 'the order rejected');
    expect(rejected.status).toBe('rejected');
    const detail = await console_('GET', `/api/coffee/order/${refused.orderId}/detail`);
    expect(detail.timeline.at(-1).reason).toMatch(/sold out/);
  });
});
