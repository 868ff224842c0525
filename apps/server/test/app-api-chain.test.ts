/**
 * The ordering app's API as an app developer meets it (issue 12 §5), where the merchant tree and
 * the OpenAPI document matter: a sub-merchant's member holds, redeems and sees the coupons and
 * banners of the merchants above theirs; a login's failed sign-ins count together however the phone
 * is typed and at whichever merchant of the chain; the document names the Idempotency-Key header and
 * the error answers; and an order's options are chosen as the menu allows.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuContent } from '@brewfleet/contracts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/multipart.ts';
import { appClient } from './helpers/app-client.ts';
import { menuComboLabel, refuseOptionChoice } from '../src/modules/app/order-routes.ts';
import { AppError } from '../src/platform/http/errors.ts';

const PASSWORD = 'Chain-Strong-Pass-8';
const MEMBER_PASSWORD = 'Member-Strong-Pass-7';
const APP = '/api/app/v1';
let t: TestApp;
let admin: string;
let parentId: string;
let childId: string;
let otherId: string;

const { app, appOk } = appClient(() => t);
async function ok(method: 'POST' | 'PUT', url: string, body: unknown, token = admin, key?: string) {
  const res = await t.call(method, url, {
    token,
    body,
    lang: 'en',
    headers: key ? { 'idempotency-key': key } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const merchant = (name: string, account: string, parent?: string) =>
  ok('POST', '/api/coffee/merchant', {
    name,
    loginAccount: account,
    password: t.encrypt(PASSWORD),
    country: 'TW',
    ...(parent ? { parentId: parent } : {}),
  });
const png = (colour: string) =>
  sharp({ create: { width: 8, height: 4, channels: 3, background: colour } })
    .png()
    .toBuffer();
const phoneDigits = () => `9${crypto.randomInt(10_000_000, 99_999_999)}`;

beforeAll(async () => {
  // A low limit per login, so that the throttle shows within a few tries.
  t = await startTestApp({
    throttle: {
      account: { limit: 3, windowSeconds: 900, lockSeconds: 900 },
      address: { limit: 100, windowSeconds: 900, lockSeconds: 900 },
    },
  });
  admin = await t.adminToken();
  parentId = (await merchant('Chain Co', 'chain-co')).id;
  childId = (await merchant('Chain North', 'chain-north', parentId)).id;
  otherId = (await merchant('Other Cafe', 'other-cafe')).id;
}, 120_000);
afterAll(() => t?.close());

describe("a sub-merchant's member and the merchants above theirs", () => {
  it('holds, redeems and sees the coupons and banners of the merchant above; another chain’s stay out', async () => {
    const parent = await t.login('chain-co', PASSWORD);
    const other = await t.login('other-cafe', PASSWORD);
    const forPoints = await ok('POST', '/api/coffee/coupon', {
      name: 'Chain 10 off',
      merchantId: parentId,
      discountAmount: '10.00',
      pointsCost: 50,
      validityDays: 30,
    });
    const granted = await ok('POST', '/api/coffee/coupon', {
      name: 'Chain birthday',
      merchantId: parentId,
      discountAmount: '60.00',
      pointsCost: 0,
      validityDays: 14,
    });
    const foreign = await ok('POST', '/api/coffee/coupon', {
      name: 'Other 10 off',
      merchantId: otherId,
      discountAmount: '10.00',
      pointsCost: 50,
      validityDays: 30,
    });
    const image = await uploadFile(t.app, parent, await png('#6f4e37'), 'chain.png', 'image/png');
    await ok('POST', '/api/coffee/app-banner', { title: 'Chain winter', image, sort: 1 }, parent);
    const otherImage = await uploadFile(t.app, other, await png('#000000'), 'other.png', 'image/png');
    await ok('POST', '/api/coffee/app-banner', { title: 'Other winter', image: otherImage, sort: 1 }, other);

    // A member of the sub-merchant, with points and the parent's coupon granted.
    const { token, member } = await appOk('POST', '/auth/signup', {
      body: {
        merchantId: childId,
        username: 'North member',
        phone: `+886${phoneDigits()}`,
        password: MEMBER_PASSWORD,
      },
    });
    await ok(
      'POST',
      '/api/coffee/member/points',
      { memberId: member.id, points: 120, reason: 'welcome' },
      admin,
      crypto.randomUUID(),
    );
    await ok(
      'POST',
      '/api/coffee/coupon/grant',
      { couponId: granted.id, memberIds: [member.id] },
      admin,
      crypto.randomUUID(),
    );

    const held = await appOk('GET', '/coupons', { token });
    expect(held.map((c: any) => [c.couponId, c.name, c.status])).toEqual([
      [granted.id, 'Chain birthday', 'available'],
    ]);
    const redeemable = await appOk('GET', '/coupons/redeemable', { token });
    expect(redeemable.map((c: any) => c.id)).toEqual([forPoints.id]);

    const redeemed = await appOk('POST', '/coupons/redeem', {
      token,
      key: crypto.randomUUID(),
      body: { couponId: forPoints.id },
    });
    expect(redeemed).toMatchObject({ points: 70, coupon: { couponId: forPoints.id, status: 'available' } });
    expect((await appOk('GET', '/coupons', { token })).map((c: any) => c.couponId).sort()).toEqual(
      [forPoints.id, granted.id].sort(),
    );
    // Another chain's coupon is not there to redeem, and nothing moved.
    const refused = await app('POST', '/coupons/redeem', {
      token,
      key: crypto.randomUUID(),
      body: { couponId: foreign.id },
      lang: 'tw',
    });
    expect(refused.statusCode).toBe(404);
    expect((await appOk('GET', '/points', { token })).points).toBe(70);

    const banners = (await appOk('GET', '/banners', { token })).map((b: any) => b.title);
    expect(banners).toContain('Chain winter');
    expect(banners).not.toContain('Other winter');
    // The parent's member sees the parent's banner as before.
    const { token: parentMember } = await appOk('POST', '/auth/signup', {
      body: {
        merchantId: parentId,
        username: 'Co member',
        phone: `+886${phoneDigits()}`,
        password: MEMBER_PASSWORD,
      },
    });
    expect((await appOk('GET', '/banners', { token: parentMember })).map((b: any) => b.title)).toEqual([
      'Chain winter',
    ]);
  });
});

describe('signing in, throttled per login', () => {
  it('counts the failures of one phone together however it is typed and at every merchant of the chain', async () => {
    const digits = phoneDigits();
    const spaced = `+886 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
    await appOk('POST', '/auth/signup', {
      body: { merchantId: parentId, username: 'Wu', phone: spaced, password: MEMBER_PASSWORD },
    });
    const signin = (merchantId: string, login: string, password: string) =>
      app('POST', '/auth/signin', { body: { merchantId, login, password } });
    // Three failures, each typed another way and at either merchant of the chain.
    for (const [merchantId, login] of [
      [parentId, spaced],
      [childId, `+886${digits}`],
      [parentId, `+886-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`],
    ])
      expect((await signin(merchantId, login, 'Not-The-Password-1')).statusCode).toBe(400);
    // The login is locked now, whichever spelling and merchant the right password comes with.
    for (const [merchantId, login] of [
      [parentId, spaced],
      [parentId, `+886${digits}`],
      [childId, `+886 ${digits}`],
    ]) {
      const locked = await signin(merchantId, login, MEMBER_PASSWORD);
      expect(locked.statusCode, `${merchantId} ${login}`).toBe(429);
    }
  });

  it('counts an email’s failures together whatever its case', async () => {
    const email = `lee-${crypto.randomBytes(3).toString('hex')}@example.com`;
    await appOk('POST', '/auth/signup', {
      body: { merchantId: parentId, username: 'Lee', email, password: MEMBER_PASSWORD },
    });
    for (const login of [email, email.toUpperCase(), ` ${email} `])
      expect(
        (
          await app('POST', '/auth/signin', {
            body: { merchantId: childId, login, password: 'Wrong-Pass-9' },
          })
        ).statusCode,
      ).toBe(400);
    const locked = await app('POST', '/auth/signin', {
      body: { merchantId: parentId, login: email.toUpperCase(), password: MEMBER_PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
  });
});

describe('signing out', () => {
  it('takes a POST with `Content-Type: application/json` and no body, as app HTTP clients send it', async () => {
    const { token } = await appOk('POST', '/auth/signup', {
      body: {
        merchantId: parentId,
        username: 'Out',
        phone: `+886${phoneDigits()}`,
        password: MEMBER_PASSWORD,
      },
    });
    const out = (headers: Record<string, string>, payload?: string) =>
      t.app.inject({
        method: 'POST',
        url: `${APP}/auth/signout`,
        headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
        ...(payload !== undefined ? { payload } : {}),
      });
    // Without a token (or with a console one) it is still a 401.
    expect((await out({})).statusCode).toBe(401);
    expect((await out({ authorization: `Bearer ${admin}` })).statusCode).toBe(401);
    const res = await out({ authorization: `Bearer ${token}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: null });
    expect((await app('GET', '/me', { token })).statusCode).toBe(401);
    // Bad JSON is still bad input.
    const { token: second } = await appOk('POST', '/auth/signup', {
      body: {
        merchantId: parentId,
        username: 'Out 2',
        phone: `+886${phoneDigits()}`,
        password: MEMBER_PASSWORD,
      },
    });
    expect((await out({ authorization: `Bearer ${second}` }, '{bad')).statusCode).toBe(400);
  });
});

describe('the OpenAPI document of the app', () => {
  type Op = {
    parameters?: Array<{ name: string; in: string; required?: boolean }>;
    responses: Record<string, { description?: string; content?: Record<string, { schema: any }> }>;
    security?: unknown[];
  };
  let ops: Array<[string, Op]>;
  beforeAll(async () => {
    const doc = (await t.call('GET', '/api/docs/openapi.json')).json();
    ops = Object.entries(doc.paths as Record<string, Record<string, Op>>)
      .filter(([p]) => p.startsWith(APP))
      .flatMap(([p, byMethod]) =>
        Object.entries(byMethod).map(([m, op]) => [`${m.toUpperCase()} ${p}`, op] as [string, Op]),
      );
  });

  it('names the Idempotency-Key header, required, on the calls that move money, points or coupons', () => {
    const withKey = ops
      .filter(([, op]) =>
        op.parameters?.some(
          (p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key' && p.required,
        ),
      )
      .map(([name]) => name)
      .sort();
    expect(withKey).toEqual([`POST ${APP}/coupons/redeem`, `POST ${APP}/orders`]);
  });

  it('describes the error answers of every call, in the failure envelope', () => {
    expect(ops.length).toBeGreaterThanOrEqual(17);
    for (const [name, op] of ops) {
      const errors = Object.keys(op.responses).filter((s) => s !== '200');
      expect(errors.length, name).toBeGreaterThan(0);
      // A call that needs the member's token says what a missing or bad one answers.
      if (op.security?.length) expect(errors, name).toContain('401');
      for (const status of errors) {
        const schema = op.responses[status].content?.['application/json']?.schema;
        expect(schema?.properties?.code?.enum, `${name} ${status}`).toEqual([Number(status)]);
        expect(schema?.required, `${name} ${status}`).toEqual(['code', 'msg']);
        expect(op.responses[status].description, `${name} ${status}`).not.toBe('Default Response');
      }
    }
    const order = Object.fromEntries(ops)[`POST ${APP}/orders`];
    expect(Object.keys(order.responses).sort()).toEqual(['200', '400', '401', '404', '409', '422']);
    expect(Object.keys(Object.fromEntries(ops)[`POST ${APP}/auth/signin`].responses)).toContain('429');
  });
});

describe('the answers as documented', () => {
  const data = (doc: any, path: string, method = 'get') =>
    doc.paths[`${APP}${path}`][method].responses['200'].content['application/json'].schema.properties.data;

  it('documents money as a decimal string with two places, ids as strings, a held coupon’s status and expiry', async () => {
    const doc = (await t.call('GET', '/api/docs/openapi.json')).json();
    const placed = data(doc, '/orders', 'post');
    expect(placed.properties.orderId).toMatchObject({ type: 'string' });
    for (const money of ['amount', 'discount', 'actualPayment', 'walletBalance'])
      expect(placed.properties[money], money).toMatchObject({ type: 'string', pattern: '^-?\\d+\\.\\d{2}$' });
    const coupon = data(doc, '/coupons').items;
    expect(coupon.properties.status.enum).toEqual(['available', 'used']);
    expect(coupon.required).toContain('expired');
  });
});

describe('options chosen as the menu allows', () => {
  const option = (id: string, type: string, name: string, multiple = false) => ({
    id,
    type,
    typeNames: { zh: type === 'Size' ? '杯型' : '配料', tw: type === 'Size' ? '杯型' : '配料' },
    name,
    priceChange: '0.00',
    amountFactor: 1,
    isDefault: false,
    multiple,
    required: type === 'Size',
  });
  const product = {
    code: 'LAT',
    options: [
      option('1', 'Size', 'Medium'),
      option('2', 'Size', 'Large'),
      option('3', 'Extras', 'Oat milk', true),
      option('4', 'Extras', 'Extra shot', true),
    ],
  } as unknown as MenuContent['products'][number];
  const refused = (ids: string[], lang = 'en') => {
    try {
      refuseOptionChoice(product, ids, 2, lang);
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return error as AppError;
    }
  };

  it('takes one of a one-choice type and several of a many-choice type', () => {
    expect(refused(['2'])).toBeNull();
    expect(refused(['1', '3', '4'])).toBeNull();
    expect(refused([])).toBeNull();
    // Unknown options are the pricing's to refuse (msg.appOptionUnknown).
    expect(refused(['99'])).toBeNull();
  });

  it('keeps a combination label only when it is the menu’s label of the options chosen, in any language', () => {
    const sized = {
      ...product,
      options: product.options.map((o: any) => ({
        ...o,
        names: o.id === '2' ? { zh: '大杯', tw: '大杯' } : {},
      })),
      combos: [{ optionIds: ['2'], amountFactor: 1.3, priceChange: '12.00' }],
    } as unknown as MenuContent['products'][number];
    expect(menuComboLabel(sized, ['2'], 'Large')).toBe('Large');
    expect(menuComboLabel(sized, ['2'], '大杯')).toBe('大杯');
    // Free text, or a label of other options than those chosen, is not taken (the order derives its own).
    expect(menuComboLabel(sized, ['2'], 'Free drink, paid in cash')).toBeUndefined();
    expect(menuComboLabel(sized, [], 'Large')).toBeUndefined();
    expect(menuComboLabel(sized, ['1'], 'Large')).toBeUndefined();
  });

  it('refuses two sizes at once, and an option twice, naming the line', () => {
    const twoSizes = refused(['1', '2'], 'tw')!;
    expect(twoSizes.key).toBe('msg.appOptionOneOfType');
    expect(twoSizes.params).toMatchObject({ line: 2, type: '杯型', code: 'LAT' });
    expect(refused(['2', '2'])!.key).toBe('msg.appOptionTwice');
    expect(refused(['3', '3'])!.key).toBe('msg.appOptionTwice');
  });
});
