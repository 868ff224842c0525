/** The response envelope of CONTRACT §3: the HTTP status always equals `code`. */
export const SUCCESS_CODE = 200;
export const ERROR_CODES = [400, 401, 403, 404, 409, 413, 415, 422, 429, 500] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface Success<T> {
  code: 200;
  msg: 'success';
  data: T;
}
export interface Failure {
  code: ErrorCode;
  msg: string;
  /** Per-field or per-row details, when the error has them (validation, imports). */
  errors?: Array<{ field?: string; row?: number; message: string }>;
}
export type Envelope<T> = Success<T> | Failure;

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
  /** false: `total` was not counted for this answer (a large list: a recent count or an estimate). */
  totalExact?: false;
}

export const MAX_LIST_LIMIT = 500;
export const DEFAULT_LIST_LIMIT = 10;
