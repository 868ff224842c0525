/**
 * Every statistics page of the data center (STAT_PAGES): one generic screen each, at the route of
 * its menu url. The page module (and ECharts with it) loads when a statistics page is first opened.
 */
import { STAT_PAGES } from '@brewfleet/contracts/data-center';
import type { Screens } from '../../app/routing/screen';
import { routeNameFromUrl } from '../../app/routing/menu-routes';

export const screens: Screens = Object.fromEntries(
  STAT_PAGES.map((page) => [
    routeNameFromUrl(page.url),
    { load: () => import('./StatsPage').then((m) => ({ default: m.statPageComponent(page.name) })) },
  ]),
);
