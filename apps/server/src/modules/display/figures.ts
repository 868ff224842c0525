/**
 * The dashboards' figures (contracts dashboard-api.ts), read in one transaction in the caller's
 * scope — a signed-in user's, or a display link's (one store, or a merchant and those below it) —
 * so that row-level security confines every query, the services' too. Machine states, cups and
 * revenue come from fleet's and orders' home-page reports; the charts from the data center's rollups
 * (its `query` service, statQuery → statAnswer) when that module is there, else they are empty; the
 * stores and their machines from the tenant tree and the machines (readable tables).
 */
import { sql } from 'drizzle-orm';
import {
  DASHBOARD_TREND_DAYS,
  type DashboardAnswer,
  type DashboardBoard,
  type DashboardItem,
  type DashboardStore,
  type Language,
  type StatAnswer,
  type StatQuery,
} from '@brewfleet/contracts';
import type { AuthUser } from '../../platform/auth/auth-user.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { dayWindows } from '../../platform/db/day-windows.ts';
import { tenantRows } from '../../platform/crud/tenant-rows.ts';
import type { FleetService } from '../fleet/service.ts';
import type { OrderService } from '../orders/service.ts';

/** The data center's query service, as the dashboards call it (inside the caller's transaction). */
export type StatsQuery = (
  tx: Db,
  q: StatQuery,
  opts: { timeZone: string; lang: Language },
) => Promise<StatAnswer>;

export interface FigureSources {
  fleet: FleetService;
  orders: OrderService;
  /** Absent until the data center is registered: the charts are then empty. */
  stats?: StatsQuery;
}

/** Who looks, as the reports take it: a user, or a link's stand-in with the link's scope. */
export interface Viewer {
  user: AuthUser;
  merchantName: string | null;
  storeName: string | null;
  linkName: string | null;
  boards: DashboardBoard[];
}

/** How many bars a chart shows at most (the rest are one click away in the data center). */
const TOP = 10;
const STORES = 60;

/** The date `days` before `day` (YYYY-MM-DD), by the calendar. */
export function daysBefore(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

const numberOf = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** A statAnswer's rows as chart items of one count measure, largest first unless `keepOrder`. */
export function itemsOf(answer: StatAnswer | null, measure: string, keepOrder = false): DashboardItem[] {
  if (!answer) return [];
  const items = answer.rows
    .filter((r) => r.key !== 'other' || numberOf(r.values[measure]) > 0)
    .map((r) => ({ key: r.key, label: r.label, value: numberOf(r.values[measure]) }));
  return keepOrder ? items : items.sort((a, b) => b.value - a.value).slice(0, TOP);
}

async function storesOf(tx: Db, user: AuthUser): Promise<Omit<DashboardStore, 'cups'>[]> {
  return rows<Omit<DashboardStore, 'cups'>>(
    tx,
    sql`select s.id::text, s.name, s.latitude, s.longitude,
               count(d.id)::int as machines, count(d.id) filter (where d.online)::int as online
        from store s left join device d on d.store_id = s.id
        where ${tenantRows('s', user)}
        group by s.id order by count(d.id) desc, s.name limit ${STORES}`,
  );
}

export async function dashboardFigures(
  tx: Db,
  sources: FigureSources,
  viewer: Viewer,
  board: DashboardBoard,
  opts: { timeZone: string; lang: Language },
): Promise<DashboardAnswer> {
  const { user } = viewer;
  const zone = opts.timeZone;
  const [{ today }] = await rows<{ today: string }>(tx, dayWindows(zone).dateQuery);
  const machines = await sources.fleet.reports.machineStates(tx, user);
  const cups = await sources.fleet.reports.cupDays(tx, user, zone);
  const revenueRows = await sources.orders.revenueDays(tx, user, zone);
  const stores = await storesOf(tx, user);

  const stat = async (q: Omit<StatQuery, 'from' | 'to'> & { from?: string }) =>
    sources.stats ? sources.stats(tx, { from: today, to: today, ...q }, opts) : null;
  const byStore = await stat({ page: 'device', by: 'store' });
  const storeCups = new Map((byStore?.rows ?? []).map((r) => [r.key, numberOf(r.values.cups)]));
  const charts =
    board === 'operation'
      ? {
          families: itemsOf(await stat({ page: 'production', by: 'family' }), 'cups'),
          products: itemsOf(await stat({ page: 'product', by: 'product' }), 'cups'),
        }
      : {
          devices: itemsOf(await stat({ page: 'device', by: 'device' }), 'cups'),
          merchantKinds: itemsOf(await stat({ page: 'merchant', by: 'merchantKind' }), 'cups'),
          trend: itemsOf(
            await stat({ page: 'production', by: 'day', from: daysBefore(today, DASHBOARD_TREND_DAYS - 1) }),
            'cups',
            true,
          ),
        };

  return {
    board,
    scope: { merchantName: viewer.merchantName, storeName: viewer.storeName, linkName: viewer.linkName },
    boards: viewer.boards,
    timeZone: zone,
    today,
    generatedAt: new Date().toISOString(),
    asOf: byStore?.asOf ?? null,
    machines,
    cups: {
      today: cups.today,
      lastWeek: cups.lastWeek,
      badToday: cups.badToday,
      reportedToday: cups.reportedToday,
    },
    revenue: {
      today: Object.fromEntries(revenueRows.map((r) => [r.currency, r.today])),
      lastWeek: Object.fromEntries(revenueRows.map((r) => [r.currency, r.lastWeek])),
      ordersToday: revenueRows.reduce((n, r) => n + r.ordersToday, 0),
      ordersLastWeek: revenueRows.reduce((n, r) => n + r.ordersLastWeek, 0),
    },
    stores: stores.map((s) => ({ ...s, cups: byStore ? (storeCups.get(s.id) ?? 0) : null })),
    families: [],
    products: [],
    devices: [],
    merchantKinds: [],
    trend: [],
    ...charts,
  };
}
