/**
 * What the OpenAPI document tells an app developer beyond the schemas of the routes: the
 * `Idempotency-Key` header of the calls that move money, points or coupons, and the error answers
 * each call may give (CONTRACT §3's failure envelope, with the cases the app meets). Documentation
 * only: a route's `config.swaggerTransform` runs when the document is built, never on a request, so
 * neither the header nor the errors change how requests are validated or answers written.
 */
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The error statuses an app call may answer. */
export type AppErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429;

/** What each status means on the app's API, unless a route says more. */
const GENERIC: Record<AppErrorStatus, string> = {
  400: 'Bad input: `msg` says what, in the caller’s language; `errors` names the fields',
  401: 'No member token, or one unknown, expired, signed out or of a disabled member (a console token too)',
  403: 'Refused',
  404: 'Not found, or not the member’s to see (another member’s or another merchant’s reads the same)',
  409: 'Refused as things stand; nothing was written',
  422: 'The Idempotency-Key was used for another request: send a new key',
  429: 'Too many attempts: `msg` says how long to wait',
};

/** The failure envelope of CONTRACT §3 with this status. */
const failure = (status: AppErrorStatus, description: string) => ({
  description,
  type: 'object',
  properties: {
    code: { type: 'integer', enum: [status] },
    msg: { type: 'string', description: 'What went wrong, in the caller’s language (en, zh, tw)' },
    errors: {
      type: 'array',
      description: 'Per field, on bad input',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, message: { type: 'string' } },
        required: ['message'],
      },
    },
  },
  required: ['code', 'msg'],
  additionalProperties: false,
});

const IDEMPOTENCY_KEY = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description:
        'A new key (1–255 characters, e.g. a UUID) per intended call: the same key with the same body ' +
        'answers the first result again with no second effect; with another body it is a 422; while ' +
        'the first call runs, a 409. Missing: a 400.',
    },
  },
  required: ['idempotency-key'],
};

/**
 * A route's `config.swaggerTransform`: its schemas as the platform documents them
 * (jsonSchemaTransform), with its error answers (a description per status, or the generic one)
 * and, for an idempotent call, the `Idempotency-Key` header.
 */
export function appDocs(o: {
  errors: Partial<Record<AppErrorStatus, string | true>>;
  idempotent?: boolean;
}): SwaggerTransform {
  return (input) => {
    const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
    const schema = { ...(out.schema as Record<string, unknown>) };
    const errors: Record<string, unknown> = {};
    for (const [status, text] of Object.entries(o.errors)) {
      const code = Number(status) as AppErrorStatus;
      errors[status] = failure(code, text === true ? GENERIC[code] : text);
    }
    if (o.idempotent) {
      schema.headers = IDEMPOTENCY_KEY;
      errors['400'] ??= failure(400, GENERIC[400]);
    }
    schema.response = { ...(schema.response as Record<string, unknown>), ...errors };
    return { ...out, schema };
  };
}
