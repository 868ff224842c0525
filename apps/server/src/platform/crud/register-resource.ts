/**
 * registerResource(): the six endpoints of CONTRACT §3 (plus import and export) for one resource
 * definition, with schemas, permission codes, tenant scope and audit. Modules add hooks for what is
 * special about their resource, and extra routes beside these.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { count, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  createSchema,
  deletedAnswer,
  deleteSchema,
  idSchema,
  listSchema,
  resourceItemSchema,
  resourcePageSchema,
  revealAnswer,
  SEARCH_PICKER_LIMIT,
  selectOptionsAnswer,
  updateSchema,
  type FieldDef,
  type ResourceDef,
  type SelectOption,
} from '@brewfleet/contracts';
import { rows, type Db } from '../db/client.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { AppError } from '../http/errors.ts';
import { all, likePrefix, likeValue, listOrder } from './query.ts';
import { createListPager } from './list-page.ts';
import { createListFilters } from './list-filter.ts';
import { inScope } from '../db/scope.ts';
import { inRequestScope, readInRequestScope, tenantValues, visibleTo } from './scope.ts';
import type { HookContext, Registered, ResourceDeps, ResourceHooks, Row } from './types.ts';
import { mask } from './secrets.ts';
import { decryptLongText } from '../auth/long-text.ts';
import { shownFields, tableFor } from './table.ts';
import { registerImportExport } from './import-export.ts';
import { inheritedOwners, markInherited, ofMerchant, readableTo, refuseInherited } from './inherited.ts';
import { selectCodes } from '../auth/code-sets.ts';
import { selectLabel } from './labels.ts';
import { fieldText } from './sheet-texts.ts';
import type { ResourceRegistry } from './registry.ts';
import { answer } from '../http/answers.ts';
import { compiledSerializerCompiler } from '../http/compiled-serializer.ts';

/** The JSON form of a row: declared, readable fields only (never a hash or a write-only field). */
export function toItem(reg: Registered, row: Row): Row {
  const item: Row = { id: row.id };
  if (reg.def.tenant !== 'none') {
    item.merchantId = row.merchantId ?? null;
    item.storeId = row.storeId ?? null;
  }
  for (const [key, secret] of shownFields(reg.def)) {
    const value = row[key] ?? null;
    item[key] = secret && typeof value === 'string' ? mask(reg.secrets.open(value)) : value;
  }
  item.createdAt = row.createdAt;
  item.updatedAt = row.updatedAt;
  return item;
}

/** The upload ids an image or images field of `input` names (none when it is not one, or empty). */
function uploadIds(fd: FieldDef, value: unknown): string[] {
  if ((fd.kind !== 'image' && fd.kind !== 'images') || value == null) return [];
  return (fd.kind === 'images' ? (value as unknown[]) : [value]).map(String);
}

/**
 * Uploads follow the row they are saved on: a store's photo, a merchant's logo, a product's images
 * become the saved row's merchant's and store's (uploads are tenant rows), so that its users may load
 * them whoever uploaded them — the platform, a superior merchant. In the saving transaction, after
 * the hooks (a new merchant joins the caller's scope in afterCreate). The caller could see each of
 * them: `checkReferences` refused any other.
 */
async function uploadsFollowRow(def: ResourceDef, row: Row, input: Row, db: Db) {
  if (def.tenant === 'none') return;
  const ids = [...new Set(Object.entries(def.fields).flatMap(([key, fd]) => uploadIds(fd, input[key])))];
  if (!ids.length) return;
  await db.execute(sql`update upload set merchant_id = ${row.merchantId ?? null}, store_id = ${row.storeId ?? null},
                         updated_at = now() where kind = 'image' and id in ${ids}`);
}

/**
 * A ref naming no row the caller may read (none, or one out of its reach): the error and its detail
 * name the field as the form does, in the reader's language.
 */
function refNotFound(def: ResourceDef, key: string): AppError {
  const params = { field: fieldText(def.name, key) };
  return new AppError('msg.refNotFound', params, [{ field: key, message: 'msg.refNotFound', params }]);
}

/** Check that every ref/refs value points at rows that exist and that the caller may see. */
export async function checkReferences(
  resources: ResourceRegistry,
  def: ResourceDef,
  input: Row,
  db: Db,
  user: AuthUser,
) {
  for (const [key, fd] of Object.entries(def.fields)) {
    if (fd.kind === 'image' || fd.kind === 'images') {
      const uploads = uploadIds(fd, input[key]);
      if (!uploads.length) continue;
      // Uploads are tenant rows: row-level security limits this to what the caller may see.
      const found = await rows<{ id: string }>(
        db,
        sql`select id::text from upload where kind = 'image' and id in ${uploads}`,
      );
      if (found.length !== new Set(uploads).size) throw refNotFound(def, key);
      continue;
    }
    if ((fd.kind !== 'ref' && fd.kind !== 'refs') || input[key] == null) continue;
    const ids = [...new Set((Array.isArray(input[key]) ? input[key] : [input[key]]) as string[])];
    if (!ids.length) continue;
    const target = resources.find(fd.ref!);
    if (!target) throw new Error(`${def.name}.${key} refers to unregistered resource ${fd.ref}`);
    // A row the input's merchant inherits may be named (a sub-merchant's product, its parent's type).
    const owners = await inheritedOwners(target, db, user, (input.merchantId as string | undefined) ?? null);
    const [{ n }] = await db
      .select({ n: count() })
      .from(target.table)
      .where(all([inArray(target.columns.id, ids), readableTo(target, user, owners)]));
    if (Number(n) !== ids.length) throw refNotFound(def, key);
  }
}

/**
 * `input` with each null of a field that has a default replaced by the default. A field with a
 * default is one the row always has (a NOT NULL column); a client clearing a form's box sends null,
 * and on create and on update alike that means "the default", never a 500 from the column.
 */
export function nullsAsDefaults(def: ResourceDef, input: Row): Row {
  const out: Row = { ...input };
  for (const [key, value] of Object.entries(input)) {
    const fd = def.fields[key];
    if (value === null && fd?.default !== undefined) out[key] = fd.default;
  }
  return out;
}

/**
 * Only the keys that are columns of the table: virtual and unknown keys never reach SQL. Datetimes
 * arrive as ISO 8601 text and are stored through Date-mode columns.
 */
function columnValues(reg: Registered, values: Row): Row {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([k, v]) => k in reg.columns && k !== 'id' && v !== undefined)
      .map(([k, v]) => [
        k,
        reg.def.fields[k]?.kind === 'datetime' && typeof v === 'string' ? new Date(v) : v,
      ]),
  );
}

export function registerResource(
  app: FastifyInstance,
  deps: ResourceDeps,
  def: ResourceDef,
  opts: { hooks?: ResourceHooks; extraColumns?: Parameters<typeof tableFor>[1] } = {},
) {
  const table = tableFor(def, opts.extraColumns);
  const reg: Registered = {
    def,
    table,
    columns: getTableColumns(table) as Record<string, PgColumn>,
    hooks: opts.hooks ?? {},
    secrets: deps.secrets,
  };
  deps.resources.add(reg);
  /** What the routes answer for one row (contracts' answer schema of the definition). */
  const item = resourceItemSchema(def);
  const { db } = deps;
  const base = `/api/coffee/${def.name}`;
  const disabled = new Set(def.disable ?? []);
  const p = def.permissions;
  const tags = [def.name];
  const ctxOf = (request: FastifyRequest, tx: Db = db): HookContext => ({
    db: tx,
    user: request.user!,
    request,
    source: 'api',
  });

  async function findVisible(tx: Db, ids: string[], user: AuthUser): Promise<Row[]> {
    return (await tx
      .select()
      .from(table)
      .where(all([inArray(reg.columns.id, ids), visibleTo(reg, user)]))) as Row[];
  }

  const secretKeys = Object.entries(def.fields)
    .filter(([, fd]) => fd.kind === 'secret')
    .map(([k]) => k);
  /** Secrets arrive long-text encrypted (in import files, plain) and are stored sealed with the data key. */
  function sealSecrets(values: Row, source: HookContext['source']): Row {
    const out = { ...values };
    for (const key of secretKeys) {
      const value = out[key];
      if (value === undefined) continue;
      if (typeof value !== 'string' || value === '') out[key] = null;
      else
        out[key] = deps.secrets.seal(source === 'api' ? decryptLongText(deps.keys.privateKey, value) : value);
    }
    return out;
  }

  /** The hook's database-free step, shared by POST and import. */
  const prepare = async (input: Row, source: HookContext['source'], request: FastifyRequest) =>
    reg.hooks.prepare ? reg.hooks.prepare(input, { user: request.user!, request, source }) : input;

  /** The create path, shared by POST and import: defaults, references, hook, tenant, insert. */
  async function create(input: Row, ctx: HookContext): Promise<Row> {
    const withDefaults: Row = nullsAsDefaults(def, input);
    for (const [key, fd] of Object.entries(def.fields)) {
      if (withDefaults[key] === undefined && fd.default !== undefined) withDefaults[key] = fd.default;
    }
    await checkReferences(deps.resources, def, withDefaults, ctx.db, ctx.user);
    const values = reg.hooks.beforeCreate ? await reg.hooks.beforeCreate(withDefaults, ctx) : withDefaults;
    const [row] = (await ctx.db
      .insert(table)
      .values({
        ...columnValues(reg, sealSecrets(values, ctx.source)),
        ...tenantValues(def, ctx.user, values),
        createdBy: ctx.user.userId,
      })
      .returning()) as Row[];
    await reg.hooks.afterCreate?.(row, ctx, values);
    await uploadsFollowRow(def, row, values, ctx.db);
    createdValues.set(row, values);
    return row;
  }
  /** What beforeCreate returned for a created row, for the `respond` hook. */
  const createdValues = new WeakMap<Row, Row>();
  const listPage = createListPager(reg);
  const listFilter = createListFilters(reg);

  app.post(
    `${base}/list`,
    {
      schema: { body: listSchema(def), response: answer(resourcePageSchema(def)), tags },
      config: { permission: p.list, noAudit: true },
      // The hottest answer: compiled once from its schema (http/compiled-serializer.ts).
      serializerCompiler: compiledSerializerCompiler,
    },
    async (request) => {
      const body = request.body as Row & { page: number; limit: number; sort?: string };
      const scope = request.user?.scope ?? { kind: 'none' as const };
      // The page and its total, cheap on large tables (list-page.ts): a total above COUNT_CAP rows
      // may be a recent count or an estimate, answered with `totalExact: false`.
      const { list, total, totalExact, owners } = await readInRequestScope(reg, db, request, async (tx) => {
        const { filter, owners } = await listFilter(tx, request.user, body, request.timeZone);
        const found = await listPage(tx, {
          filter,
          page: body.page,
          limit: body.limit,
          sort: body.sort ?? def.defaultSort,
          scopeKey: JSON.stringify(scope),
          countApart: (w) =>
            inScope(db, scope, async (t) => {
              const [{ n }] = await t.select({ n: count() }).from(table).where(w);
              return Number(n);
            }),
        });
        return { ...found, owners };
      });
      return {
        list: owners.size ? list.map((item) => markInherited(item, owners)) : list,
        total,
        page: body.page,
        limit: body.limit,
        ...(totalExact === false && { totalExact }),
      };
    },
  );

  if (!disabled.has('select')) {
    const selectFilters = Object.entries(def.fields).filter(([, fd]) => fd.selectFilter);
    app.get(
      `${base}/select`,
      {
        schema: {
          querystring: z.object({
            keyword: z.string().max(64).optional(),
            // Narrow a tenant resource's options to one merchant (an account's roles are its merchant's).
            merchantId: idSchema.optional(),
            // The filters the resource declares on its fields (a machine family: presets of one family).
            ...Object.fromEntries(
              selectFilters.map(([key, fd]) => [key, z.enum([...(fd.values ?? []), 'none']).optional()]),
            ),
          }),
          response: answer(selectOptionsAnswer),
          tags,
        },
        // Options are names of rows: only for callers whose screens show this resource (code-sets.ts).
        config: { anyPermission: selectCodes(def.name) },
      },
      async (request): Promise<SelectOption[]> => {
        const query = request.query as { keyword?: string; merchantId?: string } & Record<string, string>;
        const { keyword, merchantId } = query;
        // 'or-empty' (the only kind so far): a value's rows and those with none; `none`: those with none.
        const filtered = selectFilters
          .filter(([key]) => query[key] !== undefined)
          .map(([key]) =>
            query[key] === 'none'
              ? sql`${reg.columns[key]} is null`
              : sql`(${reg.columns[key]} = ${query[key]} or ${reg.columns[key]} is null)`,
          );
        const { label, search } = selectLabel(deps.resources, reg, request.lang);
        // A search picker (ResourceDef.picker): the newest rows whose label starts with the keyword,
        // as typed or in capitals (an order number), through the label column's own index.
        const searching = def.picker === 'search';
        const matching = (): SQL | undefined => {
          if (!keyword) return undefined;
          if (!searching) return sql`${search} ilike ${likeValue(keyword)}`;
          const column = reg.columns[def.labelField];
          return sql`(${column} like ${likePrefix(keyword)} or ${column} like ${likePrefix(keyword.toUpperCase())})`;
        };
        const list = await inRequestScope(db, request, async (tx) => {
          // A merchant's options include what it inherits (a sub-merchant's product, its parent's materials).
          const owners = await inheritedOwners(reg, tx, request.user, merchantId);
          return tx
            .select({ value: reg.columns.id, label })
            .from(table)
            .where(
              all([
                readableTo(reg, request.user, owners),
                matching(),
                merchantId && def.tenant !== 'none' ? ofMerchant(reg, merchantId, owners) : undefined,
                ...filtered,
              ]),
            )
            .orderBy(...(searching ? listOrder(reg.columns, undefined, def.defaultSort) : [label]))
            .limit(searching ? SEARCH_PICKER_LIMIT : 1000);
        });
        const options: SelectOption[] = list.map((o) => ({
          value: String(o.value),
          label: String(o.label ?? ''),
        }));
        if (keyword || merchantId || !reg.hooks.namedOutsideScope) return options;
        const seen = new Set(options.map((o) => o.value));
        const named = (await reg.hooks.namedOutsideScope(request.user!)).filter((o) => !seen.has(o.value));
        return [...options, ...named.map((o) => ({ ...o, disabled: true }))];
      },
    );
  }

  registerImportExport(app, { db, reg, resources: deps.resources, create, prepare, base, tags });

  app.get(
    `${base}/:id`,
    {
      schema: { params: z.object({ id: idSchema }), response: answer(item), tags },
      config: { permission: p.list },
      // `/select` of a resource with no picker (a cup, a ledger line) does not exist: said as for any
      // unknown path, not as a malformed id.
      preValidation: async (request) => {
        if ((request.params as { id?: string }).id === 'select') throw new AppError('msg.routeNotFound');
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const { row, owners } = await readInRequestScope(reg, db, request, async (tx) => {
        const owners = await inheritedOwners(reg, tx, request.user);
        const [row] = (await tx
          .select()
          .from(table)
          .where(all([inArray(reg.columns.id, [id]), readableTo(reg, request.user, owners)]))) as Row[];
        return { row, owners };
      });
      if (!row) throw new AppError('msg.notFound');
      return markInherited(toItem(reg, row), owners);
    },
  );

  if (p.create && !disabled.has('create')) {
    app.post(
      base,
      {
        schema: {
          body: createSchema(def),
          response: answer(reg.hooks.respondShape ? item.extend(reg.hooks.respondShape) : item),
          tags,
        },
        config: { permission: p.create, action: `${def.name}.create` },
      },
      async (request) => {
        const input = await prepare(request.body as Row, 'api', request);
        const row = await inRequestScope(db, request, (tx) => create(input, ctxOf(request, tx)));
        request.auditTarget = String(row.id);
        const item = toItem(reg, row);
        return reg.hooks.respond ? reg.hooks.respond(item, createdValues.get(row) ?? {}) : item;
      },
    );
  }

  if (p.update && !disabled.has('update')) {
    app.put(
      base,
      {
        schema: { body: updateSchema(def), response: answer(item), tags },
        config: { permission: p.update, action: `${def.name}.update` },
      },
      async (request) => {
        const { id, ...sent } = request.body as Row & { id: string };
        const input = nullsAsDefaults(def, sent);
        request.auditTarget = id;
        const row = await inRequestScope(db, request, async (tx) => {
          const ctx = ctxOf(request, tx);
          const [existing] = await findVisible(tx, [id], ctx.user);
          if (!existing) {
            await refuseInherited(reg, tx, ctx.user, [id]);
            throw new AppError('msg.notFound');
          }
          await checkReferences(deps.resources, def, input, tx, ctx.user);
          const values = reg.hooks.beforeUpdate ? await reg.hooks.beforeUpdate(input, existing, ctx) : input;
          const [updated] = (await tx
            .update(table)
            .set({ ...columnValues(reg, sealSecrets(values, 'api')), updatedAt: new Date() })
            .where(inArray(reg.columns.id, [id]))
            .returning()) as Row[];
          await reg.hooks.afterUpdate?.(updated, existing, ctx);
          await uploadsFollowRow(def, updated, values, tx);
          return updated;
        });
        return toItem(reg, row);
      },
    );
  }

  if (p.delete && !disabled.has('delete')) {
    const remove = async (request: FastifyRequest) => {
      const ids = [...new Set((request.body as { ids: string[] }).ids)];
      request.auditTarget = ids.join(',');
      return inRequestScope(db, request, async (tx) => {
        const rows = await findVisible(tx, ids, request.user!);
        // All or nothing: one id the caller cannot see is a 404 for the whole request (a 403 when
        // it only inherits the row).
        if (rows.length !== ids.length) {
          await refuseInherited(reg, tx, request.user!, ids);
          throw new AppError('msg.notFound');
        }
        await reg.hooks.beforeDelete?.(rows, ctxOf(request, tx));
        await tx.delete(table).where(inArray(reg.columns.id, ids));
        return { deleted: rows.length };
      });
    };
    const options = {
      schema: { body: deleteSchema, response: answer(deletedAnswer), tags },
      config: { permission: p.delete, action: `${def.name}.delete` },
    };
    app.delete(base, options, remove);
    app.post(`${base}/delete`, options, remove);
  }

  if (p.reveal && secretKeys.length) {
    app.post(
      `${base}/reveal`,
      {
        schema: {
          body: z.object({ id: idSchema, field: z.enum(secretKeys as [string, ...string[]]) }),
          response: answer(revealAnswer),
          tags,
        },
        config: { permission: p.reveal, action: `${def.name}.reveal` },
      },
      async (request) => {
        const { id, field } = request.body as { id: string; field: string };
        request.auditTarget = `${id}.${field}`;
        const [row] = await inRequestScope(db, request, (tx) => findVisible(tx, [id], request.user!));
        if (!row) throw new AppError('msg.notFound');
        const sealed = row[field];
        return { value: typeof sealed === 'string' ? deps.secrets.open(sealed) : null };
      },
    );
  }

  return { reg, create };
}
