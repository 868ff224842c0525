/** Answers of menu distribution beside the generic menu-release resource (issue 6 §4). */
import { z } from 'zod';
import { COMMAND_STATES } from '../enums.ts';
import { MENU_SKIP_REASONS } from '../menu-protocol.ts';
import { idAnswer, instantAnswer } from './envelope.ts';

/** A machine the push left out, with the reason (no product of its family). */
export const skippedMachineAnswer = z.object({
  deviceId: idAnswer,
  serialNumber: z.string(),
  reason: z.enum(MENU_SKIP_REASONS),
});
export type SkippedMachine = z.infer<typeof skippedMachineAnswer>;

/** `POST /api/coffee/menu-release/push`: the version pushed, machines queued and left out. */
export const pushAnswer = z.object({
  version: z.string(),
  queued: z.number().int(),
  skipped: z.array(skippedMachineAnswer),
});
export type PushResult = z.infer<typeof pushAnswer>;

/** `POST /api/coffee/menu-release/rollback`: the new release made with the earlier content, pushed. */
export const rollbackAnswer = pushAnswer.extend({ id: idAnswer });
export type RollbackResult = z.infer<typeof rollbackAnswer>;

/** A rejected menu's reasons, product by product (the machine's own words). */
export const rejectionDetailAnswer = z.object({ productCode: z.string().optional(), message: z.string() });
export type RejectionDetail = z.infer<typeof rejectionDetailAnswer>;

/** The latest menu command of a release for one machine. */
export const progressMachineAnswer = z.object({
  deviceId: idAnswer,
  serialNumber: z.string(),
  name: z.string().nullable(),
  online: z.boolean(),
  commandId: idAnswer,
  state: z.enum(COMMAND_STATES),
  attempts: z.number().int(),
  reason: z.string().nullable(),
  /** The server's reason as a key and parameters; null: the machine's own words. */
  reasonKey: z.string().nullish(),
  reasonParams: z.record(z.string(), z.unknown()).nullish(),
  details: z.array(rejectionDetailAnswer).nullable(),
  updatedAt: instantAnswer,
});
export type ProgressMachine = z.infer<typeof progressMachineAnswer>;

/** `GET /api/coffee/menu-release/progress?id=`. */
export const menuProgressAnswer = z.object({
  id: idAnswer,
  version: z.string(),
  state: z.string(),
  targets: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  machines: z.array(progressMachineAnswer),
});
export type MenuProgress = z.infer<typeof menuProgressAnswer>;

/** A product of the merchant a store's machines could sell, not among the store's products. */
export const missingProductAnswer = z.object({
  id: idAnswer,
  code: z.string(),
  name: z.string(),
  family: z.string(),
});
export type MissingProduct = z.infer<typeof missingProductAnswer>;

/** `GET /api/coffee/menu-release/missing-products?id=`. */
export const missingProductsAnswer = z.object({ products: z.array(missingProductAnswer) });

/** `POST /api/coffee/menu-release/add-missing-products`: a draft is built again (`rebuilt`). */
export const addMissingProductsAnswer = z.object({ added: z.number().int(), rebuilt: z.boolean() });
