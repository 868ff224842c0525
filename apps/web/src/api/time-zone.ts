/** The browser's IANA time zone, sent with every GET and most POSTs (CONTRACT §3). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
