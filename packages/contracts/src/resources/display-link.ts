/**
 * Display links (issue 17 point 5, CONTRACT §7): a merchant administrator's read-only, expiring,
 * revocable address of the big-screen dashboards (/#/operation, /#/dataShow) for one scope — the
 * merchant and the merchants below it, or one of its stores — so that a lobby screen needs no
 * account. The token is answered once, by the create call (with the link's address); only its
 * SHA-256 is kept. Revoking is an update (`revoke: true`) or a delete; a revoked link stays revoked.
 */
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

/** The dashboards a link opens. */
export const DISPLAY_DASHBOARD_CHOICES = ['both', 'operation', 'dataShow'] as const;
export type DisplayDashboardChoice = (typeof DISPLAY_DASHBOARD_CHOICES)[number];

/** A link lasts this long when no expiry is given, and never longer than DISPLAY_LINK_MAX_DAYS. */
export const DISPLAY_LINK_DEFAULT_DAYS = 30;
export const DISPLAY_LINK_MAX_DAYS = 366;

export const displayLinkResource = defineResource({
  name: 'display-link',
  table: 'display_link',
  tenant: 'merchant',
  permissions: P.displayLink,
  labelField: 'name',
  defaultSort: '-createdAt',
  hint: 'dashboard.link.hint',
  fields: {
    merchantId: f.ref('merchant', { createOnly: true, search: 'eq', ownerPicker: 'platform' }),
    // Empty: the merchant and its sub-merchants; a store: that store only.
    storeId: f.ref('store', { createOnly: true, search: 'eq' }),
    name: f.text({ required: true, max: 64, search: 'like' }),
    dashboards: f.enum(DISPLAY_DASHBOARD_CHOICES, { default: 'both', search: 'eq' }),
    // Empty on create: DISPLAY_LINK_DEFAULT_DAYS from now; at most DISPLAY_LINK_MAX_DAYS ahead.
    expiresAt: f.datetime({ sortable: true }),
    // Accepted on update only: true revokes the link for good.
    revoke: f.bool({ virtual: true, list: false }),
    revokedAt: f.datetime({ readOnly: true, sortable: true }),
    lastUsedAt: f.datetime({ readOnly: true, sortable: true }),
    useCount: f.int({ readOnly: true }),
    createdAt: f.datetime({ readOnly: true, sortable: true }),
  },
});
