/**
 * Members (issue 12): a merchant's customers with their wallets and points as append-only ledgers,
 * the rules that earn points, coupons, and the ordering app's banners and settings. The console
 * manages them (eight resources, and wallet, points and coupon-grant calls with an Idempotency-Key);
 * the app's API uses the service; orders and machines move them through domain events (reactions/).
 */
import { defineModule } from '../../platform/module.ts';
import { registerMemberResources } from './resources.ts';
import { registerMemberActions } from './console-actions.ts';
import { memberReactions } from './reactions/index.ts';
import { createMembersService, type MembersService } from './service.ts';
import { pointsExpiryJob } from './points-expiry.ts';
import { seedDemoMembers } from './demo-data.ts';
import { startDemoCustomers } from './demo-customers.ts';

export type { MembersService } from './service.ts';
export type { MemberProfile } from './profiles.ts';
export type { HeldCoupon, RedeemableCoupon } from './coupons.ts';
export type { AppBanner, AppSetting } from './app-content.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    members: MembersService;
  }
}

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
  needs: ['orders', 'files'],
  register(app, deps) {
    registerMemberResources(app, deps);
    registerMemberActions(app, { db: deps.db });
    return createMembersService();
  },
  subscribers: ({ orders }) => memberReactions(orders),
  // Earned points lapse when their rule says (hourly).
  jobs: [pointsExpiryJob],
  // Members with wallets, points and coupons, rules, settings and banners for the demo brands.
  demo: ({ db, resources, services }) => seedDemoMembers(db, resources, { files: services.files }),
  // DEMO=1: simulated customers order through the app's API once the server listens.
  async start({ demo, listening, db, log }) {
    if (!demo || !listening) return { stop: () => Promise.resolve() };
    let stopped = false;
    let customers: { stop(): Promise<void> } | null = null;
    // Never awaited by stop: a server that failed to listen must still stop.
    void listening.then(async (baseUrl) => {
      const started = stopped ? null : await startDemoCustomers({ db, baseUrl, log });
      if (stopped) await started?.stop();
      else customers = started;
    });
    return {
      async stop() {
        stopped = true;
        await customers?.stop();
      },
    };
  },
});
