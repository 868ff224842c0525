/**
 * JSON parsing that keeps 64-bit integers exact (spec §7 "large numbers parsed safely"). Integers
 * beyond Number.MAX_SAFE_INTEGER are turned into strings before JSON.parse sees them, the way ids
 * already travel. This replaces json-bigint, whose bignumber.js dependency cost ~15 KB gzip on the
 * first paint for a case the server avoids anyway (CONTRACT §3: ids are strings).
 */
const NUMBER_CHAR = /[0-9.eE+-]/;
const LONG_INTEGER = /^-?\d{16,}$/;

/** Wraps unsafe integer literals (outside string literals) in quotes. */
export function quoteUnsafeIntegers(text: string): string {
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      const start = i;
      i++;
      while (i < text.length && NUMBER_CHAR.test(text[i])) i++;
      const token = text.slice(start, i);
      if (LONG_INTEGER.test(token) && !Number.isSafeInteger(Number(token))) {
        out += `${text.slice(copied, start)}"${token}"`;
        copied = i;
      }
      continue;
    }
    i++;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

export function parseJsonSafely(text: string): unknown {
  return JSON.parse(quoteUnsafeIntegers(text));
}
