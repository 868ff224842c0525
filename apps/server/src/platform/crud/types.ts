import type { FastifyRequest } from 'fastify';
import type { ZodRawShape } from 'zod';
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Language, ResourceDef, SelectOption } from '@brewfleet/contracts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/client.ts';
import type { ResourceTable } from './table.ts';
import type { LoginKeys } from '../auth/keys.ts';
import type { SecretBox } from './secrets.ts';
import type { ResourceRegistry } from './registry.ts';

/** What registerResource needs: the database, the sign-in key (encrypted fields) and the data key. */
export interface ResourceDeps {
  db: Db;
  keys: LoginKeys;
  secrets: SecretBox;
  /** This app's resources: refs and pickers resolve the resources they point at here. */
  resources: ResourceRegistry;
}

export type Row = Record<string, unknown>;

export interface HookContext {
  db: Db;
  user: AuthUser;
  request: FastifyRequest;
  /** 'import' when the values come from a file row rather than a JSON body. */
  source: 'api' | 'import';
}

export interface ResourceHooks {
  /**
   * Work on one input that needs no database (decrypting, hashing a password), done before the
   * transaction opens: a slow step here does not hold the connection, and imports report it row by row.
   */
  prepare?(input: Row, ctx: Omit<HookContext, 'db'>): Promise<Row> | Row;
  /** Turn validated input into column values (hash a password…); throw an AppError to refuse. */
  beforeCreate?(input: Row, ctx: HookContext): Promise<Row> | Row;
  beforeUpdate?(input: Row, existing: Row, ctx: HookContext): Promise<Row> | Row;
  /** `values` are what beforeCreate returned, including what is not a column (a password hash). */
  afterCreate?(row: Row, ctx: HookContext, values: Row): Promise<void> | void;
  afterUpdate?(row: Row, before: Row, ctx: HookContext): Promise<void> | void;
  beforeDelete?(rows: Row[], ctx: HookContext): Promise<void> | void;
  /** The create answer, given what beforeCreate returned: adds what is shown once (a machine secret). */
  respond?(item: Row, values: Row): Row;
  /** The fields `respond` adds, declared for the create answer's schema (the serializer writes only those). */
  respondShape?: ZodRawShape;
  /**
   * Rows outside the caller's scope that its own rows name (a merchant's superiors), added to
   * `/select` as disabled options: they read as names and cannot be chosen.
   */
  namedOutsideScope?(user: AuthUser): Promise<SelectOption[]>;
  /**
   * A row as its export writes it, in the reader's language (the operation log's action as the
   * sentence its screen shows); default: as stored.
   */
  exportRow?(row: Row, lang: Language): Row;
  /** Extra conditions on what the caller may see, on top of tenant scope. */
  visible?(user: AuthUser): SQL | undefined;
  /**
   * Owners whose rows `merchantId` inherits (its ancestors, nearest first: a sub-merchant reads its
   * parent's catalog) by id, with their names; they join what the caller reads, never what it may
   * change. Empty when the caller may not look at `merchantId`. See crud/inherited.ts.
   */
  inherited?(ctx: { db: Db; user: AuthUser; merchantId: string | null }): Promise<Map<string, string>>;
}

/** A resource as the server holds it: definition, table, columns, hooks. */
export interface Registered {
  def: ResourceDef;
  table: ResourceTable;
  columns: Record<string, PgColumn>;
  hooks: ResourceHooks;
  secrets: SecretBox;
}
