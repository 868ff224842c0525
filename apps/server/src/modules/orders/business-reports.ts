/**
 * The orders' figures for the home page (issue 17 point 6): revenue today against the same weekday
 * last week up to this time of day, in the user's time zone, one figure per currency (amounts in
 * different currencies are never added up). Revenue is what the customers paid less what was
 * refunded, for orders paid, being made or completed.
 */
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/auth-user.ts';
import { tenantRows } from '../../platform/crud/tenant-rows.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { dayWindows } from '../../platform/db/day-windows.ts';

export interface RevenueDays {
  currency: string;
  /** Decimal strings with two places. */
  today: string;
  lastWeek: string;
  ordersToday: number;
  ordersLastWeek: number;
}

const EARNING = ['paid', 'processing', 'completed'];

export async function revenueDays(tx: Db, user: AuthUser, timeZone: string): Promise<RevenueDays[]> {
  const w = dayWindows(timeZone);
  const at = sql`o.ordered_at`;
  const net = sql`(o.actual_payment - o.refunded)`;
  return rows<RevenueDays>(
    tx,
    sql`select o.currency,
               coalesce(sum(${net}) filter (where ${w.today(at)}), 0)::numeric(14, 2)::text as today,
               coalesce(sum(${net}) filter (where ${w.lastWeek(at)}), 0)::numeric(14, 2)::text as "lastWeek",
               count(*) filter (where ${w.today(at)})::int as "ordersToday",
               count(*) filter (where ${w.lastWeek(at)})::int as "ordersLastWeek"
        from sales_order o
        where ${tenantRows('o', user)} and o.status in ${EARNING} and o.ordered_at >= ${w.since}
          and (${w.today(at)} or ${w.lastWeek(at)})
        group by o.currency order by o.currency`,
  );
}
