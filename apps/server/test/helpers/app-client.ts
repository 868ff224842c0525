/**
 * The ordering app's API (`/api/app/v1`) as a test calls it: a member's Bearer token (console tokens
 * are not sent), an `Idempotency-Key` when given, the caller's language (English by default).
 */
import { expect } from 'vitest';
import { APP_API_PREFIX, type Language } from '@brewfleet/contracts';
import type { TestApp } from './test-app.ts';

export type AppCall = {
  token?: string | null;
  body?: unknown;
  query?: Record<string, string>;
  lang?: Language;
  key?: string;
  /** The caller's address (throttles count per address). */
  ip?: string;
};

/** `of()` is the test's app, read at each call (files start it in beforeAll). */
export function appClient(of: () => TestApp) {
  const app = (method: 'GET' | 'POST', path: string, c: AppCall = {}) =>
    of().call(method, `${APP_API_PREFIX}${path}`, {
      token: null,
      body: c.body,
      query: c.query,
      lang: c.lang ?? 'en',
      remoteAddress: c.ip,
      headers: {
        ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
        ...(c.key ? { 'idempotency-key': c.key } : {}),
      },
    });
  /** The call, expected to succeed: its `data`. */
  async function appOk(method: 'GET' | 'POST', path: string, c: AppCall = {}) {
    const res = await app(method, path, c);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }
  return { app, appOk };
}
