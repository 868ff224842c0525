/**
 * The big-screen dashboards (issue 17 point 5; spec §2 `/operation`, `/dataShow`; CONTRACT §7).
 *
 * Two ways in, one answer:
 * - a signed-in user with `coffee:stats:dashboard`: `GET /api/coffee/dashboard/figures?board=…`
 *   (header `token`), and the live stream `GET /api/coffee/dashboard/live` (the `token` cookie);
 * - a display link (resources/display-link.ts), no account: `POST /api/display/query` with the
 *   header `X-Display-Token: <token>` and the body `{board}`, and the live stream
 *   `GET /api/display/live?display=<token>` (an EventSource sends no header). Read-only, in the
 *   link's scope; an unknown, expired or revoked token is a 401 naming which.
 *
 * The live streams are Server-Sent Events: `data: {"kind":"refresh"}` when the figures changed
 * (the data center's rollups merged, a machine changed state), debounced; a dashboard also reloads
 * every DASHBOARD_REFRESH_SECONDS whatever it hears.
 */
import { z } from 'zod';

export const DASHBOARD_BOARDS = ['operation', 'dataShow'] as const;
export type DashboardBoard = (typeof DASHBOARD_BOARDS)[number];

// The display link's names, kept in a module without zod: the console's routing reads them on
// every navigation, and zod must not land in its entry chunk.
export { DISPLAY_API_PREFIX, DISPLAY_TOKEN_HEADER, DISPLAY_TOKEN_PARAM } from './display-link-names.ts';
/** A dashboard reloads at least this often, whether or not the stream said anything. */
export const DASHBOARD_REFRESH_SECONDS = 60;
/** Days the product line of /dataShow spans (today included). */
export const DASHBOARD_TREND_DAYS = 7;

export const dashboardQuery = z.object({ board: z.enum(DASHBOARD_BOARDS) });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

const count = z.number().int();
/** Money per currency (merchants of several countries are never summed into one figure). */
const money = z.record(z.string(), z.string());

/** One bar, slice or point: its key (an id, a code, a date), its name in the reader's language, a value. */
export const dashboardItem = z.object({ key: z.string(), label: z.string(), value: z.number() });
export type DashboardItem = z.infer<typeof dashboardItem>;

export const dashboardStore = z.object({
  id: z.string(),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  machines: count,
  online: count,
  /** Cups today (null until the data center answers). */
  cups: count.nullable(),
});
export type DashboardStore = z.infer<typeof dashboardStore>;

export const dashboardAnswer = z.object({
  board: z.enum(DASHBOARD_BOARDS),
  /** What the screen shows: the scope's merchant (and store), the link's name when a link opened it. */
  scope: z.object({
    merchantName: z.string().nullable(),
    storeName: z.string().nullable(),
    linkName: z.string().nullable(),
  }),
  /** The boards the caller may open (a link may open one only). */
  boards: z.array(z.enum(DASHBOARD_BOARDS)),
  timeZone: z.string(),
  /** Today's date in the zone (YYYY-MM-DD), and when these figures were read. */
  today: z.string(),
  generatedAt: z.string(),
  /** The rollups hold everything stored before this instant (null: no data-center figure in this answer). */
  asOf: z.string().nullable(),
  machines: z.object({
    all: count,
    online: count,
    offline: count,
    alarm: count,
    locked: count,
    shortage: count,
    maintenance: count,
  }),
  /** Cups made today and on the same weekday last week up to this time of day. */
  cups: z.object({ today: count, lastWeek: count, badToday: count, reportedToday: count }),
  /** Revenue (payments less refunds) today and last week to this time, and orders, per currency. */
  revenue: z.object({ today: money, lastWeek: money, ordersToday: count, ordersLastWeek: count }),
  stores: z.array(dashboardStore),
  /** /operation: cups today by machine family (pie) and the top products (bar). Empty: none yet. */
  families: z.array(dashboardItem),
  products: z.array(dashboardItem),
  /** /dataShow: cups today per machine (bar), per kind of merchant (pie), and per day (line). */
  devices: z.array(dashboardItem),
  merchantKinds: z.array(dashboardItem),
  trend: z.array(dashboardItem),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

/** What the live stream sends. */
export type DashboardLiveEvent = { kind: 'refresh' };
