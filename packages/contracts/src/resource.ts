/**
 * Declare-once resources. One `ResourceDef` names a resource's fields and permission codes; from it
 * the server derives its table access, validation and the six endpoints of CONTRACT §3, and the web
 * derives the search form, table, create/edit drawer and i18n keys (`resources.<name>.fields.<key>`).
 */
import { z } from 'zod';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from './envelope.ts';
import { localizedNamesSchema } from './localized-names.ts';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'password'
  | 'email'
  | 'phone'
  | 'int'
  | 'money'
  | 'bool'
  | 'enum'
  | 'date'
  | 'datetime'
  | 'ref'
  | 'refs'
  | 'image'
  | 'images'
  | 'json'
  | 'number'
  | 'enums'
  | 'time'
  | 'secret'
  | 'localized';

/** Named list cells of the console: 'duration': seconds read as "7 days" rather than 604800. */
export type CellKind = 'duration';

/** How a field filters a list: exact value, substring, from/to range, or one of several values. */
export type SearchMode = 'eq' | 'like' | 'range' | 'in';

export interface FieldDef {
  kind: FieldKind;
  /** Must be given on create (and may not be emptied on update). */
  required?: boolean;
  /** Text: maximum length (default 255). Int: maximum value. */
  max?: number;
  /** Text: minimum length. Int, number and money: minimum value (money: 0 or 0.01). */
  min?: number;
  /** Enum values, stored and sent as these strings. */
  values?: readonly string[];
  /** For ref/refs: the resource the id points at. */
  ref?: string;
  search?: SearchMode;
  sortable?: boolean;
  /* Display options: how the console shows the field (the server ignores them). */
  /** Shown as a table column (default true, except textarea/password/json/localized). */
  list?: boolean;
  /** Widest its list column grows before a text is cut short (px; default: by kind). */
  width?: number;
  /** A named way to show the value in a list cell instead of the kind's own (CellKind). */
  cell?: CellKind;
  /**
   * A ref to the merchant that owns the row: the console's form starts on a merchant user's own
   * merchant. 'platform': only a platform user must choose (left empty, a merchant's row is its
   * own); 'always': everyone must.
   */
  ownerPicker?: 'platform' | 'always';
  /** Shown in the create/edit form (default true unless readOnly). */
  form?: boolean;
  /** Set by the server only; never accepted from a client. */
  readOnly?: boolean;
  /** Accepted on create only. */
  createOnly?: boolean;
  /** Accepted but never returned (passwords). */
  writeOnly?: boolean;
  /** Value used on create when the field is absent. */
  default?: unknown;
  /** Database column name; default: the key in snake_case. */
  column?: string;
  /** Accepted in input but not a column: a hook consumes it (passwords, confirmations). */
  virtual?: boolean;
  /** Custom validation message key (a key of i18n/messages.ts) for pattern-checked kinds. */
  message?: string;
  /** Text: a pattern the value must match (its message is `message`). */
  pattern?: RegExp;
  /** Localized: the text field it gives per language (lists show that field in the viewer's language). */
  of?: string;
  /**
   * A ref to a parent of the same tree whose top-level rows the API answers with parentId "0":
   * "0" is accepted back and stored as no parent.
   */
  topLevelZero?: boolean;
  /**
   * Enum: pickers (`/select?key=value`) may be narrowed by this field. 'or-empty': a value matches
   * its rows and those with no value (a preset for every family), and `none` only the rows with none.
   */
  selectFilter?: 'or-empty';
}

export type TenantMode = 'none' | 'merchant' | 'store';

export interface ResourcePermissions {
  list: string;
  create?: string;
  update?: string;
  delete?: string;
  import?: string;
  export?: string;
  /** Reading secret fields in clear (`POST /api/coffee/R/reveal`). */
  reveal?: string;
}

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** kebab-case name, the path segment under /api/coffee/. */
  name: string;
  /** Database table. */
  table: string;
  /** How rows belong to tenants (ARCHITECTURE "Tenancy"). */
  tenant: TenantMode;
  permissions: ResourcePermissions;
  fields: F;
  /** Field shown as the label in pickers (`/select`); a ref shows the label of the row it points at. */
  labelField: keyof F & string;
  /**
   * A ref whose row's label follows the label in pickers, for rows that only differ by it (a product
   * sold in two stores: 'Latte · Taipei Main Station Kiosk').
   */
  labelContext?: keyof F & string;
  /** Default list order, e.g. '-createdAt'. */
  defaultSort?: string;
  /** Operations the resource does not offer through the generic routes. */
  disable?: ReadonlyArray<'create' | 'update' | 'delete' | 'select'>;
  /**
   * How `/select` offers rows: all of them (up to 1,000, by label: the default), or for a table too
   * large to list (`search`: an order among millions) the newest SEARCH_PICKER_LIMIT whose label
   * starts with `keyword`, and the console's picker finds one by typing.
   */
  picker?: 'all' | 'search';
  /** Console: i18n key of a line shown above the list, saying what the rows are for. */
  hint?: string;
}

/** Rows a search picker answers (ResourceDef.picker). */
export const SEARCH_PICKER_LIMIT = 20;

export function defineResource<F extends Record<string, FieldDef>>(def: ResourceDef<F>): ResourceDef {
  for (const [key, field] of Object.entries(def.fields)) {
    if ((field.kind === 'enum' || field.kind === 'enums') && !field.values?.length)
      throw new Error(`${def.name}.${key}: enum needs values`);
    if ((field.kind === 'ref' || field.kind === 'refs') && !field.ref)
      throw new Error(`${def.name}.${key}: ref needs a target`);
    if (field.kind === 'localized' && !def.fields[field.of ?? ''])
      throw new Error(`${def.name}.${key}: localized needs the field it translates`);
  }
  if (def.labelContext && def.fields[def.labelContext]?.kind !== 'ref')
    throw new Error(`${def.name}: labelContext must name a ref field`);
  return def as unknown as ResourceDef;
}

/** The localized field of `def` that gives `key` per language (`names` of `name`), if it has one. */
export function localizedFieldOf(def: ResourceDef, key: string): string | undefined {
  return Object.entries(def.fields).find(([, fd]) => fd.kind === 'localized' && fd.of === key)?.[0];
}

/* ---------- field builders: f.text({ required: true, search: 'like' }) ---------- */
type Opts = Omit<FieldDef, 'kind'>;
const make =
  (kind: FieldKind) =>
  (opts: Opts = {}): FieldDef => ({ kind, ...opts });
export const f = {
  text: make('text'),
  textarea: make('textarea'),
  password: (opts: Opts = {}): FieldDef => ({ kind: 'password', writeOnly: true, list: false, ...opts }),
  email: make('email'),
  phone: make('phone'),
  int: make('int'),
  money: make('money'),
  bool: make('bool'),
  enum: (values: readonly string[], opts: Opts = {}): FieldDef => ({ kind: 'enum', values, ...opts }),
  date: make('date'),
  datetime: make('datetime'),
  ref: (ref: string, opts: Opts = {}): FieldDef => ({ kind: 'ref', ref, ...opts }),
  refs: (ref: string, opts: Opts = {}): FieldDef => ({ kind: 'refs', ref, list: false, ...opts }),
  image: make('image'),
  /** Several uploaded images in order, the first being the cover; `max` is how many (default 6). */
  images: (opts: Opts = {}): FieldDef => ({ kind: 'images', max: 6, ...opts }),
  json: (opts: Opts = {}): FieldDef => ({ kind: 'json', list: false, ...opts }),
  /** A floating-point number (coordinates), with min/max. */
  number: make('number'),
  /** Several values of an enumeration (weekdays). */
  enums: (values: readonly string[], opts: Opts = {}): FieldDef => ({ kind: 'enums', values, ...opts }),
  /** A time of day, HH:mm. */
  time: make('time'),
  /**
   * A secret (API keys, ID numbers): sent long-text encrypted, stored encrypted at rest, answered
   * masked; the plain value only through the resource's reveal endpoint, with its permission.
   */
  secret: (opts: Opts = {}): FieldDef => ({ kind: 'secret', list: false, ...opts }),
  /**
   * The text field `of` per language ({ en, zh, tw }, each optional; stored as jsonb): lists show
   * `of` in the viewer's language, forms ask for each, spreadsheets have `<of>_en` … columns
   * (localized-names.ts). `of` stays the default for a language without its own.
   */
  localized: (of: string, opts: Opts = {}): FieldDef => ({
    kind: 'localized',
    of,
    list: false,
    max: 128,
    ...opts,
  }),
};

/* ---------- shared scalar schemas ---------- */

/* ---------- bounds of what the database can hold: every value is checked before a query ---------- */

/** An id as text: 1 to 19 digits. Its range is checked apart (ID_PATTERN alone lets 9999999999999999999 by). */
export const ID_PATTERN = /^[1-9]\d{0,18}$/;
/** The largest bigint (int8) PostgreSQL holds: ids above it would fail in SQL (22003), not in validation. */
export const MAX_ID = '9223372036854775807';
/** True for an id of ID_PATTERN that fits int8 (same-length digit strings compare as numbers). */
export const idInRange = (id: string) => id.length < MAX_ID.length || id <= MAX_ID;
/** The range of an `integer` column, the column of every int field. */
export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;
/** money fields are numeric(12, 2) columns: at most ten digits before the point. */
export const MONEY_MAX = 9999999999.99;
/**
 * A floating-point field without its own `max` (a double precision column): the column would hold
 * 1e308, but sums and products of such values overflow (22003); no measurement comes near this.
 */
export const NUMBER_LIMIT = 1e12;

/** Digits as an id has them, but more than 19: beyond int8 like 9223372036854775808, and said so. */
const TOO_LONG_ID = /^[1-9]\d{19,}$/;

/**
 * 64-bit ids travel as strings; numbers are accepted from lenient clients and turned into strings.
 * The one rule of every id a request carries (path, query or body): what is not an int8 id — not
 * digits, a leading zero, 0, or beyond 9223372036854775807 whatever its length — is a 400 that says
 * so (CONTRACT §3: identifiers are 64-bit integers); an id that is one but names no row the caller
 * sees is the route's 404.
 */
export const idSchema = z
  .union([
    z
      .string()
      .regex(ID_PATTERN, {
        error: (issue) => (TOO_LONG_ID.test(String(issue.input)) ? 'msg.idOutOfRange' : 'msg.invalidId'),
      })
      .refine((v) => !ID_PATTERN.test(v) || idInRange(v), { error: 'msg.idOutOfRange' }),
    // A JSON number id is at most 2^53 - 1 (int() refuses more), far below MAX_ID.
    z.number().int().positive(),
  ])
  .transform((v) => String(v));

/**
 * A parent reference where the API answers top-level rows with parentId "0" (menus, organizations):
 * "0" (or 0) is accepted back and means "no parent", so what a GET answers can be sent again.
 */
export const parentIdSchema = z
  .union([z.literal('0'), z.literal(0), idSchema])
  .transform((v) => (v === '0' || v === 0 ? null : v));

/** Local part @ domain, the domain being a host name or a bracketed IPv4 address (spec §5). */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}|\[(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\])$/;
/** International phone numbers: optional +, digits, spaces, dashes and brackets, 5 to 20 characters. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{3,18}[0-9]$/;
/**
 * An address a menu page opens (spec §5 URL rule: begins with http:// or {host}): a console route
 * such as `device/list`, or an http(s) address with a host. Empty is allowed (directories).
 */
export const ADDRESS_PATTERN =
  /^(?:https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?(?:[/?#]\S*)?|\/?[A-Za-z0-9][\w./-]*(?:\?\S*)?)?$/;
export const MONEY_PATTERN = /^-?\d{1,10}(\.\d{1,2})?$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Money as a client sends it (decimal text or a JSON number), answered as text with two places. */
export const moneySchema = z
  .union([
    z
      .string()
      .trim()
      // A third decimal is refused with its reason, never rounded away (text or number alike).
      .refine((v) => !/^-?\d+\.\d{3,}$/.test(v), { error: 'msg.moneyDecimals' })
      .regex(MONEY_PATTERN, { error: 'msg.invalidMoney' }),
    z
      .number()
      .finite()
      .min(-MONEY_MAX, { error: 'msg.moneyOutOfRange' })
      .max(MONEY_MAX, { error: 'msg.moneyOutOfRange' })
      // The shortest text of the number is its value: 1.234 has three decimals, 1.1 one.
      .refine((v) => Math.abs(v) > MONEY_MAX || /^-?\d+(\.\d{1,2})?$/.test(String(v)), {
        error: 'msg.moneyDecimals',
      }),
  ])
  .transform((v) => Number(v).toFixed(2));

/** True for a YYYY-MM-DD that names a real day of the years 1 to 9999 (PostgreSQL refuses 2026-02-30). */
function isCalendarDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && day >= '0001' && new Date(time).toISOString().startsWith(day);
}

/** A calendar day, YYYY-MM-DD. */
export const dateSchema = z
  .string()
  .regex(DATE_PATTERN, { error: 'msg.invalidDate' })
  .refine((v) => !DATE_PATTERN.test(v) || isCalendarDay(v), { error: 'msg.invalidDate' });

/** An instant, ISO 8601 with an offset, on a real day (year 0 and 2026-02-30 are not). */
export const datetimeSchema = z.iso
  .datetime({ offset: true })
  .refine((v) => isCalendarDay(v.slice(0, 10)), { error: 'msg.invalidDate' });

/** The zod schema of one field's value as a client sends it. */
export function fieldInputSchema(field: FieldDef): z.ZodType {
  switch (field.kind) {
    case 'image':
      // The id of an upload (POST /api/coffee/upload).
      return idSchema;
    case 'images':
      return z
        .array(idSchema)
        .max(field.max ?? 6)
        .refine((list) => new Set(list).size === list.length, { error: 'msg.duplicateImage' });
    case 'text':
    case 'textarea': {
      let s = z
        .string()
        .trim()
        .max(field.max ?? (field.kind === 'textarea' ? 2000 : 255));
      if (field.required) s = s.min(Math.max(1, field.min ?? 1), { error: 'msg.required' });
      else if (field.min) s = s.min(field.min);
      if (field.pattern) s = s.regex(field.pattern, { error: field.message ?? 'msg.invalidFormat' });
      return s;
    }
    case 'password':
      return z.string().max(4096);
    case 'email':
      return z
        .string()
        .trim()
        .max(254)
        .regex(EMAIL_PATTERN, { error: field.message ?? 'msg.emailError' });
    case 'phone':
      return z
        .string()
        .trim()
        .regex(PHONE_PATTERN, { error: field.message ?? 'msg.phoneError' });
    case 'int':
      // An int field is an integer column: without bounds of its own, the column's.
      // The bounds before the integer check: 1e20 is told the field's own maximum first, not
      // JavaScript's largest safe integer.
      return z
        .number()
        .min(field.min ?? INT_MIN)
        .max(field.max ?? INT_MAX)
        .int();
    case 'money': {
      // Money with a floor (a price not below 0, a discount above it): the same check as the column's.
      const min = field.min;
      if (min === undefined) return moneySchema;
      return moneySchema.refine((v) => Number(v) >= min, {
        error: min > 0 ? 'msg.moneyPositive' : 'msg.moneyNotNegative',
      });
    }
    case 'bool':
      return z.boolean();
    case 'enum':
      return z.enum(field.values as [string, ...string[]]);
    case 'date':
      return dateSchema;
    case 'datetime':
      return datetimeSchema;
    case 'ref':
      return field.topLevelZero ? parentIdSchema : idSchema;
    case 'refs':
      return z.array(idSchema).max(field.max ?? 1000);
    case 'json':
      return z.unknown();
    case 'number':
      return z
        .number()
        .finite()
        .min(field.min ?? -NUMBER_LIMIT)
        .max(field.max ?? NUMBER_LIMIT);
    case 'enums':
      return z.array(z.enum(field.values as [string, ...string[]])).max(field.values!.length);
    case 'time':
      return z.string().regex(TIME_PATTERN, { error: 'msg.invalidTime' });
    case 'secret':
      // Long-text encrypted on the wire (CONTRACT §4); the server decrypts it.
      return z.string().max(8192);
    case 'localized':
      return localizedNamesSchema(field.max);
  }
}

/** Fields a client may write on create. */
export function writableFields(def: ResourceDef, mode: 'create' | 'update'): Array<[string, FieldDef]> {
  return Object.entries(def.fields).filter(([, fd]) => !fd.readOnly && !(mode === 'update' && fd.createOnly));
}

/** Body of `POST /api/coffee/R`: unknown keys are stripped (zod's default). */
export function createSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, fd] of writableFields(def, 'create')) {
    const s = fieldInputSchema(fd);
    shape[key] = fd.required ? s : s.nullish();
  }
  return z.object(shape);
}

/** Body of `PUT /api/coffee/R`: the id and any subset of the writable fields. */
export function updateSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = { id: idSchema };
  for (const [key, fd] of writableFields(def, 'update')) {
    const s = fieldInputSchema(fd);
    shape[key] = fd.required ? s.optional() : s.nullish();
  }
  return z.object(shape);
}

/** Keys a list may be sorted by: sortable fields plus the timestamps. */
export function sortKeys(def: ResourceDef): string[] {
  return [
    'id',
    'createdAt',
    'updatedAt',
    ...Object.entries(def.fields)
      .filter(([, fd]) => fd.sortable)
      .map(([k]) => k),
  ];
}

/** Body of `POST /api/coffee/R/list`: paging, sort ('field' or '-field') and the searchable fields. */
export function listSchema(def: ResourceDef) {
  const keys = sortKeys(def);
  const shape: Record<string, z.ZodType> = {
    page: z.coerce.number().min(1).max(1_000_000).int().default(1),
    limit: z.coerce.number().min(1).max(MAX_LIST_LIMIT).int().default(DEFAULT_LIST_LIMIT),
    sort: z
      .string()
      .refine((s) => keys.includes(s.replace(/^-/, '')), { error: 'msg.invalidSort' })
      .optional(),
  };
  for (const [key, fd] of Object.entries(def.fields)) {
    if (!fd.search) continue;
    // A search term is a fragment: no minimum length, no e-mail or phone pattern.
    const value =
      fd.search === 'like'
        ? z.string().trim().max(255)
        : fieldInputSchema({
            ...fd,
            required: false,
            min: undefined,
            topLevelZero: undefined,
            kind: fd.kind === 'refs' ? 'ref' : fd.kind,
          });
    if (fd.search === 'range' && fd.kind === 'datetime') {
      // A day (taken in the request's timeZone) or an exact instant.
      const bound = z.union([dateSchema, datetimeSchema]);
      shape[`${key}From`] = bound.nullish();
      shape[`${key}To`] = bound.nullish();
    } else if (fd.search === 'range') {
      shape[`${key}From`] = value.nullish();
      shape[`${key}To`] = value.nullish();
    } else if (fd.search === 'in') {
      shape[key] = z.union([value, z.array(value).max(100)]).nullish();
    } else {
      shape[key] = value.nullish();
    }
  }
  return z.object(shape);
}

export const deleteSchema = z.object({ ids: z.array(idSchema).min(1).max(MAX_LIST_LIMIT) });

export interface SelectOption {
  value: string;
  label: string;
  /**
   * A row outside the user's scope that its own rows name (its merchant's superiors): answered so
   * that it reads as a name, never to be chosen.
   */
  disabled?: boolean;
}
