import type { PartnerType } from '@brewfleet/contracts';
import type { Scope } from '../db/scope.ts';

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
  /** Menu ids the user's roles grant (pages and buttons): the nav tree is built from them. */
  menuIds: ReadonlySet<string>;
  /** The rows this user's requests may see, enforced by the service layer and by row-level security. */
  scope: Scope;
}

/** A user's scope; `merchantIds` are its merchant and every descendant, resolved at each request. */
export function scopeOfUser(
  u: Pick<AuthUser, 'partnerType' | 'merchantId' | 'storeId'>,
  subtree: string[] = u.merchantId ? [u.merchantId] : [],
): Scope {
  if (u.partnerType === 'platform') return { kind: 'platform' };
  const merchantIds = subtree;
  if (u.partnerType === 'store')
    return { kind: 'store', merchantIds, storeIds: u.storeId ? [u.storeId] : [] };
  return { kind: 'merchant', merchantIds };
}

export function hasPermission(user: AuthUser, code: string): boolean {
  return user.superAdmin || user.permissions.has(code);
}
