/**
 * Demo access data (DEMO=1 on a new database): an organization tree, two roles and two accounts, so
 * a newcomer sees real rows on every access-management screen. Demo accounts share the password
 * DEMO_PASSWORD (README); never run a public server with DEMO=1.
 */
import { sql } from 'drizzle-orm';
import { MENU_SEED, MENU_TYPE, P } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';

export const DEMO_PASSWORD = 'Brew-Demo-2026';

export async function seedDemo(database: Db) {
  await inScope(database, SYSTEM, seedAccessData);
}

async function seedAccessData(db: Db) {
  const [hq] = await rows<{ id: string }>(
    db,
    sql`insert into organization (name, type, contact, description, order_num)
        values ('BrewFleet Operations', 'headquarters', 'Lin Mei', 'Platform operations centre', 0) returning id::text as id`,
  );
  for (const [i, [name, description]] of [
    ['Field Service', 'Machine installation, maintenance and repairs'],
    ['Merchant Success', 'Onboarding and support for merchants'],
    ['Finance', 'Billing, invoices and tax'],
  ].entries()) {
    await db.execute(sql`insert into organization (name, type, parent_id, description, order_num)
                         values (${name}, 'department', ${hq.id}, ${description}, ${i + 1})`);
  }
  const pagesAndButtons = (codes: string[]) =>
    MENU_SEED.filter(
      (m) => m.type !== MENU_TYPE.directory && (codes.includes(m.perms) || m.perms === ''),
    ).map((m) => m.id);
  const operatorMenus = pagesAndButtons([
    ...Object.values(P.account),
    ...Object.values(P.organization),
    P.role.list,
    P.operationLog.list,
    // The fleet: everything but deleting machines and changing the platform's catalog.
    ...Object.values(P.device).filter((code) => code !== P.device.delete),
    P.deviceType.list,
    P.deviceModel.list,
    ...Object.values(P.deviceCommand),
    ...Object.values(P.deviceLog),
    ...Object.values(P.productionRecord),
    ...Object.values(P.faultLog),
    ...Object.values(P.cleaningRecord),
    P.channelType.list,
    ...Object.values(P.channelConfig),
    ...Object.values(P.deviceChannel),
    P.presetCommand.list,
    P.commandConfig.list,
    // The catalog, menus and taxes, but not the platform's recipe parameters.
    ...[
      P.productType,
      P.materialType,
      P.material,
      P.smallMaterialType,
      P.smallMaterial,
      P.snackType,
      P.snack,
      P.optionType,
      P.option,
      P.codeRule,
      P.extraProductType,
      P.extraProduct,
      P.product,
      P.storeProduct,
      P.machineProduct,
      P.menuRelease,
      P.tax,
      P.taxAllocation,
      // Sales: reading, exporting, refunding and cancelling orders.
      P.order,
    ].flatMap((group) => Object.values(group)),
    P.productParameter.list,
    // The data center: every statistics page, drift and the dashboards (rebuilding stays the
    // administrator's), extraction profiles and calibration, display links for lobby screens.
    ...Object.values(P.stats).filter((code) => code !== P.stats.rebuild),
    ...Object.values(P.extractionProfile),
    ...Object.values(P.calibrationReading),
    ...Object.values(P.displayLink),
  ]);
  const auditorMenus = pagesAndButtons([
    P.account.list,
    P.role.list,
    P.organization.list,
    P.operationLog.list,
    P.operationLog.export,
    P.device.list,
    P.deviceCommand.list,
    P.deviceLog.list,
    P.productionRecord.list,
    P.faultLog.list,
    P.cleaningRecord.list,
    P.order.list,
    P.order.export,
    // The data center, read and exported.
    ...Object.values(P.stats).filter((code) => code !== P.stats.rebuild),
  ]);
  const role = async (name: string, title: string, remark: string, menus: string[]) => {
    const [r] = await rows<{ id: string }>(
      db,
      sql`insert into role (role_name, role_title, remark, menu_id_list)
          values (${name}, ${title}, ${remark}, ${`{${menus.join(',')}}`}::bigint[]) returning id::text as id`,
    );
    return r.id;
  };
  const operator = await role(
    'operator',
    'Operations manager',
    'Manages staff accounts and organizations',
    operatorMenus,
  );
  const auditor = await role(
    'auditor',
    'Auditor',
    'Reads accounts, roles and the operation log',
    auditorMenus,
  );
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const [account, name, roleId, email] of [
    ['operator', 'Chen Wei', operator, 'chen.wei@brewfleet.example'],
    ['auditor', 'Sarah Miller', auditor, 'sarah.miller@brewfleet.example'],
  ]) {
    await db.execute(sql`insert into account (account, name, password_hash, role_ids, organization_id, email, partner_type)
                         values (${account}, ${name}, ${hash}, ${`{${roleId}}`}::bigint[], ${hq.id}, ${email}, 'platform')`);
  }
}
