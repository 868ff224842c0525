/**
 * Members, coupons and the ordering app (issue 12): the pages that add something to the generic
 * resource page (row actions, a member's entries, a hint).
 */
import type { ComponentType } from 'react';
import type { Screens } from '../../app/routing/screen';

/** A page that is one named export of a module shared by several pages. */
const named =
  <T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T) =>
  () =>
    load().then((module) => ({ default: module[name] }));

export const screens: Screens = {
  'member-list': { load: () => import('./MemberListPage') },
  'member-wallet': { load: named(() => import('./MemberEntriesPage'), 'WalletHistoryPage') },
  'member-points': { load: named(() => import('./MemberEntriesPage'), 'PointsHistoryPage') },
  'member-point-rule': { load: named(() => import('./HintedResourcePage'), 'PointsRulesPage') },
  'coupon-list': { load: () => import('./CouponListPage') },
  'coupon-member': { load: named(() => import('./MemberEntriesPage'), 'MemberCouponsPage') },
  'app-banner': { load: named(() => import('./HintedResourcePage'), 'AppBannerPage') },
  'app-setting': { load: named(() => import('./HintedResourcePage'), 'AppSettingsPage') },
};
