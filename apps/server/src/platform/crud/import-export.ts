/**
 * Import and export for every resource: export of the current filter to Excel or CSV; import of a
 * CSV or Excel file whose header row names the fields, with a dry run and an all-or-nothing commit
 * that reports every row's errors.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createSchema,
  localizedColumns,
  listSchema,
  translate,
  writableFields,
  type FieldDef,
  type ResourceDef,
  importResultAnswer,
} from '@brewfleet/contracts';
import { pgErrorOf, type Db } from '../db/client.ts';
import { AppError, type ErrorDetail } from '../http/errors.ts';
import { answer, fileAnswer } from '../http/answers.ts';
import { localizeIssue, uniqueViolation } from '../http/plumbing.ts';
import { inputProblemError, inspectInput } from '../http/input-guard.ts';
import { listOrder } from './query.ts';
import { listReadCondition } from './inherited.ts';
import { storedFields } from './table.ts';
import { progressReporter } from './import-progress.ts';
import { CONTENT_TYPES, readSheet, writeSheet, type Format } from './spreadsheet.ts';
import { inRequestScope } from './scope.ts';
import type { HookContext, Registered, Row } from './types.ts';

export const EXPORT_MAX_ROWS = 100_000;
/** The export column naming the owner of an inherited row. */
export const OWNER_COLUMN = 'owner';

interface Deps {
  db: Db;
  reg: Registered;
  create(input: Row, ctx: HookContext): Promise<Row>;
  prepare(input: Row, source: HookContext['source'], request: FastifyRequest): Promise<Row>;
  base: string;
  tags: string[];
}

const formatSchema = z.enum(['xlsx', 'csv']).default('xlsx');

/** Columns an import file may carry: the create fields, except confirmations. */
export const importColumns = (def: ResourceDef) =>
  writableFields(def, 'create').filter(([key]) => key !== 'confirmPassword');

/**
 * A field's spreadsheet columns and how a row's value fills them: one column, or for a localized
 * field one per language (name_en, name_zh, name_tw).
 */
function sheetColumns(key: string, field: FieldDef | undefined): Array<[string, (row: Row) => unknown]> {
  if (field?.kind !== 'localized') return [[key, (row) => row[key]]];
  return localizedColumns(field.of!).map(([column, lang]) => [
    column,
    (row) => (row[key] as Record<string, unknown> | null)?.[lang],
  ]);
}

/** The value of a localized field from its columns in a file row; undefined when it has none. */
function localizedCells(field: FieldDef, cells: Record<string, string>): unknown {
  const present = localizedColumns(field.of!).filter(([column]) => column in cells);
  if (!present.length) return undefined;
  return Object.fromEntries(present.map(([column, lang]) => [lang, cells[column].trim()]));
}

/** A spreadsheet cell turned into the JSON value the create schema expects. */
function cellValue(field: FieldDef, raw: string): unknown {
  const text = raw.trim();
  if (text === '') return undefined;
  switch (field.kind) {
    case 'int':
      return /^-?\d+$/.test(text) ? Number(text) : text;
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    case 'bool':
      return ['1', 'true', 'yes', 'y', '是'].includes(text.toLowerCase())
        ? true
        : ['0', 'false', 'no', 'n', '否'].includes(text.toLowerCase())
          ? false
          : text;
    case 'refs':
    case 'images':
      return text
        .split(/[;,]/)
        .map((s) => s.trim())
        .filter(Boolean);
    case 'json':
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    default:
      return text;
  }
}

class Rollback extends Error {}

/** A refused row's errors: each detail of the error (a recipe may have several), or the error itself. */
function rowErrors(row: number, error: AppError): ErrorDetail[] {
  return error.details?.length
    ? error.details.map((d) => ({ ...d, row }))
    : [{ row, message: error.key, params: error.params }];
}

export function registerImportExport(app: FastifyInstance, deps: Deps) {
  const { db, reg, base, tags } = deps;
  const { def } = reg;
  const exportFields = [
    'id',
    ...storedFields(def)
      .filter(([, fd]) => !fd.writeOnly)
      .map(([k]) => k),
    ...(def.fields.createdAt ? [] : ['createdAt']),
  ].flatMap((k) => sheetColumns(k, def.fields[k]));

  app.post(
    `${base}/export`,
    {
      schema: {
        body: listSchema(def).omit({ page: true, limit: true }).extend({ format: formatSchema }),
        response: fileAnswer('The rows as a spreadsheet', Object.values(CONTENT_TYPES)),
        tags,
      },
      config: { permission: def.permissions.export ?? def.permissions.list, noAudit: true },
    },
    async (request, reply) => {
      const body = request.body as Row & { format: Format; sort?: string };
      // The rows the list shows, inherited ones included (crud/inherited.ts).
      const { rows, owners } = await inRequestScope(db, request, async (tx) => {
        const { where, owners } = await listReadCondition(reg, tx, request.user, body, request.timeZone);
        const rows = (await tx
          .select()
          .from(reg.table)
          .where(where)
          .orderBy(...listOrder(reg.columns, body.sort, def.defaultSort))
          .limit(EXPORT_MAX_ROWS)) as Row[];
        return { rows, owners };
      });
      // A resource that inherits says whose each inherited row is (empty: the caller's own). Import
      // ignores the column: it is no field.
      const fields: typeof exportFields = reg.hooks.inherited
        ? [...exportFields, [OWNER_COLUMN, (r) => owners.get(String(r.merchantId)) ?? '']]
        : exportFields;
      const file = await writeSheet(
        body.format,
        fields.map(([column]) => column),
        rows.map((stored) => {
          const r = reg.hooks.exportRow ? reg.hooks.exportRow(stored, request.lang) : stored;
          return fields.map(([, value]) => value(r));
        }),
        def.name,
      );
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', CONTENT_TYPES[body.format])
        .header('content-disposition', `attachment; filename="${def.name}-${stamp}.${body.format}"`)
        .send(file);
    },
  );

  const canCreate = def.permissions.create && !(def.disable ?? []).includes('create');
  if (!canCreate) return;
  const importPermission = def.permissions.import ?? def.permissions.create!;
  const columns = importColumns(def);

  app.get(
    `${base}/import-template`,
    {
      schema: {
        querystring: z.object({ format: formatSchema }),
        response: fileAnswer('An empty sheet with the columns an import reads', Object.values(CONTENT_TYPES)),
        tags,
      },
      config: { permission: importPermission },
    },
    async (request, reply) => {
      const { format } = request.query as { format: Format };
      const file = await writeSheet(
        format,
        columns.flatMap(([k, fd]) => sheetColumns(k, fd).map(([column]) => column)),
        [],
        def.name,
      );
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${def.name}-template.${format}"`)
        .send(file);
    },
  );

  const schema = createSchema(def);
  app.post(
    `${base}/import`,
    {
      schema: {
        querystring: z.object({
          dryRun: z.enum(['true', 'false', '1', '0']).default('false'),
          // A uuid chosen by the client, to poll GET /api/coffee/import-progress/:key while this runs.
          progressKey: z.uuid().optional(),
        }),
        response: answer(importResultAnswer),
        tags,
        consumes: ['multipart/form-data'],
      },
      config: { permission: importPermission, action: `${def.name}.import` },
    },
    async (request: FastifyRequest) => {
      const query = request.query as { dryRun: string; progressKey?: string };
      const dryRun = ['true', '1'].includes(query.dryRun);
      const progress = progressReporter(db, query.progressKey, request.user!.userId, def.name);
      await progress.phase('reading', 0, 0);
      const file = await request.file();
      if (!file) throw new AppError('msg.importFile');
      const buf = await file.toBuffer();
      const { headers, rows } = await readSheet(buf);
      const required = columns.filter(([, fd]) => fd.required).map(([k]) => k);
      const missing = required.find((k) => !headers.includes(k));
      if (missing) throw new AppError('msg.importMissingColumn', { column: missing });

      const errors: ErrorDetail[] = [];
      const inputs: Array<{ row: number; input: Row }> = [];
      for (const [i, cells] of rows.entries()) {
        await progress.tick('checking', i, rows.length);
        const row = i + 2; // the header is row 1
        const raw: Row = {};
        for (const [key, fd] of columns)
          if (fd.kind === 'localized') raw[key] = localizedCells(fd, cells);
          else if (key in cells) raw[key] = cellValue(fd, cells[key]);
        // A file is not a JSON request: the input guard's check (NUL, nesting) runs here per row.
        const problem = inspectInput(raw);
        if (problem) {
          errors.push(...rowErrors(row, inputProblemError(problem)));
          continue;
        }
        const parsed = schema.safeParse(raw);
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            errors.push({ row, field: issue.path.join('.'), message: localizeIssue(issue, request.lang) });
          continue;
        }
        try {
          inputs.push({ row, input: await deps.prepare(parsed.data as Row, 'import', request) });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          errors.push(...rowErrors(row, error));
        }
      }

      let imported = 0;
      await progress.phase('writing', 0, rows.length);
      try {
        await inRequestScope(db, request, async (tx) => {
          for (const { row, input } of inputs) {
            try {
              // A savepoint per row: one row's failure is reported without aborting the others' checks.
              await tx.transaction((sp) =>
                deps.create(input, {
                  db: sp as unknown as Db,
                  user: request.user!,
                  request,
                  source: 'import',
                }),
              );
              imported++;
            } catch (error) {
              if (error instanceof AppError) {
                errors.push(...rowErrors(row, error));
              } else if (pgErrorOf(error).code === '23505') {
                const { key, field } = uniqueViolation(pgErrorOf(error).constraint);
                errors.push({ row, ...(field ? { field } : {}), message: key });
              } else if (pgErrorOf(error).code?.startsWith('22')) {
                // A value the schemas let by and SQL refused (a data exception): this row's error.
                errors.push({ row, message: 'msg.valueOutOfRange' });
              } else throw error;
            }
          }
          if (dryRun || errors.length) throw new Rollback();
        });
      } catch (error) {
        if (!(error instanceof Rollback)) throw error;
      }
      errors.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
      await progress.phase(errors.length && !dryRun ? 'failed' : 'done', rows.length, rows.length);
      if (errors.length && !dryRun) {
        throw new AppError('msg.importRowErrors', { count: new Set(errors.map((e) => e.row)).size }, errors);
      }
      request.auditTarget = dryRun ? 'dry-run' : `${imported} rows`;
      return {
        total: rows.length,
        imported: dryRun || errors.length ? 0 : imported,
        valid: rows.length - new Set(errors.map((e) => e.row)).size,
        errors: errors.map(({ params, ...e }) => ({
          ...e,
          message: translate(e.message, request.lang, params),
        })),
      };
    },
  );
}
