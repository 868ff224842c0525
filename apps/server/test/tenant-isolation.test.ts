/**
 * Tenant isolation in depth: the service layer filters by the caller's scope, and PostgreSQL's
 * row-level security enforces the same rule, forced, for a role without BYPASSRLS — so a query that
 * forgot its filter still sees nothing of another tenant. (Merchants as a resource, with their
 * hierarchy, come with the merchants issue; here merchant users are made directly in the database.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MENU_SEED } from '@brewfleet/contracts';
import { openPglite, rows, type Database } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { inScope } from '../src/platform/db/scope.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const PASSWORD = 'Tenant-Strong-Pass-1';
const MERCHANT_A = '7001';
const MERCHANT_B = '7002';
let t: TestApp;
let tokenA: string;
let tokenB: string;

async function merchantAdmin(account: string, merchantId: string) {
  await t.sql(`insert into merchant (id, name) values ($1, $2)`, [merchantId, `${account} merchant`]);
  const menuIds = MENU_SEED.filter((m) => m.type !== 0).map((m) => m.id);
  const [role] = await t.sql(
    `insert into role (merchant_id, role_name, role_title, menu_id_list) values ($1, $2, $2, $3) returning id::text`,
    [merchantId, `${account}-admin`, `{${menuIds.join(',')}}`],
  );
  await t.sql(
    `insert into account (merchant_id, account, name, password_hash, partner_type, role_ids) values ($1, $2, $2, $3, 'merchant', $4)`,
    [merchantId, account, await hashPassword(PASSWORD), `{${role.id}}`],
  );
}

beforeAll(async () => {
  t = await startTestApp();
  await merchantAdmin('alpha', MERCHANT_A);
  await merchantAdmin('bravo', MERCHANT_B);
  tokenA = await t.login('alpha', PASSWORD);
  tokenB = await t.login('bravo', PASSWORD);
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('is enabled and forced on every table that carries merchant_id, with a policy', async () => {
    const tables = await t.sql<{
      relname: string;
      relrowsecurity: boolean;
      relforcerowsecurity: boolean;
      policies: number;
    }>(`
      select c.relname, c.relrowsecurity, c.relforcerowsecurity,
             (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
        from pg_class c join information_schema.columns col on col.table_name = c.relname and col.column_name = 'merchant_id'
       where c.relkind = 'r' and col.table_schema = 'public'`);
    expect(tables.length).toBeGreaterThanOrEqual(4);
    for (const table of tables) {
      expect(table, table.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
      expect(table.policies, table.relname).toBeGreaterThan(0);
    }
  });

  it('evaluates the scope once a query: no policy calls a per-row scope function (migration 0043)', async () => {
    const perRow = await t.sql<{ policy: string }>(`
      select tablename || '.' || policyname as policy from pg_policies
       where schemaname = 'public'
         and (qual ~ 'app_scope_(allows|inherits)\\(' or with_check ~ 'app_scope_(allows|inherits)\\(')`);
    expect(perRow.map((p) => p.policy)).toEqual([]);
  });

  it('runs requests as a role that is neither superuser nor BYPASSRLS', async () => {
    const [role] = await t.sql(`select rolsuper, rolbypassrls from pg_roles where rolname = 'brewfleet_app'`);
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
  });

  it('returns no rows with no scope set, and only the scope with one, even without a WHERE', async () => {
    const count = (scope: Parameters<typeof inScope>[1]) =>
      inScope(t.database.db, scope, async (tx) => {
        const [r] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from account`);
        return r.n;
      });
    expect(await count({ kind: 'none' })).toBe(0);
    expect(await count({ kind: 'merchant', merchantIds: [MERCHANT_A] })).toBe(1);
    expect(await count({ kind: 'merchant', merchantIds: [] })).toBe(0);
    expect(await count({ kind: 'platform' })).toBeGreaterThanOrEqual(3);
  });

  it('refuses to write a row into another tenant, even by hand', async () => {
    const rlsError = (promise: Promise<unknown>) =>
      promise.then(
        () => 'no error',
        (e: Error & { cause?: Error }) => (e.cause ?? e).message,
      );
    expect(
      await rlsError(
        inScope(t.database.db, { kind: 'merchant', merchantIds: [MERCHANT_A] }, (tx) =>
          tx.execute(
            sql`insert into role (merchant_id, role_name, role_title) values (${MERCHANT_B}, 'forged', 'forged')`,
          ),
        ),
      ),
    ).toMatch(/row-level security/);
    expect(
      await rlsError(
        inScope(t.database.db, { kind: 'merchant', merchantIds: [MERCHANT_A] }, (tx) =>
          rows(
            tx,
            sql`update role set merchant_id = ${MERCHANT_B} where merchant_id = ${MERCHANT_A} returning id`,
          ),
        ),
      ),
    ).toMatch(/row-level security/);
  });
});

describe('through the API', () => {
  it('a merchant sees only its own accounts, roles and organizations', async () => {
    const org = await t.call('POST', '/api/coffee/organization', {
      token: tokenB,
      body: { name: 'Bravo HQ', type: 'headquarters' },
    });
    expect(org.statusCode, org.body).toBe(200);
    expect(org.json().data.merchantId).toBe(MERCHANT_B);
    for (const resource of ['account', 'role', 'organization', 'operation-log']) {
      const list = (
        await t.call('POST', `/api/coffee/${resource}/list`, { token: tokenA, body: { limit: 500 } })
      ).json().data;
      for (const row of list.list) expect(row.merchantId, `${resource} ${row.id}`).toBe(MERCHANT_A);
    }
    const accounts = (await t.call('POST', '/api/coffee/account/list', { token: tokenA, body: {} })).json()
      .data;
    expect(accounts.list.map((a: any) => a.account)).toEqual(['alpha']);
  });

  it("answers 404 for another merchant's ids, on read, edit, delete, grant and reference", async () => {
    const [{ id: bravoRole }] = await t.sql(`select id::text from role where merchant_id = $1`, [MERCHANT_B]);
    const [{ id: bravoAccount }] = await t.sql(`select id::text from account where account = 'bravo'`);
    expect((await t.call('GET', `/api/coffee/role/${bravoRole}`, { token: tokenA })).statusCode).toBe(404);
    expect(
      (await t.call('PUT', '/api/coffee/role', { token: tokenA, body: { id: bravoRole, roleTitle: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call('DELETE', '/api/coffee/role', { token: tokenA, body: { ids: [bravoRole] } })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/api/coffee/role/authorize', {
          token: tokenA,
          body: { id: bravoRole, menuIdList: [] },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/api/coffee/account/resetPassword', {
          token: tokenA,
          body: { id: bravoAccount, password: t.encrypt('Another-Pass-99') },
        })
      ).statusCode,
    ).toBe(404);
    const ref = await t.call('POST', '/api/coffee/account', {
      token: tokenA,
      body: { account: 'alpha-2', name: 'A2', password: t.encrypt(PASSWORD), roleIds: [bravoRole] },
    });
    expect(ref.statusCode).toBe(400);
    const [{ n }] = await t.sql(
      `select count(*)::int as n from role where merchant_id = $1 and role_title = 'x'`,
      [MERCHANT_B],
    );
    expect(n).toBe(0);
  });

  it('gives the platform administrator every tenant', async () => {
    const admin = await t.adminToken();
    const roles = (
      await t.call('POST', '/api/coffee/role/list', { token: admin, body: { limit: 500 } })
    ).json().data.list;
    expect(new Set(roles.map((r: any) => r.merchantId))).toEqual(new Set([MERCHANT_A, MERCHANT_B]));
  });
});

describe('the embedded database (PGlite)', () => {
  let pglite: Database;
  beforeAll(async () => {
    pglite = await openPglite(null);
    await migrate(pglite);
    await pglite.db.execute(sql`insert into merchant (id, name) values (1, 'one'), (2, 'two')`);
    await pglite.db.execute(
      sql`insert into role (merchant_id, role_name, role_title) values (1, 'a', 'a'), (2, 'b', 'b')`,
    );
  });
  afterAll(() => pglite.close());

  it('enforces the same rules', async () => {
    const names = (scope: Parameters<typeof inScope>[1]) =>
      inScope(pglite.db, scope, async (tx) =>
        (await rows<{ role_name: string }>(tx, sql`select role_name from role order by 1`)).map(
          (r) => r.role_name,
        ),
      );
    expect(await names({ kind: 'none' })).toEqual([]);
    expect(await names({ kind: 'merchant', merchantIds: ['1'] })).toEqual(['a']);
    expect(await names({ kind: 'platform' })).toEqual(['a', 'b']);
  });
});
