/**
 * Display (issue 17 point 5): the big-screen dashboards /operation and /dataShow for a signed-in
 * user, and display links — a merchant administrator's read-only, expiring, revocable address of
 * them for one scope, so that a lobby screen needs no account (CONTRACT §7). Owns display_link; reads
 * the figures through fleet's and orders' reports and the data center's rollups, in the caller's
 * scope. Offers no service.
 */
import { defineModule } from '../../platform/module.ts';
import { DEFAULT_DISPLAY_LIMITS, registerDisplayAuth } from './display-auth.ts';
import { registerDisplayLinks } from './links.ts';
import { seedDemoDisplayLink } from './demo.ts';
import { liveRefreshHub } from './live.ts';
import { registerDashboardRoutes } from './routes.ts';

export const displayModule = defineModule({
  name: 'display',
  tables: ['display_link'],
  needs: ['fleet', 'orders', 'datacenter'],
  register(app, deps) {
    registerDisplayLinks(app, deps);
    registerDisplayAuth(app, deps.db, DEFAULT_DISPLAY_LIMITS);
    const { fleet, orders, datacenter } = deps.services;
    registerDashboardRoutes(app, {
      db: deps.db,
      sources: () => ({ fleet, orders, stats: datacenter.query }),
      live: liveRefreshHub(app, { datacenter, events: deps.events }),
    });
  },
  demo: ({ db }) => seedDemoDisplayLink(db),
});
