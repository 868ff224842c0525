/**
 * The tenant matrix: for every declared tenant resource, users of merchant A, of a child of A and of
 * a store of A, calling with the ids of merchant B's rows, get 404 (403 where they lack the code
 * altogether) and never see a row of B in any list. A new resource joins by being declared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_SEED, MERCHANT_ADMIN_CODES, P, RESOURCES, type ResourceDef } from '@brewfleet/contracts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { sampleCreateBody, sampleUpdate } from './helpers/samples.ts';
import { openLive } from './helpers/machine-events.ts';
import { uploadFile } from './helpers/multipart.ts';
import sharp from 'sharp';
import { EVENTS_CHANNEL } from '../src/platform/events/notices.ts';

const PASSWORD = 'Matrix-Strong-Pass-3';
let t: TestApp;
const tenantResources = Object.values(RESOURCES).filter((r) => r.tenant !== 'none');
const users: Record<string, { token: string; codes: string[] }> = {};
const merchants: Record<string, string> = {};
const rowsOfB: Record<string, string> = {};
const rowBefore: Record<string, string> = {};
/** Ids of B's rows (and the platform catalog) by resource, for required references. */
const refs: Record<string, string> = {};
let bSubtree: string[] = [];
let bravoToken = '';

async function ok(res: Awaited<ReturnType<TestApp['call']>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function createMerchant(token: string, name: string, login: string, parentId?: string) {
  const m = await ok(
    await t.call('POST', '/api/coffee/merchant', {
      token,
      body: { name, loginAccount: login, password: t.encrypt(PASSWORD), parentId },
    }),
  );
  return m.id as string;
}

beforeAll(async () => {
  t = await startTestApp({ logLevel: process.env.TEST_LOG ?? 'silent' });
  const admin = await t.adminToken();
  merchants.A = await createMerchant(admin, 'Alpha Coffee', 'alpha');
  merchants.A1 = await createMerchant(admin, 'Alpha North', 'alpha1', merchants.A);
  merchants.B = await createMerchant(admin, 'Bravo Tea', 'bravo');
  const alpha = await t.login('alpha', PASSWORD);
  const store = await ok(
    await t.call('POST', '/api/coffee/store', {
      token: alpha,
      body: { name: 'Alpha Station', type: 'pick-up' },
    }),
  );
  const menuIds = MENU_SEED.filter((m) => MERCHANT_ADMIN_CODES.includes(m.perms)).map((m) => m.id);
  const role = await ok(
    await t.call('POST', '/api/coffee/role', {
      token: alpha,
      body: { roleName: 'staff', roleTitle: 'Staff', menuIdList: menuIds },
    }),
  );
  await ok(
    await t.call('POST', '/api/coffee/account', {
      token: alpha,
      body: {
        account: 'alpha-store',
        name: 'Store staff',
        password: t.encrypt(PASSWORD),
        storeId: store.id,
        roleIds: [role.id],
      },
    }),
  );
  users.merchantA = { token: alpha, codes: MERCHANT_ADMIN_CODES };
  users.childOfA = { token: await t.login('alpha1', PASSWORD), codes: MERCHANT_ADMIN_CODES };
  users.storeOfA = { token: await t.login('alpha-store', PASSWORD), codes: MERCHANT_ADMIN_CODES };

  // The platform's machine catalog, for B's machine.
  const type = await ok(
    await t.call('POST', '/api/coffee/device-type', {
      token: admin,
      body: { name: 'Espresso', family: 'coffee', automation: 'automatic' },
    }),
  );
  const model = await ok(
    await t.call('POST', '/api/coffee/device-model', {
      token: admin,
      body: { name: 'E-1', code: 'E1', deviceTypeId: type.id },
    }),
  );
  refs['device-model'] = model.id;

  // One row of every tenant resource for B, made by B's administrator, or by the platform for B
  // where only the platform may create (it registers machines).
  const bravo = (bravoToken = await t.login('bravo', PASSWORD));
  refs.upload = await uploadFile(
    t.app,
    bravo,
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
    'b.png',
    'image/png',
  );
  for (const def of tenantResources) {
    if ((def.disable ?? []).includes('create')) continue;
    const byB = MERCHANT_ADMIN_CODES.includes(def.permissions.create!);
    const body = sampleCreateBody(def, t.encrypt, refs);
    if (!byB && 'merchantId' in def.fields) body.merchantId = merchants.B;
    const row = await ok(
      await t.call('POST', `/api/coffee/${def.name}`, { token: byB ? bravo : admin, body }),
    );
    rowsOfB[def.name] = refs[def.name] = row.id;
  }
  // B's machine at work: a command from B's administrator (command and log rows), and what the
  // gateway would have written from its reports.
  await ok(await t.call('POST', '/api/coffee/device/lock', { token: bravo, body: { ids: [refs.device] } }));
  const reported = {
    production_record: `event_id, produced_at, product_code, method, result`,
    fault_log: `event_id, raised_at, code`,
    cleaning_record: `event_id, cleaned_at, kind, result`,
    sales_order: `order_no, pickup_code, order_type, status, payment_method, currency, amount, actual_payment,
                  ordered_at, status_at`,
  };
  const values = {
    production_record: `gen_random_uuid()::text, now(), 'LATTE', 'manual', 'completed'`,
    fault_log: `gen_random_uuid()::text, now(), 'E-1'`,
    cleaning_record: `gen_random_uuid()::text, now(), 'deep', 'completed'`,
    sales_order: `'B-1', '0420', 'pack', 'paid', 'cash', 'TWD', 90, 90, now(), now()`,
  };
  for (const table of Object.keys(reported) as Array<keyof typeof reported>)
    await t.sql(
      `insert into ${table} (merchant_id, store_id, device_id, serial_number, ${reported[table]})
       select merchant_id, store_id, id, serial_number, ${values[table]} from device where id = $1`,
      [refs.device],
    );
  // B's members at work: a wallet and points moved, a coupon granted (the ledgers' and held
  // coupons' rows).
  const memberCalls: Array<[string, unknown]> = [
    ['/api/coffee/member/wallet', { memberId: refs.member, amount: '20', reason: 'top-up', kind: 'top-up' }],
    ['/api/coffee/member/points', { memberId: refs.member, points: 5, reason: 'welcome' }],
    ['/api/coffee/coupon/grant', { couponId: refs.coupon, memberIds: [refs.member] }],
  ];
  for (const [url, body] of memberCalls)
    await ok(await t.call('POST', url, { token: bravo, body, headers: { 'idempotency-key': `b-${url}` } }));
  // B's Uber listing at work: what the delivery module logs as it follows B's machines.
  await t.sql(
    `insert into delivery_listing_change (merchant_id, store_id, action, cause)
     select merchant_id, id, 'pause-store', 'no-machine-takes-orders' from store where id = $1`,
    [refs.store],
  );
  // Resources without create (the operation log, the ledgers) get B's rows from B's own activity.
  for (const def of tenantResources.filter((d) => !rowsOfB[d.name])) {
    const [row] = await t.sql(`select id::text from ${def.table} where merchant_id = $1 limit 1`, [
      merchants.B,
    ]);
    expect(row, `${def.name} has a row of B`).toBeTruthy();
    rowsOfB[def.name] = row.id;
  }
  for (const def of tenantResources) {
    const [r] = await t.sql(`select row_to_json(x)::text as row from ${def.table} x where id = $1`, [
      rowsOfB[def.name],
    ]);
    rowBefore[def.name] = r.row;
  }
  bSubtree = (await t.sql(`select unnest(merchant_subtree($1))::text as id`, [merchants.B])).map((r) => r.id);
  expect(bSubtree.length).toBe(2); // B and the sub-merchant B made
});
afterAll(() => t.close());

const expected = (user: string, code: string | undefined) =>
  code && users[user].codes.includes(code) ? 404 : 403;

describe.each(['merchantA', 'childOfA', 'storeOfA'])('%s', (user) => {
  it.each(tenantResources.map((d) => [d.name, d] as [string, ResourceDef]))(
    'cannot see or touch B’s %s',
    async (name, def) => {
      const { token } = users[user];
      const id = rowsOfB[name];
      const list = await t.call('POST', `/api/coffee/${name}/list`, { token, body: { limit: 500 } });
      if (list.statusCode === 200) {
        for (const row of list.json().data.list) {
          expect(row.id).not.toBe(id);
          expect(bSubtree).not.toContain(row.merchantId);
        }
      } else expect(list.statusCode).toBe(403);
      expect((await t.call('GET', `/api/coffee/${name}/${id}`, { token })).statusCode).toBe(
        expected(user, def.permissions.list),
      );
      const select = await t.call('GET', `/api/coffee/${name}/select`, { token });
      if (select.statusCode === 200) expect(select.json().data.map((o: any) => o.value)).not.toContain(id);
      const disabled = def.disable ?? [];
      if (def.permissions.update && !disabled.includes('update')) {
        const res = await t.call('PUT', `/api/coffee/${name}`, {
          token,
          body: { id, ...sampleUpdate(def, t.encrypt) },
        });
        expect(res.statusCode, res.body).toBe(expected(user, def.permissions.update));
      }
      if (def.permissions.delete && !disabled.includes('delete')) {
        const res = await t.call('DELETE', `/api/coffee/${name}`, { token, body: { ids: [id] } });
        expect(res.statusCode, res.body).toBe(expected(user, def.permissions.delete));
      }
      const [after] = await t.sql(`select row_to_json(x)::text as row from ${def.table} x where id = $1`, [
        id,
      ]);
      expect(after.row, 'the row of B is unchanged').toBe(rowBefore[name]);
    },
  );
});

describe.each(['merchantA', 'childOfA', 'storeOfA'])('%s and B’s machines', (user) => {
  it('cannot command, bind, re-key, inspect or configure them (404), nor see them in any view', async () => {
    const { token } = users[user];
    const device = refs.device;
    const commandsBefore = await t.sql(`select count(*)::int as n from device_command`);
    for (const op of ['lock', 'unlock', 'startup', 'shutdown', 'restart']) {
      const res = await t.call('POST', `/api/coffee/device/${op}`, { token, body: { ids: [device] } });
      expect(res.statusCode, `${op}: ${res.body}`).toBe(404);
    }
    // Every preset, family-bound ones included: B's machine is unknown (404) before its family is
    // looked at, so a refusal never names it.
    const presets = await t.sql(`select id::text from preset_command`);
    const calls: Array<[string, string, unknown]> = [
      ...presets.map((p): [string, string, unknown] => [
        'POST',
        '/api/coffee/device/debug',
        { ids: [device], presetId: p.id },
      ]),
      ['POST', '/api/coffee/device/bind', { ids: [device], merchantId: merchants.A }],
      ['POST', '/api/coffee/device/credentials', { id: device }],
      ['GET', `/api/coffee/device/detail?id=${device}`, undefined],
      ['POST', '/api/coffee/device-channel/refill', { ids: [rowsOfB['device-channel']] }],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method as 'POST', url, { token, body });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
    }
    // A's own configuration cannot be distributed onto B's machine either.
    await ok(
      await t.call('POST', '/api/coffee/channel-config', {
        token: users.merchantA.token,
        body: { configName: `cfg-${user}`, name: 'Beans', channelNumber: 1 },
      }),
    );
    const distribute = await t.call('POST', '/api/coffee/channel-config/distribute', {
      token,
      body: { configName: `cfg-${user}`, deviceIds: [device] },
    });
    expect([403, 404]).toContain(distribute.statusCode);
    expect(await t.sql(`select count(*)::int as n from device_command`)).toEqual(commandsBefore);
    const [channels] = await t.sql(
      `select count(*)::int as n from device_channel where device_id = $1 and config_name is not null`,
      [device],
    );
    expect(channels.n, 'no configuration reached B’s machine').toBe(0);

    const counters = await ok(await t.call('POST', '/api/coffee/device/counters', { token, body: {} }));
    expect(counters.all).toBe(0);
    const map = await ok(await t.call('POST', '/api/coffee/device/map', { token, body: {} }));
    expect(map.points.map((p: any) => p.id)).not.toContain(device);
    const summary = await ok(
      await t.call('POST', '/api/coffee/device/merchant-summary', { token, body: {} }),
    );
    expect(summary).toEqual([]);
  });
});

describe('the live stream (server-sent events)', () => {
  /** Opens `GET /api/coffee/device/live?ids=` as `token` and collects its data frames. */
  it('never carries B’s machine or B’s commands to A’s users, even asked for by id', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const device = refs.device;
    const others = await Promise.all(
      ['merchantA', 'childOfA', 'storeOfA'].map((u) => openLive(address, users[u].token, device)),
    );
    // B's own stream is the control: what A's streams miss, it must see.
    const own = await openLive(address, bravoToken, device);
    for (const stream of [...others, own]) expect(stream.status).toBe(200);
    try {
      // B's machine at work while the streams are open: B's command, and a new state as the gateway
      // would write it.
      await ok(
        await t.call('POST', '/api/coffee/device/unlock', { token: bravoToken, body: { ids: [device] } }),
      );
      // The gateway publishes such a change as an event, heard by every process after commit.
      await t.sql(
        `with changed as (update device set state = 'making', updated_at = now() where id = $1 returning id)
         select pg_notify($2, json_build_object('e', 'fleet.machineStatusChanged', 'd', json_build_array(id::text), 'c', '[]'::json)::text)
         from changed`,
        [device, EVENTS_CHANNEL],
      );
      const until = Date.now() + 10_000;
      while (!(
        own.seen.some((e) => e.kind === 'device' && e.id === device) &&
        own.seen.some((e) => e.kind === 'command' && e.deviceId === device)
      )) {
        if (Date.now() > until) throw new Error('B’s stream saw nothing of B’s machine');
        await new Promise((r) => setTimeout(r, 100));
      }
      // A's streams hear the same notifications: give them time to (wrongly) show something.
      await new Promise((r) => setTimeout(r, 1500));
      for (const stream of others) expect(stream.seen).toEqual([]);
    } finally {
      await Promise.all([...others, own].map((s) => s.close()));
    }
  });
});

describe.each(['merchantA', 'childOfA', 'storeOfA'])('%s and B’s menu releases', (user) => {
  it('cannot push, roll back or follow them (404), and nothing is queued', async () => {
    const { token } = users[user];
    const id = rowsOfB['menu-release'];
    const codes = P.menuRelease;
    const counts = async () =>
      t.sql(`select (select count(*)::int from device_command) as commands,
                    (select count(*)::int from menu_release) as releases`);
    const before = await counts();
    const calls: Array<[string, string, unknown, string]> = [
      ['POST', '/api/coffee/menu-release/push', { id }, codes.push],
      ['POST', '/api/coffee/menu-release/push', { id, deviceIds: [refs.device] }, codes.push],
      ['POST', '/api/coffee/menu-release/rollback', { id }, codes.rollback],
      ['GET', `/api/coffee/menu-release/progress?id=${id}`, undefined, codes.list],
    ];
    for (const [method, url, body, code] of calls) {
      const res = await t.call(method as 'POST', url, { token, body });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(expected(user, code));
    }
    expect(await counts()).toEqual(before);
    const [after] = await t.sql(`select row_to_json(x)::text as row from menu_release x where id = $1`, [id]);
    expect(after.row, 'B’s release is unchanged').toBe(rowBefore['menu-release']);
  });
});

describe.each(['merchantA', 'childOfA', 'storeOfA'])('%s and B’s members', (user) => {
  it('cannot move their wallets or points nor grant them or B’s coupons (404), and nothing is written', async () => {
    const { token } = users[user];
    const ledgers = () =>
      t.sql(`select (select count(*)::int from member_wallet_entry) as wallet,
                    (select count(*)::int from member_points_entry) as points,
                    (select count(*)::int from member_coupon) as coupons`);
    const before = await ledgers();
    const calls: Array<[string, unknown, string]> = [
      [
        '/api/coffee/member/wallet',
        { memberId: rowsOfB.member, amount: '5', reason: 'mine' },
        P.member.wallet,
      ],
      [
        '/api/coffee/member/wallet',
        { memberId: rowsOfB.member, amount: '-5', reason: 'mine' },
        P.member.wallet,
      ],
      ['/api/coffee/member/points', { memberId: rowsOfB.member, points: 5, reason: 'mine' }, P.member.points],
      ['/api/coffee/coupon/grant', { couponId: rowsOfB.coupon, memberIds: [rowsOfB.member] }, P.coupon.grant],
    ];
    for (const [i, [url, body, code]] of calls.entries()) {
      const res = await t.call('POST', url, {
        token,
        body,
        headers: { 'idempotency-key': `m-${user}-${i}` },
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(expected(user, code));
    }
    expect(await ledgers()).toEqual(before);
    const [after] = await t.sql(`select row_to_json(x)::text as row from member x where id = $1`, [
      rowsOfB.member,
    ]);
    expect(after.row, 'B’s member is unchanged').toBe(rowBefore.member);
  });
});

describe.each(['merchantA', 'childOfA', 'storeOfA'])('%s and B’s orders', (user) => {
  it('cannot open, refund or cancel them (404), and nothing is written', async () => {
    const { token } = users[user];
    const id = rowsOfB.order;
    const calls: Array<[string, string, unknown, string]> = [
      ['GET', `/api/coffee/order/${id}/detail`, undefined, P.order.list],
      ['POST', '/api/coffee/order/refund', { orderId: id, reason: 'mine' }, P.order.refund],
      [
        'POST',
        '/api/coffee/order/refund',
        { orderId: id, reason: 'mine', lines: [{ seq: 1, amount: '1' }] },
        P.order.refund,
      ],
      ['POST', '/api/coffee/order/cancel', { orderId: id, reason: 'mine' }, P.order.cancel],
    ];
    for (const [method, url, body, code] of calls) {
      const res = await t.call(method as 'POST', url, {
        token,
        body,
        headers: { 'idempotency-key': `k-${user}-${url}` },
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(expected(user, code));
    }
    const [after] = await t.sql(`select row_to_json(x)::text as row from sales_order x where id = $1`, [id]);
    expect(after.row, 'B’s order is unchanged').toBe(rowBefore.order);
    const [{ n }] = await t.sql(`select count(*)::int as n from sales_order_refund where order_id = $1`, [
      id,
    ]);
    expect(n).toBe(0);
  });
});

describe('hierarchy', () => {
  it('a child merchant does not see its parent; the parent sees the child', async () => {
    const childView = await ok(
      await t.call('POST', '/api/coffee/merchant/list', { token: users.childOfA.token, body: {} }),
    );
    expect(childView.list.map((m: any) => m.id)).toEqual([merchants.A1]);
    const parentView = await ok(
      await t.call('POST', '/api/coffee/merchant/list', { token: users.merchantA.token, body: {} }),
    );
    expect(parentView.list.map((m: any) => m.id).sort()).toEqual([merchants.A, merchants.A1].sort());
    const accounts = await ok(
      await t.call('POST', '/api/coffee/account/list', { token: users.childOfA.token, body: { limit: 500 } }),
    );
    expect(accounts.list.map((a: any) => a.account)).toEqual(['alpha1']);
  });

  it('a store account sees only its store', async () => {
    const stores = await ok(
      await t.call('POST', '/api/coffee/store/list', { token: users.storeOfA.token, body: {} }),
    );
    expect(stores.list.map((s: any) => s.name)).toEqual(['Alpha Station']);
    const info = await ok(await t.call('GET', '/api/auth/getUserInfo', { token: users.storeOfA.token }));
    expect(info).toMatchObject({ partnerType: 'store', partnerName: 'Alpha Station' });
    // Its roles belong to its merchant, outside the store's own scope: the nav still follows them.
    const nav = await ok(await t.call('GET', '/api/coffee/menu/nav', { token: users.storeOfA.token }));
    expect(JSON.stringify(nav)).toContain('store/list');
    const roles = await ok(
      await t.call('GET', '/api/coffee/role/select', {
        token: users.merchantA.token,
        query: { merchantId: merchants.A1 },
      }),
    );
    const [{ id: a1Role }] = await t.sql(`select id::text from role where merchant_id = $1`, [merchants.A1]);
    expect(roles.map((r: any) => r.value)).toEqual([a1Role]);
    // Every merchant has its administrator role of the same title: a platform admin's picker names whose.
    const everyRole = await ok(
      await t.call('GET', '/api/coffee/role/select', { token: await t.adminToken() }),
    );
    const labelOf = (id: string) => everyRole.find((r: any) => r.value === id)?.label;
    const [{ id: bRole }] = await t.sql(`select id::text from role where merchant_id = $1`, [merchants.B]);
    expect([labelOf(a1Role), labelOf(bRole)]).toEqual([
      expect.stringMatching(/ · Alpha North$/),
      expect.stringMatching(/ · Bravo Tea$/),
    ]);
    expect(labelOf(a1Role).replace(' · Alpha North', '')).toBe(labelOf(bRole).replace(' · Bravo Tea', ''));
  });

  it('cannot create a row for another tenant or point at its objects (400)', async () => {
    const res = await t.call('POST', '/api/coffee/store', {
      token: users.merchantA.token,
      body: { name: 'Sneaky', type: 'pick-up', merchantId: merchants.B },
    });
    expect(res.statusCode).toBe(400);
    const sub = await t.call('POST', '/api/coffee/merchant', {
      token: users.merchantA.token,
      body: {
        name: 'Under B',
        loginAccount: 'under-b',
        password: t.encrypt(PASSWORD),
        parentId: merchants.B,
      },
    });
    expect(sub.statusCode).toBe(400);
  });
});
