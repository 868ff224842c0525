/**
 * The one HTTP client (spec §7, §8; CONTRACT §3). It adds the `token` and `loginType` headers, the
 * `timeZone` parameter, parses big numbers safely, treats only envelope code 200 as success, shows the
 * error toast and reacts to an expired session. It uses XMLHttpRequest so that uploads report progress
 * and every call shares one timeout.
 */
import { ApiError, type FieldError } from './api-error';
import { parseJsonSafely } from './safe-json';
import { browserTimeZone } from './time-zone';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 120_000;
export const ERROR_TOAST_SECONDS = 5;
const SUCCESS = 200;
const UNAUTHORIZED = 401;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method: HttpMethod;
  url: string;
  params?: Record<string, QueryValue>;
  data?: unknown;
  /** 'blob' for file downloads: success is a non-JSON answer. */
  responseType?: 'json' | 'blob';
  onUploadProgress?: (percent: number) => void;
  /** Do not toast on failure (the caller shows the error itself). */
  quiet?: boolean;
  /** Headers of this call only (a refund's `Idempotency-Key`). */
  headers?: Record<string, string>;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** What the client needs from the app; wired at start-up, replaced in tests. */
export interface ClientHooks {
  getToken: () => string | null | undefined;
  /** Error toast, shown for ERROR_TOAST_SECONDS. */
  notifyError: (text: string, seconds: number) => void;
  /** Translated fixed texts: the session-expiry and transport messages. */
  translate: (key: 'errors.sessionExpired' | 'errors.network' | 'errors.timeout') => string;
  /** Logout, cleanup and go to the login route. */
  onUnauthorized: () => void;
  /** Lets tests swap the transport. */
  createXhr?: () => XMLHttpRequest;
}

let hooks: ClientHooks = {
  getToken: () => null,
  notifyError: () => undefined,
  translate: (key) => key,
  onUnauthorized: () => undefined,
};

export function configureClient(next: Partial<ClientHooks>): void {
  hooks = { ...hooks, ...next };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** GETs carry timeZone in the query; POSTs (except deletes) in the body, or the query when no JSON body. */
export function withTimeZone(options: RequestOptions, zone = browserTimeZone()): RequestOptions {
  const { method, url, data } = options;
  if (method === 'GET') return { ...options, params: { ...options.params, timeZone: zone } };
  if (method !== 'POST' || url.includes('/delete')) return options;
  if (isPlainObject(data)) return { ...options, data: { ...data, timeZone: zone } };
  if (data === undefined || data === null || data instanceof FormData)
    return { ...options, params: { ...options.params, timeZone: zone } };
  return options;
}

export function buildUrl(url: string, params: Record<string, QueryValue> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const text = query.toString();
  const full = url.startsWith('http') ? url : `${API_BASE}${url}`;
  return text ? `${full}${full.includes('?') ? '&' : '?'}${text}` : full;
}

interface Envelope {
  code?: number;
  msg?: string;
  message?: string;
  data?: unknown;
  errors?: FieldError[];
}

export function parseJson(text: string): unknown {
  return text ? parseJsonSafely(text) : undefined;
}

/** `attachment; filename*=UTF-8''a%20b.xlsx` or `filename="a.xlsx"`. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : fallback;
}

function fail(error: ApiError, quiet: boolean, hadToken: boolean): never {
  if (error.code === UNAUTHORIZED) {
    // Only a user who was signed in has a session that expired; others just see the login page.
    // The token must still be there: when several calls fail together, the first one cleans up
    // and the others stay silent, so the message shows once.
    if (hadToken && hooks.getToken()) {
      hooks.notifyError(hooks.translate('errors.sessionExpired'), ERROR_TOAST_SECONDS);
      hooks.onUnauthorized();
    }
  } else if (!quiet) {
    hooks.notifyError(error.message, ERROR_TOAST_SECONDS);
  }
  throw error;
}

function send(options: RequestOptions): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const xhr = hooks.createXhr ? hooks.createXhr() : new XMLHttpRequest();
    xhr.open(options.method, buildUrl(options.url, options.params));
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.responseType = options.responseType === 'blob' ? 'blob' : 'text';
    const token = hooks.getToken();
    if (token) xhr.setRequestHeader('token', token);
    xhr.setRequestHeader('loginType', 'MachineSys');
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    let body: XMLHttpRequestBodyInit | null = null;
    if (options.data instanceof FormData) {
      body = options.data;
    } else if (options.data !== undefined) {
      xhr.setRequestHeader('Content-Type', 'application/json');
      body = JSON.stringify(options.data);
    }
    if (options.onUploadProgress && xhr.upload) {
      const report = options.onUploadProgress;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) report(Math.round((event.loaded / event.total) * 100));
      };
    }
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new ApiError(0, hooks.translate('errors.network')));
    xhr.ontimeout = () => reject(new ApiError(0, hooks.translate('errors.timeout')));
    xhr.onabort = () => reject(new ApiError(0, hooks.translate('errors.network')));
    xhr.send(body);
  });
}

async function responseText(xhr: XMLHttpRequest): Promise<string> {
  if (xhr.responseType === 'blob') return (xhr.response as Blob | null)?.text() ?? '';
  return xhr.responseText;
}

function envelopeError(envelope: Envelope | undefined, status: number): ApiError {
  const code = envelope?.code ?? status;
  const text = envelope?.message || envelope?.msg || `HTTP ${status}`;
  return new ApiError(code, text, envelope?.errors ?? []);
}

async function execute(options: RequestOptions): Promise<XMLHttpRequest> {
  const hadToken = Boolean(hooks.getToken());
  try {
    return await send(withTimeZone(options));
  } catch (error) {
    return fail(error as ApiError, Boolean(options.quiet), hadToken);
  }
}

/** A JSON call: resolves with `data` when the envelope code is 200, rejects with ApiError otherwise. */
export async function request<T>(options: RequestOptions): Promise<T> {
  const hadToken = Boolean(hooks.getToken());
  const xhr = await execute({ ...options, responseType: 'json' });
  let envelope: Envelope | undefined;
  try {
    envelope = parseJson(await responseText(xhr)) as Envelope | undefined;
  } catch {
    envelope = undefined;
  }
  if (envelope?.code === SUCCESS) return envelope.data as T;
  return fail(envelopeError(envelope, xhr.status), Boolean(options.quiet), hadToken);
}

/** A file answer (export, template): anything but a JSON envelope with an error is the file. */
export async function download(options: RequestOptions, fallbackName: string): Promise<DownloadedFile> {
  const hadToken = Boolean(hooks.getToken());
  const xhr = await execute({ ...options, responseType: 'blob' });
  const type = xhr.getResponseHeader('Content-Type') ?? '';
  if (xhr.status === SUCCESS && !type.includes('application/json')) {
    return {
      blob: xhr.response as Blob,
      filename: filenameFromDisposition(xhr.getResponseHeader('Content-Disposition'), fallbackName),
    };
  }
  let envelope: Envelope | undefined;
  try {
    envelope = parseJson(await responseText(xhr)) as Envelope | undefined;
  } catch {
    envelope = undefined;
  }
  return fail(envelopeError(envelope, xhr.status), Boolean(options.quiet), hadToken);
}

export const http = {
  get: <T>(url: string, params?: Record<string, QueryValue>) => request<T>({ method: 'GET', url, params }),
  post: <T>(url: string, data?: unknown, extra: Partial<RequestOptions> = {}) =>
    request<T>({ method: 'POST', url, data, ...extra }),
  put: <T>(url: string, data?: unknown) => request<T>({ method: 'PUT', url, data }),
  delete: <T>(url: string, data?: unknown) => request<T>({ method: 'DELETE', url, data }),
};
