/**
 * Machine secrets (docs/device-protocol.md §2): 256 random bits, shown once, kept as a SHA-256 hash.
 * A fast hash is right for a secret of full entropy: there is nothing to guess, and a broker that
 * restarts must be able to admit thousands of reconnecting machines at once.
 */
import crypto from 'node:crypto';

export const newSecret = () => crypto.randomBytes(32).toString('base64url');

export const hashSecret = (secret: string) =>
  crypto.createHash('sha256').update(secret, 'utf8').digest('hex');

/** Constant-time comparison of a presented secret with a stored hash. */
export function secretMatches(secret: string, storedHash: string | null | undefined): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
