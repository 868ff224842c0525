/**
 * Answer schemas: what the routes answer, declared once for the server (its response schemas, so
 * that /api/docs documents answers and compiled serializers write them) and the console (the types
 * inferred from them). They describe the JSON on the wire: ids and money as strings, instants as
 * ISO 8601 text (the server may hand a Date; it is written as its ISO text).
 *
 * No transforms here: answers are encoded (zod's encode direction), which a transform refuses.
 */
import { z } from 'zod';

/** A 64-bit id as it travels: a JSON string (CONTRACT §3). */
export const idAnswer = z.string();

/** An instant, ISO 8601 text on the wire; the server hands a Date or text already formatted. */
export const instantAnswer = z
  .custom<string>((v) => typeof v === 'string' || v instanceof Date)
  .meta({ type: 'string', format: 'date-time' });

/**
 * Money, a decimal string with two places (CONTRACT §3). The pattern is for the document (a
 * client's generated types and checks); the serializer writes the string as it is.
 */
export const moneyAnswer = z.string().meta({
  pattern: '^-?\\d+\\.\\d{2}$',
  description: 'Money: a decimal string with two places',
  example: '12.50',
});

/** The success envelope around `data` (CONTRACT §3): `{code: 200, msg: 'success', data}`. */
export const successSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal(200), msg: z.string(), data });

/** An answer without data (sign-out, a password changed): `data` is null. */
export const noData = z.null();

/** A list page, `POST /api/coffee/R/list` (CONTRACT §3). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });

/** `DELETE /api/coffee/R`: how many rows went. */
export const deletedAnswer = z.object({ deleted: z.number().int() });

/** `GET /api/coffee/R/select`: options for pickers. */
export const selectOptionAnswer = z.object({
  value: z.string(),
  label: z.string(),
  /** A row outside the caller's scope that its own rows name: shown as a name, not to be chosen. */
  disabled: z.boolean().optional(),
});
export const selectOptionsAnswer = z.array(selectOptionAnswer);

/** `POST /api/coffee/R/reveal`: a secret field in clear. */
export const revealAnswer = z.object({ value: z.string().nullable() });

/** How many rows an action changed. */
export const updatedAnswer = z.object({ updated: z.number().int() });
