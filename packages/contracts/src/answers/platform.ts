/** Answers of the platform's own routes: uploads, imports, health, the broker's hooks. */
import { z } from 'zod';
import { idAnswer } from './envelope.ts';

/** `POST /api/coffee/upload`: the stored file; `url` is where an `<img>` reads it. */
export const uploadedMediaAnswer = z.object({
  id: idAnswer,
  kind: z.enum(['image', 'video']),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  url: z.string(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaAnswer>;

/** A row's problem in an import: its row number (1 = the first data row), field and message. */
export const importRowErrorAnswer = z.object({
  row: z.number().int().optional(),
  field: z.string().optional(),
  message: z.string(),
});

/** `POST /api/coffee/R/import`: what was read, written (none on a dry run) and refused. */
export const importResultAnswer = z.object({
  total: z.number().int(),
  imported: z.number().int(),
  valid: z.number().int(),
  errors: z.array(importRowErrorAnswer),
});
export type ImportResult = z.infer<typeof importResultAnswer>;

export const IMPORT_PHASES = ['reading', 'checking', 'writing', 'done', 'failed'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];
/** `GET /api/coffee/import-progress/:key`: how far an import sent with that key has come. */
export const importProgressAnswer = z.object({
  resource: z.string(),
  phase: z.enum(IMPORT_PHASES),
  done: z.number().int(),
  total: z.number().int(),
});
export type ImportProgress = z.infer<typeof importProgressAnswer>;

/** `GET /api/health` (no login): each part ok or down; a 500 when one is down. */
export const healthAnswer = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  mqtt: z.enum(['ok', 'down']),
  /** The device gateway's counters, once it runs in this process. */
  gateway: z.record(z.string(), z.number()).optional(),
});

/**
 * `GET /api/health` when a part is down: HTTP 500 with the parts in `data`, for a load balancer
 * (an unexpected error answers the plain failure envelope, without data).
 */
export const healthDownAnswer = z.object({
  code: z.literal(500),
  msg: z.string(),
  data: healthAnswer.optional(),
});

/** `POST /api/mqtt/auth` and `/api/mqtt/acl` (a broker reads them as they are, no envelope). */
export const brokerHookAnswer = z.object({ result: z.enum(['allow', 'deny']) });

/** `POST /api/coffee/code-rule/next`: the next product code of a rule. */
export const nextCodeAnswer = z.object({ code: z.string() });
