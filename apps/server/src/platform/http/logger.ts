/** Structured logs (pino) with secrets redacted wherever they might appear. */
export const REDACT_PATHS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.confirmPassword',
  '*.token',
  '*.tokenValue',
  '*.secret',
  '*.privateKey',
  '*.apiKey',
  '*.clientKey',
];

export function loggerOptions(level: string) {
  return { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
}
