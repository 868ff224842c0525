/** Identity and access management: sign-in, accounts, roles, menus, organizations, operation log. */
import type { FastifyInstance } from 'fastify';
import { actionSentence, operationLogResource } from '@brewfleet/contracts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { registerAccounts } from './accounts.ts';
import type { ModuleDeps } from '../deps.ts';
import { defineModule } from '../../platform/module.ts';
import { createIamService, type IamService } from './service.ts';
import { grantNewMerchantAdminMenus, grantNewStoreStaffMenus, seedMenus } from './seed.ts';
import { seedDemo } from './demo.ts';
import { registerAuthRoutes } from './auth-routes.ts';
import { registerHome } from './home.ts';
import { registerMenus } from './menus.ts';
import { registerOrganizations } from './organizations.ts';
import { registerRoles } from './roles.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    iam: IamService;
  }
}

export const iamModule = defineModule({
  name: 'iam',
  tables: ['menu', 'organization', 'role', 'account', 'seed_grant'],
  register(app, deps) {
    registerIam(app, deps);
    return createIamService(deps);
  },
  async seed(db) {
    await seedMenus(db);
    await grantNewMerchantAdminMenus(db);
    await grantNewStoreStaffMenus(db);
  },
  demo: ({ db }) => seedDemo(db),
});

function registerIam(app: FastifyInstance, deps: ModuleDeps) {
  registerAuthRoutes(app, deps);
  // Menus first: roles refer to menus, accounts to roles and organizations.
  registerMenus(app, deps);
  registerOrganizations(app, deps);
  registerRoles(app, deps);
  registerAccounts(app, deps);
  // Its export writes each action as the sentence the System log screen shows.
  registerResource(app, deps, operationLogResource, {
    hooks: { exportRow: (row, lang) => ({ ...row, action: actionSentence(String(row.action ?? ''), lang) }) },
  });
  registerHome(app, deps);
}
