/**
 * Secret fields at rest: AES-256-GCM with the data key (DATA_KEY, or made on first start and kept in
 * DATA_DIR/keys/data.key). Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url); answered masked.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function loadDataKey(opts: { dataKey?: string; dataDir: string }): Buffer {
  if (opts.dataKey) return Buffer.from(opts.dataKey, 'base64');
  const file = path.join(opts.dataDir, 'keys', 'data.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch {
      /* another process wrote it first */
    }
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('DATA_KEY must be 32 bytes, base64-encoded');
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1') throw new Error('unknown secret format');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** What a list or a form shows of a secret: its length hidden, the last four characters kept. */
export function mask(plain: string): string {
  return plain.length <= 4 ? '••••' : `••••${plain.slice(-4)}`;
}
