/** Menus: releases built from the catalog, sent to machines through fleet's command service. */
import { defineModule } from '../../platform/module.ts';
import { registerMenus } from './menus.ts';
import { seedDemoMenus } from './demo.ts';
import { releaseProgressSubscribers } from './release-progress.ts';

export const menusModule = defineModule({
  name: 'menus',
  // menu_release_number: each merchant's counter of a day's versions (never reused).
  tables: ['menu_release', 'menu_release_number'],
  // A release is sent as `menu` commands: fleet's command service is the one way to a machine. A
  // store's missing products are added to what it sells by the catalog.
  needs: ['fleet', 'catalog'],
  register(app, deps) {
    registerMenus(app, deps);
  },
  demo: ({ db, services, resources }) => seedDemoMenus(db, { ...services, resources }),
  subscribers: releaseProgressSubscribers,
});
