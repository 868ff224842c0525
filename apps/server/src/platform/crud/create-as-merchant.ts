/**
 * Rows a module makes with no HTTP request (its demo data), created as the API's create makes them:
 * as the merchant's own administrator, through the resource's hooks (its checks, its owner, what
 * follows a creation), so demo rows obey the same rules as the console's.
 */
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import type { HookContext, Registered, Row } from './types.ts';

/** A merchant's administrator as the API would see it, for work done on the merchant's behalf. */
export const merchantAdministrator = (merchantId: string): AuthUser => ({
  userId: '0',
  account: 'demo',
  name: 'Demo data',
  partnerType: 'merchant',
  merchantId,
  storeId: null,
  superAdmin: false,
  permissions: new Set(),
  menuIds: new Set(),
  scope: { kind: 'merchant', merchantIds: [merchantId] },
});

/** beforeCreate (a refusal names the resource and the row: a demo row the API refuses is a bug), insert, afterCreate. */
export async function createAsMerchant(
  db: Db,
  reg: Registered,
  merchantId: string,
  input: Row,
): Promise<Row> {
  const ctx: HookContext = {
    db,
    user: merchantAdministrator(merchantId),
    // Made without an HTTP request; the hooks of the resources made this way do not read it.
    request: undefined as never,
    source: 'api',
  };
  const withOwner = { ...input, merchantId };
  let values: Row = withOwner;
  try {
    if (reg.hooks.beforeCreate) values = await reg.hooks.beforeCreate(withOwner, ctx);
  } catch (error) {
    const details = error instanceof AppError ? ` ${JSON.stringify(error.details ?? error.params)}` : '';
    const what = String(input.code ?? input.name ?? input.username ?? '');
    throw new Error(`demo ${reg.def.name} ${what}: ${String(error)}${details}`, { cause: error });
  }
  const columns = Object.fromEntries(
    Object.entries(values).filter(([k, v]) => k in reg.columns && k !== 'id' && v !== undefined),
  );
  const [row] = (await db.insert(reg.table).values(columns).returning()) as Row[];
  await reg.hooks.afterCreate?.(row, ctx, values);
  return row;
}
