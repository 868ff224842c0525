/** Identity and access management: sign-in, accounts, roles, menus, organizations, operation log. */
import type { FastifyInstance } from 'fastify';
import { actionSentence, operationLogResource } from '@brewfleet/contracts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { registerAccounts } from './accounts.ts';
import type { ModuleDeps } from '../deps.ts';
import { registerAuthRoutes } from './auth-routes.ts';
import { registerHome } from './home.ts';
import { registerMenus } from './menus.ts';
import { registerOrganizations } from './organizations.ts';
import { registerRoles } from './roles.ts';

export function registerIam(app: FastifyInstance, deps: ModuleDeps) {
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
