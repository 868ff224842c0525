/**
 * Values as a spreadsheet shows them and reads them back: local times of a time zone, numbers
 * without binary noise, lists of several values in one cell.
 */

const LOCAL = new Map<string, Intl.DateTimeFormat>();
function localFormat(timeZone: string): Intl.DateTimeFormat {
  let format = LOCAL.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    LOCAL.set(timeZone, format);
  }
  return format;
}

/** The wall-clock fields of `at` in `timeZone`. */
function wallClock(at: Date, timeZone: string): Record<string, string> {
  return Object.fromEntries(
    localFormat(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
}

/** `at` as the console shows it in `timeZone`: `YYYY-MM-DD HH:mm:ss`. */
export function localDateTime(at: Date | string, timeZone: string): string {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  const p = wallClock(date, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

const LOCAL_TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A time written without an offset (`2026-11-24 21:01:51`, as an export writes it) read in
 * `timeZone`, as ISO 8601 UTC; any other text is returned as it is (an ISO time with its offset, or
 * what the schema will refuse).
 */
export function zonedToIso(text: string, timeZone: string): string {
  const m = LOCAL_TEXT.exec(text);
  if (!m) return text;
  const [year, month, day, hour, minute, second = 0] = m.slice(1).map((v) => Number(v ?? 0));
  const wanted = Date.UTC(year, month - 1, day, hour, minute, second);
  // The zone's offset at the guess, then again at the corrected instant (a DST change between them).
  let at = wanted;
  for (let i = 0; i < 2; i++) {
    const p = wallClock(new Date(at), timeZone);
    const shown = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
    at += wanted - shown;
  }
  return new Date(at).toISOString();
}

/**
 * A floating-point number without binary noise (22.991100000000003 → 22.9911): six decimal places,
 * a tenth of a metre for coordinates and finer than any measurement the machines report.
 */
export const plainNumber = (value: number): number => Number(value.toFixed(6));

/** The values of a cell holding several: separated by `;` (as exports write them), or else by `,`. */
export const splitList = (text: string): string[] =>
  text
    .split(text.includes(';') ? ';' : ',')
    .map((s) => s.trim())
    .filter(Boolean);
