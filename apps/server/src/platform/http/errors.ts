/**
 * Typed errors. Code anywhere throws an AppError with an HTTP code and a message key; the error
 * handler (plumbing.ts) is the one place that turns errors into the envelope, in the request's
 * language.
 */
import type { ErrorCode, MessageKey } from '@brewfleet/contracts';

export interface ErrorDetail {
  field?: string;
  row?: number;
  /** A message key (or text), translated with `params` in the request's language. */
  message: string;
  params?: Record<string, unknown>;
}

export class AppError extends Error {
  constructor(
    readonly status: ErrorCode,
    readonly key: MessageKey,
    readonly params: Record<string, unknown> = {},
    readonly details?: ErrorDetail[],
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, unknown>, details?: ErrorDetail[]) =>
  new AppError(400, key, params, details);
export const unauthorized = () => new AppError(401, 'msg.unauthorized');
export const forbidden = () => new AppError(403, 'msg.forbidden');
export const notFound = () => new AppError(404, 'msg.notFound');
export const conflict = (key: MessageKey = 'msg.conflict', params?: Record<string, unknown>) =>
  new AppError(409, key, params);
export const tooMany = (seconds: number) => new AppError(429, 'msg.throttled', { seconds });
