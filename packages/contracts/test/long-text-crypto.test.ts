import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptLongText, LONG_TEXT_CHUNK_BYTES } from '../src/index.ts';

const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const decrypt = (text: string) =>
  Buffer.concat(
    text
      .split('.')
      .map((c) =>
        crypto.privateDecrypt(
          { key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(c, 'base64'),
        ),
      ),
  ).toString('utf8');

describe('long-text encryption (CONTRACT §4)', () => {
  it('round-trips short and multi-chunk UTF-8 text through RSA-OAEP SHA-256', () => {
    const short = 'Espresso-42';
    expect(decrypt(encryptLongText(pem, short))).toBe(short);
    const long = '珍珠奶茶☕'.repeat(40); // > 190 bytes, with multi-byte characters across chunk edges
    const sealed = encryptLongText(pem, long);
    expect(sealed.split('.').length).toBe(Math.ceil(Buffer.byteLength(long) / LONG_TEXT_CHUNK_BYTES));
    expect(decrypt(sealed)).toBe(long);
  });
});
