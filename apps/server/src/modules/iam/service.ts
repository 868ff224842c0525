/**
 * Identity's service: what other modules may ask of accounts, roles, organizations and sessions.
 * Tenancy creates a merchant's administrator, signs a suspended subtree out and removes a deleted
 * merchant's identity through it; it never names identity's tables (test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import { STORE_STAFF_MENUS } from '@brewfleet/contracts';
import type { LoginKeys } from '../../platform/auth/keys.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { assertAccountFree, checkPolicy, readPassword } from './accounts.ts';
import { MERCHANT_ADMIN_MENUS } from './seed.ts';

const idArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

export function createIamService(deps: { keys: LoginKeys }) {
  return {
    /** A password as a client sends it (long-text encrypted over the API, plain in an import file). */
    readPassword: (value: unknown, source: 'api' | 'import') => readPassword(deps.keys, value, source),
    /** Refuses a password the policy does not accept, naming `field`. */
    checkPolicy,
    /** Refuses a sign-in name already taken (in any tenant), naming `field`. */
    assertAccountFree,

    /** The administrator of a new merchant: a 'merchant-admin' role with the merchant codes, and its account. */
    async createMerchantAdministrator(
      db: Db,
      a: {
        merchantId: string;
        account: string;
        name: string;
        passwordHash: string;
        createdBy: string | null;
      },
    ): Promise<string> {
      const [role] = await rows<{ id: string }>(
        db,
        sql`insert into role (merchant_id, role_name, role_title, remark, menu_id_list)
            values (${a.merchantId}, 'merchant-admin', 'Merchant administrator', 'Created with the merchant',
                    ${idArray(MERCHANT_ADMIN_MENUS)}::bigint[]) returning id::text as id`,
      );
      await db.execute(sql`
        insert into account (merchant_id, account, name, password_hash, partner_type, role_ids, created_by)
        values (${a.merchantId}, ${a.account}, ${a.name}, ${a.passwordHash}, 'merchant', ${`{${role.id}}`}::bigint[], ${a.createdBy})`);
      return role.id;
    },

    /** A store's staff account, with the merchant's 'store-staff' role (made on first use). */
    async createStoreStaff(
      db: Db,
      a: { merchantId: string; storeId: string; account: string; name: string; passwordHash: string },
    ): Promise<void> {
      const [existing] = await rows<{ id: string }>(
        db,
        sql`select id::text as id from role where merchant_id = ${a.merchantId} and role_name = 'store-staff'`,
      );
      const roleId =
        existing?.id ??
        (
          await rows<{ id: string }>(
            db,
            sql`insert into role (merchant_id, role_name, role_title, remark, menu_id_list)
                values (${a.merchantId}, 'store-staff', 'Store staff', 'Runs its store and its machines',
                        ${idArray(STORE_STAFF_MENUS)}::bigint[])
                returning id::text as id`,
          )
        )[0].id;
      await db.execute(sql`
        insert into account (merchant_id, store_id, account, name, password_hash, partner_type, role_ids)
        values (${a.merchantId}, ${a.storeId}, ${a.account}, ${a.name}, ${a.passwordHash}, 'store', array[${roleId}]::bigint[])`);
    },

    /** Signs out every user of the merchant and its descendants (the session check keeps them out). */
    async endSessionsOfSubtree(db: Db, merchantId: string): Promise<void> {
      await db.execute(sql`update session set revoked_at = now() where revoked_at is null and account_id in
                             (select id from account where merchant_id = any(merchant_subtree(${merchantId}::bigint)))`);
    },

    /** Whether these merchants have accounts other than the administrators made with them. */
    async merchantsHaveOtherAccounts(db: Db, merchantIds: string[]): Promise<boolean> {
      const ids = idArray(merchantIds);
      const [hit] = await rows(
        db,
        sql`select 1 from account where merchant_id = any(${ids}::bigint[]) and not (role_ids <@ array(
              select id from role where merchant_id = any(${ids}::bigint[]) and role_name = 'merchant-admin'))
            limit 1`,
      );
      return !!hit;
    },

    /** Whether any account belongs to these stores. */
    async storesHaveAccounts(db: Db, storeIds: string[]): Promise<boolean> {
      const [hit] = await rows(
        db,
        sql`select 1 from account where store_id = any(${idArray(storeIds)}::bigint[]) limit 1`,
      );
      return !!hit;
    },

    /** Removes the accounts, roles and organizations of merchants being deleted. */
    async removeMerchantsIdentity(db: Db, merchantIds: string[]): Promise<void> {
      const ids = idArray(merchantIds);
      await db.execute(sql`delete from account where merchant_id = any(${ids}::bigint[])`);
      await db.execute(sql`delete from role where merchant_id = any(${ids}::bigint[])`);
      await db.execute(sql`delete from organization where merchant_id = any(${ids}::bigint[])`);
    },
  };
}

export type IamService = ReturnType<typeof createIamService>;
