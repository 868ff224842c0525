/**
 * Idempotency keys for requests that must not happen twice (a refund). Each submission gets a fresh
 * key; the same submission sent again after a network error (the answer was lost, the refund may
 * have been made) reuses its key, so the server answers the first result instead of refunding twice.
 */

/** A random UUID: crypto.randomUUID where the browser has it (secure contexts only), else built from random bytes. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof c?.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // variant 10
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Keys for one form's submissions: `keyFor(body)` gives the key to send; `settled(lost)` is called
 * with the outcome. Only a submission whose answer was lost (`lost`: a network error or time-out)
 * keeps its key for a retry of the very same body; any answer, or another body, gets a new key.
 */
export function idempotentSubmissions(make: () => string = newIdempotencyKey) {
  let pending: { body: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (!pending || pending.body !== text) pending = { body: text, key: make() };
      return pending.key;
    },
    settled(lost: boolean): void {
      if (!lost) pending = null;
    },
  };
}
