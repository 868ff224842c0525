/**
 * "Long text" encryption of CONTRACT §4: UTF-8 bytes cut into chunks of at most 190 bytes, each
 * encrypted with RSA-OAEP (SHA-256, MGF1 SHA-256), base64, joined with '.'.
 * Pure JavaScript (node-forge), so it works in browsers on plain-http origins where
 * `crypto.subtle` is absent, and in Node for tests and scripts.
 */
import forge from 'node-forge';

/** RSA-2048 with OAEP/SHA-256 carries at most 256 - 2*32 - 2 = 190 bytes per block. */
export const LONG_TEXT_CHUNK_BYTES = 190;

function utf8Chunks(text: string): string[] {
  const bytes = forge.util.encodeUtf8(text); // binary string, one char per byte
  const chunks: string[] = [];
  for (let i = 0; i < bytes.length; i += LONG_TEXT_CHUNK_BYTES) {
    chunks.push(bytes.slice(i, i + LONG_TEXT_CHUNK_BYTES));
  }
  return chunks.length ? chunks : [''];
}

export function encryptLongText(publicKeyPem: string, text: string): string {
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  return utf8Chunks(text)
    .map((chunk) =>
      forge.util.encode64(
        key.encrypt(chunk, 'RSA-OAEP', {
          md: forge.md.sha256.create(),
          mgf1: { md: forge.md.sha256.create() },
        }),
      ),
    )
    .join('.');
}
