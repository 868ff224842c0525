/** Identity and access management: sign-in, accounts, roles, menus, organizations, operation log. */
import type { FastifyInstance } from 'fastify';
import { operationLogResource } from '@brewfleet/contracts';
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
  registerResource(app, deps, operationLogResource);
  registerHome(app, deps);
}
