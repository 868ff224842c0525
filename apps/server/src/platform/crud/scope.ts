/**
 * Tenant scope in the service layer (ARCHITECTURE "Tenancy"): platform users see every row, a
 * merchant user the rows of its merchant, a store user the rows of its store. Rows created take the
 * creator's tenant. (Merchant hierarchies and row-level security come with the merchants issue.)
 */
import { and, eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '@brewfleet/contracts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { FastifyRequest } from 'fastify';
import type { Registered } from './types.ts';
import type { Db } from '../db/client.ts';
import { inScope } from '../db/scope.ts';

export function scopeCondition(
  def: ResourceDef,
  columns: Record<string, Column>,
  user: AuthUser | null,
): SQL | undefined {
  if (def.tenant === 'none' || !user || user.partnerType === 'platform') return undefined;
  if (user.partnerType === 'store' && user.storeId) return eq(columns.storeId, user.storeId);
  if (user.merchantId) return eq(columns.merchantId, user.merchantId);
  return sql`false`; // a tenant user without a tenant sees nothing
}

export function tenantValues(def: ResourceDef, user: AuthUser | null): Record<string, string | null> {
  if (def.tenant === 'none') return {};
  return { merchantId: user?.merchantId ?? null, storeId: user?.storeId ?? null };
}

/** Conditions limiting rows of a resource to what the user may see: tenant scope and the module's rule. */
export function visibleTo(reg: Registered, user: AuthUser | null): SQL | undefined {
  const conditions = [
    scopeCondition(reg.def, reg.columns, user),
    user ? reg.hooks.visible?.(user) : undefined,
  ];
  return and(...conditions.filter((c): c is SQL => !!c));
}

/** Run `fn` in one transaction in the scope of the request's user (no user: no rows). */
export function inRequestScope<T>(db: Db, request: FastifyRequest, fn: (tx: Db) => Promise<T>): Promise<T> {
  return inScope(db, request.user?.scope ?? { kind: 'none' }, fn);
}
