/**
 * Perishable materials: a channel with a shelf life (the `channels` command's `shelfLifeHours`, or
 * the server's at the machine's start) has its material replaced by the store's staff before it
 * expires, as in the demo's history (the server's demo-history/timeline.ts): at the morning round,
 * 07:00 in the machine's time zone (the simulator's day has its morning rise then and no closing;
 * staff who find the hour past, a machine started or switched on later, do the round at once), the
 * channel is emptied and filled with as much as it will use before the new material expires.
 *
 * Replaced are the materials that would expire before the next day's round, with an hour's margin.
 * The history replaces only those that would expire within 18 hours of opening: live, that would let
 * a material expire overnight (the simulator's customers come at night too) or at the very minute of
 * a round (72 hours is three days to the minute: a material put in at one round expires at the round
 * three days on, a moment before or after it), and until then the console would show it expired and
 * the app and Uber stop offering its drinks.
 */
import { localTime } from './orders.ts';

/** The local hour at which staff look over the channels. */
export const OPENS_AT_HOUR = 7;
/** A material expiring within this many hours of opening is replaced then (the next round, and an hour). */
export const UNTIL_NEXT_ROUND_HOURS = 25;
const HOUR = 3_600_000;

/** When the store opened today in `timeZone` (UTC without one), as an instant; null before then. */
export function openedAt(now: number, timeZone?: string): number | null {
  const sinceOpening = localTime(new Date(now), timeZone).secondsOfDay - OPENS_AT_HOUR * 3600;
  return sinceOpening >= 0 ? now - sinceOpening * 1000 : null;
}

/**
 * Whether the material put in at `filledAt` is replaced at the day's `opening`: it was in before
 * opening (so a day's replacement is not replaced again) and would expire before the next round.
 */
export function dueForReplacement(filledAt: number, shelfLifeHours: number, opening: number): boolean {
  const expires = filledAt + shelfLifeHours * HOUR;
  return shelfLifeHours > 0 && filledAt < opening && expires < opening + UNTIL_NEXT_ROUND_HOURS * HOUR;
}

/**
 * The level a replaced material is filled to: the channel's use per hour since the machine saw it
 * loaded (its last fill, or the machine's start) over the new shelf life with a margin (1.25–1.6,
 * from `random`), plus the low level's reserve; at least 30 % of the channel, at most all of it.
 * Seen for less than a day (a machine just started), its pace is not known: half the channel. Too
 * little is no harm: a channel that runs low is refilled to the brim as any other.
 */
export function replacementGrams(opts: {
  capacityG: number;
  lowLevelG: number;
  level: number;
  loaded: { at: number; grams: number };
  now: number;
  shelfLifeHours: number;
  random: () => number;
}): number {
  const { capacityG, lowLevelG, level, loaded, now, shelfLifeHours, random } = opts;
  const hours = (now - loaded.at) / HOUR;
  if (hours < 24) return capacityG / 2;
  const perHour = Math.max(0, loaded.grams - level) / hours;
  const needed = lowLevelG + perHour * shelfLifeHours * (1.25 + random() * 0.35);
  return Math.min(capacityG, Math.max(needed, capacityG * 0.3));
}
