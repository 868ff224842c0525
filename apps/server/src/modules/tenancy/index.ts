/** Tenancy: merchants (a hierarchy) and stores. */
import { defineModule } from '../../platform/module.ts';
import { registerMerchants } from './merchants.ts';
import { registerStores } from './stores.ts';
import { seedDemoTenants } from './demo.ts';
import { seedDemoLogos } from './demo-logos.ts';

export const tenancyModule = defineModule({
  name: 'tenancy',
  tables: ['merchant', 'store'],
  // Every tenant row hangs off them (scope, names in lists): read by all, written here only.
  readable: ['merchant', 'store'],
  // A merchant's administrator, its users' sessions and a deleted merchant's accounts are identity's;
  // the demo's logos are files'.
  needs: ['iam', 'files'],
  register(app, deps) {
    registerMerchants(app, deps);
    registerStores(app, deps);
  },
  async demo({ db, services }) {
    await seedDemoTenants(db, services.iam);
    await seedDemoLogos(db, services.files);
  },
});
