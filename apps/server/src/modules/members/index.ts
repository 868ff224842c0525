/**
 * Members (issue 12): a merchant's customers with their wallets and points as append-only ledgers,
 * the rules that earn points, coupons, and the ordering app's banners and settings. The console
 * manages them (eight resources, and wallet, points and coupon-grant calls with an Idempotency-Key);
 * the app's API uses the service; orders and machines move them through domain events (reactions/).
 */
import { defineModule } from '../../platform/module.ts';
import { registerMemberResources } from './resources.ts';
import { registerMemberActions } from './console-actions.ts';
import { createMemberReactions } from './reactions/index.ts';
import { createMembersService, type MembersService } from './service.ts';
import { pointsExpiryJob } from './points-expiry.ts';

export type { MembersService } from './service.ts';
export type { MemberProfile } from './profiles.ts';
export type { HeldCoupon, RedeemableCoupon } from './coupons.ts';
export type { AppBanner, AppSetting } from './app-content.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    members: MembersService;
  }
}

const reactions = createMemberReactions();

export const membersModule = defineModule({
  name: 'members',
  tables: [
    'member',
    'member_wallet_entry',
    'member_points_entry',
    'points_rule',
    'coupon',
    'member_coupon',
    'app_banner',
    'app_setting',
  ],
  // Orders name their member, payment and lines; members pay, earn, give back and compensate.
  needs: ['orders'],
  register(app, deps) {
    reactions.bind(deps.services.orders);
    registerMemberResources(app, deps);
    registerMemberActions(app, { db: deps.db });
    return createMembersService();
  },
  subscribers: reactions.subscribers,
  // Earned points lapse when their rule says (hourly).
  jobs: [pointsExpiryJob],
});
