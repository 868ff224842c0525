/**
 * Home (issue 17 point 6): the home page's business figures, composed from the services of the
 * modules that own them. It owns no table and offers no service.
 */
import { defineModule } from '../../platform/module.ts';
import { registerHomeBusiness } from './business.ts';

export const homeModule = defineModule({
  name: 'home',
  tables: [],
  needs: ['fleet', 'orders'],
  register(app, deps) {
    registerHomeBusiness(app, { db: deps.db, fleet: deps.services.fleet, orders: deps.services.orders });
  },
});
