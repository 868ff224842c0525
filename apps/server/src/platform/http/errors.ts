/**
 * Typed errors. Code anywhere throws an AppError naming a message key (and its parameters); the key
 * carries its HTTP status in the message table (@brewfleet/contracts i18n/messages.ts), so a throw
 * site cannot give a message the wrong status. The error handler (plumbing.ts) is the one place that
 * turns errors into the envelope, in the request's language.
 */
import type { z } from 'zod';
import { statusOf, type ErrorCode, type ErrorKey } from '@brewfleet/contracts';

export interface ErrorDetail {
  field?: string;
  row?: number;
  /** A message key (or text), translated with `params` in the request's language. */
  message: string;
  params?: Record<string, unknown>;
  /**
   * A zod issue found by a check of the service (a product's recipe): its message is the issue's in
   * the request's language, and the first such detail makes the answer's msg `field: message`.
   */
  issue?: z.core.$ZodIssue;
}

/** The detail of a zod issue under `prefix` (the field whose value the schema checked). */
export function issueDetail(prefix: string, issue: z.core.$ZodIssue | undefined): ErrorDetail {
  const field = [prefix, ...(issue?.path ?? [])].map(String).join('.');
  return issue ? { field, message: issue.message, issue } : { field, message: 'msg.invalidFormat' };
}

export class AppError extends Error {
  /** The HTTP status and envelope code, from the key. */
  readonly status: ErrorCode;
  constructor(
    readonly key: ErrorKey,
    readonly params: Record<string, unknown> = {},
    readonly details?: ErrorDetail[],
  ) {
    super(key);
    this.status = statusOf(key);
  }
}
