/**
 * The Uber Eats Marketplace API as developer.uber.com documents it: tokens by OAuth 2.0 client
 * credentials at `{UBER_AUTH_URL}/oauth/v2/token` (cached per client id and renewed a minute before
 * they expire), and JSON calls under `{UBER_API_URL}` with `Authorization: Bearer`. A call that
 * times out or meets 429/5xx is retryable; another 4xx is not (the request itself is wrong).
 */
export interface UberEndpoints {
  apiUrl: string;
  authUrl: string;
  /** How long a call may take before it counts as failed (retryable); 10 s unless a test says less. */
  timeoutMs?: number;
}

export interface UberCredentials {
  clientId: string;
  clientSecret: string;
}

/** The scopes the server asks for: stores (status, menus), orders and order reads. */
export const UBER_SCOPES = 'eats.store eats.order eats.store.orders.read eats.store.status.write';

/** Renew a token this long before Uber says it expires. */
const RENEW_AHEAD_MS = 60_000;
const TIMEOUT_MS = 10_000;

export class UberError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export function createUberClient(endpoints: () => UberEndpoints) {
  const tokens = new Map<string, { token: string; expiresAt: number }>();

  async function fetchWithTimeout(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(endpoints().timeoutMs ?? TIMEOUT_MS) });
    } catch (error) {
      throw new UberError(`Uber did not answer: ${(error as Error).message}`, null, true);
    }
  }

  async function token(c: UberCredentials): Promise<string> {
    const held = tokens.get(c.clientId);
    if (held && held.expiresAt - RENEW_AHEAD_MS > Date.now()) return held.token;
    const res = await fetchWithTimeout(`${endpoints().authUrl}/oauth/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        grant_type: 'client_credentials',
        scope: UBER_SCOPES,
      }).toString(),
    });
    if (!res.ok)
      throw new UberError(
        `Uber refused the client credentials (${res.status})`,
        res.status,
        res.status >= 500 || res.status === 429,
      );
    const body = (await res.json()) as { access_token: string; expires_in: number };
    tokens.set(c.clientId, { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 });
    return body.access_token;
  }

  /** One call; answers the parsed JSON body (null when empty). */
  async function call<T = unknown>(
    c: UberCredentials,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
  ): Promise<T | null> {
    const res = await fetchWithTimeout(`${endpoints().apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await token(c)}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // A token Uber no longer takes: forget it so that the next try fetches a new one.
    if (res.status === 401) tokens.delete(c.clientId);
    const text = await res.text();
    if (!res.ok)
      throw new UberError(
        `Uber answered ${res.status} to ${method} ${path}: ${text.slice(0, 300)}`,
        res.status,
        res.status >= 500 || res.status === 429 || res.status === 401,
      );
    return text ? (JSON.parse(text) as T) : null;
  }

  return { token, call, forget: (clientId: string) => tokens.delete(clientId) };
}

export type UberClient = ReturnType<typeof createUberClient>;

/** Try `fn` up to `attempts` times, waiting 0.2 s, 0.4 s, … between retryable failures. */
export async function withRetries<T>(fn: () => Promise<T>, attempts = 3, baseMs = 200): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      const retryable = error instanceof UberError && error.retryable;
      if (!retryable || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, baseMs * 2 ** (attempt - 1)));
    }
  }
}
