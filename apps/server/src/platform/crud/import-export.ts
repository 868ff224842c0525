/**
 * Import and export for every resource. An export is what the list shows, as the console shows it:
 * headers and enum values in the reader's language, refs by their picker labels, merchant and store
 * by name, times in the request's time zone. An import reads that back (headers as field keys or
 * labels in any language, refs by id or label within the caller's reach, enums by key or label), or
 * the template's columns; a dry run checks, a write commits all rows or none, reporting every row's
 * errors.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createSchema,
  ID_PATTERN,
  LANGUAGES,
  localizedColumns,
  listSchema,
  translate,
  writableFields,
  type FieldDef,
  type Language,
  type ResourceDef,
  importResultAnswer,
} from '@brewfleet/contracts';
import type { Localized } from '@brewfleet/contracts/i18n/resource-texts';
import { pgErrorOf, type Db } from '../db/client.ts';
import { AppError, type ErrorDetail } from '../http/errors.ts';
import { answer, fileAnswer } from '../http/answers.ts';
import { localizeIssue, uniqueViolation } from '../http/plumbing.ts';
import { inputProblemError, inspectInput } from '../http/input-guard.ts';
import { listOrder } from './query.ts';
import { listReadCondition } from './inherited.ts';
import { progressReporter } from './import-progress.ts';
import { CONTENT_TYPES, readSheet, writeSheet, type Format, type SheetRow } from './spreadsheet.ts';
import { inRequestScope } from './scope.ts';
import { labelsOf, rowsNamed, type LabelMatches } from './labels.ts';
import { mask } from './secrets.ts';
import { boolText, fieldText, ownerText, valueList, valueSpellings, valueText } from './sheet-texts.ts';
import { localDateTime, plainNumber, splitList, zonedToIso } from './sheet-values.ts';
import type { ResourceRegistry } from './registry.ts';
import type { HookContext, Registered, Row } from './types.ts';

export const EXPORT_MAX_ROWS = 100_000;
/** The export column naming the owner of an inherited row. */
export const OWNER_COLUMN = 'owner';

interface Deps {
  db: Db;
  reg: Registered;
  resources: ResourceRegistry;
  create(input: Row, ctx: HookContext): Promise<Row>;
  prepare(input: Row, source: HookContext['source'], request: FastifyRequest): Promise<Row>;
  base: string;
  tags: string[];
}

const formatSchema = z.enum(['xlsx', 'csv']).default('xlsx');

/** Columns an import file may carry: the create fields, except confirmations. */
export const importColumns = (def: ResourceDef) =>
  writableFields(def, 'create').filter(([key]) => key !== 'confirmPassword');

/** One sheet column: its header in every language, and its cell of a row. */
interface SheetColumn {
  /** The field key (or, for a localized field, `name_en` …): what an import reads it as. */
  key: string;
  header: Localized;
  field?: FieldDef;
  /** The field the cell comes from (a localized column's field is the localized field). */
  from: string;
  lang?: Language;
}

const same = (text: string): Localized => ({ en: text, zh: text, tw: text });

/**
 * A field's spreadsheet columns: one, headed by its label, or for a localized field one per language
 * (name_en, name_zh, name_tw, headed so in every language).
 */
function sheetColumns(def: ResourceDef, key: string): SheetColumn[] {
  const field = def.fields[key];
  if (field?.kind !== 'localized') return [{ key, header: fieldText(def.name, key), field, from: key }];
  return localizedColumns(field.of!).map(([column, lang]) => ({
    key: column,
    header: same(column),
    field,
    from: key,
    lang,
  }));
}

/** The fields an export writes: those the list and the form show (merchant and store included). */
function exportedKeys(def: ResourceDef): string[] {
  const shown = Object.entries(def.fields)
    .filter(([, fd]) => !fd.virtual && !fd.writeOnly && fd.kind !== 'password')
    .map(([key]) => key);
  return ['id', ...shown, ...(def.fields.createdAt ? [] : ['createdAt'])];
}

/** The labels of the rows each ref field of the export names: one query per field for all rows. */
async function refLabels(
  deps: Pick<Deps, 'resources' | 'reg'>,
  rows: Row[],
  columns: SheetColumn[],
  tx: Db,
  request: FastifyRequest,
): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const { from, field } of columns) {
    if ((field?.kind !== 'ref' && field?.kind !== 'refs') || out.has(from)) continue;
    const ids = new Set<string>();
    for (const row of rows) {
      const value = row[from];
      for (const id of Array.isArray(value) ? value : value == null ? [] : [value]) ids.add(String(id));
    }
    const target = deps.resources.find(field.ref!);
    out.set(
      from,
      target ? await labelsOf(deps.resources, target, [...ids], tx, request.user, request.lang) : new Map(),
    );
  }
  return out;
}

/** A row's value of a field as the list shows it, in `lang` and `timeZone`. */
function shownValue(
  reg: Registered,
  column: SheetColumn,
  row: Row,
  labels: Map<string, Map<string, string>>,
  lang: Language,
  timeZone: string,
): unknown {
  const value = row[column.from];
  if (value == null) return value;
  const { def } = reg;
  const label = (id: unknown) => labels.get(column.from)?.get(String(id)) ?? String(id);
  const each = (f: (v: unknown) => string) => (Array.isArray(value) ? value.map(f).join(';') : f(value));
  switch (column.field?.kind ?? (column.from === 'createdAt' ? 'datetime' : undefined)) {
    case 'localized':
      return (value as Record<string, unknown>)[column.lang!];
    case 'ref':
    case 'refs':
      return each(label);
    case 'enum':
    case 'enums':
      return each((v) => valueText(def.name, column.from, String(v))[lang]);
    case 'bool':
      return boolText(Boolean(value))[lang];
    case 'datetime':
      return value instanceof Date || typeof value === 'string' ? localDateTime(value, timeZone) : value;
    case 'number':
      return typeof value === 'number' ? plainNumber(value) : value;
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    case 'secret':
      return typeof value === 'string' ? mask(reg.secrets.open(value)) : value;
    default:
      return typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
        ? JSON.stringify(value)
        : value;
  }
}

/** A header of an import file → the column it is: a field key, or a field's label in any language. */
function headerIndex(columns: SheetColumn[]): Map<string, string> {
  const byLabel = new Map<string, Set<string>>();
  for (const column of columns)
    for (const lang of LANGUAGES) {
      const text = column.header[lang].trim().toLowerCase();
      byLabel.set(text, (byLabel.get(text) ?? new Set()).add(column.key));
    }
  const index = new Map<string, string>();
  // A label two columns share names neither; the key always names its own.
  for (const [text, keys] of byLabel) if (keys.size === 1) index.set(text, [...keys][0]);
  for (const column of columns) index.set(column.key.toLowerCase(), column.key);
  return index;
}

/** A file row keyed by column (field key or localized column) instead of by its header text. */
function byColumn(cells: SheetRow, index: Map<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [header, text] of Object.entries(cells)) {
    const key = index.get(header.trim().toLowerCase());
    if (key && !(key in out && out[key] !== '')) out[key] = text;
  }
  return out;
}

/** The value of a localized field from its columns in a file row; undefined when it has none. */
function localizedCells(field: FieldDef, cells: Record<string, string>): unknown {
  const present = localizedColumns(field.of!).filter(([column]) => column in cells);
  if (!present.length) return undefined;
  return Object.fromEntries(present.map(([column, lang]) => [lang, cells[column].trim()]));
}

const TRUE_WORDS = new Set([
  '1',
  'true',
  'yes',
  'y',
  ...LANGUAGES.map((l) => boolText(true)[l].toLowerCase()),
]);
const FALSE_WORDS = new Set([
  '0',
  'false',
  'no',
  'n',
  ...LANGUAGES.map((l) => boolText(false)[l].toLowerCase()),
]);

/** A cell the import cannot read: the message key and its parameters. */
class CellError {
  constructor(
    readonly message: string,
    readonly params: Record<string, unknown>,
  ) {}
}

/** What reading one file's cells needs: each enum's spellings, each ref column's rows by text. */
interface CellContext {
  def: ResourceDef;
  /** Per enum field: a spelling (lower case) → its value. */
  spellings: Map<string, Map<string, string>>;
  /** Per ref field: a text → the ids of the rows it names. */
  named: Map<string, LabelMatches>;
  timeZone: string;
}

/** An enum field's values by every spelling: key and labels, in lower case. */
function enumSpellings(def: ResourceDef, key: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const value of def.fields[key].values ?? [])
    for (const spelling of valueSpellings(def, key, value)) out.set(spelling.trim().toLowerCase(), value);
  return out;
}

/** An id a ref cell names by its text: the id itself, or the one row whose label it is. */
function refId(ctx: CellContext, key: string, text: string): string {
  const ids = ctx.named.get(key)?.get(text) ?? [];
  if (ids.length === 1) return ids[0];
  const field = fieldText(ctx.def.name, key);
  if (ids.length > 1)
    throw new CellError('msg.importRefAmbiguous', { field, value: text, count: ids.length });
  // An id the caller cannot read goes on as it is: the reference check refuses it, naming the field.
  if (ID_PATTERN.test(text) || (text === '0' && ctx.def.fields[key].topLevelZero)) return text;
  throw new CellError('msg.importRefUnknown', { field, value: text });
}

/** A spreadsheet cell turned into the JSON value the create schema expects. */
function cellValue(ctx: CellContext, key: string, field: FieldDef, raw: string): unknown {
  const text = raw.trim();
  if (text === '') return undefined;
  const enumValue = (spelled: string) => {
    const value = ctx.spellings.get(key)?.get(spelled.toLowerCase());
    if (value !== undefined) return value;
    throw new CellError('msg.importUnknownValue', {
      field: fieldText(ctx.def.name, key),
      value: spelled,
      options: valueList(ctx.def, key),
    });
  };
  switch (field.kind) {
    case 'int':
      return /^-?\d+$/.test(text) ? Number(text) : text;
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    case 'bool':
      return TRUE_WORDS.has(text.toLowerCase()) ? true : FALSE_WORDS.has(text.toLowerCase()) ? false : text;
    case 'enum':
      return enumValue(text);
    case 'enums':
      return splitList(text).map(enumValue);
    case 'ref':
      return refId(ctx, key, text);
    case 'refs':
      return splitList(text).map((t) => refId(ctx, key, t));
    case 'images':
      return splitList(text);
    case 'datetime':
      return zonedToIso(text, ctx.timeZone);
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

/** For each ref column of the file: what each of its texts names, one query per column. */
async function resolveRefs(
  deps: Pick<Deps, 'db' | 'resources'>,
  def: ResourceDef,
  keys: string[],
  rows: Array<Record<string, string>>,
  request: FastifyRequest,
): Promise<Map<string, LabelMatches>> {
  const named = new Map<string, LabelMatches>();
  const refKeys = keys.filter((k) => def.fields[k]?.kind === 'ref' || def.fields[k]?.kind === 'refs');
  if (!refKeys.length) return named;
  await inRequestScope(deps.db, request, async (tx) => {
    for (const key of refKeys) {
      const field = def.fields[key];
      const texts = new Set<string>();
      for (const cells of rows) {
        const text = (cells[key] ?? '').trim();
        // A text with NUL is refused by the input guard, never looked up.
        if (!text || text.includes('\u0000')) continue;
        for (const t of field.kind === 'refs' ? splitList(text) : [text]) texts.add(t);
      }
      const target = deps.resources.find(field.ref!);
      if (target) named.set(key, await rowsNamed(deps.resources, target, [...texts], tx, request.user));
    }
  });
  return named;
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
  const exportColumns = exportedKeys(def).flatMap((k) => sheetColumns(def, k));
  const ownerColumn: SheetColumn = {
    key: OWNER_COLUMN,
    header: ownerText,
    from: OWNER_COLUMN,
  };

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
      const { lang, timeZone } = request;
      // The rows the list shows, inherited ones included (crud/inherited.ts), and the names of the
      // rows their refs point at, as the list's pickers name them.
      const { rows, owners, labels } = await inRequestScope(db, request, async (tx) => {
        const { where, owners } = await listReadCondition(reg, tx, request.user, body, timeZone);
        const rows = (await tx
          .select()
          .from(reg.table)
          .where(where)
          .orderBy(...listOrder(reg.columns, body.sort, def.defaultSort))
          .limit(EXPORT_MAX_ROWS)) as Row[];
        return { rows, owners, labels: await refLabels(deps, rows, exportColumns, tx, request) };
      });
      // A resource that inherits says whose each inherited row is (empty: the caller's own). Import
      // ignores the column: it is no field.
      const columns = reg.hooks.inherited ? [...exportColumns, ownerColumn] : exportColumns;
      const file = await writeSheet(
        body.format,
        columns.map((c) => c.header[lang]),
        rows.map((stored) => {
          const r = reg.hooks.exportRow ? reg.hooks.exportRow(stored, lang) : stored;
          return columns.map((c) =>
            c === ownerColumn
              ? (owners.get(String(r.merchantId)) ?? '')
              : shownValue(reg, c, r, labels, lang, timeZone),
          );
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
  const templateColumns = columns.flatMap(([k]) => sheetColumns(def, k));
  // An import names its columns as the template or an export does: by key, or by label in any language.
  const headers = headerIndex(templateColumns);
  const spellings = new Map(
    columns
      .filter(([, fd]) => fd.kind === 'enum' || fd.kind === 'enums')
      .map(([k]) => [k, enumSpellings(def, k)]),
  );

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
        templateColumns.map((c) => c.header[request.lang]),
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
      const sheet = await readSheet(buf);
      const present = new Set(sheet.headers.map((h) => headers.get(h.trim().toLowerCase())));
      const missing = columns.find(([k, fd]) => fd.required && !present.has(k));
      if (missing) throw new AppError('msg.importMissingColumn', { column: fieldText(def.name, missing[0]) });
      const rows = sheet.rows.map((cells) => byColumn(cells, headers));
      const ctx: CellContext = {
        def,
        spellings,
        named: await resolveRefs(
          deps,
          def,
          [...present].filter((k) => k !== undefined),
          rows,
          request,
        ),
        timeZone: request.timeZone,
      };

      const errors: ErrorDetail[] = [];
      const inputs: Array<{ row: number; input: Row }> = [];
      for (const [i, cells] of rows.entries()) {
        await progress.tick('checking', i, rows.length);
        const row = i + 2; // the header is row 1
        const raw: Row = {};
        const cellErrors: ErrorDetail[] = [];
        for (const [key, fd] of columns) {
          if (fd.kind === 'localized') raw[key] = localizedCells(fd, cells);
          else if (key in cells)
            try {
              raw[key] = cellValue(ctx, key, fd, cells[key]);
            } catch (error) {
              if (!(error instanceof CellError)) throw error;
              cellErrors.push({ row, field: key, message: error.message, params: error.params });
            }
        }
        if (cellErrors.length) {
          errors.push(...cellErrors);
          continue;
        }
        // A file is not a JSON request: the input guard's check (NUL, nesting) runs here per row.
        const problem = inspectInput(raw);
        if (problem) {
          errors.push(...rowErrors(row, inputProblemError(problem)));
          continue;
        }
        const parsed = schema.safeParse(raw, { reportInput: true });
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
