import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '@brewfleet/contracts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/client.ts';
import type { ResourceTable } from './table.ts';

export type Row = Record<string, unknown>;

export interface HookContext {
  db: Db;
  user: AuthUser;
  request: FastifyRequest;
  /** 'import' when the values come from a file row rather than a JSON body. */
  source: 'api' | 'import';
}

export interface ResourceHooks {
  /** Turn validated input into column values (hash a password…); throw an AppError to refuse. */
  beforeCreate?(input: Row, ctx: HookContext): Promise<Row> | Row;
  beforeUpdate?(input: Row, existing: Row, ctx: HookContext): Promise<Row> | Row;
  afterCreate?(row: Row, ctx: HookContext): Promise<void> | void;
  afterUpdate?(row: Row, before: Row, ctx: HookContext): Promise<void> | void;
  beforeDelete?(rows: Row[], ctx: HookContext): Promise<void> | void;
  /** Extra conditions on what the caller may see, on top of tenant scope. */
  visible?(user: AuthUser): SQL | undefined;
}

/** A resource as the server holds it: definition, table, columns, hooks. */
export interface Registered {
  def: ResourceDef;
  table: ResourceTable;
  columns: Record<string, PgColumn>;
  hooks: ResourceHooks;
}
