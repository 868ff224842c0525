/**
 * The filters of a list, remembered per user object (platform/crud/list-filter.ts): every page,
 * sort and refresh of the same filters reuses what was written; other filters, another time zone
 * or the user object that a session check makes after a change of role or scope get their own; a
 * resource that inherits rows (read from the database) is never remembered.
 */
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { RESOURCES } from '@brewfleet/contracts';
import { createListFilters } from '../src/platform/crud/list-filter.ts';
import { tableFor } from '../src/platform/crud/table.ts';
import { scopeOfUser, type AuthUser } from '../src/platform/auth/auth-user.ts';
import type { Registered, ResourceHooks } from '../src/platform/crud/types.ts';
import type { Db } from '../src/platform/db/client.ts';

// Writing a condition needs Drizzle's dialect, not a connection: the pool never connects.
const db = drizzle(new pg.Pool()) as unknown as Db;

function registered(hooks: ResourceHooks = {}): Registered {
  const table = tableFor(RESOURCES.order);
  return {
    def: RESOURCES.order,
    table,
    columns: getTableColumns(table) as Record<string, PgColumn>,
    hooks,
    secrets: {} as Registered['secrets'],
  };
}

function user(partnerType: 'merchant' | 'store', storeId: string | null = null): AuthUser {
  const identity = { partnerType, merchantId: '1001', storeId };
  return {
    userId: '7',
    account: 'ops',
    name: 'Ops',
    ...identity,
    superAdmin: false,
    permissions: new Set(),
    menuIds: new Set(),
    scope: scopeOfUser(identity),
  };
}

const paged = (page: number, extra: Record<string, unknown> = {}) => ({
  status: ['completed'],
  orderedAtFrom: '2026-11-01',
  page,
  limit: 20,
  sort: '-orderedAt',
  ...extra,
});

describe('list filters remembered per user', () => {
  it('reuses what it wrote for every page and sort of the same filters', async () => {
    const listFilter = createListFilters(registered());
    const ops = user('merchant');
    const first = await listFilter(db, ops, paged(1), 'Asia/Taipei');
    const later = await listFilter(db, ops, paged(500, { limit: 50, sort: 'amount' }), 'Asia/Taipei');
    expect(later.filter).toBe(first.filter);
    expect(first.filter.text).toContain('"sales_order"."merchant_id" in');
    expect(first.filter.params).toEqual(
      expect.arrayContaining(['1001', 'completed', '2026-11-01', 'Asia/Taipei']),
    );
  });

  it('writes other filters and another time zone afresh', async () => {
    const listFilter = createListFilters(registered());
    const ops = user('merchant');
    const taipei = await listFilter(db, ops, paged(1), 'Asia/Taipei');
    const kolkata = await listFilter(db, ops, paged(1), 'Asia/Kolkata');
    const paid = await listFilter(db, ops, paged(1, { status: ['paid'] }), 'Asia/Taipei');
    expect(kolkata.filter).not.toBe(taipei.filter);
    expect(kolkata.filter.params).toContain('Asia/Kolkata');
    expect(kolkata.filter.params).not.toContain('Asia/Taipei');
    expect(paid.filter.params).toContain('paid');
    expect(paid.filter.params).not.toContain('completed');
  });

  it('gives the user a session check makes after a change its own condition', async () => {
    const listFilter = createListFilters(registered());
    const before = await listFilter(db, user('merchant'), paged(1), 'Asia/Taipei');
    // The same account, moved to one store: the session check makes a new user object.
    const after = await listFilter(db, user('store', '2002'), paged(1), 'Asia/Taipei');
    expect(after.filter).not.toBe(before.filter);
    expect(after.filter.text).toContain('"sales_order"."store_id" in');
    expect(after.filter.params).toContain('2002');
    expect(before.filter.text).not.toContain('"sales_order"."store_id" in');
  });

  it('never remembers the filters of a resource whose rows are inherited', async () => {
    let lookups = 0;
    const listFilter = createListFilters(
      registered({
        inherited: async () => {
          lookups++;
          return new Map();
        },
      }),
    );
    const ops = user('merchant');
    const first = await listFilter(db, ops, paged(1), 'Asia/Taipei');
    const second = await listFilter(db, ops, paged(2), 'Asia/Taipei');
    expect(second.filter).not.toBe(first.filter);
    expect(lookups).toBe(2);
  });
});
