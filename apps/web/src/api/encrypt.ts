/**
 * Sensitive fields travel "long-text" encrypted with the server's public key (CONTRACT §4).
 * node-forge is loaded only when a password is about to be sent, so it stays out of the first paint.
 */
import { http } from './client';

let cachedKey: Promise<string> | null = null;

export function fetchPublicKey(): Promise<string> {
  cachedKey ??= http.get<{ publicKey: string }>('/auth/publicKey').then(
    (data) => data.publicKey,
    (error: unknown) => {
      cachedKey = null; // a failed fetch must not poison later attempts
      throw error;
    },
  );
  return cachedKey;
}

/** Forget the key (after sign-out, or when the server says it could not decrypt). */
export function forgetPublicKey(): void {
  cachedKey = null;
}

export async function encryptSecret(text: string): Promise<string> {
  const [publicKey, { encryptLongText }] = await Promise.all([
    fetchPublicKey(),
    import('@brewfleet/contracts/long-text-crypto'),
  ]);
  return encryptLongText(publicKey, text);
}
