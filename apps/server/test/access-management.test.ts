import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_SEED, P } from '@brewfleet/contracts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const menuIdOf = (perms: string) => MENU_SEED.find((m) => m.perms === perms)!.id;
const PASSWORD = 'Barista-Strong-77';

async function makeRole(roleName: string, codes: string[], token = admin) {
  const res = await t.call('POST', '/api/coffee/role', {
    token,
    body: { roleName, roleTitle: roleName, remark: 'test', menuIdList: codes.map(menuIdOf) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}
async function makeAccount(account: string, roleIds: string[], extra: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/coffee/account', {
    token: admin,
    body: { account, name: `${account} name`, password: t.encrypt(PASSWORD), roleIds, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

describe('accounts', () => {
  it('creates, reads, lists with filters, edits and never returns the password', async () => {
    const id = await makeAccount('barista.lee', [], {
      email: 'lee@example.com',
      phone: '+886 912 345 678',
      status: 'vacation',
    });
    const got = (await t.call('GET', `/api/coffee/account/${id}`, { token: admin })).json().data;
    expect(got).toMatchObject({
      account: 'barista.lee',
      status: 'vacation',
      partnerType: 'platform',
      email: 'lee@example.com',
    });
    expect(JSON.stringify(got)).not.toMatch(/password|argon2/i);
    await makeAccount('barista.kim', []);
    const byName = (
      await t.call('POST', '/api/coffee/account/list', { token: admin, body: { account: 'barista' } })
    ).json().data;
    expect(byName.total).toBe(2);
    const byStatus = (
      await t.call('POST', '/api/coffee/account/list', { token: admin, body: { status: 'vacation' } })
    ).json().data;
    expect(byStatus.list.map((a: any) => a.account)).toEqual(['barista.lee']);
    const sorted = (
      await t.call('POST', '/api/coffee/account/list', {
        token: admin,
        body: { account: 'barista', sort: 'account' },
      })
    ).json().data.list;
    expect(sorted.map((a: any) => a.account)).toEqual(['barista.kim', 'barista.lee']);
    const edited = await t.call('PUT', '/api/coffee/account', {
      token: admin,
      body: { id, name: 'Lee Barista', status: 'normal' },
    });
    expect(edited.json().data).toMatchObject({
      name: 'Lee Barista',
      status: 'normal',
      account: 'barista.lee',
    });
    const dup = await t.call('POST', '/api/coffee/account', {
      token: admin,
      lang: 'en',
      body: { account: 'BARISTA.LEE', name: 'x', password: t.encrypt(PASSWORD) },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('This account already exists');
  });

  it('searches with LIKE wildcards taken literally', async () => {
    await makeAccount('percent_50%', []);
    const res = (
      await t.call('POST', '/api/coffee/account/list', { token: admin, body: { account: '50%' } })
    ).json().data;
    expect(res.list.map((a: any) => a.account)).toEqual(['percent_50%']);
    const none = (
      await t.call('POST', '/api/coffee/account/list', { token: admin, body: { account: '%' } })
    ).json().data;
    expect(none.total).toBe(1);
  });

  it('protects the platform administrator and the caller', async () => {
    const [{ id }] = await t.sql(`select id::text from account where account = 'admin'`);
    const del = await t.call('DELETE', '/api/coffee/account', {
      token: admin,
      lang: 'en',
      body: { ids: [id] },
    });
    expect(del.statusCode).toBe(400);
    const disable = await t.call('PUT', '/api/coffee/account', {
      token: admin,
      body: { id, status: 'disabled' },
    });
    expect(disable.statusCode).toBe(400);
    expect((await t.sql(`select status from account where id = $1`, [id]))[0].status).toBe('normal');
  });

  it('deletes all or nothing', async () => {
    const a = await makeAccount('delete-a', []);
    const res = await t.call('DELETE', '/api/coffee/account', {
      token: admin,
      body: { ids: [a, '987654321'] },
    });
    expect(res.statusCode).toBe(404);
    expect(await t.sql('select 1 from account where id = $1', [a])).toHaveLength(1);
    const ok = await t.call('POST', '/api/coffee/account/delete', { token: admin, body: { ids: [a] } });
    expect(ok.json().data).toEqual({ deleted: 1 });
  });

  it('refuses a role id that does not exist', async () => {
    const res = await t.call('POST', '/api/coffee/account', {
      token: admin,
      lang: 'en',
      body: { account: 'ghost-role', name: 'x', password: t.encrypt(PASSWORD), roleIds: ['123456789'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Roles: the referenced record does not exist');
  });
});

describe('roles, permissions and menus', () => {
  it('grants exactly the menus and codes of the roles', async () => {
    const roleId = await makeRole('org-keeper', [P.organization.list, P.organization.create]);
    await makeAccount('keeper', [roleId]);
    const token = await t.login('keeper', PASSWORD);
    const perms = (await t.call('GET', '/api/coffee/user/permission', { token })).json().data;
    expect(perms).toEqual([P.organization.create, P.organization.list].sort());
    const nav = (await t.call('GET', '/api/coffee/menu/nav', { token })).json().data;
    const urls: string[] = [];
    const walk = (nodes: any[]) => nodes.forEach((n) => (n.url && urls.push(n.url), walk(n.menuList)));
    walk(nav);
    expect(urls.sort()).toEqual(['home', 'organization/list']);
    const node = nav.find((n: any) => n.menuList.length);
    expect(node).toMatchObject({
      id: expect.any(String),
      menuId: expect.any(String),
      parentId: '0',
      type: 0,
      level: 1,
    });
    // Each node's depth (spec §3 Menu `level`): the page sits two levels below its top directory.
    const page = node.menuList[0].menuList[0];
    expect(page).toMatchObject({ url: 'organization/list', level: 3 });
    const all = (await t.call('GET', '/api/coffee/menu', { token: admin })).json().data;
    expect(all.find((n: any) => n.url === 'home')).toMatchObject({ level: 1 });
    expect(all.find((n: any) => n.id === node.id).menuList[0]).toMatchObject({ level: 2 });
    // Allowed, and forbidden without the code.
    expect((await t.call('POST', '/api/coffee/organization/list', { token, body: {} })).statusCode).toBe(200);
    const denied = await t.call('POST', '/api/coffee/account/list', { token, lang: 'en', body: {} });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe('You do not have permission for this action');
    expect(
      (await t.call('DELETE', '/api/coffee/organization', { token, body: { ids: ['1'] } })).statusCode,
    ).toBe(403);
  });

  it('gives the platform administrator every code and every menu', async () => {
    const perms = (await t.call('GET', '/api/coffee/user/permission', { token: admin })).json().data;
    for (const code of Object.values(P).flatMap((g) => Object.values(g))) expect(perms).toContain(code);
    const nav = (await t.call('GET', '/api/coffee/menu/nav', { token: admin })).json().data;
    expect(JSON.stringify(nav)).toContain('menu/list');
  });

  it('authorizes a role, and the change takes effect on the next request', async () => {
    const roleId = await makeRole('grow', [P.role.list]);
    await makeAccount('grower', [roleId]);
    const token = await t.login('grower', PASSWORD);
    expect((await t.call('POST', '/api/coffee/operation-log/list', { token, body: {} })).statusCode).toBe(
      403,
    );
    const res = await t.call('POST', '/api/coffee/role/authorize', {
      token: admin,
      body: { id: roleId, menuIdList: [menuIdOf(P.role.list), menuIdOf(P.operationLog.list)] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.call('POST', '/api/coffee/operation-log/list', { token, body: {} })).statusCode).toBe(
      200,
    );
  });

  it('offers the authorize dialog only what the caller may grant', async () => {
    const roleId = await makeRole('granter', [P.role.list, P.role.authorize, P.organization.list]);
    await makeAccount('granter', [roleId]);
    const token = await t.login('granter', PASSWORD);
    const tree = (await t.call('GET', '/api/coffee/role/menu-tree', { token })).json().data;
    const perms: string[] = [];
    const walk = (nodes: any[]) => nodes.forEach((n) => (n.perms && perms.push(n.perms), walk(n.menuList)));
    walk(tree);
    expect(perms.sort()).toEqual([P.organization.list, P.role.authorize, P.role.list].sort());
    const all = (await t.call('GET', '/api/coffee/role/menu-tree', { token: admin })).json().data;
    expect(JSON.stringify(all)).toContain(P.menu.delete);
    expect((await t.call('GET', '/api/coffee/menu', { token })).statusCode).toBe(403);
  });

  it('does not let a user grant codes they do not hold', async () => {
    const roleId = await makeRole('role-editor', [
      P.role.list,
      P.role.create,
      P.role.update,
      P.role.authorize,
      P.account.create,
      P.account.list,
    ]);
    await makeAccount('role-editor', [roleId]);
    const token = await t.login('role-editor', PASSWORD);
    const escalate = await t.call('POST', '/api/coffee/role', {
      token,
      lang: 'en',
      body: { roleName: 'sneaky', roleTitle: 'Sneaky', menuIdList: [menuIdOf(P.menu.delete)] },
    });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().msg).toBe('You cannot grant permissions you do not hold yourself');
    const fine = await t.call('POST', '/api/coffee/role', {
      token,
      body: { roleName: 'reader', roleTitle: 'Reader', menuIdList: [menuIdOf(P.role.list)] },
    });
    expect(fine.statusCode, fine.body).toBe(200);
    const adminRole = await makeRole('all-menus', [P.menu.delete]);
    const viaAccount = await t.call('POST', '/api/coffee/account', {
      token,
      body: { account: 'sneaky-user', name: 'S', password: t.encrypt(PASSWORD), roleIds: [adminRole] },
    });
    expect(viaAccount.statusCode).toBe(403);
  });

  it('keeps role names unique and refuses to delete a role in use', async () => {
    const roleId = await makeRole('unique-one', []);
    const dup = await t.call('POST', '/api/coffee/role', {
      token: admin,
      lang: 'en',
      body: { roleName: 'UNIQUE-ONE', roleTitle: 'x' },
    });
    expect(dup.statusCode).toBe(409);
    await makeAccount('holder', [roleId]);
    const del = await t.call('DELETE', '/api/coffee/role', { token: admin, body: { ids: [roleId] } });
    expect(del.statusCode).toBe(409);
  });

  it('manages the menu tree: create, edit, no cycles, no orphaned children', async () => {
    const dir = await t.call('POST', '/api/coffee/menu', {
      token: admin,
      body: { name: '报表', twName: '報表', enName: 'Reports', type: 0, icon: 'chart', orderNum: 9 },
    });
    expect(dir.statusCode, dir.body).toBe(200);
    const dirId = dir.json().data.id;
    const page = await t.call('POST', '/api/coffee/menu', {
      token: admin,
      body: {
        parentId: dirId,
        name: '日报',
        twName: '日報',
        enName: 'Daily',
        type: 1,
        url: 'report/daily',
        perms: 'coffee:report:list',
      },
    });
    const pageId = page.json().data.id;
    const tree = (await t.call('GET', '/api/coffee/menu', { token: admin })).json().data;
    const reports = tree.find((n: any) => n.id === dirId);
    expect(reports.menuList.map((n: any) => n.enName)).toEqual(['Daily']);
    const select = (await t.call('GET', '/api/coffee/menu/select', { token: admin, lang: 'tw' })).json().data;
    expect(select.find((n: any) => n.value === dirId)).toMatchObject({ label: '報表' });
    const cycle = await t.call('PUT', '/api/coffee/menu', {
      token: admin,
      lang: 'en',
      body: { id: dirId, parentId: pageId },
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().msg).toBe('A menu cannot be placed under itself');
    const orphan = await t.call('DELETE', '/api/coffee/menu', { token: admin, body: { ids: [dirId] } });
    expect(orphan.statusCode).toBe(409);
    const both = await t.call('DELETE', '/api/coffee/menu', { token: admin, body: { ids: [dirId, pageId] } });
    expect(both.json().data.deleted).toBe(2);
    expect(
      (
        await t.call('POST', '/api/coffee/menu', {
          token: admin,
          body: { name: 'x', twName: 'x', enName: 'x', type: 7 },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('organizations', () => {
  it('lists as a tree with types and availability, refusing cycles', async () => {
    const hq = (
      await t.call('POST', '/api/coffee/organization', {
        token: admin,
        body: { name: 'HQ', type: 'headquarters' },
      })
    ).json().data;
    const dept = (
      await t.call('POST', '/api/coffee/organization', {
        token: admin,
        body: { name: 'Service', type: 'department', parentId: hq.id, status: 'suspended' },
      })
    ).json().data;
    const tree = (await t.call('GET', '/api/coffee/organization/tree', { token: admin })).json().data;
    const root = tree.find((n: any) => n.id === hq.id);
    expect(root.children).toEqual([
      expect.objectContaining({ id: dept.id, name: 'Service', type: 'department', status: 'suspended' }),
    ]);
    const cycle = await t.call('PUT', '/api/coffee/organization', {
      token: admin,
      body: { id: hq.id, parentId: dept.id },
    });
    expect(cycle.statusCode).toBe(400);
    const badType = await t.call('POST', '/api/coffee/organization', {
      token: admin,
      body: { name: 'X', type: 'galaxy' },
    });
    expect(badType.statusCode).toBe(400);
    const options = (await t.call('GET', '/api/coffee/organization/select', { token: admin })).json().data;
    expect(options).toEqual(expect.arrayContaining([{ value: hq.id, label: 'HQ' }]));
  });
});

describe('operation log', () => {
  it('records every mutating request with who, what, target, where and outcome', async () => {
    const created = (
      await t.call('POST', '/api/coffee/organization', {
        token: admin,
        body: { name: 'Logged', type: 'team' },
      })
    ).json().data;
    await t.call('POST', '/api/coffee/organization', { token: admin, body: { name: '', type: 'team' } });
    const list = (
      await t.call('POST', '/api/coffee/operation-log/list', {
        token: admin,
        body: { action: 'organization.create', limit: 50 },
      })
    ).json().data.list;
    const ok = list.find((r: any) => r.targetId === created.id);
    expect(ok).toMatchObject({
      account: 'admin',
      method: 'POST',
      outcome: 'success',
      statusCode: 200,
      permission: P.organization.create,
    });
    expect(ok.ip).toBeTruthy();
    expect(list.some((r: any) => r.outcome === 'failure' && r.statusCode === 400)).toBe(true);
    // Sign-ins are recorded too, failed ones with the account tried.
    await t.call('POST', '/api/auth/doLogin', {
      body: { account: 'admin', password: t.encrypt('wrong-wrong-1'), agreement: true },
    });
    const logins = (
      await t.call('POST', '/api/coffee/operation-log/list', {
        token: admin,
        body: { action: 'auth.login', outcome: 'failure' },
      })
    ).json().data;
    expect(logins.total).toBeGreaterThan(0);
    // Lists (reads sent as POST) are not recorded.
    const reads = (
      await t.call('POST', '/api/coffee/operation-log/list', {
        token: admin,
        body: { path: '/api/coffee/operation-log/list' },
      })
    ).json().data;
    expect(reads.list.filter((r: any) => r.path?.endsWith('/list'))).toHaveLength(0);
  });

  it('cannot be edited or deleted, through the API or in the database', async () => {
    expect(
      (await t.call('PUT', '/api/coffee/operation-log', { token: admin, body: { id: '1' } })).statusCode,
    ).toBe(404);
    expect(
      (await t.call('DELETE', '/api/coffee/operation-log', { token: admin, body: { ids: ['1'] } }))
        .statusCode,
    ).toBe(404);
    await expect(t.sql(`update operation_log set account = 'forged'`)).rejects.toThrow(/cannot be changed/);
    await expect(t.sql(`delete from operation_log`)).rejects.toThrow(/cannot be changed/);
  });
});

describe('home summary', () => {
  it('shows counts the user may see and recent operations', async () => {
    const summary = (await t.call('GET', '/api/coffee/home/summary', { token: admin })).json().data;
    expect(summary.accounts).toBeGreaterThan(1);
    expect(summary.recentOperations.length).toBeGreaterThan(0);
    expect(summary.lastLoginAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const roleId = await makeRole('home-only', []);
    await makeAccount('home-only', [roleId]);
    const limited = (
      await t.call('GET', '/api/coffee/home/summary', { token: await t.login('home-only', PASSWORD) })
    ).json().data;
    expect(limited).toMatchObject({ accounts: null, roles: null, recentOperations: [] });
  });
});
