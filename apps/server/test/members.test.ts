/**
 * Members end to end (issue 12) on the embedded broker and a real PostgreSQL: the console's member,
 * coupon, points-rule, banner and app-setting resources with their rules; wallet and points
 * adjustments with an Idempotency-Key, under concurrency; and what orders and machines do to members:
 * a machine's wallet order is debited, a completed order earns points, a refund gives back money,
 * points and the coupon, a bad cup compensates its line once. Bad input answers in the caller's
 * language and writes nothing.
 */
import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_NO_PATTERN, PROTOCOL_VERSION, topicFor, type Language } from '@brewfleet/contracts';
import { quietMachine, startFleetTest, waitFor, type FleetTest } from './helpers/fleet.ts';
import { orderCupEvent, orderStatusEvent } from './helpers/machine-events.ts';
import { uploadFile } from './helpers/multipart.ts';
import { inScope, SYSTEM } from '../src/platform/db/scope.ts';
import type { MembersService } from '../src/modules/members/index.ts';
import { expirePoints } from '../src/modules/members/points-expiry.ts';

const PASSWORD = 'Members-Strong-Pass-5';
let f: FleetTest;
let alpha: string;
let beta: string;
let alphaId: string;
let storeId: string;
let drinksId: string;
let machine: { id: string; serialNumber: string; secret: string };
let client: MqttClient;
let version: string;
let members: MembersService;

type Res = Awaited<ReturnType<FleetTest['t']['call']>>;
async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  opts: { token?: string; key?: string; lang?: Language } = {},
): Promise<Res> {
  return f.t.call(method, url, {
    token: opts.token ?? alpha,
    body,
    lang: opts.lang ?? 'en',
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
  });
}
async function ok(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = alpha) {
  const res = await call(method, url, body, { token, key: crypto.randomUUID() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const key = () => crypto.randomUUID();
const memberOf = (id: string) => ok('GET', `/api/coffee/member/${id}`);
let phones = 0;
const newMember = (over: Record<string, unknown> = {}, token = alpha) =>
  ok(
    'POST',
    '/api/coffee/member',
    { username: `Member ${++phones}`, phone: `0912${String(phones).padStart(6, '0')}`, ...over },
    token,
  );
const topUp = (memberId: string, amount: string) =>
  ok('POST', '/api/coffee/member/wallet', { memberId, amount, reason: 'counter', kind: 'top-up' });
const ledgerSum = async (memberId: string) =>
  (
    await f.t.sql(
      `select coalesce(sum(amount), 0)::text as sum, count(*)::int as n from member_wallet_entry where member_id = $1`,
      [memberId],
    )
  )[0] as { sum: string; n: number };

const now = (offsetS = 0) => new Date(Date.now() + offsetS * 1000).toISOString();
const send = (events: unknown[]) =>
  client.publishAsync(
    topicFor(machine.serialNumber, 'events'),
    JSON.stringify({ v: PROTOCOL_VERSION, events }),
    {
      qos: 1,
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
let seq = 0;
/** A machine's order: a latte (60) on line 1 and an espresso (45) on line 2, 105.00 in all. */
function order(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    eventId: crypto.randomUUID(),
    ts: now(),
    type: 'order',
    orderNo: `M-${seq}-${crypto.randomBytes(2).toString('hex')}`,
    pickupCode: String(2000 + seq),
    orderType: 'pack',
    menuVersion: version,
    lines: [
      { line: 1, productCode: 'LAT', unitPrice: '60.00', quantity: 1 },
      { line: 2, productCode: 'ESP', unitPrice: '45.00', quantity: 1 },
    ],
    payment: { method: 'cash', amount: '105.00' },
    ...over,
  };
}
const status = orderStatusEvent;
const cup = (orderNo: string, line: number, over: Record<string, unknown> = {}) =>
  orderCupEvent(orderNo, line, line === 1 ? 'LAT' : 'ESP', over);
const orderRow = async (orderNo: string) =>
  (
    await f.t.sql(`select id::text, status from sales_order where device_id = $1 and order_no = $2`, [
      machine.id,
      orderNo,
    ])
  )[0];
/** Until the order is stored in this status. */
const orderIn = (orderNo: string, s: string) =>
  written(async () => (await orderRow(orderNo))?.status === s && orderRow(orderNo), `${orderNo} ${s}`);
/** Sells an order through the machine to the end: paid, made, completed. */
async function sell(o: ReturnType<typeof order>) {
  await send([o, status(o.orderNo, 'paid', { ts: now(1) }), status(o.orderNo, 'completed', { ts: now(2) })]);
  return (await orderIn(o.orderNo, 'completed')) as { id: string };
}
const inSystem = <T>(fn: (tx: any) => Promise<T>) => inScope(f.t.database.db, SYSTEM, fn);
const wait = (what: string, check: () => Promise<boolean>) => written(check, what);

async function createMerchant(name: string, login: string) {
  const m = await ok(
    'POST',
    '/api/coffee/merchant',
    { name, loginAccount: login, password: f.t.encrypt(PASSWORD), country: 'TW' },
    f.admin,
  );
  return { id: m.id as string, token: await f.t.login(login, PASSWORD) };
}

beforeAll(async () => {
  f = await startFleetTest();
  members = (f.t.app as any).services.members;
  ({ id: alphaId, token: alpha } = await createMerchant('Alpha Members', 'alpha-members'));
  ({ token: beta } = await createMerchant('Beta Members', 'beta-members'));
  storeId = (await ok('POST', '/api/coffee/store', { name: 'Alpha Corner', type: 'pick-up' })).id;
  machine = await f.register({ merchantId: alphaId, storeId });
  drinksId = (await ok('POST', '/api/coffee/product-type', { name: 'Drinks' })).id;
  const beans = await ok('POST', '/api/coffee/material', { name: 'Beans', unit: 'g' });
  const product = (name: string, code: string, price: string) =>
    ok('POST', '/api/coffee/product', {
      name,
      code,
      kind: 'drink',
      family: 'coffee',
      price,
      productTypeId: drinksId,
      recipe: {
        steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40, temperatureC: 92 } }],
      },
      materials: [{ materialId: beans.id, amount: 18 }],
    });
  for (const p of [await product('Latte', 'LAT', '60.00'), await product('Espresso', 'ESP', '45.00')])
    await ok('POST', '/api/coffee/store-product', { storeId, productId: p.id });
  const sim = quietMachine(f.url, machine);
  await sim.start();
  const release = await ok('POST', '/api/coffee/menu-release', { name: 'Menu', storeId });
  await ok('POST', '/api/coffee/menu-release/push', { id: release.id });
  version = release.version;
  await waitFor(() => sim.menu?.version === version, 10_000, 'the machine took the menu');
  await sim.stop();
  client = await mqtt.connectAsync(f.url, {
    clientId: machine.serialNumber,
    username: machine.serialNumber,
    password: machine.secret,
    reconnectPeriod: 0,
  });
}, 180_000);
afterAll(async () => {
  await client?.endAsync(true);
  await f.close();
});

describe('the console’s resources', () => {
  it('numbers a member, keeps its balances to the ledgers, and refuses a second member with the same phone or e-mail', async () => {
    const m = await newMember({ email: 'Ada@Example.com', walletBalance: '999.00', points: 999 });
    expect(m.memberNo).toMatch(MEMBER_NO_PATTERN);
    expect(m).toMatchObject({ merchantId: alphaId, walletBalance: '0.00', points: 0, status: 'active' });
    const phone = await call('POST', '/api/coffee/member', { username: 'Twin', phone: m.phone });
    expect(phone.statusCode).toBe(409);
    expect(phone.json().msg).toBe('A member of this merchant already has this phone number');
    const email = await call(
      'POST',
      '/api/coffee/member',
      { username: 'Twin', email: 'ada@example.COM' },
      { lang: 'tw' },
    );
    expect(email.statusCode).toBe(409);
    expect(email.json().msg).toBe('此商戶已有會員使用這個電子郵件');
    // Another merchant's member may have the same phone.
    await newMember({ phone: m.phone }, beta);
    const edited = await ok('PUT', '/api/coffee/member', {
      id: m.id,
      username: 'Ada L.',
      walletBalance: '5.00',
    });
    expect(edited).toMatchObject({ username: 'Ada L.', walletBalance: '0.00' });
    const list = await ok('POST', '/api/coffee/member/list', { memberNo: m.memberNo });
    expect(list.list.map((r: any) => r.id)).toEqual([m.id]);
    // Beta's console does not see it.
    expect((await call('GET', `/api/coffee/member/${m.id}`, undefined, { token: beta })).statusCode).toBe(
      404,
    );
  });

  it('keeps coupons, points rules, banners and app settings to their merchant’s rules', async () => {
    const coupon = await ok('POST', '/api/coffee/coupon', {
      name: 'Free espresso',
      discountAmount: '45.00',
      pointsCost: 100,
      validityDays: 30,
    });
    expect(coupon).toMatchObject({ merchantId: alphaId, status: 'usable', discountAmount: '45.00' });
    // A discount of nothing, or below it, is refused with its reason (the column's check was a 500).
    for (const discountAmount of ['0', '-5.00']) {
      const bad = await call(
        'POST',
        '/api/coffee/coupon',
        { name: 'Nothing', discountAmount, pointsCost: 0, validityDays: 30 },
        { lang: 'tw' },
      );
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().msg).toContain('請輸入大於 0 的金額');
    }
    const noPer = await call('POST', '/api/coffee/points-rule', {
      name: 'Spend',
      basis: 'amount',
      points: 1,
    });
    expect(noPer.statusCode).toBe(400);
    expect(noPer.json().msg).toBe('Points per amount spent need the amount that earns them');
    const betaStore = await ok('POST', '/api/coffee/store', { name: 'Beta Stand', type: 'pick-up' }, beta);
    const image = await uploadFile(
      f.t.app,
      alpha,
      await sharp({ create: { width: 8, height: 4, channels: 3, background: '#a0522d' } })
        .png()
        .toBuffer(),
      'banner.png',
      'image/png',
    );
    const banner = { title: 'Autumn', image, link: 'https://example.com/autumn', sort: 2 };
    // Alpha cannot name Beta's store at all; the platform, which sees both, is told it is not Alpha's.
    const foreign = await call('POST', '/api/coffee/app-banner', { ...banner, storeId: betaStore.id });
    expect(foreign.statusCode).toBe(400);
    const mixed = await call(
      'POST',
      '/api/coffee/app-banner',
      { ...banner, merchantId: alphaId, storeId: betaStore.id },
      { token: f.admin },
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().msg).toBe('The store is not one of this merchant’s stores');
    const made = await ok('POST', '/api/coffee/app-banner', { ...banner, storeId });
    expect(made).toMatchObject({ storeId, merchantId: alphaId });
    const badLink = await call('POST', '/api/coffee/app-banner', { ...banner, link: 'javascript:alert(1)' });
    expect(badLink.statusCode).toBe(400);
    const backwards = await call('POST', '/api/coffee/app-banner', {
      ...banner,
      activeFrom: '2026-12-01T00:00:00+08:00',
      activeTo: '2026-11-01T00:00:00+08:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().msg).toBe('The active period ends before it starts');
    const later = await call('PUT', '/api/coffee/app-banner', {
      id: made.id,
      activeFrom: '2026-12-01T00:00:00Z',
      activeTo: '2026-11-30T00:00:00Z',
    });
    expect(later.statusCode).toBe(400);
    // One app setting per merchant; compensation by coupon names a coupon.
    const noCoupon = await call('POST', '/api/coffee/app-setting', {
      appName: 'Alpha App',
      compensation: 'coupon',
    });
    expect(noCoupon.statusCode).toBe(400);
    expect(noCoupon.json().msg).toBe(
      'Compensation by coupon needs the coupon to give, one of this merchant’s',
    );
    const setting = await ok('POST', '/api/coffee/app-setting', { appName: 'Alpha App' });
    expect(setting.compensation).toBe('wallet');
    const twice = await call('POST', '/api/coffee/app-setting', { appName: 'Alpha App 2' }, { lang: 'zh' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('该商户已有应用设置，请直接编辑');
    expect(await members.banners(f.t.database.db, [alphaId], storeId)).toEqual([
      expect.objectContaining({ id: made.id, title: 'Autumn' }),
    ]);
    expect(await members.banners(f.t.database.db, [alphaId])).toEqual([]);
    expect(await inSystem((tx) => members.appSetting(tx, alphaId))).toMatchObject({ appName: 'Alpha App' });
  });
});

describe('wallets and points from the console', () => {
  it('adjusts a wallet once per Idempotency-Key, and a reused key with another body is a 422', async () => {
    const m = await newMember();
    const k = key();
    const body = { memberId: m.id, amount: '20', reason: 'welcome', kind: 'top-up' };
    const first = await call('POST', '/api/coffee/member/wallet', body, { key: k });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ memberId: m.id, walletBalance: '20.00' });
    expect(first.json().data.entry).toMatchObject({
      kind: 'top-up',
      amount: '20.00',
      balanceAfter: '20.00',
      reason: 'welcome',
    });
    const again = await call('POST', '/api/coffee/member/wallet', body, { key: k });
    expect(again.json().data).toEqual(first.json().data);
    const other = await call('POST', '/api/coffee/member/wallet', { ...body, amount: '30' }, { key: k });
    expect(other.statusCode).toBe(422);
    expect(await ledgerSum(m.id)).toEqual({ sum: '20.00', n: 1 });
    expect((await memberOf(m.id)).walletBalance).toBe('20.00');
    // The operation log names the call.
    const logged = await waitFor(
      async () =>
        (
          await f.t.sql(
            `select action, permission, outcome from operation_log where target_id = $1 and action = 'member.wallet'`,
            [m.id],
          )
        ).length === 3,
      5_000,
      'three lines in the operation log',
    );
    expect(logged).toBe(true);
    // Points the same way.
    const points = await call(
      'POST',
      '/api/coffee/member/points',
      { memberId: m.id, points: 15, reason: 'launch' },
      { key: k },
    );
    expect(points.statusCode, points.body).toBe(200);
    expect(points.json().data).toMatchObject({
      points: 15,
      entry: { kind: 'adjustment', points: 15, balanceAfter: 15 },
    });
  });

  it('lets exactly the affordable ones of 50 concurrent payments through, and the ledger sums to the balance', async () => {
    const m = await newMember();
    await topUp(m.id, '100.00');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(
          'POST',
          '/api/coffee/member/wallet',
          { memberId: m.id, amount: '-3.00', reason: 'coffee' },
          { key: key() },
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(33);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    expect((await memberOf(m.id)).walletBalance).toBe('1.00');
    expect(await ledgerSum(m.id)).toEqual({ sum: '1.00', n: 34 });
    // The service's payments (the app's) race the same way: 50 orders of 7.00 on 50.00.
    const n = await newMember();
    await topUp(n.id, '50.00');
    const paid = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        inSystem((tx) =>
          members.wallet.pay(tx, { memberId: n.id, amount: '7.00', orderId: String(900_000 + i) }),
        ),
      ),
    );
    expect(paid.filter((p) => p.status === 'fulfilled')).toHaveLength(7);
    for (const p of paid.filter((p) => p.status === 'rejected'))
      expect((p as PromiseRejectedResult).reason.key).toBe('msg.walletInsufficient');
    expect((await memberOf(n.id)).walletBalance).toBe('1.00');
    expect(await ledgerSum(n.id)).toEqual({ sum: '1.00', n: 8 });
    // Paying the same order again answers the first payment.
    const [order] = await f.t.sql(
      `select order_id::text from member_wallet_entry where member_id = $1 and kind = 'payment' limit 1`,
      [n.id],
    );
    await inSystem((tx) =>
      members.wallet.pay(tx, { memberId: n.id, amount: '7.00', orderId: order.order_id }),
    );
    expect(await ledgerSum(n.id)).toEqual({ sum: '1.00', n: 8 });
  });

  it('refuses bad input in the caller’s language and writes nothing', async () => {
    const m = await newMember();
    await topUp(m.id, '10.00');
    const over = await call(
      'POST',
      '/api/coffee/member/wallet',
      { memberId: m.id, amount: '-10.01', reason: 'x' },
      { key: key(), lang: 'zh' },
    );
    expect(over.statusCode).toBe(409);
    // Both amounts in the wallet's currency: the member's merchant's (Alpha is in Taiwan).
    expect(over.json().msg).toBe('钱包余额 TWD 10.00，不足以支付 TWD 10.01');
    const negative = await call(
      'POST',
      '/api/coffee/member/wallet',
      { memberId: m.id, amount: '-5', reason: 'x', kind: 'top-up' },
      { key: key(), lang: 'tw' },
    );
    expect(negative.statusCode).toBe(400);
    expect(negative.json().msg).toBe('儲值金額須為正數');
    const points = await call(
      'POST',
      '/api/coffee/member/points',
      { memberId: m.id, points: -1, reason: 'x' },
      { key: key() },
    );
    expect(points.statusCode).toBe(409);
    expect(points.json().msg).toBe('The member has 0 points: not enough for 1');
    const zero = await call(
      'POST',
      '/api/coffee/member/wallet',
      { memberId: m.id, amount: '0.00', reason: 'x' },
      { key: key() },
    );
    expect(zero.statusCode).toBe(400);
    const noKey = await call('POST', '/api/coffee/member/wallet', {
      memberId: m.id,
      amount: '1',
      reason: 'x',
    });
    expect(noKey.statusCode).toBe(400);
    // A member of another merchant does not exist for Beta.
    for (const [url, body] of [
      ['/api/coffee/member/wallet', { memberId: m.id, amount: '5', reason: 'x' }],
      ['/api/coffee/member/points', { memberId: m.id, points: 5, reason: 'x' }],
    ] as const) {
      const foreign = await call('POST', url, body, { token: beta, key: key() });
      expect(foreign.statusCode, url).toBe(404);
    }
    expect(await ledgerSum(m.id)).toEqual({ sum: '10.00', n: 1 });
    expect((await memberOf(m.id)).points).toBe(0);
  });

  it('names the wallet’s currency in a refusal: its merchant’s, or the nearest parent’s that has a country', async () => {
    const hk = await ok(
      'POST',
      '/api/coffee/merchant',
      {
        name: 'Kowloon Brews',
        loginAccount: 'kowloon-members',
        password: f.t.encrypt(PASSWORD),
        country: 'HK',
      },
      f.admin,
    );
    // A sub-merchant with no country of its own, whose staff cannot see the parent that has one.
    await ok(
      'POST',
      '/api/coffee/merchant',
      {
        name: 'Kowloon Kiosk',
        loginAccount: 'kowloon-kiosk',
        password: f.t.encrypt(PASSWORD),
        parentId: hk.id,
      },
      f.admin,
    );
    const kiosk = await f.t.login('kowloon-kiosk', PASSWORD);
    const m = await newMember({}, kiosk);
    await ok(
      'POST',
      '/api/coffee/member/wallet',
      { memberId: m.id, amount: '40', reason: 'counter', kind: 'top-up' },
      kiosk,
    );
    const refused = (lang: Language) =>
      call(
        'POST',
        '/api/coffee/member/wallet',
        { memberId: m.id, amount: '-120', reason: 'x' },
        { token: kiosk, key: key(), lang },
      );
    const messages = await Promise.all(
      (['en', 'zh', 'tw'] as const).map(async (lang) => (await refused(lang)).json().msg),
    );
    expect(messages).toEqual([
      'The wallet holds HKD 40.00: not enough for HKD 120.00',
      '钱包余额 HKD 40.00，不足以支付 HKD 120.00',
      '錢包餘額 HKD 40.00，不足以支付 HKD 120.00',
    ]);
    expect(await ledgerSum(m.id)).toEqual({ sum: '40.00', n: 1 });
  });
});

describe('coupons', () => {
  it('are granted to members of the coupon’s merchant, used once by their own member while valid', async () => {
    const [m, other] = [await newMember(), await newMember()];
    const coupon = await ok('POST', '/api/coffee/coupon', {
      name: 'Half latte',
      discountAmount: '30.00',
      pointsCost: 0,
      validityDays: 7,
    });
    const granted = await ok('POST', '/api/coffee/coupon/grant', {
      couponId: coupon.id,
      memberIds: [m.id, other.id],
    });
    expect(granted.granted).toBe(2);
    // Beta can neither grant Alpha's coupon nor reach Alpha's members.
    const betaCoupon = await ok(
      'POST',
      '/api/coffee/coupon',
      { name: 'Beta deal', discountAmount: '5.00', pointsCost: 0, validityDays: 7 },
      beta,
    );
    expect(
      (
        await call(
          'POST',
          '/api/coffee/coupon/grant',
          { couponId: coupon.id, memberIds: [m.id] },
          { token: beta, key: key() },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'POST',
          '/api/coffee/coupon/grant',
          { couponId: betaCoupon.id, memberIds: [m.id] },
          { token: beta, key: key() },
        )
      ).statusCode,
    ).toBe(404);
    const held = await inSystem((tx) => members.coupons.held(tx, m.id));
    expect(held).toEqual([
      expect.objectContaining({
        name: 'Half latte',
        discountAmount: '30.00',
        status: 'available',
        source: 'grant',
      }),
    ]);
    const mine = held[0].id;
    // Another member's coupon is not theirs.
    await expect(
      inSystem((tx) => members.coupons.use(tx, { memberId: other.id, memberCouponId: mine, orderId: '1' })),
    ).rejects.toMatchObject({
      key: 'msg.couponNotYours',
    });
    await expect(
      inSystem((tx) =>
        members.coupons.use(tx, { memberId: other.id, memberCouponId: '123456789', orderId: '1' }),
      ),
    ).rejects.toMatchObject({
      key: 'msg.couponNotYours',
    });
    expect(
      await inSystem((tx) => members.coupons.use(tx, { memberId: m.id, memberCouponId: mine, orderId: '1' })),
    ).toEqual({ discount: '30.00' });
    await expect(
      inSystem((tx) => members.coupons.use(tx, { memberId: m.id, memberCouponId: mine, orderId: '2' })),
    ).rejects.toMatchObject({
      key: 'msg.couponUsed',
    });
    // Past its validity it is refused with the date.
    const [theirs] = await inSystem((tx) => members.coupons.held(tx, other.id));
    await f.t.sql(
      `update member_coupon set valid_from = now() - interval '9 days', valid_to = now() - interval '2 days' where id = $1`,
      [theirs.id],
    );
    await expect(
      inSystem((tx) =>
        members.coupons.use(tx, { memberId: other.id, memberCouponId: theirs.id, orderId: '3' }),
      ),
    ).rejects.toMatchObject({
      key: 'msg.couponExpired',
    });
    expect((await f.t.sql(`select status from member_coupon where id = $1`, [theirs.id]))[0].status).toBe(
      'available',
    );
    // A coupon no longer usable is neither used nor granted.
    const again = await ok('POST', '/api/coffee/coupon/grant', {
      couponId: coupon.id,
      memberIds: [other.id],
    });
    expect(again.granted).toBe(1);
    await ok('PUT', '/api/coffee/coupon', { id: coupon.id, status: 'unusable' });
    const fresh = (await inSystem((tx) => members.coupons.held(tx, other.id))).find((c: any) => !c.expired);
    await expect(
      inSystem((tx) =>
        members.coupons.use(tx, { memberId: other.id, memberCouponId: fresh!.id, orderId: '4' }),
      ),
    ).rejects.toMatchObject({ key: 'msg.couponUnusable' });
    const refused = await call(
      'POST',
      '/api/coffee/coupon/grant',
      { couponId: coupon.id, memberIds: [m.id] },
      { key: key(), lang: 'tw' },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('優惠券「Half latte」已停用');
  });

  it('are granted once per Idempotency-Key', async () => {
    const m = await newMember();
    const coupon = await ok('POST', '/api/coffee/coupon', {
      name: 'Once',
      discountAmount: '3.00',
      pointsCost: 0,
      validityDays: 3,
    });
    const k = key();
    const body = { couponId: coupon.id, memberIds: [m.id] };
    const first = await call('POST', '/api/coffee/coupon/grant', body, { key: k });
    const second = await call('POST', '/api/coffee/coupon/grant', body, { key: k });
    expect(second.json().data).toEqual(first.json().data);
    expect(await inSystem((tx) => members.coupons.held(tx, m.id))).toHaveLength(1);
  });

  it('are redeemed for their points cost, never below zero points', async () => {
    const m = await newMember();
    const coupon = await ok('POST', '/api/coffee/coupon', {
      name: 'Points mocha',
      discountAmount: '50.00',
      pointsCost: 40,
      validityDays: 10,
    });
    await expect(
      inSystem((tx) => members.coupons.redeem(tx, { memberId: m.id, couponId: coupon.id })),
    ).rejects.toMatchObject({
      key: 'msg.pointsInsufficient',
    });
    await ok('POST', '/api/coffee/member/points', { memberId: m.id, points: 50, reason: 'gift' });
    expect((await inSystem((tx) => members.coupons.redeemable(tx, m.id))).map((c: any) => c.id)).toContain(
      coupon.id,
    );
    const redeemed = await inSystem((tx) =>
      members.coupons.redeem(tx, { memberId: m.id, couponId: coupon.id }),
    );
    expect(redeemed).toMatchObject({
      points: 10,
      coupon: { name: 'Points mocha', source: 'redeem', status: 'available' },
    });
    const entries = await inSystem((tx) => members.points.entries(tx, m.id, { page: 1, limit: 10 }));
    expect(entries.list.map((e: any) => [e.kind, e.points, e.balanceAfter])).toEqual([
      ['redeem', -40, 10],
      ['adjustment', 50, 50],
    ]);
  });
});

describe('members and the machines’ orders', () => {
  it('earn points by the merchant’s rules when a member’s order completes, once', async () => {
    const m = await newMember();
    await ok('POST', '/api/coffee/points-rule', {
      name: 'Per 10',
      basis: 'amount',
      points: 1,
      perAmount: '10.00',
    });
    await ok('POST', '/api/coffee/points-rule', {
      name: 'Drinks every day',
      basis: 'cup',
      points: 2,
      productTypeId: drinksId,
      bonusWeekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      bonusMultiplier: 3,
      expiryDays: 0,
    });
    await ok('POST', '/api/coffee/points-rule', { name: 'Off', basis: 'cup', points: 50, enabled: false });
    const o = order({ memberNo: m.memberNo });
    const { id } = await sell(o);
    // floor(105 / 10) × 1 + 2 cups × 2 × 3 = 10 + 12.
    await wait('points earned', async () => (await memberOf(m.id)).points === 22);
    const earned = await f.t.sql(
      `select points, order_id::text, expires_at from member_points_entry where member_id = $1 order by points`,
      [m.id],
    );
    expect(earned.map((e) => [e.points, e.order_id, e.expires_at === null])).toEqual([
      [10, id, false],
      [12, id, true],
    ]);
    // A completion heard again earns nothing more.
    await send([status(o.orderNo, 'completed', { ts: now(5) })]);
    await written(
      async () =>
        (await f.t.sql(`select count(*)::int as n from sales_order_step where order_id = $1`, [id]))[0].n ===
        4,
      'the repeat',
    );
    expect((await memberOf(m.id)).points).toBe(22);
  });

  it('let earned points lapse when due, only what spending left of them, once', async () => {
    const m = await newMember();
    const { id } = await sell(order({ memberNo: m.memberNo }));
    await wait('points earned', async () => (await memberOf(m.id)).points === 22);
    await ok('POST', '/api/coffee/member/points', { memberId: m.id, points: -4, reason: 'spent' });
    // The 10 points of the amount rule are due now (the cup rule's 12 never lapse).
    await f.t.sql(
      `update member_points_entry set expires_at = now() - interval '1 minute' where order_id = $1 and points = 10`,
      [id],
    );
    expect(await expirePoints(f.t.database.db)).toBe(6);
    expect(await expirePoints(f.t.database.db)).toBe(0);
    expect((await memberOf(m.id)).points).toBe(12);
    const [lapsed] = await f.t.sql(
      `select points, balance_after from member_points_entry where member_id = $1 and kind = 'expire'`,
      [m.id],
    );
    expect(lapsed).toEqual({ points: -6, balance_after: 12 });
  });

  it('debit a machine’s wallet order, and a console refund gives back money, points and a whole refund’s coupon', async () => {
    const m = await newMember();
    await topUp(m.id, '200.00');
    const coupon = await ok('POST', '/api/coffee/coupon', {
      name: 'Refund test',
      discountAmount: '5.00',
      pointsCost: 0,
      validityDays: 5,
    });
    await ok('POST', '/api/coffee/coupon/grant', { couponId: coupon.id, memberIds: [m.id] });
    const o = order({ memberNo: m.memberNo, payment: { method: 'wallet', amount: '105.00' } });
    const { id } = await sell(o);
    await wait('the wallet debited', async () => (await memberOf(m.id)).walletBalance === '95.00');
    const [held] = await inSystem((tx) => members.coupons.held(tx, m.id));
    await inSystem((tx) => members.coupons.use(tx, { memberId: m.id, memberCouponId: held.id, orderId: id }));
    await wait('points earned', async () => (await memberOf(m.id)).points > 0);
    const earned = (await memberOf(m.id)).points;
    // Line 2 (45.00) back: the wallet gets it, and points in that share go.
    const part = await call(
      'POST',
      '/api/coffee/order/refund',
      { orderId: id, reason: 'cold', lines: [{ seq: 2, amount: '45.00' }] },
      { key: key() },
    );
    expect(part.statusCode, part.body).toBe(200);
    const after = await memberOf(m.id);
    expect(after.walletBalance).toBe('140.00');
    expect(after.points).toBe(earned - Math.floor((earned * 45) / 105));
    expect((await inSystem((tx) => members.coupons.held(tx, m.id)))[0].status).toBe('used');
    // The rest back: all the money, all the points, and the coupon.
    const rest = await call(
      'POST',
      '/api/coffee/order/refund',
      { orderId: id, reason: 'all' },
      { key: key() },
    );
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await memberOf(m.id)).toMatchObject({ walletBalance: '200.00', points: 0 });
    expect((await inSystem((tx) => members.coupons.held(tx, m.id)))[0]).toMatchObject({
      status: 'available',
      orderId: null,
    });
    const kinds = await f.t.sql(
      `select kind, amount::text from member_wallet_entry where member_id = $1 order by id`,
      [m.id],
    );
    expect(kinds).toEqual([
      { kind: 'top-up', amount: '200.00' },
      { kind: 'payment', amount: '-105.00' },
      { kind: 'refund', amount: '45.00' },
      { kind: 'refund', amount: '60.00' },
    ]);
  });

  it('give a cancelled wallet order’s money back once, and never what the wallet did not pay', async () => {
    const rich = await newMember();
    await topUp(rich.id, '105.00');
    const poor = await newMember();
    await topUp(poor.id, '10.00');
    const paid = order({ memberNo: rich.memberNo, payment: { method: 'wallet', amount: '105.00' } });
    const unpaid = order({ memberNo: poor.memberNo, payment: { method: 'wallet', amount: '105.00' } });
    await send([paid, unpaid]);
    await orderIn(paid.orderNo, 'waiting-payment');
    await orderIn(unpaid.orderNo, 'waiting-payment');
    await wait('the wallet debited', async () => (await memberOf(rich.id)).walletBalance === '0.00');
    expect((await memberOf(poor.id)).walletBalance).toBe('10.00');
    // The order the wallet could not pay says so in the Order List; the paid one does not.
    const checks = await f.t.sql(
      `select order_no, price_check, check_notes from sales_order where order_no = any($1) order by order_no`,
      [[paid.orderNo, unpaid.orderNo]],
    );
    expect(Object.fromEntries(checks.map((c) => [c.order_no, c.price_check]))).toEqual({
      [paid.orderNo]: 'ok',
      [unpaid.orderNo]: 'unpaid',
    });
    expect(checks.find((c) => c.order_no === unpaid.orderNo)!.check_notes).toContainEqual({
      line: null,
      key: 'order.check.walletUnpaid',
      params: { memberNo: poor.memberNo },
    });
    await send([
      status(paid.orderNo, 'cancelled', { reason: 'no milk' }),
      status(unpaid.orderNo, 'cancelled', { reason: 'no milk' }),
    ]);
    await orderIn(paid.orderNo, 'cancelled');
    await orderIn(unpaid.orderNo, 'cancelled');
    await wait('the money back', async () => (await memberOf(rich.id)).walletBalance === '105.00');
    expect(await ledgerSum(rich.id)).toEqual({ sum: '105.00', n: 3 });
    expect(await ledgerSum(poor.id)).toEqual({ sum: '10.00', n: 1 });
  });

  it('make a bad cup right once per line: the line’s money by default, the setting’s coupon when it says so', async () => {
    const m = await newMember();
    const o = order({ memberNo: m.memberNo });
    const { id } = await sell(o);
    const bad = cup(o.orderNo, 1, { badCup: true });
    // The same report twice, and a second bad cup of the same line.
    await send([bad, bad, cup(o.orderNo, 2)]);
    await send([cup(o.orderNo, 1, { badCup: true })]);
    await wait('compensated', async () => (await memberOf(m.id)).walletBalance === '60.00');
    await written(
      async () =>
        (
          await f.t.sql(`select count(*)::int as n from production_record where order_no = $1`, [o.orderNo])
        )[0].n === 3,
      'the cups',
    );
    expect(await ledgerSum(m.id)).toEqual({ sum: '60.00', n: 1 });
    const recorded = await f.t.sql(
      `select seq, kind, amount::text from sales_order_compensation where order_id = $1`,
      [id],
    );
    expect(recorded).toEqual([{ seq: 1, kind: 'wallet', amount: '60.00' }]);
    // The latte's money is back already: a refund of its line is refused, a whole refund is the rest.
    expect((await ok('GET', `/api/coffee/order/${id}/detail`)).refundable).toBe('45.00');
    const again = await call(
      'POST',
      '/api/coffee/order/refund',
      { orderId: id, reason: 'bad latte', lines: [{ seq: 1, amount: '60.00' }] },
      { key: key() },
    );
    expect(again.statusCode, again.body).toBe(400);
    const rest = await call(
      'POST',
      '/api/coffee/order/refund',
      { orderId: id, reason: 'all' },
      { key: key() },
    );
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data).toMatchObject({ refunded: '45.00', refundable: '0.00' });

    // Alpha's setting now gives a coupon.
    const coupon = await ok('POST', '/api/coffee/coupon', {
      name: 'Sorry latte',
      discountAmount: '60.00',
      pointsCost: 0,
      validityDays: 30,
    });
    const [setting] = (await ok('POST', '/api/coffee/app-setting/list', {})).list;
    await ok('PUT', '/api/coffee/app-setting', {
      id: setting.id,
      compensation: 'coupon',
      compensationCouponId: coupon.id,
    });
    const second = order({ memberNo: m.memberNo });
    await sell(second);
    await send([cup(second.orderNo, 2, { badCup: true }), cup(second.orderNo, 2, { badCup: true })]);
    await wait(
      'a coupon given',
      async () => (await inSystem((tx) => members.coupons.held(tx, m.id))).length > 0,
    );
    await written(
      async () =>
        (
          await f.t.sql(`select count(*)::int as n from production_record where order_no = $1`, [
            second.orderNo,
          ])
        )[0].n === 2,
      'the cups',
    );
    const held = await inSystem((tx) => members.coupons.held(tx, m.id));
    expect(held.map((c: any) => [c.name, c.source])).toEqual([['Sorry latte', 'compensation']]);
    expect((await memberOf(m.id)).walletBalance).toBe('60.00');

    // 'none': nothing, and an order without a member gets nothing either.
    await ok('PUT', '/api/coffee/app-setting', { id: setting.id, compensation: 'none' });
    const third = order({ memberNo: m.memberNo });
    const { id: thirdId } = await sell(third);
    await send([cup(third.orderNo, 1, { badCup: true })]);
    await written(
      async () =>
        (
          await f.t.sql(`select count(*)::int as n from production_record where order_no = $1`, [
            third.orderNo,
          ])
        )[0].n === 1,
      'the cup',
    );
    expect(
      (
        await f.t.sql(`select count(*)::int as n from sales_order_compensation where order_id = $1`, [
          thirdId,
        ])
      )[0].n,
    ).toBe(0);
    await ok('PUT', '/api/coffee/app-setting', {
      id: setting.id,
      compensation: 'wallet',
      compensationCouponId: null,
    });
  });

  it('neither reward nor compensate a machine’s wallet order the wallet could not pay', async () => {
    const poor = await newMember();
    await topUp(poor.id, '10.00');
    const o = order({ memberNo: poor.memberNo, payment: { method: 'wallet', amount: '105.00' } });
    const { id } = await sell(o);
    await send([cup(o.orderNo, 1, { badCup: true })]);
    await written(
      async () =>
        (
          await f.t.sql(`select count(*)::int as n from production_record where order_no = $1`, [o.orderNo])
        )[0].n === 1,
      'the cup',
    );
    expect(await memberOf(poor.id)).toMatchObject({ walletBalance: '10.00', points: 0 });
    expect(await ledgerSum(poor.id)).toEqual({ sum: '10.00', n: 1 });
    expect(
      (await f.t.sql(`select count(*)::int as n from sales_order_compensation where order_id = $1`, [id]))[0]
        .n,
    ).toBe(0);
    // Nothing was paid, so there is nothing to refund: refused, and the wallet gets nothing.
    const refund = await call(
      'POST',
      '/api/coffee/order/refund',
      { orderId: id, reason: 'unpaid' },
      { key: key() },
    );
    expect(refund.statusCode, refund.body).toBe(409);
    expect(refund.json().msg).toBe('Nothing is left to refund on this order (paid 0.00, refunded 0.00)');
    expect((await memberOf(poor.id)).walletBalance).toBe('10.00');
  });

  it('know a member only among the members of the order’s merchant chain', async () => {
    const stranger = await newMember({}, beta);
    await topUp2(stranger.id, '50.00');
    const o = order({ memberNo: stranger.memberNo, payment: { method: 'wallet', amount: '105.00' } });
    await sell(o);
    await send([cup(o.orderNo, 1, { badCup: true })]);
    await written(
      async () =>
        (
          await f.t.sql(`select count(*)::int as n from production_record where order_no = $1`, [o.orderNo])
        )[0].n === 1,
      'the cup',
    );
    const after = await ok('GET', `/api/coffee/member/${stranger.id}`, undefined, beta);
    expect(after).toMatchObject({ walletBalance: '50.00', points: 0 });
  });
});

/** Beta's own top-up of its member. */
const topUp2 = (memberId: string, amount: string) =>
  ok('POST', '/api/coffee/member/wallet', { memberId, amount, reason: 'counter', kind: 'top-up' }, beta);
