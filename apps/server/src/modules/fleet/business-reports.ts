/**
 * The fleet's figures for the home page (issue 17 point 6), as the caller's scope sees them: the
 * machines by state, today's cups against the same weekday last week, open faults and channels about
 * to run empty. Each query names only fleet's tables; the home module composes them with the orders'.
 * Day boundaries are taken in the user's time zone by PostgreSQL (`at time zone`), so zones with
 * half- and quarter-hour offsets and daylight-saving days come out right.
 */
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/auth-user.ts';
import { tenantRows } from '../../platform/crud/tenant-rows.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { dayWindows } from '../../platform/db/day-windows.ts';

export interface MachineStates {
  all: number;
  online: number;
  offline: number;
  alarm: number;
  locked: number;
  shortage: number;
  maintenance: number;
}

export interface CupDays {
  /** Cups made today (completed), and the cups reported at all (failed ones too). */
  today: number;
  reportedToday: number;
  badToday: number;
  lastWeek: number;
}

export interface OpenFault {
  id: string;
  deviceId: string;
  deviceName: string | null;
  automation: string | null;
  code: string;
  message: string | null;
  severity: string | null;
  raisedAt: string;
}

export interface LowChannel {
  id: string;
  deviceId: string;
  deviceName: string | null;
  channelNumber: number;
  name: string;
  material: string | null;
  levelG: number;
  lowLevelG: number;
  capacityG: number | null;
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export const businessReports = {
  /** The machines by the states fleet derives (the device list's counters). */
  async machineStates(tx: Db, user: AuthUser): Promise<MachineStates> {
    const [c] = await rows<Record<keyof MachineStates, number>>(
      tx,
      sql`select count(*)::int as "all", count(*) filter (where d.online)::int as online,
                 count(*) filter (where not d.online)::int as offline, count(*) filter (where d.alarm)::int as alarm,
                 count(*) filter (where d.locked)::int as locked, count(*) filter (where d.material_shortage)::int as shortage,
                 count(*) filter (where d.maintenance_due)::int as maintenance
          from device d where ${tenantRows('d', user)}`,
    );
    return c;
  },

  /** Cups from production records: today and last week up to now, in `timeZone`. */
  async cupDays(tx: Db, user: AuthUser, timeZone: string): Promise<CupDays> {
    const w = dayWindows(timeZone);
    const at = sql`p.produced_at`;
    const [c] = await rows<CupDays>(
      tx,
      sql`select count(*) filter (where ${w.today(at)} and p.result = 'completed')::int as today,
                 count(*) filter (where ${w.today(at)})::int as "reportedToday",
                 count(*) filter (where ${w.today(at)} and p.bad_cup)::int as "badToday",
                 count(*) filter (where ${w.lastWeek(at)} and p.result = 'completed')::int as "lastWeek"
          from production_record p
          where ${tenantRows('p', user)}
            and p.produced_at >= ${w.since}`,
    );
    return c;
  },

  /** Faults still active: how many, and the latest few with their machine. */
  async openFaults(tx: Db, user: AuthUser, limit: number): Promise<{ open: number; latest: OpenFault[] }> {
    const [{ open }] = await rows<{ open: number }>(
      tx,
      sql`select count(*)::int as open from fault_log f where f.active and ${tenantRows('f', user)}`,
    );
    const latest = await rows<OpenFault>(
      tx,
      sql`select f.id::text, f.device_id::text as "deviceId", d.name as "deviceName", d.automation,
                 f.code, f.message, f.severity, ${iso('f.raised_at')} as "raisedAt"
          from fault_log f left join device d on d.id = f.device_id
          where f.active and ${tenantRows('f', user)}
          order by f.raised_at desc, f.id desc limit ${limit}`,
    );
    return { open, latest };
  },

  /** Channels below their low level, emptiest first (share of the low level left). */
  async lowChannels(tx: Db, user: AuthUser, limit: number): Promise<{ low: number; latest: LowChannel[] }> {
    const low = sql`c.level_g is not null and c.low_level_g is not null and c.level_g < c.low_level_g`;
    const [{ n }] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from device_channel c where ${low} and ${tenantRows('c', user)}`,
    );
    const latest = await rows<LowChannel>(
      tx,
      sql`select c.id::text, c.device_id::text as "deviceId", d.name as "deviceName",
                 c.channel_number as "channelNumber", c.name, c.material, c.level_g as "levelG",
                 c.low_level_g as "lowLevelG", c.capacity_g as "capacityG"
          from device_channel c join device d on d.id = c.device_id
          where ${low} and ${tenantRows('c', user)}
          order by c.level_g / greatest(c.low_level_g, 1), d.name, c.channel_number limit ${limit}`,
    );
    return { low: n, latest };
  },
};
