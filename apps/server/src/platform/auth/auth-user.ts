import type { PartnerType } from '@brewfleet/contracts';

/** The signed-in user as every service sees it: identity, tenant and granted permission codes. */
export interface AuthUser {
  userId: string;
  account: string;
  name: string;
  partnerType: PartnerType;
  merchantId: string | null;
  storeId: string | null;
  superAdmin: boolean;
  permissions: ReadonlySet<string>;
}

export function hasPermission(user: AuthUser, code: string): boolean {
  return user.superAdmin || user.permissions.has(code);
}
