import type { ResourceDef } from '../resource.ts';
import { accountResource } from './account.ts';
import { menuResource } from './menu.ts';
import { operationLogResource } from './operation-log.ts';
import { organizationResource } from './organization.ts';
import { roleResource } from './role.ts';

export { accountResource, menuResource, operationLogResource, organizationResource, roleResource };

/** Every declared resource, by name: the web's generic pages and the server's checks walk this. */
export const RESOURCES: Record<string, ResourceDef> = Object.fromEntries(
  [accountResource, roleResource, organizationResource, menuResource, operationLogResource].map((r) => [
    r.name,
    r,
  ]),
);
