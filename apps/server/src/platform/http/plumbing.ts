/**
 * The HTTP conventions of CONTRACT §3 in one place: language, time zone, the envelope, error
 * mapping, 404s and security headers. Routes return plain data; this layer wraps it.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  matchLanguage,
  statusOf,
  translate,
  type ErrorKey,
  type Language,
} from '@brewfleet/contracts';
import { AppError, type ErrorDetail } from './errors.ts';
import { pgErrorOf } from '../db/client.ts';
import { registerInputGuard } from './input-guard.ts';
import { registerSecurityHeaders } from './security-headers.ts';

/** What a unique index's violation means, by constraint name; else 'This record already exists'. */
const UNIQUE_CONSTRAINTS: Record<string, { key: ErrorKey; field: string }> = {
  account_account_key: { key: 'msg.accountExists', field: 'account' },
  role_name_key: { key: 'msg.roleExists', field: 'roleName' },
  device_serial_number_key: { key: 'msg.serialNumberTaken', field: 'serialNumber' },
  device_channel_device_id_channel_number_key: { key: 'msg.channelTaken', field: 'channelNumber' },
  channel_config_number_key: { key: 'msg.configChannelTaken', field: 'channelNumber' },
  product_merchant_code_key: { key: 'msg.productCodeExists', field: 'code' },
  store_product_store_id_product_id_key: { key: 'msg.conflict', field: 'productId' },
  machine_product_device_id_product_id_key: { key: 'msg.conflict', field: 'productId' },
  member_merchant_phone_key: { key: 'msg.memberPhoneTaken', field: 'phone' },
  member_merchant_email_key: { key: 'msg.memberEmailTaken', field: 'email' },
  app_setting_merchant_key: { key: 'msg.appSettingExists', field: 'merchantId' },
};

/**
 * The message (and field) of a violated unique index: an HTTP answer and an import's row error
 * say the same ('This product code already exists', not 'This record already exists').
 */
export function uniqueViolation(constraint: string | undefined): { key: ErrorKey; field?: string } {
  return UNIQUE_CONSTRAINTS[constraint ?? ''] ?? { key: 'msg.conflict' };
}

const zodLocales: Record<Language, () => { localeError: (issue: any) => unknown }> = {
  en: z.locales.en,
  zh: z.locales.zhCN,
  tw: z.locales.zhTW,
};

export function requestLanguage(request: FastifyRequest): Language {
  const cookie = (request.cookies as Record<string, string | undefined> | undefined)?.language;
  if (cookie && (LANGUAGES as readonly string[]).includes(cookie)) return cookie as Language;
  return matchLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

/**
 * Zones found valid: building an Intl.DateTimeFormat to check one costs ~0.1 ms, on every request that
 * names one (4% of the server's CPU in the order-list bench). IANA names are a few hundred.
 */
const validZones = new Set<string>();
export function isValidTimeZone(zone: string): boolean {
  if (validZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    if (validZones.size < 1000) validZones.add(zone);
    return true;
  } catch {
    return false;
  }
}

/** A zod issue's message in the request's language; our own keys ('msg.…') come from MESSAGES. */
export function localizeIssue(issue: z.core.$ZodIssue, lang: Language): string {
  if (issue.message.startsWith('msg.')) return translate(issue.message, lang);
  // A field that is not there (known when the schema ran with reportInput): "required", not "expected
  // string, received undefined" nor, for an id that may be text or a number, a bare "Invalid input".
  if ('input' in issue && (issue.code === 'invalid_type' || issue.code === 'invalid_union')) {
    if (!issue.path.length && issue.input == null) return translate('msg.emptyJson', lang);
    if (issue.input === undefined) return translate('msg.required', lang);
  }
  const localized = zodLocales[lang]().localeError(issue) as string | { message: string } | null | undefined;
  return (typeof localized === 'string' ? localized : localized?.message) ?? issue.message;
}

function send(reply: FastifyReply, code: number, msg: string, errors?: ErrorDetail[]) {
  // The envelope is sent as it is: preSerialization leaves objects with a numeric code alone.
  return reply.code(code).send(errors?.length ? { code, msg, errors } : { code, msg });
}

/** An error answer of a message key: its status from the message table, its text in `lang`. */
function sendKey(reply: FastifyReply, key: ErrorKey, lang: Language, params?: Record<string, unknown>) {
  return send(reply, statusOf(key), translate(key, lang, params));
}

export async function registerPlumbing(app: FastifyInstance) {
  registerSecurityHeaders(app);

  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.decorateRequest('timeZone', 'UTC');
  app.decorateRequest('user', null);
  app.decorateRequest('tokenHash', null);

  app.addHook('onRequest', async (request) => {
    request.lang = requestLanguage(request);
  });

  // timeZone travels on GET queries and POST bodies (CONTRACT §3); it is read here and removed so
  // that no handler ever stores it.
  app.addHook('preValidation', async (request) => {
    // Every field of a list's body is optional (CONTRACT §3): a list asked for without a body is `{}`.
    if (
      request.body === undefined &&
      request.method === 'POST' &&
      request.routeOptions.url?.endsWith('/list')
    )
      request.body = {};
    const query = request.query as Record<string, unknown> | undefined;
    const body = request.body as Record<string, unknown> | undefined;
    let zone: unknown;
    if (query && 'timeZone' in query) {
      zone = query.timeZone;
      delete query.timeZone;
    }
    if (body && typeof body === 'object' && !Array.isArray(body) && 'timeZone' in body) {
      zone = body.timeZone;
      delete body.timeZone;
    }
    if (zone === undefined || zone === '') return;
    if (typeof zone !== 'string' || !isValidTimeZone(zone)) {
      throw new AppError('msg.badTimeZone', { zone: String(zone).slice(0, 64) });
    }
    request.timeZone = zone;
  });

  registerInputGuard(app);

  app.addHook('preSerialization', async (request, reply, payload) => {
    const url = request.routeOptions.url ?? '';
    if (reply.statusCode >= 300 || !url.startsWith('/api/') || url.startsWith('/api/docs')) return payload;
    if (request.routeOptions.config.bare) return payload;
    if (payload && typeof payload === 'object' && 'code' in payload && 'msg' in payload) return payload;
    return { code: 200, msg: 'success', data: payload ?? null };
  });

  app.setNotFoundHandler((request, reply) => sendKey(reply, 'msg.routeNotFound', request.lang));

  app.setErrorHandler((error: FastifyError & { issues?: z.core.$ZodIssue[] }, request, reply) => {
    const lang = request.lang ?? DEFAULT_LANGUAGE;
    if (error instanceof AppError) {
      // A detail without parameters of its own takes the error's: the same `{{field}}` filled in,
      // not ': the referenced record does not exist'.
      const details = error.details?.map(({ params, issue, ...d }) => ({
        ...d,
        message: issue ? localizeIssue(issue, lang) : translate(d.message, lang, params ?? error.params),
      }));
      // A detail from a schema the service ran names the field and what is wrong with it, as a
      // request schema's answer does ('recipe.steps: …', not only 'Invalid format').
      const named = error.details?.findIndex((d) => d.issue) ?? -1;
      const msg =
        named >= 0 && details
          ? `${details[named].field}: ${details[named].message}`
          : translate(error.key, lang, error.params);
      return send(reply, error.status, msg, details);
    }
    if (error.code === 'FST_ERR_VALIDATION' && error.issues) {
      const details = error.issues.map((issue) => ({
        field: issue.path.join('.'),
        message: localizeIssue(issue, lang),
      }));
      const first = details[0];
      const msg = first ? (first.field ? `${first.field}: ${first.message}` : first.message) : '';
      return send(
        reply,
        statusOf('msg.invalidRequest'),
        msg || translate('msg.invalidRequest', lang),
        details,
      );
    }
    // A body that is not JSON (or none) under a JSON content type: said so, not "Invalid request".
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return sendKey(reply, 'msg.invalidJson', lang);
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return sendKey(reply, 'msg.emptyJson', lang);
    // A file route (an import, an upload) sent something else than a multipart form: say how to send it.
    if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      return sendKey(reply, 'msg.multipartExpected', lang);
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return sendKey(reply, 'msg.tooLarge', lang);
    }
    if (status === 415) return sendKey(reply, 'msg.unsupportedType', lang);
    if (status === 429) return sendKey(reply, 'msg.throttled', lang, { seconds: 60 });
    if (status >= 400 && status < 500) return sendKey(reply, 'msg.invalidRequest', lang);
    const pg = pgErrorOf(error);
    if (pg.code === '23505') {
      // A unique index the service layer could not check (it sees only its tenant's rows).
      const { key, field } = uniqueViolation(pg.constraint);
      const msg = translate(key, lang);
      return send(reply, statusOf(key), msg, field ? [{ field, message: msg }] : undefined);
    }
    if (pg.code === '23503') return sendKey(reply, 'msg.inUse', lang);
    if (pg.code === '23502') {
      // A NOT NULL column given null: a field the row must have, named as the API names it (a
      // resource's nulls become its defaults first, register-resource.ts; this is the net below).
      request.log.warn({ err: error, pgCode: pg.code }, 'null for a required column from unchecked input');
      const field = pg.column?.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
      const message = translate('msg.required', lang);
      return field
        ? send(reply, 400, `${field}: ${message}`, [{ field, message }])
        : send(reply, 400, message);
    }
    if (pg.code?.startsWith('22') || pg.code === '23514') {
      // A data exception (22003 out of range, 22P02 bad text, 22021 NUL, 22008 bad date …) or a
      // column's check (23514) means a value reached SQL unchecked: the input's fault, so a 400;
      // logged, since a schema should have refused it first (input-guard.ts and the bounds of
      // @brewfleet/contracts).
      request.log.warn({ err: error, pgCode: pg.code }, 'data exception from unchecked input');
      return sendKey(reply, 'msg.valueOutOfRange', lang);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendKey(reply, 'msg.internal', lang);
  });
}

/** Fastify validator for zod schemas that keeps the zod issues, so errors can be localized. */
export function zodValidatorCompiler({ schema }: { schema: z.ZodType }) {
  return (data: unknown) => {
    // reportInput: an issue knows what was sent, so a string for a number reads "received string",
    // not "received undefined" as if the field were missing (the input stays out of the answer).
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    const error = Object.assign(new Error('validation failed'), { issues: result.error.issues });
    return { error };
  };
}
