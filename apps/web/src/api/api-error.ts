/** A failed call: `code` is the envelope code (HTTP status), or 0 when the request never got an answer. */
export interface FieldError {
  field?: string;
  row?: number;
  message: string;
}

export class ApiError extends Error {
  readonly code: number;
  readonly errors: FieldError[];

  constructor(code: number, message: string, errors: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.errors = errors;
  }

  /** True when the server never answered (network down, timeout, aborted). */
  get isTransport(): boolean {
    return this.code === 0;
  }
}
