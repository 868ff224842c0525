import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { P } from '@brewfleet/contracts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { grantNewMerchantAdminMenus, seedMenus } from '../src/modules/iam/seed.ts';

const PASSWORD = 'Merchant-Strong-Pass-5';
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

async function createMerchant(body: Record<string, unknown>, token = admin) {
  const res = await t.call('POST', '/api/coffee/merchant', {
    token,
    lang: 'en',
    body: { password: t.encrypt(PASSWORD), ...body },
  });
  return res;
}

describe('merchants', () => {
  it('creates the merchant with its administrator, who holds the merchant codes', async () => {
    const res = await createMerchant({
      name: 'Harbor Roasters',
      loginAccount: 'harbor',
      country: 'TW',
      contactNumber: '+886 2 2345 6789',
    });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().data;
    expect(m).toMatchObject({ name: 'Harbor Roasters', status: 'normal', isOpen: true, merchantId: m.id });
    const token = await t.login('harbor', PASSWORD);
    const info = (await t.call('GET', '/api/auth/getUserInfo', { token })).json().data;
    expect(info).toMatchObject({ partnerType: 'merchant', partnerId: m.id, partnerName: 'Harbor Roasters' });
    const perms = (await t.call('GET', '/api/coffee/user/permission', { token })).json().data;
    expect(perms).toContain(P.store.create);
    expect(perms).not.toContain(P.menu.update);
    const dup = await createMerchant({ name: 'Other', loginAccount: 'HARBOR' });
    expect(dup.statusCode).toBe(409);
  });

  it('stores keys encrypted, answers them masked, and reveals them with the permission', async () => {
    const res = await createMerchant({
      name: 'Keyed Cafe',
      loginAccount: 'keyed',
      posApiKey: t.encrypt('pos-live-9f8e7d6c5b4a'),
      legalPersonIdNumber: t.encrypt('A123456789'),
    });
    const m = res.json().data;
    expect(m.posApiKey).toBe('••••5b4a');
    expect(m.legalPersonIdNumber).toBe('••••6789');
    const [raw] = await t.sql('select pos_api_key, legal_person_id_number from merchant where id = $1', [
      m.id,
    ]);
    expect(raw.pos_api_key).toMatch(/^v1\./);
    expect(raw.pos_api_key).not.toContain('9f8e7d');
    const reveal = await t.call('POST', '/api/coffee/merchant/reveal', {
      token: admin,
      body: { id: m.id, field: 'posApiKey' },
    });
    expect(reveal.json().data).toEqual({ value: 'pos-live-9f8e7d6c5b4a' });
    // A role without the reveal code gets a 403, and the reveal is in the operation log.
    const role = (
      await t.call('POST', '/api/coffee/role', {
        token: admin,
        body: { roleName: 'merchant-viewer', roleTitle: 'Viewer', menuIdList: ['1210'] },
      })
    ).json().data;
    await t.call('POST', '/api/coffee/account', {
      token: admin,
      body: { account: 'viewer', name: 'Viewer', password: t.encrypt(PASSWORD), roleIds: [role.id] },
    });
    const viewer = await t.login('viewer', PASSWORD);
    expect(
      (await t.call('GET', `/api/coffee/merchant/${m.id}`, { token: viewer })).json().data.posApiKey,
    ).toBe('••••5b4a');
    expect(
      (
        await t.call('POST', '/api/coffee/merchant/reveal', {
          token: viewer,
          body: { id: m.id, field: 'posApiKey' },
        })
      ).statusCode,
    ).toBe(403);
    const log = (
      await t.call('POST', '/api/coffee/operation-log/list', {
        token: admin,
        body: { action: 'merchant.reveal' },
      })
    ).json().data;
    expect(log.list.map((r: any) => [r.outcome, r.targetId, r.account])).toEqual([
      ['failure', null, 'viewer'],
      ['success', `${m.id}.posApiKey`, 'admin'],
    ]);
  });

  it('keeps the hierarchy free of cycles and lists it as a tree', async () => {
    const top = (await createMerchant({ name: 'Chain HQ', loginAccount: 'chain' })).json().data;
    const mid = (
      await createMerchant({ name: 'Chain East', loginAccount: 'chain-east', parentId: top.id })
    ).json().data;
    const leaf = (
      await createMerchant({ name: 'Chain East Mall', loginAccount: 'chain-east-mall', parentId: mid.id })
    ).json().data;
    const cycle = await t.call('PUT', '/api/coffee/merchant', {
      token: admin,
      lang: 'en',
      body: { id: top.id, parentId: leaf.id },
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().msg).toBe('A merchant cannot be placed under itself or its sub-merchants');
    const chain = await t.login('chain', PASSWORD);
    const tree = (await t.call('GET', '/api/coffee/merchant/tree', { token: chain })).json().data;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({
      id: top.id,
      children: [
        expect.objectContaining({ id: mid.id, children: [expect.objectContaining({ id: leaf.id })] }),
      ],
    });
    // A merchant administrator creates sub-merchants below itself, not elsewhere.
    const sub = await createMerchant({ name: 'Chain West', loginAccount: 'chain-west' }, chain);
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json().data.parentId).toBe(top.id);
    // ...and cannot suspend or move its own merchant.
    expect(
      (
        await t.call('PUT', '/api/coffee/merchant', {
          token: chain,
          body: { id: top.id, status: 'suspended' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('suspending a merchant signs out its users and those below it, and keeps them out', async () => {
    const top = (await createMerchant({ name: 'Suspend Me', loginAccount: 'susp' })).json().data;
    await createMerchant({ name: 'Suspend Child', loginAccount: 'susp-child', parentId: top.id });
    const a = await t.login('susp', PASSWORD);
    const b = await t.login('susp-child', PASSWORD);
    const res = await t.call('PUT', '/api/coffee/merchant', {
      token: admin,
      body: { id: top.id, status: 'suspended' },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const token of [a, b])
      expect((await t.call('GET', '/api/auth/getUserInfo', { token })).statusCode).toBe(401);
    const again = await t.call('POST', '/api/auth/doLogin', {
      lang: 'en',
      body: { account: 'susp-child', password: t.encrypt(PASSWORD), agreement: true },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('This merchant is suspended; its users cannot sign in');
    await t.call('PUT', '/api/coffee/merchant', { token: admin, body: { id: top.id, status: 'normal' } });
    await t.login('susp-child', PASSWORD);
  });

  it('refuses to delete a merchant that still has stores', async () => {
    const m = (await createMerchant({ name: 'Busy', loginAccount: 'busy' })).json().data;
    await t.call('POST', '/api/coffee/store', {
      token: admin,
      body: { name: 'Busy Store', type: 'pick-up', merchantId: m.id },
    });
    expect(
      (await t.call('DELETE', '/api/coffee/merchant', { token: admin, body: { ids: [m.id] } })).statusCode,
    ).toBe(409);
    const empty = (await createMerchant({ name: 'Empty', loginAccount: 'empty' })).json().data;
    const del = await t.call('DELETE', '/api/coffee/merchant', { token: admin, body: { ids: [empty.id] } });
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.sql(`select 1 from account where account = 'empty'`)).toHaveLength(0);
  });
});

describe('stores', () => {
  it('belong to a merchant: named by the platform, the merchant’s own for a merchant user', async () => {
    const none = await t.call('POST', '/api/coffee/store', {
      token: admin,
      lang: 'en',
      body: { name: 'Orphan', type: 'pick-up' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('Choose the merchant this belongs to');
    const m = (await createMerchant({ name: 'Store Owner', loginAccount: 'owner' })).json().data;
    const token = await t.login('owner', PASSWORD);
    const res = await t.call('POST', '/api/coffee/store', {
      token,
      body: {
        name: 'Xinyi Kiosk',
        type: 'self-service-takeaway',
        openingTime: '07:30',
        closingTime: '22:00',
        operatingDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
        city: 'Taipei',
        latitude: 25.033,
        longitude: 121.5654,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      merchantId: m.id,
      storeId: res.json().data.id,
      operatingDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
      latitude: 25.033,
    });
    const bad = await t.call('POST', '/api/coffee/store', {
      token,
      lang: 'en',
      body: { name: 'Late', type: 'pick-up', closingTime: '25:00' },
    });
    expect(bad.json().msg).toBe('closingTime: Invalid time, expected HH:mm');
    const badDay = await t.call('POST', '/api/coffee/store', {
      token,
      body: { name: 'Odd', type: 'pick-up', operatingDays: ['someday'] },
    });
    expect(badDay.statusCode).toBe(400);
  });

  it('binds store staff to one store', async () => {
    const m = (await createMerchant({ name: 'Staffed', loginAccount: 'staffed' })).json().data;
    const owner = await t.login('staffed', PASSWORD);
    const store = (
      await t.call('POST', '/api/coffee/store', {
        token: owner,
        body: { name: 'Staffed One', type: 'pick-up' },
      })
    ).json().data;
    await t.call('POST', '/api/coffee/store', {
      token: owner,
      body: { name: 'Staffed Two', type: 'pick-up' },
    });
    const staff = await t.call('POST', '/api/coffee/account', {
      token: owner,
      body: { account: 'staffed-barista', name: 'Barista', password: t.encrypt(PASSWORD), storeId: store.id },
    });
    expect(staff.json().data).toMatchObject({ partnerType: 'store', merchantId: m.id, storeId: store.id });
    const list = (
      await t.call('POST', '/api/coffee/account/list', { token: owner, body: { partnerType: 'store' } })
    ).json().data;
    expect(list.list.map((a: any) => a.account)).toEqual(['staffed-barista']);
  });
});

describe('upgrades', () => {
  it('gives the administrators of earlier merchants the screens a new version adds, once', async () => {
    const res = await createMerchant({ name: 'Early Bird Cafe', loginAccount: 'early-bird' });
    const merchantId = res.json().data.id;
    const deviceList = 1310;
    // As a merchant made before the machine screens existed, on a database that never recorded a grant.
    await t.sql(
      `update role set menu_id_list = array_remove(menu_id_list, $2::bigint) where merchant_id = $1`,
      [merchantId, deviceList],
    );
    await t.sql(`delete from seed_grant`);
    const token = await t.login('early-bird', PASSWORD);
    // The pages the administrator's navigation offers.
    const pages = async () => {
      const urls: string[] = [];
      const walk = (nodes: { url: string; menuList?: unknown[] }[]) =>
        nodes.forEach((n) => (urls.push(n.url), walk((n.menuList ?? []) as typeof nodes)));
      walk((await t.call('GET', '/api/coffee/menu/nav', { token })).json().data);
      return urls;
    };
    expect(await pages()).not.toContain('device/list');

    expect(await grantNewMerchantAdminMenus(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await pages()).toContain('device/list');

    // Taken away on purpose afterwards, it stays away at the next start.
    await t.sql(
      `update role set menu_id_list = array_remove(menu_id_list, $2::bigint) where merchant_id = $1`,
      [merchantId, deviceList],
    );
    expect(await grantNewMerchantAdminMenus(t.database.db)).toBe(0);
    expect(await pages()).not.toContain('device/list');
  });

  describe('a page a new version declares between two others (Extraction estimate, 1556)', () => {
    const estimate = 1556;
    /** The Data center's pages in their order, and whether two share a place. */
    const dataCenter = async () => {
      const rows = await t.sql(
        `select id::int, order_num from menu where parent_id = 1500 order by order_num, id`,
      );
      return {
        ids: rows.map((r) => r.id as number),
        shared: new Set(rows.map((r) => r.order_num)).size !== rows.length,
      };
    };
    /** As a database of the version before that page: it is missing, its siblings closed up. */
    const beforeThePage = async () => {
      const [{ order_num: place }] = await t.sql(`select order_num from menu where id = $1`, [estimate]);
      await t.sql(`delete from menu where id = $1`, [estimate]);
      await t.sql(`update menu set order_num = order_num - 1 where parent_id = 1500 and order_num > $1`, [
        place,
      ]);
      return place as number;
    };

    it('is put in its place at the next start, the pages after it moving down one', async () => {
      const fresh = await dataCenter();
      expect(fresh.shared).toBe(false);
      await beforeThePage();
      await seedMenus(t.database.db);
      expect(await dataCenter()).toEqual(fresh);
    });

    it('no longer shares its place with Data display on a database that took it before (migration 0048)', async () => {
      const fresh = await dataCenter();
      const place = await beforeThePage();
      // What the seed did then: the page inserted at its place, nothing moved.
      await t.sql(
        `insert into menu (id, parent_id, name, tw_name, en_name, type, url, perms, icon, order_num)
         values ($1, 1500, '萃取估算', '萃取估算', 'Extraction estimate', 1, 'dataCenter/extractionEstimate', '', '', $2)`,
        [estimate, place],
      );
      expect((await dataCenter()).shared).toBe(true);
      await t.sql(fs.readFileSync(new URL('../migrations/0048_menu_places.sql', import.meta.url), 'utf8'));
      const fixed = await dataCenter();
      expect(fixed.shared).toBe(false);
      expect(fixed.ids.indexOf(estimate)).toBeLessThan(fixed.ids.indexOf(1553));
      expect(fixed.ids.filter((id) => id !== estimate)).toEqual(fresh.ids.filter((id) => id !== estimate));
      // Run again (or on a database that never shared a place), it moves nothing.
      await t.sql(fs.readFileSync(new URL('../migrations/0048_menu_places.sql', import.meta.url), 'utf8'));
      expect(await dataCenter()).toEqual(fixed);
    });
  });

  it('renames seeded menu titles to Taiwan wording, leaving a title an administrator chose', async () => {
    await t.sql(`update menu set tw_name = '設備調試' where id = 1420`);
    await t.sql(`update menu set tw_name = '我們的數據' where id = 1500`);
    const sql = fs.readFileSync(
      new URL('../migrations/0012_taiwan_menu_titles.sql', import.meta.url),
      'utf8',
    );
    await t.sql(sql);
    const names = await t.sql(`select id::text, tw_name from menu where id in (1420, 1500) order by id`);
    expect(names.map((n) => n.tw_name)).toEqual(['設備偵錯', '我們的數據']);
  });
});
