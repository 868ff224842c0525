import type { ResourceDef } from '../resource.ts';
import { accountResource } from './account.ts';
import { menuResource } from './menu.ts';
import { operationLogResource } from './operation-log.ts';
import { organizationResource } from './organization.ts';
import { roleResource } from './role.ts';
import { merchantResource } from './merchant.ts';
import { storeResource } from './store.ts';

export {
  accountResource,
  menuResource,
  operationLogResource,
  organizationResource,
  roleResource,
  merchantResource,
  storeResource,
};

/** Every declared resource, by name: the web's generic pages and the server's checks walk this. */
export const RESOURCES: Record<string, ResourceDef> = Object.fromEntries(
  [
    accountResource,
    roleResource,
    organizationResource,
    menuResource,
    operationLogResource,
    merchantResource,
    storeResource,
  ].map((r) => [r.name, r]),
);
