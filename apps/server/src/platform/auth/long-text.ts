/** Decrypts the "long text" format of CONTRACT §4 (see contracts/long-text-crypto.ts). */
import crypto from 'node:crypto';
import { AppError } from '../http/errors.ts';

/** 64 chunks of 190 bytes: far above any password or key, small enough to bound the work. */
const MAX_CHUNKS = 64;

export function decryptLongText(privateKey: crypto.KeyObject, text: string): string {
  const parts = typeof text === 'string' ? text.split('.') : [];
  if (!parts.length || parts.length > MAX_CHUNKS) throw new AppError('msg.decryptFailed');
  try {
    const buffers = parts.map((part) =>
      crypto.privateDecrypt(
        { key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(part, 'base64'),
      ),
    );
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(buffers));
  } catch {
    throw new AppError('msg.decryptFailed');
  }
}
