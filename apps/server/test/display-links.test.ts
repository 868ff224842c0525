/**
 * Display links and the big-screen dashboards (issue 17 point 5, CONTRACT §7) through HTTP on real
 * PostgreSQL: a merchant administrator makes a link for its merchant (and the merchants below) or one
 * store; the token is answered once and only its hash kept; the token alone opens the dashboards'
 * figures of that scope — another merchant's cups are never counted — read-only; an unknown, expired
 * or revoked token is a 401 saying which; the last use is recorded; another tenant's store cannot be
 * named; signed-in users need coffee:stats:dashboard; the live stream says "refresh" when the data
 * center's rollups notify `brewfleet_stats`; a 429 carries Retry-After; the OpenAPI document declares
 * the token's scheme (apiKey, X-Display-Token) on the display API.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_SEED, MERCHANT_ADMIN_CODES, P } from '@brewfleet/contracts';
import { startFleetTest, waitFor, type FleetTest } from './helpers/fleet.ts';

const PASSWORD = 'Display-Strong-Pass-5';
let f: FleetTest;
let alpha: string;
let beta: string;
let noDashboard: string;
let alphaId: string;
let northId: string;
let betaId: string;
let stationId: string;
let pierId: string;
let betaStoreId: string;

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  body?: unknown,
) {
  return f.t.call(method, url, { token, body, lang: 'en' });
}
async function ok(method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown) {
  const res = await call(method, url, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/** The display API as a lobby screen calls it: the token in its header, no session. */
const display = (token: string | null, board = 'operation') =>
  f.t.call('POST', '/api/display/query', {
    body: { board },
    lang: 'en',
    headers: token === null ? {} : { 'x-display-token': token },
  });

async function insertCups(deviceId: string, n: number) {
  for (let i = 0; i < n; i++)
    await f.t.sql(
      `insert into production_record (merchant_id, store_id, device_id, serial_number, event_id, produced_at,
                                      product_code, method, result)
       select merchant_id, store_id, id, serial_number, $2, now() - interval '1 minute', 'LAT', 'scan-code', 'completed'
       from device where id = $1`,
      [deviceId, crypto.randomUUID()],
    );
}

beforeAll(async () => {
  f = await startFleetTest();
  const merchant = async (name: string, login: string, parentId?: string, token = f.admin) => {
    const m = await ok('POST', '/api/coffee/merchant', token, {
      name,
      loginAccount: login,
      password: f.t.encrypt(PASSWORD),
      country: 'TW',
      ...(parentId ? { parentId } : {}),
    });
    return { id: m.id as string, token: await f.t.login(login, PASSWORD) };
  };
  ({ id: alphaId, token: alpha } = await merchant('Alpha Lobby', 'alpha-lobby'));
  ({ id: betaId, token: beta } = await merchant('Beta Lobby', 'beta-lobby'));
  ({ id: northId } = await merchant('Alpha North', 'alpha-north', alphaId, alpha));
  stationId = (await ok('POST', '/api/coffee/store', alpha, { name: 'Alpha Station', type: 'pick-up' })).id;
  pierId = (await ok('POST', '/api/coffee/store', alpha, { name: 'Alpha Pier', type: 'pick-up' })).id;
  const northStore = (
    await ok('POST', '/api/coffee/store', alpha, {
      name: 'North Corner',
      type: 'pick-up',
      merchantId: northId,
    })
  ).id;
  betaStoreId = (await ok('POST', '/api/coffee/store', beta, { name: 'Beta Corner', type: 'pick-up' })).id;
  // The cups' product, in Alpha's catalog (North sells its parent's).
  const drinks = await ok('POST', '/api/coffee/product-type', alpha, { name: 'Drinks' });
  const beans = await ok('POST', '/api/coffee/material', alpha, { name: 'Beans', unit: 'g' });
  await ok('POST', '/api/coffee/product', alpha, {
    name: 'Latte',
    code: 'LAT',
    kind: 'drink',
    family: 'coffee',
    price: '60.00',
    productTypeId: drinks.id,
    recipe: {
      steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40, temperatureC: 92 } }],
    },
    materials: [{ materialId: beans.id, amount: 18 }],
  });
  const a1 = await f.register({ merchantId: alphaId, storeId: stationId });
  const a2 = await f.register({ merchantId: alphaId, storeId: pierId });
  const n1 = await f.register({ merchantId: northId, storeId: northStore });
  const b1 = await f.register({ merchantId: betaId, storeId: betaStoreId });
  await insertCups(a1.id, 3);
  await insertCups(a2.id, 2);
  await insertCups(n1.id, 1);
  await insertCups(b1.id, 7);

  // An Alpha administrator with every page of a merchant administrator but the dashboards.
  const menus = MENU_SEED.filter(
    (m) => MERCHANT_ADMIN_CODES.includes(m.perms) && m.perms !== P.stats.dashboard,
  );
  const role = await ok('POST', '/api/coffee/role', alpha, {
    roleName: 'no-dashboard',
    roleTitle: 'no-dashboard',
    menuIdList: menus.map((m) => m.id),
  });
  await ok('POST', '/api/coffee/account', alpha, {
    account: 'alpha-no-dashboard',
    name: 'No dashboard',
    password: f.t.encrypt(PASSWORD),
    roleIds: [role.id],
  });
  noDashboard = await f.t.login('alpha-no-dashboard', PASSWORD);
});
afterAll(() => f?.close());

describe('a display link', () => {
  let link: { id: string; token: string; url: string };

  it('is made by a merchant administrator: the token is answered once, with the address, and only its hash is kept', async () => {
    link = await ok('POST', '/api/coffee/display-link', alpha, { name: 'Lobby screen' });
    expect(link.token).toMatch(/^dl_[A-Za-z0-9_-]{43}$/);
    expect(link.url).toMatch(new RegExp(`/#/operation\\?display=${link.token}$`));
    const [row] = await f.t.sql(`select * from display_link where id = $1`, [link.id]);
    expect(row.token_hash).toBe(crypto.createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(link.token);
    expect(row.merchant_id).toBe(alphaId);
    expect(row.store_id).toBeNull();
    // A month by default, never open-ended.
    expect(new Date(row.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const list = await ok('POST', '/api/coffee/display-link/list', alpha, {});
    const listed = list.list.find((r: { id: string }) => r.id === link.id);
    expect(listed).toMatchObject({
      name: 'Lobby screen',
      dashboards: 'both',
      revokedAt: null,
      lastUsedAt: null,
    });
    expect(JSON.stringify(list)).not.toContain(link.token);
    expect(JSON.stringify(list)).not.toContain(row.token_hash);
  });

  it('opens the figures of its merchant and the merchants below it, never another merchant’s', async () => {
    const res = await display(link.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.board).toBe('operation');
    expect(data.boards).toEqual(['operation', 'dataShow']);
    expect(data.scope).toEqual({ merchantName: 'Alpha Lobby', storeName: null, linkName: 'Lobby screen' });
    // Alpha's 3 + 2 cups and its sub-merchant's 1; Beta's 7 are not counted.
    expect(data.cups.today).toBe(6);
    expect(data.machines.all).toBe(3);
    expect(data.stores.map((s: { name: string }) => s.name).sort()).toEqual([
      'Alpha Pier',
      'Alpha Station',
      'North Corner',
    ]);
    const other = await display(link.token, 'dataShow');
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data.cups.today).toBe(6);
  });

  it('draws its charts from the data center’s rollups, of its scope only', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const rebuild = await f.t.call('POST', '/api/coffee/data-center/rebuild', {
      token: f.admin,
      body: { from: day(-1), to: day(1) },
    });
    expect(rebuild.statusCode, rebuild.body).toBe(200);
    const sum = (items: Array<{ value: number }>) => items.reduce((n, i) => n + i.value, 0);
    const show = (await display(link.token, 'dataShow')).json().data;
    // Alpha's three machines and its 6 cups; Beta's machine and 7 cups are nowhere.
    expect(show.devices).toHaveLength(3);
    expect(sum(show.devices)).toBe(6);
    expect(sum(show.merchantKinds)).toBe(6);
    expect(show.trend.at(-1)).toMatchObject({ key: day(0), value: 6 });
    expect(show.asOf).not.toBeNull();
    const operation = (await display(link.token)).json().data;
    expect(sum(operation.families)).toBe(6);
    expect(sum(operation.products)).toBe(6);
    // Named from the catalog, as a signed-in user sees them (North's cups of its parent's product too).
    expect(operation.products.map((p: { label: string }) => p.label)).toEqual(['Latte']);
    const cups = Object.fromEntries(
      operation.stores.map((s: { name: string; cups: number }) => [s.name, s.cups]),
    );
    expect(cups).toEqual({ 'Alpha Station': 3, 'Alpha Pier': 2, 'North Corner': 1 });
  });

  it('for one store shows that store only, and opens only the dashboards it names', async () => {
    const pier = await ok('POST', '/api/coffee/display-link', alpha, {
      name: 'Pier screen',
      storeId: pierId,
      dashboards: 'dataShow',
    });
    expect(pier.url).toContain('/#/dataShow?display=');
    const res = await display(pier.token, 'dataShow');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.cups.today).toBe(2);
    expect(data.machines.all).toBe(1);
    expect(data.scope.storeName).toBe('Alpha Pier');
    expect(data.stores.map((s: { id: string }) => s.id)).toEqual([pierId]);
    // A store's link reads no catalog rows, yet its products are named, not shown by their codes.
    const store = await ok('POST', '/api/coffee/display-link', alpha, {
      name: 'Pier lobby',
      storeId: pierId,
    });
    const products = (await display(store.token)).json().data.products;
    expect(products.map((p: { label: string }) => p.label)).toEqual(['Latte']);
    const refused = await display(pier.token, 'operation');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/does not open this dashboard/);
  });

  it('records its last use', async () => {
    const [row] = await f.t.sql(`select last_used_at, use_count from display_link where id = $1`, [link.id]);
    expect(row.last_used_at).not.toBeNull();
    expect(row.use_count).toBeGreaterThanOrEqual(1);
    const list = await ok('POST', '/api/coffee/display-link/list', alpha, { name: 'Lobby' });
    expect(list.list[0].lastUsedAt).toBeTruthy();
  });

  it('refuses a missing, unknown, expired or revoked token with a 401 that says which', async () => {
    const missing = await display(null);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().msg).toMatch(/needs a display link/);
    const unknown = await display(`dl_${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().msg).toMatch(/not valid/);
    // A console token is nothing on the display API.
    const console = await f.t.call('POST', '/api/display/query', {
      token: alpha,
      body: { board: 'operation' },
    });
    expect(console.statusCode).toBe(401);

    const soon = await ok('POST', '/api/coffee/display-link', alpha, { name: 'Soon over' });
    await f.t.sql(`update display_link set expires_at = now() - interval '1 second' where id = $1`, [
      soon.id,
    ]);
    const expired = await display(soon.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().msg).toMatch(/expired on/);

    const revoked = await ok('POST', '/api/coffee/display-link', alpha, { name: 'To revoke' });
    expect((await display(revoked.token)).statusCode).toBe(200);
    const put = await ok('PUT', '/api/coffee/display-link', alpha, { id: revoked.id, revoke: true });
    expect(put.revokedAt).toBeTruthy();
    const refused = await display(revoked.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().msg).toMatch(/revoked/);
    // Revoking is for good.
    await ok('PUT', '/api/coffee/display-link', alpha, {
      id: revoked.id,
      revoke: false,
      name: 'Still revoked',
    });
    expect((await display(revoked.token)).statusCode).toBe(401);

    const deleted = await ok('POST', '/api/coffee/display-link', alpha, { name: 'To delete' });
    await ok('POST', '/api/coffee/display-link/delete', alpha, { ids: [deleted.id] });
    expect((await display(deleted.token)).statusCode).toBe(401);
  });

  it('is rate limited: past 120 requests a minute, a 429 with the wait', async () => {
    const busy = await ok('POST', '/api/coffee/display-link', alpha, { name: 'Busy screen' });
    // A malformed board costs the least: the link is checked and counted before the body.
    const ask = () =>
      f.t.call('POST', '/api/display/query', {
        body: { board: 'nope' },
        lang: 'en',
        headers: { 'x-display-token': busy.token },
      });
    for (let i = 0; i < 120; i++) expect((await ask()).statusCode).toBe(400);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toMatch(/try again in \d+ seconds/);
    // The wait in whole seconds in Retry-After too (CONTRACT §3), the same as the message says.
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.json().msg).toContain(`try again in ${seconds} seconds`);
    // Another link is not held back by this one.
    expect((await display(link.token)).statusCode).toBe(200);
  });

  it('expires within a year, in the future', async () => {
    const far = await call('POST', '/api/coffee/display-link', alpha, {
      name: 'Forever',
      expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString(),
    });
    expect(far.statusCode).toBe(400);
    // The field's own message names the limit, as the toast does.
    expect(far.json().errors[0]).toMatchObject({
      field: 'expiresAt',
      message: far.json().msg,
    });
    expect(far.json().msg).toContain('366');
    const past = await call('POST', '/api/coffee/display-link', alpha, {
      name: 'Past',
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    const within = await ok('POST', '/api/coffee/display-link', alpha, {
      name: 'A week',
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect((await display(within.token)).statusCode).toBe(200);
  });

  it('cannot be made for another tenant’s store, nor seen or revoked by another tenant', async () => {
    const before = await f.t.sql(`select count(*)::int as n from display_link`);
    const res = await call('POST', '/api/coffee/display-link', alpha, {
      name: 'Sneaky',
      storeId: betaStoreId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/referenced record does not exist/);
    const other = await call('POST', '/api/coffee/display-link', alpha, {
      name: 'Sneaky',
      merchantId: betaId,
    });
    expect(other.statusCode).toBe(400);
    expect(await f.t.sql(`select count(*)::int as n from display_link`)).toEqual(before);

    const betaLink = await ok('POST', '/api/coffee/display-link', beta, { name: 'Beta lobby' });
    const list = await ok('POST', '/api/coffee/display-link/list', alpha, { limit: 100 });
    expect(list.list.map((r: { id: string }) => r.id)).not.toContain(betaLink.id);
    const revoke = await call('PUT', '/api/coffee/display-link', alpha, { id: betaLink.id, revoke: true });
    expect(revoke.statusCode).toBe(404);
    expect((await display(betaLink.token)).json().data.cups.today).toBe(7);
  });
});

describe('the OpenAPI document', () => {
  it('declares the display token as an apiKey scheme in X-Display-Token, used by the display API', async () => {
    const doc = (await f.t.call('GET', '/api/docs/openapi.json')).json();
    expect(doc.components.securitySchemes.displayToken).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-Display-Token',
    });
    expect(doc.components.securitySchemes.displayTokenParam).toEqual({
      type: 'apiKey',
      in: 'query',
      name: 'display',
    });
    const operations = Object.entries(doc.paths as Record<string, Record<string, { security?: unknown }>>)
      .filter(([path]) => path.startsWith('/api/display/'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      'get /api/display/live',
      'post /api/display/query',
    ]);
    expect(doc.paths['/api/display/query'].post.security).toEqual([{ displayToken: [] }]);
    // The live stream: the header, or the address parameter an EventSource sends instead.
    expect(doc.paths['/api/display/live'].get.security).toEqual([
      { displayToken: [] },
      { displayTokenParam: [] },
    ]);
    // A console route keeps the console's token.
    expect(doc.paths['/api/coffee/dashboard/figures'].get.security).toBeUndefined();
    expect(doc.security).toEqual([{ token: [] }]);
  });
});

describe('the signed-in dashboards', () => {
  it('show the user’s scope with coffee:stats:dashboard, and are refused without it', async () => {
    const data = await ok('GET', '/api/coffee/dashboard/figures?board=dataShow', alpha);
    expect(data.cups.today).toBe(6);
    expect(data.scope.merchantName).toBe('Alpha Lobby');
    expect(data.scope.linkName).toBeNull();
    expect((await ok('GET', '/api/coffee/dashboard/figures?board=operation', beta)).cups.today).toBe(7);
    expect((await call('GET', '/api/coffee/dashboard/figures?board=operation', noDashboard)).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/coffee/dashboard/figures?board=operation', null)).statusCode).toBe(401);
    // Its live stream too (an EventSource's session comes in the `token` cookie).
    expect((await call('GET', '/api/coffee/dashboard/live', noDashboard)).statusCode).toBe(403);
    expect((await call('GET', '/api/coffee/dashboard/live', null)).statusCode).toBe(401);
  });
});

describe('the live stream', () => {
  it('tells an open dashboard to refresh when the rollups notify brewfleet_stats', async () => {
    const link = await ok('POST', '/api/coffee/display-link', alpha, { name: 'Live screen' });
    await f.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = f.t.app.server.address() as AddressInfo;
    const received: string[] = [];
    const request = http.get(
      `http://127.0.0.1:${port}/api/display/live?display=${encodeURIComponent(link.token)}`,
      (res) => {
        expect(res.statusCode).toBe(200);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => received.push(chunk));
      },
    );
    try {
      await waitFor(() => received.join('').includes('retry:'), 5000, 'the stream to open');
      await f.t.sql(`select pg_notify('brewfleet_stats', '')`);
      await waitFor(() => received.join('').includes('"kind":"refresh"'), 5000, 'a refresh');
    } finally {
      request.destroy();
    }
    const refused = await new Promise<number>((resolve) =>
      http.get(`http://127.0.0.1:${port}/api/display/live?display=dl_${'y'.repeat(43)}`, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }),
    );
    expect(refused).toBe(401);
  });
});
