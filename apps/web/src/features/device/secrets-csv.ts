/**
 * The file of new machine secrets the console offers once after a bulk re-key: `serialNumber,secret`
 * per machine, built in the browser (the server answers the secrets once and keeps only hashes).
 */
import type { OnceSecret } from './SecretOnceDialog';

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * Serial numbers and secrets (base64url) never need quoting, but a file others will parse should not
 * depend on that. Values are written as they are, with no spreadsheet escaping: a provisioning script
 * must read the exact secret.
 */
export function secretsCsv(machines: readonly OnceSecret[]): string {
  const lines = [['serialNumber', 'secret'], ...machines.map((m) => [m.serialNumber, m.secret])].map(
    (cells) => cells.map(field).join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `machine-secrets-YYYYMMDD-HHmm.csv`, in the user's local time (when they saved it). */
export function secretsFileName(at: Date): string {
  const day = `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}`;
  return `machine-secrets-${day}-${two(at.getHours())}${two(at.getMinutes())}.csv`;
}
