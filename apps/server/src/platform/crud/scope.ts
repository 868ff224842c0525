/**
 * Tenant scope in the service layer (ARCHITECTURE "Tenancy"): platform users see every row, a
 * merchant user the rows of its merchant and of every merchant below it, a store user the rows of
 * its store. Row-level security enforces the same rule inside PostgreSQL.
 */
import { and, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '@brewfleet/contracts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { FastifyRequest } from 'fastify';
import type { Registered } from './types.ts';
import type { Db } from '../db/client.ts';
import { inScope, readInScope } from '../db/scope.ts';

export function scopeCondition(
  def: ResourceDef,
  columns: Record<string, Column>,
  user: AuthUser | null,
): SQL | undefined {
  if (def.tenant === 'none' || !user) return undefined;
  const scope = user.scope;
  switch (scope.kind) {
    case 'platform':
    case 'system':
      return undefined;
    case 'merchant':
      return scope.merchantIds.length ? inArray(columns.merchantId, scope.merchantIds) : sql`false`;
    case 'store':
      return scope.storeIds.length ? inArray(columns.storeId, scope.storeIds) : sql`false`;
    default:
      return sql`false`; // no scope, no rows
  }
}

export function tenantValues(
  def: ResourceDef,
  user: AuthUser | null,
  input: Record<string, unknown> = {},
): Record<string, string | null> {
  if (def.tenant === 'none') return {};
  const given = (key: string) => (typeof input[key] === 'string' ? (input[key] as string) : null);
  return {
    merchantId: given('merchantId') ?? user?.merchantId ?? null,
    storeId: given('storeId') ?? user?.storeId ?? null,
  };
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

/**
 * A resource's reads in the scope of the request's user: without a transaction (readInScope) unless
 * the resource inherits rows, whose owners are set for the transaction (`app.inherited_ids`).
 */
export function readInRequestScope<T>(
  reg: Registered,
  db: Db,
  request: FastifyRequest,
  fn: (db: Db) => Promise<T>,
): Promise<T> {
  const scope = request.user?.scope ?? { kind: 'none' as const };
  return reg.hooks.inherited ? inScope(db, scope, fn) : readInScope(db, scope, fn);
}
