/**
 * The ordering app's API (issue 12 §5, CONTRACT §7): `/api/app/v1`, for members with their own
 * tokens (`Authorization: Bearer`), claimed from the platform's guard with the module's own auth
 * scheme (member-auth.ts), so that console tokens are refused here and member tokens everywhere
 * else. Members, wallets, points and coupons are the members module's; orders the orders module's;
 * machines, menus sent and commands fleet's: this module owns only the members' sessions.
 */
import { defineModule } from '../../platform/module.ts';
import { registerMemberAuth } from './member-auth.ts';
import { registerAppAuth } from './auth-routes.ts';
import { registerAppShop } from './shop-routes.ts';
import { registerAppOrders } from './order-routes.ts';
import { registerAppAccount } from './account-routes.ts';
import type { MembersService } from './members-port.ts';

export const appModule = defineModule({
  name: 'app',
  tables: ['member_session'],
  needs: ['members', 'fleet', 'orders', 'files', 'catalog'],
  register(app, deps) {
    const { fleet, orders, files, catalog } = deps.services;
    // The members service, as the app uses it (members-port.ts): checked to fit here.
    const members: MembersService = deps.services.members;
    const { db, throttle, events } = deps;
    registerMemberAuth(app, db, members);
    registerAppAuth(app, { db, throttle, members });
    registerAppShop(app, { db, fleet, orders, catalog });
    registerAppOrders(app, { db, fleet, orders, members, events, catalog });
    registerAppAccount(app, { db, members, files, catalog });
    return undefined as never;
  },
});
