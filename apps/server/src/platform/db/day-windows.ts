/**
 * Day boundaries in a user's time zone, computed by PostgreSQL (`at time zone`), so that zones with
 * half- and quarter-hour offsets (Asia/Kolkata, Asia/Kathmandu) and daylight-saving days come out
 * right: today from its midnight to the next, and the same weekday a week ago from its midnight up
 * to this time of day (the comparison a manager makes at a glance).
 */
import { sql, type SQL } from 'drizzle-orm';

export function dayWindows(timeZone: string) {
  const local = sql`(now() at time zone ${timeZone})`;
  const midnight = sql`date_trunc('day', ${local})`;
  return {
    today: (column: SQL) =>
      sql`(${column} >= (${midnight} at time zone ${timeZone}) and ${column} < ((${midnight} + interval '1 day') at time zone ${timeZone}))`,
    lastWeek: (column: SQL) =>
      sql`(${column} >= ((${midnight} - interval '7 days') at time zone ${timeZone}) and ${column} < ((${local} - interval '7 days') at time zone ${timeZone}))`,
    /** The earliest instant either window holds (an index-friendly lower bound). */
    since: sql`((${midnight} - interval '7 days') at time zone ${timeZone})`,
    /** A query answering today's date in the zone as `today`, YYYY-MM-DD (what date filters take). */
    dateQuery: sql`select to_char(${local}, 'YYYY-MM-DD') as today`,
  };
}
