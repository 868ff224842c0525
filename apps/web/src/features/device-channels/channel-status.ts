/**
 * What a machine's channel row means for the people refilling it: how full it is, whether it is short
 * of material, and whether its contents are past (or near) their shelf life. The machine reports the
 * level; the server keeps `expiresAt` (fill time + shelf life) and a `shortage` flag (low or expired).
 */

export type ExpiryState = 'unknown' | 'fresh' | 'expiring' | 'expired';

/** Contents count as "expiring" in the last fifth of their shelf life: time enough to plan a refill. */
export const EXPIRING_SHARE = 0.2;

const HOUR_MS = 3_600_000;

/** The fields of a channel row a helper reads (rows are loosely typed API records). */
type Fields<K extends string> = { [P in K]?: unknown } & Record<string, unknown>;

function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Fill level in percent (0–100, rounded), or null when level or capacity is unknown. */
export function levelPercent(levelG: unknown, capacityG: unknown): number | null {
  const level = numberOrNull(levelG);
  const capacity = numberOrNull(capacityG);
  if (level === null || capacity === null || capacity <= 0) return null;
  return Math.round(Math.min(100, Math.max(0, (level / capacity) * 100)));
}

/**
 * Below its low level: the reported level under the channel's low level, the rule the server applies.
 * The row's `shortage` flag is not used here: the server also raises it for expired contents, which
 * the expiry tag shows on its own.
 */
export function isLow(row: Fields<'levelG' | 'lowLevelG'>): boolean {
  const level = numberOrNull(row.levelG);
  const low = numberOrNull(row.lowLevelG);
  return level !== null && low !== null && level < low;
}

/** Where the contents stand against their shelf life; 'unknown' until the channel was filled. */
export function expiryState(
  row: Fields<'expiresAt' | 'shelfLifeHours'>,
  now: number = Date.now(),
): ExpiryState {
  if (typeof row.expiresAt !== 'string' || !row.expiresAt) return 'unknown';
  const expires = Date.parse(row.expiresAt);
  if (Number.isNaN(expires)) return 'unknown';
  if (expires <= now) return 'expired';
  const shelfLife = numberOrNull(row.shelfLifeHours);
  if (shelfLife !== null && shelfLife > 0 && expires - now <= shelfLife * HOUR_MS * EXPIRING_SHARE)
    return 'expiring';
  return 'fresh';
}

/**
 * The first channel number not used yet on a machine (1 for an empty one), offered for a new channel;
 * undefined when every number is taken, so that nothing is offered that the server would refuse.
 */
export function nextChannelNumber(
  rows: ReadonlyArray<Fields<'channelNumber'>>,
  max = 99,
): number | undefined {
  const used = new Set(rows.map((r) => Number(r.channelNumber)));
  for (let n = 1; n <= max; n++) if (!used.has(n)) return n;
  return undefined;
}
