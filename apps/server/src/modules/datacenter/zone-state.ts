/**
 * The rollups' state of every zone kept (stat_zone: built or not, the version every change of a
 * figure moves, when the last merge ran) with the database's clock, read by a statement that starts
 * after the caller asked and is shared by the callers asking meanwhile (freshRead, as the sign-in
 * epoch is). A statistics answer already counted can then be sent again without a transaction of its
 * own, and is still never one counted before a merge committed ahead of the request.
 *
 * stat_zone is no tenant's (no row-level security): one read serves every scope.
 */
import type { Db } from '../../platform/db/client.ts';
import { fastPathOf } from '../../platform/db/fast-path.ts';
import { freshRead } from '../../platform/auth/fresh-read.ts';

export interface ZoneState {
  ready: boolean;
  version: string;
  /** The rollups hold every cup and order stored before this instant (null: not merged yet). */
  asOf: string | null;
}
export interface ZoneStates {
  zones: Map<string, ZoneState>;
  /** The database's clock when the statement ran (an open fault's minutes run to it). */
  nowS: number;
}

/** A zone's `merged_at` as answers write it (`asOf`): the same text query.ts answers. */
export const AS_OF_SQL = `to_char(merged_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const STATEMENT = `select zone, ready, version::text as version, ${AS_OF_SQL} as as_of,
                          extract(epoch from now())::float8 as now_s
                   from (select 1) one left join stat_zone on true`;

const readers = new WeakMap<Db, () => Promise<ZoneStates>>();

/** The reader of `database`'s zone states (one per handle); null where there is no fast path. */
export function zoneStates(database: Db): (() => Promise<ZoneStates>) | null {
  let reader = readers.get(database);
  if (reader) return reader;
  const fast = fastPathOf(database);
  if (!fast) return null;
  reader = freshRead(async () => {
    const found = await fast.prepared<{
      zone: string | null;
      ready: boolean;
      version: string;
      as_of: string | null;
      now_s: number;
    }>('bf_stat_zone_states', STATEMENT, []);
    const zones = new Map<string, ZoneState>();
    for (const r of found)
      if (r.zone) zones.set(r.zone, { ready: r.ready, version: r.version, asOf: r.as_of });
    return { zones, nowS: Number(found[0]?.now_s ?? Date.now() / 1000) };
  });
  readers.set(database, reader);
  return reader;
}
