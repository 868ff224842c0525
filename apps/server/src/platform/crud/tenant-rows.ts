/**
 * The rows of a table alias (with merchant_id and store_id) a user may see, for a module's own SQL
 * that reads a table under an alias: the same rule as scopeCondition (scope.ts) and row-level
 * security — platform all, a merchant its merchant and those below, a store its store.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../auth/auth-user.ts';

const idArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

export function tenantRows(alias: string, user: AuthUser): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const scope = user.scope;
  switch (scope.kind) {
    case 'platform':
    case 'system':
      return sql`true`;
    case 'merchant':
      return sql`${column('merchant_id')} = any(${idArray(scope.merchantIds)}::bigint[])`;
    case 'store':
      return sql`${column('store_id')} = any(${idArray(scope.storeIds)}::bigint[])`;
    default:
      return sql`false`; // no scope, no rows
  }
}
