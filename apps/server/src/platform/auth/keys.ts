/**
 * The sign-in RSA-2048 key pair (CONTRACT §4). Given by RSA_PRIVATE_KEY so that several servers share
 * it, or made on first start and kept under DATA_DIR/keys (owner-only file mode).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface LoginKeys {
  publicKeyPem: string;
  privateKey: crypto.KeyObject;
}

export function loadLoginKeys(opts: { privateKeyPem?: string; dataDir: string }): LoginKeys {
  let pem = opts.privateKeyPem;
  if (!pem) {
    const file = path.join(opts.dataDir, 'keys', 'login-rsa-private.pem');
    if (fs.existsSync(file)) {
      pem = fs.readFileSync(file, 'utf8');
    } else {
      const pair = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
      pem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      // wx: two processes starting together on one DATA_DIR keep the first key written.
      try {
        fs.writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
      } catch {
        pem = fs.readFileSync(file, 'utf8');
      }
    }
  }
  const privateKey = crypto.createPrivateKey(pem);
  const publicKeyPem = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { publicKeyPem, privateKey };
}
